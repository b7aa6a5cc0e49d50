/**
 * One run plan for the CLI and the UI: which target (an embedded bank, or a bank named by a
 * target profile), which checks, how many at once, with which baseline. `prepareRun` turns a plan
 * into checks and a target; `executeRunPlan` runs them with the caller's reporters. Neither host
 * assembles a run of its own, so both learn every target kind at once.
 */
import type { Check, BankMode } from '../check-api/index.js';
import type { Baseline } from '../../../shared/baseline.js';
import type { CheckResult, RunResult } from '../../../shared/run-result.js';
import { createTppIdentity, embeddedTarget, type TppIdentity } from '../targets/embedded-target.js';
import { DEFAULT_CHECK_TIMEOUT_MS, runChecks, type RunOptions } from '../engine/run.js';
import type { ScaWaiting } from '../targets/manual-psu.js';
import { checkProfileMode, profileTarget, type PreparedTarget } from '../targets/profile-target.js';
import { probeConnect, PREFLIGHT_SILENT, type ProbeOptions } from '../targets/preflight.js';
import { checkOwnIdentity } from '../targets/own-identity.js';
import { redactingRun, runSecrets } from '../targets/run-secrets.js';
import { selectChecks, type CheckSelection } from './selection.js';
import { saysUnreachable, TransportError } from '../../tpp/transport.js';
import {
  bankClockWarning,
  clockOffsetText,
  readBankClock,
  resetBankClock,
} from '../targets/bank-clock-preflight.js';
import type { LoadedTargetProfile } from '../target-profile/index.js';
import type { CheckId } from '../../../shared/rule-ids.js';

export type PlannedTarget =
  | { kind: 'embedded'; mode: BankMode; faultProfiles?: readonly string[] }
  | { kind: 'profile'; loaded: LoadedTargetProfile };

export interface RunPlan {
  target: PlannedTarget;
  selection?: CheckSelection;
  concurrency?: number;
  timeoutMs?: number;
  /** Known deviations; default: the profile's baseline, if it names one. */
  baseline?: Baseline;
  /**
   * A bank clock (the profile's admin API) more than a minute from real time is set back to real
   * time before the run (bank-clock-preflight.ts); without it the run only says so.
   */
  resetClock?: boolean;
}

export interface RunPlanHooks {
  /** The suites' TPP for embedded banks (made once per process and reused). */
  identity?: () => Promise<TppIdentity>;
  onScaWaiting?(waiting: ScaWaiting): void;
  onScaResumed?(checkId: CheckId): void;
  /** A doubt before the run that does not stop it (e.g. a mode the bank's answer cannot confirm).
   * */
  warn?(message: string): void;
  /** The pre-flight connect probe of a bank by URL (tests shorten it or fake the socket). */
  preflight?: ProbeOptions;
}

export interface PreparedRun {
  checks: Check[];
  target: PreparedTarget;
  mode: BankMode;
  baseline?: Baseline;
  /**
   * Set when the pre-flight connect probe got no answer at all: every check of the run fails at
   * once with this transport error instead of waiting its own connect timeout.
   */
  silentTarget?: string;
}

export function modeOf(target: PlannedTarget): BankMode {
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
      createEnvironment: (check, signal) => embedded.createEnvironment(signal, check),
      close: async () => {},
    };
  } else {
    // The run's own certificates first: with an expired or mismatched one every answer would
    // be a refusal, read as the bank failing its rules (OwnIdentityRefused).
    checkOwnIdentity(plan.target.loaded);
    const probe = await probeConnect(plan.target.loaded.profile.baseUrl, hooks.preflight);
    // A sandbox suite against a production bank (or the reverse) fails for reasons that have
    // nothing to do with conformance: the mode is checked first (TargetModeMismatch). A silent
    // target cannot tell its mode; its run fails at once as "could not test" instead.
    if (!probe.silent) await checkProfileMode(plan.target.loaded, hooks.warn ?? (() => {}));
    if (!probe.silent)
      await preflightBankClock(plan.target.loaded, plan.resetClock === true, hooks.warn);
    const reached = await profileTarget(plan.target.loaded, {
      ...(hooks.onScaWaiting ? { onScaWaiting: hooks.onScaWaiting } : {}),
      ...(hooks.onScaResumed ? { onScaResumed: hooks.onScaResumed } : {}),
    });
    target = probe.silent
      ? {
          info: reached.info,
          // The engine records a TransportError escaping the preparation as the check's
          // transport error (engine/outcome.ts): every check is an <error>, none waits.
          createEnvironment: () =>
            Promise.reject(new TransportError(`pre-flight: ${probe.detail}`, PREFLIGHT_SILENT)),
          close: () => reached.close(),
        }
      : reached;
    if (probe.silent) {
      const baseline = planBaseline(plan);
      return {
        checks,
        target,
        mode,
        ...(baseline ? { baseline } : {}),
        silentTarget: probe.detail,
      };
    }
  }
  const baseline = planBaseline(plan);
  return { checks, target, mode, ...(baseline ? { baseline } : {}) };
}

/**
 * The bank clock is read before the run; far from real time, the run says so (and how
 * to set it back) or, asked to, sets it back first. An admin API that does not answer is the
 * doctor's to explain; the run goes on.
 */
async function preflightBankClock(
  loaded: LoadedTargetProfile,
  reset: boolean,
  warn: (message: string) => void = () => {},
): Promise<void> {
  const reading = await readBankClock(loaded);
  if (reading.kind !== 'read' || !reading.farOff) return;
  if (!reset) {
    warn(bankClockWarning(reading)!);
    return;
  }
  try {
    const after = await resetBankClock(loaded);
    warn(
      `the bank clock was ${clockOffsetText(reading.offsetMs)}; set back to real time (${after.kind === 'read' ? after.bankNow : 'now'}) before the run`,
    );
  } catch (error) {
    warn(`${bankClockWarning(reading)!} Setting it back failed: ${(error as Error).message}`);
  }
}

function planBaseline(plan: RunPlan): Baseline | undefined {
  return (
    plan.baseline ?? (plan.target.kind === 'profile' ? plan.target.loaded.baseline : undefined)
  );
}

/**
 * A bank by URL that a check could not reach (nothing listening, unknown host, TLS asked in plain
 * HTTP…): the run's other checks would meet the same, so it stops there (engine/run.ts).
 */
function unreachableBy(result: CheckResult): string | undefined {
  const transportError =
    result.status === 'INCONCLUSIVE' ? result.couldNotTest?.transportError : undefined;
  return transportError !== undefined && saysUnreachable(transportError)
    ? transportError
    : undefined;
}

export type ExecuteOptions = Pick<RunOptions, 'signal' | 'reporters' | 'logger' | 'runId'>;

/**
 * Runs a prepared plan and releases its target (listeners, connections) when it ends. The secrets
 * of a profile (run-secrets.ts) are out of every event, log line and the result it gives.
 */
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
  const secrets = plan.target.kind === 'profile' ? runSecrets(plan.target.loaded) : [];
  const redacting = redactingRun(secrets, options.reporters, options.logger);
  try {
    const result = await runChecks({
      checks,
      target: target.info,
      createEnvironment: (check, signal) => target.createEnvironment(check, signal),
      ...(plan.target.kind === 'profile' ? { targetLost: unreachableBy } : {}),
      ...(plan.concurrency !== undefined ? { concurrency: plan.concurrency } : {}),
      timeoutMs,
      ...options,
      reporters: redacting.reporters,
      ...(redacting.logger ? { logger: redacting.logger } : {}),
    });
    return redacting.result(result);
  } finally {
    await target.close();
  }
}
