/**
 * The five ways a check ends, and counting them (a run, an area, a rule, a filtered list).
 *
 * INCONCLUSIVE is conformance testing's own verdict (ISO/IEC 9646, TTCN-3's `inconc`; the OpenID
 * suite's INTERRUPTED, JUnit's <error>): the check could not judge its rule because the target did
 * not answer, a precondition it needed was refused, or the check itself stopped on an error. It
 * says nothing about the rule, so it is never counted as a PASS or a FAIL.
 */
import type { CheckId } from './rule-ids.js';

export const CHECK_STATUSES = ['PASS', 'FAIL', 'WARNING', 'SKIPPED', 'INCONCLUSIVE'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** How a status reads to a person (console, HTML, UI). */
export const CHECK_STATUS_LABELS: Readonly<Record<CheckStatus, string>> = {
  PASS: 'passed',
  FAIL: 'failed',
  WARNING: 'warning',
  SKIPPED: 'skipped',
  INCONCLUSIVE: 'could not test',
};

export type StatusCounts = { total: number } & Record<CheckStatus, number>;

export function emptyCounts(): StatusCounts {
  return { total: 0, PASS: 0, FAIL: 0, WARNING: 0, SKIPPED: 0, INCONCLUSIVE: 0 };
}

export function countStatuses(checks: readonly { status: CheckStatus }[]): StatusCounts {
  const counts = emptyCounts();
  for (const check of checks) {
    counts.total += 1;
    counts[check.status] += 1;
  }
  return counts;
}

/** What "re-run failed" runs again: the checks that failed and those that could not test. */
export function isRerunStatus(status: CheckStatus): boolean {
  return status === 'FAIL' || status === 'INCONCLUSIVE';
}

/**
 * The checks "re-run failed" runs again: each failed or inconclusive check, and for a rule the run
 * FAILed on every answer, the checks whose answers broke it (`observedIn`).
 */
export function rerunCheckIds(
  results: readonly { checkId: CheckId; status: CheckStatus; observedIn?: readonly CheckId[] }[],
): Set<CheckId> {
  return new Set(
    results
      .filter((result) => isRerunStatus(result.status))
      .flatMap((result) => result.observedIn ?? [result.checkId]),
  );
}
