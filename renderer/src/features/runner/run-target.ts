/**
 * The bank a run checked, for the run list, the run's header and the comparison: from the target
 * its result records when the view has it, else from the run's summary and the target profiles
 * (a profile run's base URL). Runs of the same bank first when choosing one to compare with. Pure.
 */
import type { RunSummaryView, TargetProfileView } from '../../../../main/api/contract';
import type { TargetInfo } from '../../../../main/shared/run-result';
import { runTargetIdentity, type RunTargetIdentity } from '../../../../main/shared/run-target';

export function targetOfRun(
  run: Pick<RunSummaryView, 'targetId' | 'target' | 'mode'>,
  recorded?: TargetInfo,
  profiles: readonly Pick<TargetProfileView, 'id' | 'baseUrl'>[] = [],
): RunTargetIdentity {
  if (recorded) return runTargetIdentity(recorded);
  const embedded = run.targetId
    ? run.targetId.startsWith('embedded-')
    : /^embedded bank\b/.test(run.target);
  if (embedded) return runTargetIdentity({ baseUrl: '', mode: run.mode, name: run.target });
  const url = profiles.find((p) => p.id === run.targetId)?.baseUrl ?? run.target;
  // An imported run names its bank by name or URL only: a name is no address.
  if (!/^https?:\/\//.test(url))
    return { key: `${run.mode} ${run.target}`, name: run.target, mode: run.mode };
  return runTargetIdentity({ baseUrl: url, mode: run.mode, name: run.target, shared: true });
}

/**
 * The runs to compare `current` with: those of its bank first (latest first), then the others;
 * `current` itself is not offered.
 */
export function comparableRuns<T extends { runId: string }>(
  runs: readonly T[],
  current: string,
  targetOf: (run: T) => RunTargetIdentity,
): { same: T[]; other: T[] } {
  const currentRun = runs.find((r) => r.runId === current);
  const key = currentRun ? targetOf(currentRun).key : undefined;
  const others = runs.filter((r) => r.runId !== current).reverse();
  return {
    same: others.filter((r) => targetOf(r).key === key),
    other: others.filter((r) => targetOf(r).key !== key),
  };
}
