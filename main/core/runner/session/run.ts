/**
 * Running a prepared session: the engine with the host's reporters through one chain — the
 * secrets redacted from every event, the baseline applied once when the run ends, the result
 * presented as the reports show it (metadata attached, PSU data masked) — and the target released
 * when the run ends. Reporters see that presented result at run:end; listeners see the engine's
 * events with only the secrets taken out (the UI's live view keeps the rest of the evidence on the
 * user's own machine).
 */
import type { BaselineOutcome } from '../../../shared/baseline.js';
import type { RunMetadata, RunResult } from '../../../shared/run-result.js';
import type { Reporter } from '../engine/events.js';
import { DEFAULT_CHECK_TIMEOUT_MS, runChecks, type RunOptions } from '../engine/run.js';
import type { Check } from '../check-api/index.js';
import { presentRunResult } from '../results/report-result.js';
import { redactingRun, runSecrets } from '../targets/run-secrets.js';
import type { PreparedTarget } from '../targets/profile-target.js';
import { withBaseline } from '../reporters/with-baseline.js';
import { runMetadata } from './metadata.js';
import type { SessionPlan } from './plan.js';
import { prepareSession, type PrepareHooks, type PreparedSession } from './prepare.js';

export interface SessionRunOptions extends Pick<RunOptions, 'signal' | 'logger' | 'runId'> {
  /** Reporters of the reports: run:end carries the presented result. */
  reporters?: readonly Reporter[];
  /** Reporters that see the engine's events unchanged but for the secrets. */
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
  const { plan, target } = session;
  const { reporters = [], listeners = [], logger, ...execute } = options;
  const metaOf = (result: RunResult) => runMetadata(plan, result, session.identity);
  // The one reporter chain: redact (every event) → baseline (at run:end) → present.
  const baselined = withBaseline(reporters, plan.baseline?.baseline, {
    knownCheckIds: new Set(plan.request.checks.map((check) => check.id)),
    allowStale: plan.request.allowStaleBaseline === true,
    present: (marked) => presentForReports(plan, marked, metaOf(marked)),
  });
  const redacting = redactingRun(
    sessionSecrets(plan),
    [...baselined.reporters, ...listeners],
    logger,
  );
  const timeoutMs = plan.request.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  let engineResult: RunResult;
  try {
    engineResult = await runChecks({
      checks: withMinimumTimeouts(plan.checks, target, timeoutMs),
      target: target.info,
      createEnvironment: (check, signal) => target.createEnvironment(check, signal),
      ...(session.targetLost ? { targetLost: session.targetLost } : {}),
      ...(plan.request.concurrency !== undefined ? { concurrency: plan.request.concurrency } : {}),
      timeoutMs,
      ...execute,
      reporters: redacting.reporters,
      ...(redacting.logger ? { logger: redacting.logger } : {}),
    });
  } finally {
    await target.close();
  }
  const result = redacting.result(engineResult);
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

/** A target that needs longer for some checks (a PSU completing SCA by hand) raises their timeout. */
function withMinimumTimeouts(
  checks: readonly Check[],
  target: PreparedTarget,
  timeoutMs: number,
): Check[] {
  if (!target.minimumCheckTimeoutMs) return [...checks];
  return checks.map((check) => {
    const minimum = target.minimumCheckTimeoutMs!(check);
    return minimum !== undefined && minimum > (check.timeoutMs ?? timeoutMs)
      ? { ...check, timeoutMs: minimum }
      : check;
  });
}

export interface RunSessionOptions extends SessionRunOptions {
  hooks?: PrepareHooks;
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
