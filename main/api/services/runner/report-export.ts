/** A run's report as a file to save (JUnit, HTML or the JSON result), with a baseline if given. */
import { CHECKS, describeRule } from '../../../../suites/index.js';
import {
  applyBaseline,
  parseBaseline,
  presentRunResult,
  renderHtmlReport,
  renderJUnit,
  RUN_REPORT_SUFFIX,
  serializeRunResult,
  type RunResult,
} from '../../../core/runner/index.js';
import { CallRefused } from '../../dispatch.js';
import { catalogueOf } from './catalogue.js';
import type { CallArgs } from '../../contract.js';

export interface ReportFile {
  fileName: string;
  mediaType: string;
  content: string;
}

/** A finished run: its result and its name (runNameOf), which the file names carry. */
export interface NamedRunResult {
  result: RunResult;
  runName: string;
}

/**
 * The file is named after the run, `<runName>.html|.junit.xml|.run-result.json`, as the CLI's
 * named report copies. A bad baseline is refused before the run is looked up.
 */
export function exportReport(
  { runId, format, baseline: baselineText }: CallArgs<'runner.report'>,
  runOf: (runId: string) => NamedRunResult,
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
  const run = runOf(runId);
  const result = presentRunResult(applyBaseline(run.result, baseline).result, {
    describeRule,
  });
  const fileName = `${run.runName}${RUN_REPORT_SUFFIX[format]}`;
  if (format === 'junit')
    return { fileName, mediaType: 'application/xml', content: renderJUnit(result) };
  if (format === 'html')
    return {
      fileName,
      mediaType: 'text/html',
      // The coverage map of the whole catalogue, this run's verdicts in it.
      content: renderHtmlReport(result, { describeRule, coverage: catalogueOf(CHECKS).rules }),
    };
  return {
    fileName,
    mediaType: 'application/json',
    content: serializeRunResult(result),
  };
}
