/** The order the view shows statuses in; the run result's vocabulary is main/shared/run-result. */
import type { CheckStatus } from '../../../../main/shared/run-status';

/** Worst first: a rule or area shows the worst status of its checks. */
export const STATUSES: readonly CheckStatus[] = ['FAIL', 'WARNING', 'SKIPPED', 'PASS'];

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
