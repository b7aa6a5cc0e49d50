/**
 * How a run ended, as one exit code: 0 every check outside the baseline passed, warned or was
 * skipped; 1 a check outside it failed, or the baseline is stale; 3 the run could not test (the
 * target stopped answering, no check could judge, or checks could not test and none failed:
 * could-not-test.ts); 130 cancelled. A check awaiting review (REVIEW) is no failure: the run
 * exits as if it were not there, and says how to review it. And the one JSON line a pipeline reads
 * to decide and to find the files (`workbench run --json`).
 */
import type { BaselineOutcome } from '../../../shared/baseline.js';
import type { RunResult } from '../../../shared/run-result.js';
import { couldNotTestReason } from '../engine/could-not-test.js';

/** The exit code of a run that could not test its target (see couldNotTestReason). */
export const EXIT_COULD_NOT_TEST = 3;
/** The exit code of a cancelled run (128 + SIGINT, as a shell reports Ctrl+C). */
export const EXIT_CANCELLED = 130;

export interface SessionOutcome {
  exitCode: number;
  /** Why the run could not test its target (couldNotTestReason). */
  couldNotTest?: string;
}

export function sessionOutcome(outcome: BaselineOutcome, cancelled: boolean): SessionOutcome {
  const unreachable = couldNotTestReason(outcome.result);
  if (cancelled)
    return { exitCode: EXIT_CANCELLED, ...(unreachable ? { couldNotTest: unreachable } : {}) };
  if (unreachable !== undefined)
    return { exitCode: EXIT_COULD_NOT_TEST, couldNotTest: unreachable };
  return { exitCode: outcome.exitCode };
}

/**
 * The console's word on checks a person must still judge on their screenshots, or none: how many,
 * and where to look (the HTML report) and decide (the workbench's Runner, with the run result
 * imported). A CI job exits 0 on them, so the line is the only reminder.
 */
export function awaitingReviewLines(
  result: RunResult,
  reports: Partial<Record<'html' | 'json' | 'junit', string>>,
): string[] {
  const waiting = result.checks.filter((check) => check.status === 'REVIEW');
  if (waiting.length === 0) return [];
  const look = reports.html
    ? `look at their screenshots in ${reports.html}`
    : 'look at their screenshots in the HTML report (--reporter html)';
  const decide = reports.json
    ? `import ${reports.json} in the workbench's Runner and decide Pass or Fail on each`
    : "decide Pass or Fail on each in the workbench's Runner (--reporter json writes the result to import)";
  return [
    `${waiting.length} ${waiting.length === 1 ? 'check awaits' : 'checks await'} review: ${waiting.map((check) => check.checkId).join(', ')}`,
    `  To review: ${look}; ${decide}.`,
  ];
}

/** Why a run's failures must not become a baseline, or undefined when they may. */
export function baselineRefusal(exitCode: number): string | undefined {
  if (exitCode === EXIT_CANCELLED) return 'the run was cancelled';
  if (exitCode === EXIT_COULD_NOT_TEST) return 'the run could not test the target';
  return undefined;
}

/**
 * The `--json` line: what a pipeline needs to decide and to find the files, without parsing the
 * console lines. Readers must ignore fields they do not know (more may come), as for
 * `workbench bank --json`.
 */
export function outcomeSummary(summary: {
  exitCode: number;
  result: RunResult;
  outcome: BaselineOutcome;
  reports: Record<string, string>;
  namedReports: Record<string, string>;
  couldNotTest: string | null;
  baselineWritten: string | null;
  bundle: string | null;
}) {
  const { result, outcome } = summary;
  return {
    exitCode: summary.exitCode,
    runId: result.runId,
    target: {
      name: result.target.name ?? null,
      url: result.target.baseUrl,
      mode: result.target.mode,
    },
    startedAt: result.startedAt,
    finishedAt: result.finishedAt,
    durationMs: Math.round(result.durationMs),
    cancelled: result.cancelled,
    counts: { ...result.counts, expectedFailures: outcome.expectedFailures.length },
    failed: outcome.unexpectedFailures,
    awaitingReview: result.checks
      .filter((check) => check.status === 'REVIEW')
      .map((check) => check.checkId),
    couldNotTest: summary.couldNotTest,
    baseline: {
      expectedFailures: outcome.expectedFailures.map((entry) => entry.checkId),
      fixed: outcome.fixed.map((entry) => entry.checkId),
      unknown: outcome.unknown.map((entry) => entry.checkId),
      notConfirmed: outcome.notConfirmed.map((entry) => entry.checkId),
      stale: outcome.stale,
      staleAllowed: outcome.staleAllowed,
      written: summary.baselineWritten,
    },
    reports: summary.reports,
    namedReports: summary.namedReports,
    bundle: summary.bundle,
  };
}
