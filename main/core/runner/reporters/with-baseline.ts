/**
 * A baseline applied once per run for all the reporters that show it: every wrapped reporter's
 * run:end carries the marked result (expected failures set), and the caller reads the same
 * outcome for its summary and exit code. Reporters themselves know nothing of baselines.
 */
import { applyBaseline, type Baseline, type BaselineOutcome } from '../../../shared/baseline.js';
import type { Reporter, RunEndEvent } from '../events.js';
import type { RunResult } from '../../../shared/run-result.js';

export interface BaselinedReporters {
  /** The reporters, each seeing run:end with the marked result. */
  reporters: Reporter[];
  /** The baseline's outcome for a run's result; the same object the reporters were given. */
  outcome(result: RunResult): BaselineOutcome;
}

export function withBaseline(
  reporters: readonly Reporter[],
  baseline: Baseline | undefined,
): BaselinedReporters {
  let last: { of: RunResult; outcome: BaselineOutcome } | undefined;
  const outcome = (result: RunResult): BaselineOutcome => {
    if (last?.of !== result) last = { of: result, outcome: applyBaseline(result, baseline) };
    return last.outcome;
  };
  return { reporters: reporters.map((reporter) => markingRunEnd(reporter, outcome)), outcome };
}

function markingRunEnd(
  reporter: Reporter,
  outcome: (result: RunResult) => BaselineOutcome,
): Reporter {
  const onRunEnd = reporter.onRunEnd;
  if (!onRunEnd) return reporter;
  // Inherits everything else from the reporter (its name, its other hooks, a class's methods),
  // so the multiplexer still isolates and names each reporter on its own.
  const marking = Object.create(reporter) as Reporter;
  marking.onRunEnd = (event: RunEndEvent) =>
    onRunEnd.call(reporter, { ...event, result: outcome(event.result).result });
  return marking;
}
