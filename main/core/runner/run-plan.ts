/**
 * One run plan for the CLI and the UI: which target (an embedded bank, or a bank named by a
 * target profile), which checks, how many at once, with which baseline. `prepareRun` turns a plan
 * into checks and a target; `executeRunPlan` runs them with the caller's reporters. Neither host
 * assembles a run of its own, so both learn every target kind at once.
 */
import type { Check, TargetMode } from './check-api/index.js';
import type { Baseline } from '../../shared/baseline.js';
import type { RunResult } from '../../shared/run-result.js';
import { createTppIdentity, embeddedTarget, type TppIdentity } from './embedded-target.js';
import { DEFAULT_CHECK_TIMEOUT_MS, runChecks, type RunOptions } from './engine/run.js';
import type { ScaWaiting } from './manual-psu.js';
import { checkProfileMode, profileTarget, type PreparedTarget } from './profile-target.js';
import { selectChecks, type CheckSelection } from './selection.js';
import type { LoadedTargetProfile } from './target-profile/index.js';

export type PlannedTarget =
  | { kind: 'embedded'; mode: TargetMode; faultProfiles?: readonly string[] }
  | { kind: 'profile'; loaded: LoadedTargetProfile };

export interface RunPlan {
  target: PlannedTarget;
  selection?: CheckSelection;
  concurrency?: number;
  timeoutMs?: number;
  /** Known deviations; default: the profile's baseline, if it names one. */
  baseline?: Baseline;
}

export interface RunPlanHooks {
  /** The suites' TPP for embedded banks (made once per process and reused). */
  identity?: () => Promise<TppIdentity>;
  onScaWaiting?(waiting: ScaWaiting): void;
  onScaResumed?(checkId: string): void;
  /** A doubt before the run that does not stop it (e.g. a mode the bank's answer cannot confirm). */
  warn?(message: string): void;
}

export interface PreparedRun {
  checks: Check[];
  target: PreparedTarget;
  mode: TargetMode;
  baseline?: Baseline;
}

export function modeOf(target: PlannedTarget): TargetMode {
  return target.kind === 'embedded' ? target.mode : target.loaded.profile.mode;
}

/** The checks of `allChecks` the plan selects that make sense in the target's mode. */
export function planChecks(allChecks: readonly Check[], plan: RunPlan): Check[] {
  const mode = modeOf(plan.target);
  return selectChecks(allChecks, plan.selection ?? {}).filter(
    (check) => !check.modes || check.modes.includes(mode),
  );
}

export async function prepareRun(
  allChecks: readonly Check[],
  plan: RunPlan,
  hooks: RunPlanHooks = {},
): Promise<PreparedRun> {
  const checks = planChecks(allChecks, plan);
  const mode = modeOf(plan.target);
  let target: PreparedTarget;
  if (plan.target.kind === 'embedded') {
    const embedded = embeddedTarget({
      mode,
      identity: await (hooks.identity ?? createTppIdentity)(),
      ...(plan.target.faultProfiles?.length ? { faultProfiles: plan.target.faultProfiles } : {}),
    });
    target = {
      info: embedded.info,
      createEnvironment: (_check, signal) => embedded.createEnvironment(signal),
      close: async () => {},
    };
  } else {
    // A sandbox suite against a production bank (or the reverse) fails for reasons that have
    // nothing to do with conformance: the mode is checked first (TargetModeMismatch).
    await checkProfileMode(plan.target.loaded, hooks.warn ?? (() => {}));
    target = await profileTarget(plan.target.loaded, {
      ...(hooks.onScaWaiting ? { onScaWaiting: hooks.onScaWaiting } : {}),
      ...(hooks.onScaResumed ? { onScaResumed: hooks.onScaResumed } : {}),
    });
  }
  const baseline =
    plan.baseline ?? (plan.target.kind === 'profile' ? plan.target.loaded.baseline : undefined);
  return { checks, target, mode, ...(baseline ? { baseline } : {}) };
}

export type ExecuteOptions = Pick<RunOptions, 'signal' | 'reporters' | 'logger' | 'runId'>;

/** Runs a prepared plan and releases its target (listeners, connections) when it ends. */
export async function executePreparedRun(
  prepared: PreparedRun,
  plan: RunPlan,
  options: ExecuteOptions,
): Promise<RunResult> {
  const { target } = prepared;
  const timeoutMs = plan.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const checks = target.minimumCheckTimeoutMs
    ? prepared.checks.map((check) => {
        const minimum = target.minimumCheckTimeoutMs!(check);
        return minimum !== undefined && minimum > (check.timeoutMs ?? timeoutMs)
          ? { ...check, timeoutMs: minimum }
          : check;
      })
    : prepared.checks;
  try {
    return await runChecks({
      checks,
      target: target.info,
      createEnvironment: (check, signal) => target.createEnvironment(check, signal),
      ...(plan.concurrency !== undefined ? { concurrency: plan.concurrency } : {}),
      timeoutMs,
      ...options,
    });
  } finally {
    await target.close();
  }
}
