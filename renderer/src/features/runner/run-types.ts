/** The run result's parts as the view uses them, derived from the contract's types. */
import type { RunEvent, RunResult } from '../../../../main/api/contract';

export type CheckResult = RunResult['checks'][number];
export type CheckStatus = CheckResult['status'];
export type EvidenceItem = CheckResult['evidence'][number];
export type AssertionEvidence = Extract<EvidenceItem, { kind: 'assertion' }>;
export type StatusCounts = RunResult['counts'];
export type TargetInfo = RunResult['target'];
export type { RunEvent, RunResult };

/** Worst first: a rule or area shows the worst status of its checks. */
export const STATUSES: readonly CheckStatus[] = ['FAIL', 'WARNING', 'SKIPPED', 'PASS'];

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

/** The worst of some statuses (FAIL before WARNING before SKIPPED before PASS), if any. */
export function worstStatus(statuses: Iterable<CheckStatus | undefined>): CheckStatus | undefined {
  let worst: number | undefined;
  for (const status of statuses) {
    if (status === undefined) continue;
    const rank = STATUSES.indexOf(status);
    if (worst === undefined || rank < worst) worst = rank;
  }
  return worst === undefined ? undefined : STATUSES[worst];
}
