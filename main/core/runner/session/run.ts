/**
 * Running a prepared session: the engine with the host's reporters, the baseline applied once when
 * the run ends, and the result the reports show (metadata attached, secrets redacted). Reporters
 * see that presented result at run:end; listeners see the engine's events as they are (the UI's
 * live view keeps the evidence unredacted on the user's own machine).
 */
import type { BaselineOutcome } from '../../../shared/baseline.js';
import type { RunMetadata, RunResult } from '../../../shared/run-result.js';
import type { Reporter } from '../engine/events.js';
import { presentRunResult } from '../results/report-result.js';
import { runSecrets } from '../targets/run-secrets.js';
import { withBaseline } from '../reporters/with-baseline.js';
import { executePreparedRun, type ExecuteOptions, type RunPlanHooks } from './run-plan.js';
import { runMetadata } from './metadata.js';
import type { SessionPlan } from './plan.js';
import { prepareSession, type PreparedSession } from './prepare.js';

export interface SessionRunOptions extends Omit<ExecuteOptions, 'reporters'> {
  /** Reporters of the reports: run:end carries the presented result. */
  reporters?: readonly Reporter[];
  /** Reporters that see the engine's events unchanged. */
  listeners?: readonly Reporter[];
}

export interface SessionRun {
  plan: SessionPlan;
  /** The engine's result with the run's metadata attached (no baseline marks, nothing redacted). */
  result: RunResult;
  meta: RunMetadata;
  /** The baseline's outcome: its result is the marked one. */
  outcome: BaselineOutcome;
  /** What the reports show: the marked result, metadata attached, secrets redacted. */
  presented: RunResult;
}

/** Values no report may show, wherever they appear: the admin token of the profile. */
export function sessionSecrets(plan: SessionPlan): string[] {
  // The run takes them out as it goes (run-secrets.ts); the reports check once more.
  const { target } = plan.request;
  return target.kind === 'profile' ? runSecrets(target.loaded) : [];
}

/** The result as the reports show it (report-result.ts): `meta` attached, secrets redacted. */
export function presentForReports(
  plan: SessionPlan,
  marked: RunResult,
  meta: RunMetadata | undefined,
): RunResult {
  return presentRunResult(marked, {
    ...(meta ? { meta } : {}),
    describeRule: plan.request.catalogue.describeRule,
    psuData: plan.request.psuData ?? 'mask',
    secrets: sessionSecrets(plan),
  });
}

/** Runs the session's checks against its prepared target, which is released when the run ends. */
export async function executeSession(
  session: PreparedSession,
  options: SessionRunOptions = {},
): Promise<SessionRun> {
  const { plan } = session;
  const { reporters = [], listeners = [], ...execute } = options;
  const metaOf = (result: RunResult) => runMetadata(plan, result, session.identity);
  const baselined = withBaseline(reporters, plan.baseline?.baseline, {
    knownCheckIds: new Set(plan.request.checks.map((check) => check.id)),
    allowStale: plan.request.allowStaleBaseline === true,
    present: (marked) => presentForReports(plan, marked, metaOf(marked)),
  });
  const result = await executePreparedRun(session.prepared, plan.plan, {
    ...execute,
    reporters: [...baselined.reporters, ...listeners],
  });
  const presented = baselined.presented(result);
  const meta = presented.meta ?? metaOf(result);
  return {
    plan,
    result: { ...result, meta },
    meta,
    outcome: baselined.outcome(result),
    presented,
  };
}

export interface RunSessionOptions extends SessionRunOptions {
  hooks?: RunPlanHooks;
  /** Told once the target is ready, before the first check (e.g. the pre-flight found it silent). */
  onPrepared?(session: PreparedSession): void;
}

/** Prepares and runs a planned session: the one path of `workbench run` and the UI's runner. */
export async function runSession(
  plan: SessionPlan,
  options: RunSessionOptions = {},
): Promise<SessionRun> {
  const { hooks, onPrepared, ...run } = options;
  const session = await prepareSession(plan, hooks);
  onPrepared?.(session);
  return executeSession(session, run);
}
