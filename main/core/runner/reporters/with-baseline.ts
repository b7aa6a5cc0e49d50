/**
 * A baseline applied once per run for all the reporters that show it: every wrapped reporter's
 * run:end carries the marked result (expected failures set), and the caller reads the same
 * outcome for its summary and exit code. Reporters themselves know nothing of baselines.
 */
import {
  applyBaseline,
  type ApplyBaselineOptions,
  type Baseline,
  type BaselineOutcome,
} from '../../../shared/baseline.js';
import type { Reporter, RunEndEvent } from '../engine/events.js';
import type { RunResult } from '../../../shared/run-result.js';

export interface BaselinedReporters {
  /** The reporters, each seeing run:end with the marked result. */
  reporters: Reporter[];
  /** The baseline's outcome for a run's result; its result is the one the reporters were given
   * (before `present`). */
  outcome(result: RunResult): BaselineOutcome;
  /** The result the reporters were given: the marked result after `present`. */
  presented(result: RunResult): RunResult;
}

export interface WithBaselineOptions extends ApplyBaselineOptions {
  /**
   * What the reporters see of the marked result, computed once per run: metadata added, secrets
   * redacted (report-result.ts). The outcome keeps the marked result as the engine made it.
   */
  present?(marked: RunResult): RunResult;
}

export function withBaseline(
  reporters: readonly Reporter[],
  baseline: Baseline | undefined,
  options: WithBaselineOptions = {},
): BaselinedReporters {
  let last: { of: RunResult; outcome: BaselineOutcome; presented: RunResult } | undefined;
  const settle = (result: RunResult) => {
    if (last?.of !== result) {
      const outcome = applyBaseline(result, baseline, options);
      last = {
        of: result,
        outcome,
        presented: options.present ? options.present(outcome.result) : outcome.result,
      };
    }
    return last;
  };
  return {
    reporters: reporters.map((reporter) =>
      markingRunEnd(reporter, (result) => settle(result).presented),
    ),
    outcome: (result) => settle(result).outcome,
    presented: (result) => settle(result).presented,
  };
}

function markingRunEnd(reporter: Reporter, presented: (result: RunResult) => RunResult): Reporter {
  const onRunEnd = reporter.onRunEnd;
  if (!onRunEnd) return reporter;
  // Inherits everything else from the reporter (its name, its other hooks, a class's methods),
  // so the multiplexer still isolates and names each reporter on its own.
  const marking = Object.create(reporter) as Reporter;
  marking.onRunEnd = (event: RunEndEvent) =>
    onRunEnd.call(reporter, { ...event, result: presented(event.result) });
  return marking;
}
