/** The four ways a check ends, and counting them (a run, an area, a rule, a filtered list). */

export const CHECK_STATUSES = ['PASS', 'FAIL', 'WARNING', 'SKIPPED'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export type StatusCounts = { total: number } & Record<CheckStatus, number>;

export function emptyCounts(): StatusCounts {
  return { total: 0, PASS: 0, FAIL: 0, WARNING: 0, SKIPPED: 0 };
}

export function countStatuses(checks: readonly { status: CheckStatus }[]): StatusCounts {
  const counts = emptyCounts();
  for (const check of checks) {
    counts.total += 1;
    counts[check.status] += 1;
  }
  return counts;
}
