/** The order the view shows statuses in; the run result's vocabulary is main/shared/run-result. */
import type { CheckStatus } from '../../../../main/shared/run-status';

/** Worst first: a rule or area shows the worst status of its checks. */
export const STATUSES: readonly CheckStatus[] = [
  'FAIL',
  'INCONCLUSIVE',
  'REVIEW',
  'WARNING',
  'SKIPPED',
  'PASS',
];

/**
 * The worst of some statuses (FAIL before INCONCLUSIVE before REVIEW before WARNING before SKIPPED
 * before PASS), if any.
 */
export function worstCheckStatus(
  statuses: Iterable<CheckStatus | undefined>,
): CheckStatus | undefined {
  let worst: number | undefined;
  for (const status of statuses) {
    if (status === undefined) continue;
    const rank = STATUSES.indexOf(status);
    if (worst === undefined || rank < worst) worst = rank;
  }
  return worst === undefined ? undefined : STATUSES[worst];
}

/**
 * Failures first: FAIL, then INCONCLUSIVE ("could not test"), then REVIEW (a person must look),
 * then WARNING, then the rest (SKIPPED, PASS), each status in the order given (a stable sort; a
 * new array).
 */
export function failuresFirst<T extends { status: CheckStatus }>(checks: readonly T[]): T[] {
  const rank = (status: CheckStatus) =>
    Math.min(STATUSES.indexOf(status), STATUSES.indexOf('SKIPPED'));
  return checks
    .map((check, index) => ({ check, index }))
    .sort((a, b) => rank(a.check.status) - rank(b.check.status) || a.index - b.index)
    .map(({ check }) => check);
}
