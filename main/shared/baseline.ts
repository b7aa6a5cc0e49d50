/**
 * Expected-failure baselines for CI (as the OBIE and OpenID suites keep them): a JSON file
 * `{ "expectedFailures": [{ "checkId", "reason" }] }`. A listed check that fails does not fail the
 * run. A stale entry fails it: a listed check that now passes (fixed) or that no check of the
 * workbench has any more. Left in place, such an entry would silently accept the next regression
 * of that check (or hide a renamed one), so the baseline must be pruned, unless the caller allows
 * stale entries for a while (`allowStale`).
 */
import { jsonSyntaxProblem } from './json.js';
import type { CheckResult, RunResult } from './run-result.js';
import type { CheckId } from './rule-ids.js';

export interface ExpectedFailure {
  checkId: CheckId;
  /** Why the failure is accepted for now, e.g. a ticket of the bank. */
  reason: string;
}

export interface Baseline {
  expectedFailures: ExpectedFailure[];
}

export class BaselineError extends Error {
  override name = 'BaselineError';
}

export const EMPTY_BASELINE: Baseline = { expectedFailures: [] };

/** Parses and validates a baseline file's text; `source` names the file in error messages. */
export function parseBaseline(text: string, source = 'baseline'): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`${source} is not JSON: ${jsonSyntaxProblem(text, error)}`);
  }
  const entries = (data as { expectedFailures?: unknown } | null)?.expectedFailures;
  if (typeof data !== 'object' || data === null || !Array.isArray(entries)) {
    throw new BaselineError(
      `${source} must be an object with an "expectedFailures" array of { "checkId", "reason" }.`,
    );
  }
  const seen = new Set<string>();
  const expectedFailures = entries.map((entry: unknown, index): ExpectedFailure => {
    const { checkId, reason } = (entry ?? {}) as Record<string, unknown>;
    const at = `${source}: expectedFailures[${index}]`;
    if (typeof checkId !== 'string' || checkId.trim() === '') {
      throw new BaselineError(`${at} needs a non-empty string "checkId".`);
    }
    if (typeof reason !== 'string' || reason.trim() === '') {
      throw new BaselineError(
        `${at} (${checkId}) needs a non-empty string "reason": say why the failure is accepted.`,
      );
    }
    if (seen.has(checkId)) throw new BaselineError(`${at}: ${checkId} is listed twice.`);
    seen.add(checkId);
    return { checkId, reason };
  });
  return { expectedFailures };
}

/**
 * A baseline that accepts a run's failures as they are (`--write-baseline`): each failed check
 * with the reason the old baseline gave, or else its failure message, so the adopted file says
 * what each accepted failure was when it was written.
 */
export function baselineOfFailures(result: RunResult, previous?: Baseline): Baseline {
  const reasons = new Map(previous?.expectedFailures.map((e) => [e.checkId, e.reason]));
  return {
    expectedFailures: result.checks
      .filter((check) => check.status === 'FAIL')
      .map((check) => ({
        checkId: check.checkId,
        reason:
          reasons.get(check.checkId) ??
          `adopted ${result.startedAt.slice(0, 10)}: ${(check.failure?.transportError ?? check.failure?.message ?? 'failed').replace(/\s+/g, ' ').slice(0, 300)}`,
      })),
  };
}

/** The file's text for some entries: what parseBaseline reads back (the view saves it). */
export function serializeBaseline(expectedFailures: readonly ExpectedFailure[]): string {
  return `${JSON.stringify({ expectedFailures }, null, 2)}\n`;
}

export interface ApplyBaselineOptions {
  /**
   * The ids of every check the workbench has (not only those the run selected): an entry for
   * any other id is stale. Without it, such an entry only counts as not confirmed.
   */
  knownCheckIds?: Iterable<string>;
  /** Stale entries (fixed or unknown) are reported but do not fail the run. */
  allowStale?: boolean;
}

