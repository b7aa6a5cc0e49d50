/**
 * The session faults (faults/session.ts): how the session stage judges a TPP session, answers bad
 * PSU credentials and grants consent when one of them is on. Kept apart from the stage so the
 * stage reads as the §3.4 / §5.3 rules themselves.
 */
import { randomUUID } from 'node:crypto';
import {
  applyConsentChoice,
  consentScreenAccounts,
  latestConsent,
  scopeOf,
} from '../domain/access.js';
import type { DomainState, TppSession } from '../domain/model.js';
import type { ResolvedPsu } from '../domain/psu.js';
import type { SessionState } from '../domain/sessions.js';
import { faultActive } from '../faults/index.js';
import type { Rejection } from '../http/refusal.js';
import type { RequestContext } from '../context/request-context.js';

const HOUR_MS = 60 * 60 * 1000;

/** The CONSENT-NO-ACCESS-BEFORE-GRANT fault: a consent the PSU never gave, granting everything. */
export function impliedConsent(state: DomainState, psu: ResolvedPsu, now: Date): void {
  const scope = scopeOf(psu);
  if (!scope || latestConsent(state, scope, now)?.consentStatus === 'valid') return;
  const at = now.toISOString();
  const consent = {
    consentId: randomUUID(),
    tppId: psu.tppId,
    consentStatus: 'received' as const,
    createdAt: at,
    statusChangedAt: at,
  };
  state.consents.push(consent);
  const offered = consentScreenAccounts(state, scope, now);
  applyConsentChoice(
    state,
    consent,
    scope,
    offered.map((account) => ({ kind: account.kind, accountId: account.id })),
    now,
  );
}

/** The §3.4 state of a session record as the active session faults would judge it. */
export function faultySessionState(
  ctx: RequestContext,
  state: DomainState,
  record: TppSession | undefined,
  computed: SessionState,
): SessionState {
  if (!record || ctx.faults.size === 0) return computed;
  const age = ctx.now.getTime() - new Date(record.scaCompletedAt).getTime();
  let result = computed;
  if (result === 'replaced' && faultActive(ctx, 'SESSION-NEW-ID-REPLACES-OLD'))
    result = age < HOUR_MS ? 'valid' : 'expired';
  if (result === 'expired' && faultActive(ctx, 'SESSION-SCA-1H') && age < 24 * HOUR_MS)
    result = 'valid';
  if (result === 'valid' && faultActive(ctx, 'SESSION-SCA-REUSED-WITHIN-1H') && age > 5 * 60_000)
    result = 'expired';
  if (
    result === 'valid' &&
    faultActive(ctx, 'SCA-ACROSS-TPP-ROLES') &&
    ctx.route?.path === '/v1/user'
  ) {
    const finalised = state.authorisations.filter(
      (a) =>
        a.tppId === record.tppId &&
        a.tppSessionId === record.tppSessionId &&
        a.scaStatus === 'FINALISED',
    );
    if (finalised.at(-1)?.kind === 'consent') result = 'none';
  }
  return result;
}

/** §7: ERR-STATUS-401 answers a PSU_CREDENTIALS_INVALID refusal with 403 instead of 401. */
export function withCredentialsFault(ctx: RequestContext, rejection: Rejection): Rejection {
  if (faultActive(ctx, 'ERR-STATUS-401')) rejection.error.status = 403;
  return rejection;
}
