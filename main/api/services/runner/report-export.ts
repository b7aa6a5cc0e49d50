/** A run's report as a file to save (JUnit, HTML or the JSON result), with a baseline if given. */
import { describeRule } from '../../../../suites/index.js';
import {
  applyBaseline,
  parseBaseline,
  presentRunResult,
  renderHtmlReport,
  renderJUnit,
  serializeRunResult,
  type RunResult,
} from '../../../core/runner/index.js';
import { CallRefused } from '../../dispatch.js';
import type { CallArgs } from '../../contract.js';

export interface ReportFile {
  fileName: string;
  mediaType: string;
  content: string;
}

/** A bad baseline is refused before the run is looked up. */
export function exportReport(
  { runId, format, baseline: baselineText }: CallArgs<'runner.report'>,
  resultOf: (runId: string) => RunResult,
): ReportFile {
  let baseline;
  if (baselineText !== undefined) {
    try {
      baseline = parseBaseline(baselineText, 'the baseline');
    } catch (error) {
      throw new CallRefused((error as Error).message);
    }
  }
  // As the CLI's reports: secrets redacted, the spec sections of failed checks named.
  const result = presentRunResult(applyBaseline(resultOf(runId), baseline).result, {
    describeRule,
  });
  if (format === 'junit')
    return { fileName: 'junit.xml', mediaType: 'application/xml', content: renderJUnit(result) };
  if (format === 'html')
    return {
      fileName: 'report.html',
      mediaType: 'text/html',
      content: renderHtmlReport(result, { describeRule }),
    };
  return {
    fileName: 'run-result.json',
    mediaType: 'application/json',
    content: serializeRunResult(result),
  };
}
