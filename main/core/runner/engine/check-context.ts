/**
 * What a check gets: the environment the composition root prepares for it (clients, PSU agent,
 * clock), whether the check can run with it at all, and the CheckContext its code is called with,
 * where every exchange, assertion and note becomes evidence.
 */
import type { SpecValidator } from '../../spec/validation.js';
import {
  CheckInconclusive,
  CheckSkipped,
  type Check,
  type CheckContext,
  type CheckEffect,
  type EvidenceRecorder,
  type PsuAgent,
  type ScaRedirect,
  type TargetAllows,
  type TargetClient,
  type TargetClock,
  type TargetInfo,
  type TargetTls,
} from '../check-api/index.js';
import { createExpect } from './expect.js';
import { createBankNow } from './bank-now.js';
import type { EvidenceItem } from '../../../shared/run-result.js';
import type { EvidenceExchange } from '../../../shared/exchange.js';

/** What the composition root gives one check: how to reach the target. */
export interface CheckEnvironment {
  client: TargetClient;
  /** A second TPP registered for AISP only (CheckContext.aispOnlyClient). */
  aispOnlyClient?: TargetClient;
  /** Absent when the run has no SCA automation; checks needing it are SKIPPED. */
  psu?: PsuAgent;
  /** Absent when the target's clock cannot be moved; checks needing it are SKIPPED. */
  clock?: TargetClock;
  /** The target's TLS port; absent when the target speaks plain HTTP. */
  tls?: TargetTls;
  /** Called once the check's code has returned or thrown (a check abandoned after a timeout or
   * cancellation is released only if its code still ends). A failure here is logged, not a FAIL. */
  dispose?(): void | Promise<void>;
}

/** Why a check cannot run on this target at all, before anything is prepared for it. */
export function inapplicableReason(check: Check, target: TargetInfo): string | undefined {
  if (check.modes && !check.modes.includes(target.mode)) {
    return `runs in ${check.modes.join(' or ')} mode only; the target is in ${target.mode} mode`;
  }
  if (check.needs?.includes('sandbox-api') && !target.hasSandboxApi) {
    return 'needs the sandbox management operations (/v1/sandbox/), which the target does not offer';
  }
  for (const effect of check.effects ?? []) {
    const { permission, doing } = EFFECT_PERMISSIONS[effect];
    if (target.allows && !target.allows[permission]) {
      return `${doing}, which the target profile does not allow (allows.${permission})`;
    }
  }
  return undefined;
}

/** The profile permission (TargetInfo.allows) each effect needs, and how a reason names it. */
const EFFECT_PERMISSIONS: Record<CheckEffect, { permission: keyof TargetAllows; doing: string }> = {
  'sandbox-reset': { permission: 'resetSandbox', doing: 'resets the sandbox' },
  'sandbox-data': { permission: 'createSandboxData', doing: 'creates sandbox data' },
  'payment-delete': { permission: 'deletePayments', doing: 'deletes payments' },
};

/** Why a check needing the clock is SKIPPED: a shared bank's clock moves only by its admin API. */
export const NO_CLOCK_REASON =
  'needs the bank clock, which this target does not let the run move (give the profile an admin API)';

/** Why a check needing HTTPS is SKIPPED: the target is reached over plain HTTP (§5.1). */
export const NO_TLS_REASON =
  'needs a target reached over TLS (an https:// URL) to offer it TLS versions (§5.1); this one speaks plain HTTP';

/** Why a check cannot run with the environment it was given (a capability it needs is absent). */
export function missingCapabilityReason(
  check: Check,
  environment: CheckEnvironment,
): string | undefined {
  if (check.needs?.includes('psu-agent') && !environment.psu) {
    return 'needs a PSU agent to complete SCA, and this run has none';
  }
  if (check.needs?.includes('clock-control') && !environment.clock) {
    return NO_CLOCK_REASON;
  }
  // SKIPPED, not "could not test": a bank by an http:// URL is a choice of the run, and a run
  // that could not test exits 3, which would make every plain-HTTP run look broken.
  if (check.needs?.includes('https') && !environment.tls) {
    return NO_TLS_REASON;
  }
  return undefined;
}

