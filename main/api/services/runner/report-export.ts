/** A run's report as a file to save (JUnit, HTML or the JSON result), with a baseline if given. */
import {
  applyBaseline,
  parseBaseline,
  presentRunResult,
  type RunResult,
} from '../../../core/runner/index.js';
import {
  presentForReports,
  renderReport,
  type SessionPlan,
} from '../../../core/runner/session/index.js';
import { CallRefused } from '../../dispatch.js';
import type { CallArgs } from '../../contract/index.js';
import { ruleCatalogue } from './catalogue.js';

export interface ReportFile {
  fileName: string;
  mediaType: string;
  content: string;
}

/** A finished run: its result and its name (runNameOf), which the file names carry. */
export interface NamedRunResult {
  result: RunResult;
  runName: string;
  /** The session's plan of a run of this session; none for a run read from a file. */
  plan?: SessionPlan;
}

/** What the metadata of an export names as its baseline: the contract carries its text only. */
export const EXPORT_BASELINE = 'the baseline given with the export';

/**
 * The file is named after the run, `<runName>.html|.junit.xml|.run-result.json`, as the CLI's
 * named report copies, and carries the metadata the session gave the run, as the CLI's reports.
 * A bad baseline is refused before the run is looked up.
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
  const run = runOf(runId);
  const marked = applyBaseline(run.result, baseline).result;
  const meta =
    marked.meta && baseline ? { ...marked.meta, baseline: EXPORT_BASELINE } : marked.meta;
  // As the CLI's reports: secrets redacted, the spec sections of failed checks named.
  const presented = run.plan
    ? presentForReports(run.plan, marked, meta)
    : presentRunResult(marked, {
        ...(meta ? { meta } : {}),
        describeRule: ruleCatalogue.describeRule,
      });
  return renderReport(format, presented, run.runName, ruleCatalogue);
}
