/**
 * Preparing a planned run: the target made ready — an embedded bank, or the bank of a profile
 * after its own certificates, the pre-flight connect probe, the mode check and the bank clock —
 * and the TPP identity an embedded run signs with kept for the metadata (it exists only inside
 * the run).
 */
import type { CheckId } from '../../../shared/rule-ids.js';
import { saysUnreachable, TransportError } from '../../tpp/transport.js';
import type { CheckResult } from '../../../shared/run-result.js';
import type { LoadedTargetProfile } from '../target-profile/index.js';
import { createTppIdentity, embeddedTarget, type TppIdentity } from '../targets/embedded-target.js';
import type { ScaWaiting } from '../targets/manual-psu.js';
import { checkProfileMode, profileTarget, type PreparedTarget } from '../targets/profile-target.js';
import { probeConnect, PREFLIGHT_SILENT, type ProbeOptions } from '../targets/preflight.js';
import { checkOwnIdentity } from '../doctor/own-identity.js';
import {
  bankClockWarning,
  clockOffsetText,
  readBankClock,
  resetBankClock,
} from '../targets/bank-clock-preflight.js';
import type { SessionPlan } from './plan.js';

export interface PrepareHooks {
  /** The suites' TPP for embedded banks (made once per process and reused). */
  identity?: () => Promise<TppIdentity>;
  onScaWaiting?(waiting: ScaWaiting): void;
  onScaResumed?(checkId: CheckId): void;
  /** A doubt before the run that does not stop it (e.g. a mode the bank's answer cannot confirm). */
  warn?(message: string): void;
  /** The pre-flight connect probe of a bank by URL (tests shorten it or fake the socket). */
  preflight?: ProbeOptions;
}

export interface PreparedSession {
  plan: SessionPlan;
  target: PreparedTarget;
  /**
   * Set when the pre-flight connect probe got no answer at all: every check of the run fails at
   * once with this transport error instead of waiting its own connect timeout.
   */
  silentTarget?: string;
  /** The TPP identity of an embedded run (the QSealC the metadata names). */
  identity?: TppIdentity;
  /**
   * A bank by URL stops the run at the first check it could not reach (engine/run.ts); an
   * embedded bank is always there.
   */
  targetLost?(result: CheckResult): string | undefined;
}

/** Prepares the target of `plan`; refuses with TargetModeMismatch, OwnIdentityRefused, … */
export async function prepareSession(
  plan: SessionPlan,
  hooks: PrepareHooks = {},
): Promise<PreparedSession> {
  const planned = plan.request.target;
  if (planned.kind === 'embedded') {
    const identity = await (hooks.identity ?? createTppIdentity)();
    const embedded = embeddedTarget({
      mode: plan.mode,
      identity,
      ...(planned.faultProfiles?.length ? { faultProfiles: planned.faultProfiles } : {}),
    });
    const target: PreparedTarget = {
      info: embedded.info,
      createEnvironment: (check, signal) => embedded.createEnvironment(signal, check),
      close: async () => {},
    };
    return { plan, target, identity };
  }
  const { loaded } = planned;
  // The run's own certificates first: with an expired or mismatched one every answer would
  // be a refusal, read as the bank failing its rules (OwnIdentityRefused).
  checkOwnIdentity(loaded);
  const probe = await probeConnect(loaded.profile.baseUrl, hooks.preflight);
  // A sandbox suite against a production bank (or the reverse) fails for reasons that have
  // nothing to do with conformance: the mode is checked first (TargetModeMismatch). A silent
  // target cannot tell its mode; its run fails at once as "could not test" instead.
  if (!probe.silent) {
    await checkProfileMode(loaded, hooks.warn ?? (() => {}));
    await preflightBankClock(loaded, plan.request.resetClock === true, hooks.warn);
  }
  const reached = await profileTarget(loaded, {
    ...(hooks.onScaWaiting ? { onScaWaiting: hooks.onScaWaiting } : {}),
    ...(hooks.onScaResumed ? { onScaResumed: hooks.onScaResumed } : {}),
  });
  if (!probe.silent) return { plan, target: reached, targetLost: unreachableBy };
  const silent: PreparedTarget = {
    info: reached.info,
    // The engine records a TransportError escaping the preparation as the check's transport
    // error (engine/outcome.ts): every check is an <error>, none waits.
    createEnvironment: () =>
      Promise.reject(new TransportError(`pre-flight: ${probe.detail}`, PREFLIGHT_SILENT)),
    close: () => reached.close(),
  };
  return { plan, target: silent, silentTarget: probe.detail, targetLost: unreachableBy };
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