// Stand-ins that skip, so `ctx.psu` and `ctx.clock` are always callable in a check's code.
const noPsuAgent: PsuAgent = {
  completeSca: () => {
    throw new CheckSkipped('needs a PSU agent to complete SCA, and this run has none');
  },
};
// Rejections, not throws: a check may fall back when the clock cannot be read (`.catch`).
const noTargetClock: TargetClock = {
  now: () => Promise.reject(new CheckSkipped(NO_CLOCK_REASON)),
  advance: () => Promise.reject(new CheckSkipped(NO_CLOCK_REASON)),
};

/** Each handshake a check makes is evidence: what it offered, and what the target answered. */
function recordedTls(tls: TargetTls, evidence: EvidenceRecorder): TargetTls {
  return {
    endpoint: tls.endpoint,
    async handshake(offer) {
      const result = await tls.handshake(offer);
      const offered = offer.max ? `${offer.min} to ${offer.max}` : `${offer.min} or newer`;
      evidence.note(
        `TLS handshake with ${tls.endpoint} offering ${offered}: ${result.accepted ? `accepted, ${result.protocol}` : `refused (${result.error})`}`,
      );
      return result;
    },
  };
}

export interface CheckContextParts {
  check: Check;
  target: TargetInfo;
  environment: CheckEnvironment;
  /** The check's own signal, aborted on timeout or cancellation. */
  signal: AbortSignal;
  validator: SpecValidator;
  /** Timestamps of evidence. */
  now(): string;
  addEvidence(item: EvidenceItem): void;
  warn(message: string): void;
  /** Shown every answer the check's clients get (the run's every-answer observer). */
  observe?(exchange: EvidenceExchange): void;
  /** Shown every redirect back after an SCA the check's PSU agent completed, with its start URL. */
  observeRedirect?(scaRedirectUrl: string, redirect: ScaRedirect): void;
}

export function createCheckContext(parts: CheckContextParts): CheckContext {
  const { check, environment, signal, now, addEvidence } = parts;
  // Every exchange a check makes, through any of its clients, is evidence, and its Date the bank's now.
  const recording = (client: TargetClient): TargetClient => ({
    async send(request) {
      signal.throwIfAborted();
      const exchange = await client.send(request);
      addEvidence({ kind: 'exchange', at: now(), exchange });
      parts.observe?.(exchange);
      bankNow.observe(exchange);
      // §5.2.7: the TPP should verify a signed response; a bad signature is a finding of the run.
      if (exchange.responseSignature?.status === 'invalid')
        parts.warn(
          `the response to ${exchange.request.method} ${exchange.request.url} is signed but its signature is invalid (§5.2.7): ${exchange.responseSignature.reason}`,
        );
      return exchange;
    },
  });
  const evidence: EvidenceRecorder = {
    note: (text) => addEvidence({ kind: 'note', at: now(), text }),
    exchange: (exchange) => addEvidence({ kind: 'exchange', at: now(), exchange }),
    screenshot: ({ step, url, pngBase64 }) =>
      addEvidence({ kind: 'screenshot', at: now(), step, url, pngBase64 }),
  };
  // The PSU agent records what it saw (e.g. screenshots in a browser) as this check's evidence.
  const psu = environment.psu;
  const client = recording(environment.client);
  const bankNow = createBankNow(client, environment.clock);
  return {
    check: { id: check.id, title: check.title, area: check.area },
    target: parts.target,
    client,
    ...(environment.aispOnlyClient
      ? { aispOnlyClient: recording(environment.aispOnlyClient) }
      : {}),
    ...(environment.tls ? { tls: recordedTls(environment.tls, evidence) } : {}),
    psu: psu
      ? {
          async completeSca(url, script) {
            const redirect = await psu.completeSca(url, script, evidence);
            parts.observeRedirect?.(url, redirect);
            return redirect;
          },
        }
      : noPsuAgent,
    clock: environment.clock ?? noTargetClock,
    bankNow: () => bankNow.now(),
    expect: createExpect(
      { assertion: (record) => addEvidence({ kind: 'assertion', at: now(), ...record }) },
      parts.validator,
    ),
    inconclusive(reason, exchange) {
      throw new CheckInconclusive(reason, exchange);
    },
    skip(reason) {
      throw new CheckSkipped(reason);
    },
    warn: parts.warn,
    evidence,
    signal,
  };
}
