/**
 * The six ways a check ends, and counting them (a run, an area, a rule, a filtered list).
 *
 * INCONCLUSIVE is conformance testing's own verdict (ISO/IEC 9646, TTCN-3's `inconc`; the OpenID
 * suite's INTERRUPTED, JUnit's <error>): the check could not judge its rule because the target did
 * not answer, a precondition it needed was refused, or the check itself stopped on an error. It
 * says nothing about the rule, so it is never counted as a PASS or a FAIL.
 *
 * REVIEW is the OpenID conformance suite's verdict of the same name: the check's automated part
 * passed, but its rule is about what the PSU is shown, which only a person can judge on the
 * screenshots the check holds. A reviewer's decision (`CheckReview`) turns it into PASS or FAIL;
 * until then it is neither, and a run with no FAIL still passes.
 */
import type { CheckId } from './rule-ids.js';

export const CHECK_STATUSES = [
  'PASS',
  'FAIL',
  'WARNING',
  'SKIPPED',
  'INCONCLUSIVE',
  'REVIEW',
] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** How a status reads to a person (console, HTML, UI). */
export const CHECK_STATUS_LABELS: Readonly<Record<CheckStatus, string>> = {
  PASS: 'passed',
  FAIL: 'failed',
  WARNING: 'warning',
  SKIPPED: 'skipped',
  INCONCLUSIVE: 'could not test',
  REVIEW: 'awaiting review',
};

/** What a reviewer may decide on a check awaiting review: its rule held on the pages, or not. */
export const REVIEW_DECISIONS = ['PASS', 'FAIL'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** A reviewer's note is evidence a person wrote: a paragraph, bounded so a run stays small. */
export const REVIEW_NOTE_MAX_LENGTH = 2000;

export type StatusCounts = { total: number } & Record<CheckStatus, number>;

export function emptyCounts(): StatusCounts {
  return { total: 0, PASS: 0, FAIL: 0, WARNING: 0, SKIPPED: 0, INCONCLUSIVE: 0, REVIEW: 0 };
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
