/**
 * Preparing a planned run: the target made ready (an embedded bank, or the bank of a profile after
 * its pre-flight and mode check) and the TPP identity an embedded run signs with kept for the
 * metadata (it exists only inside the run).
 */
import { createTppIdentity, type TppIdentity } from '../targets/embedded-target.js';
import { prepareRun, type PreparedRun, type RunPlanHooks } from './run-plan.js';
import type { SessionPlan } from './plan.js';

export interface PreparedSession {
  plan: SessionPlan;
  prepared: PreparedRun;
  /** The TPP identity of an embedded run (the QSealC the metadata names). */
  identity?: TppIdentity;
}

/** Prepares the target of `plan`; refuses as prepareRun does (TargetModeMismatch, …). */
export async function prepareSession(
  plan: SessionPlan,
  hooks: RunPlanHooks = {},
): Promise<PreparedSession> {
  let identity: TppIdentity | undefined;
  const prepared = await prepareRun(plan.request.checks, plan.plan, {
    ...hooks,
    identity: async () => (identity = await (hooks.identity ?? createTppIdentity)()),
  });
  return { plan, prepared, ...(identity ? { identity } : {}) };
}