export interface BaselineOutcome {
  /** The run result with `expectedFailure` set on the failed checks the baseline lists. */
  result: RunResult;
  /**
   * 0 when every check not in the baseline passed, warned or was skipped and the baseline has no
   * stale entry (or stale entries are allowed); else 1.
   */
  exitCode: 0 | 1;
  /** Failed checks the baseline does not list: these fail the run. */
  unexpectedFailures: string[];
  /** Failed checks the baseline lists. */
  expectedFailures: ExpectedFailure[];
  /** Listed checks that passed or warned: fixed, remove them from the baseline. */
  fixed: ExpectedFailure[];
  /**
   * Listed checks that were skipped, could not be tested or were not in the run: the baseline could
   * not be confirmed.
   */
  notConfirmed: ExpectedFailure[];
  /** Listed checks that no check of the workbench has (needs `knownCheckIds`). */
  unknown: ExpectedFailure[];
  /** True when `fixed` or `unknown` has an entry: the baseline is stale. */
  stale: boolean;
  /** Whether stale entries were allowed (then they do not change the exit code). */
  staleAllowed: boolean;
}

export function applyBaseline(
  result: RunResult,
  baseline: Baseline = EMPTY_BASELINE,
  options: ApplyBaselineOptions = {},
): BaselineOutcome {
  const known = options.knownCheckIds ? new Set(options.knownCheckIds) : undefined;
  const listed = new Map(baseline.expectedFailures.map((entry) => [entry.checkId, entry]));
  const byId = new Map(result.checks.map((check) => [check.checkId, check]));
  const unexpectedFailures: string[] = [];
  const expectedFailures: ExpectedFailure[] = [];
  const fixed: ExpectedFailure[] = [];
  const notConfirmed: ExpectedFailure[] = [];
  const unknown: ExpectedFailure[] = [];

  const checks = result.checks.map((check): CheckResult => {
    const entry = listed.get(check.checkId);
    const { expectedFailure: _previous, ...rest } = check;
    if (check.status !== 'FAIL') return rest;
    if (!entry) {
      unexpectedFailures.push(check.checkId);
      return rest;
    }
    expectedFailures.push(entry);
    return { ...rest, expectedFailure: { reason: entry.reason } };
  });
  for (const entry of baseline.expectedFailures) {
    const status = byId.get(entry.checkId)?.status;
    if (status === 'PASS' || status === 'WARNING') fixed.push(entry);
    else if (status === undefined && known !== undefined && !known.has(entry.checkId))
      unknown.push(entry);
    // A check awaiting review has not said yet whether it still fails.
    else if (
      status === undefined ||
      status === 'SKIPPED' ||
      status === 'INCONCLUSIVE' ||
      status === 'REVIEW'
    )
      notConfirmed.push(entry);
  }
  const stale = fixed.length + unknown.length > 0;
  const staleAllowed = options.allowStale === true;
  return {
    result: { ...result, checks },
    exitCode: unexpectedFailures.length === 0 && (!stale || staleAllowed) ? 0 : 1,
    unexpectedFailures,
    expectedFailures,
    fixed,
    notConfirmed,
    unknown,
    stale,
    staleAllowed,
  };
}

/** Lines for a console summary of what the baseline did. */
export function describeBaselineOutcome(outcome: BaselineOutcome): string[] {
  const lines: string[] = [];
  if (outcome.expectedFailures.length > 0) {
    lines.push(`${outcome.expectedFailures.length} expected failure(s) in the baseline:`);
    for (const entry of outcome.expectedFailures) lines.push(`  ${entry.checkId}: ${entry.reason}`);
  }
  // "Stale baseline" starts each line a stale entry fails the run with, so a log search finds it.
  const stale = outcome.staleAllowed ? 'Stale baseline (allowed)' : 'Stale baseline';
  for (const entry of outcome.fixed) {
    lines.push(`${stale}: ${entry.checkId} now passes: fixed, remove it from the baseline.`);
  }
  for (const entry of outcome.unknown) {
    lines.push(
      `${stale}: ${entry.checkId} is not a check of this workbench (removed or renamed): remove it from the baseline.`,
    );
  }
  for (const entry of outcome.notConfirmed) {
    lines.push(`${entry.checkId} is in the baseline but was skipped or not run.`);
  }
  if (outcome.unexpectedFailures.length > 0) {
    lines.push(
      `${outcome.unexpectedFailures.length} failure(s) not in the baseline: ${outcome.unexpectedFailures.join(', ')}`,
    );
  }
  if (outcome.stale && !outcome.staleAllowed)
    lines.push(
      `The baseline is stale (${outcome.fixed.length + outcome.unknown.length} entr${outcome.fixed.length + outcome.unknown.length === 1 ? 'y' : 'ies'}): the run fails until they are removed (or --allow-stale-baseline).`,
    );
  return lines;
}
