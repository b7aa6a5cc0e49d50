/**
 * Expected-failure baselines for CI (as the OBIE and OpenID suites keep them): a JSON file
 * `{ "expectedFailures": [{ "checkId", "reason" }] }`. A listed check that fails does not fail the
 * run; a listed check that now passes is reported so the entry can be removed.
 */
import type { CheckResult, RunResult } from './run-result.js';

export interface ExpectedFailure {
  checkId: string;
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
    throw new BaselineError(
      `${source} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
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

/** The file's text for some entries: what parseBaseline reads back (the view saves it). */
export function serializeBaseline(expectedFailures: readonly ExpectedFailure[]): string {
  return `${JSON.stringify({ expectedFailures }, null, 2)}\n`;
}

export interface BaselineOutcome {
  /** The run result with `expectedFailure` set on the failed checks the baseline lists. */
  result: RunResult;
  /** 0 when every check not in the baseline passed, warned or was skipped; else 1. */
  exitCode: 0 | 1;
  /** Failed checks the baseline does not list: these fail the run. */
  unexpectedFailures: string[];
  /** Failed checks the baseline lists. */
  expectedFailures: ExpectedFailure[];
  /** Listed checks that passed or warned: fixed, remove them from the baseline. */
  fixed: ExpectedFailure[];
  /** Listed checks that were skipped or not in the run: the baseline could not be confirmed. */
  notConfirmed: ExpectedFailure[];
}

export function applyBaseline(
  result: RunResult,
  baseline: Baseline = EMPTY_BASELINE,
): BaselineOutcome {
  const listed = new Map(baseline.expectedFailures.map((entry) => [entry.checkId, entry]));
  const byId = new Map(result.checks.map((check) => [check.checkId, check]));
  const unexpectedFailures: string[] = [];
  const expectedFailures: ExpectedFailure[] = [];
  const fixed: ExpectedFailure[] = [];
  const notConfirmed: ExpectedFailure[] = [];

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
    else if (status === undefined || status === 'SKIPPED') notConfirmed.push(entry);
  }
  return {
    result: { ...result, checks },
    exitCode: unexpectedFailures.length === 0 ? 0 : 1,
    unexpectedFailures,
    expectedFailures,
    fixed,
    notConfirmed,
  };
}

/** Lines for a console summary of what the baseline did. */
export function describeBaselineOutcome(outcome: BaselineOutcome): string[] {
  const lines: string[] = [];
  if (outcome.expectedFailures.length > 0) {
    lines.push(`${outcome.expectedFailures.length} expected failure(s) in the baseline:`);
    for (const entry of outcome.expectedFailures) lines.push(`  ${entry.checkId}: ${entry.reason}`);
  }
  for (const entry of outcome.fixed) {
    lines.push(`${entry.checkId} now passes: fixed, remove it from the baseline.`);
  }
  for (const entry of outcome.notConfirmed) {
    lines.push(`${entry.checkId} is in the baseline but was skipped or not run.`);
  }
  if (outcome.unexpectedFailures.length > 0) {
    lines.push(
      `${outcome.unexpectedFailures.length} failure(s) not in the baseline: ${outcome.unexpectedFailures.join(', ')}`,
    );
  }
  return lines;
}
