/**
 * Consent and account access (§1, §5.3.3, §5.3.7, §8). Bank-offered consent: the PSU ticks
 * accounts on the bank's consent screen; each tick is an AccessGrant per PSU, TPP, context and
 * account. One consent per PSU, TPP and context is valid at a time (the newest confirmed one);
 * it expires 180 days after its SCA unless a new consent flow renews it. History older than 90
 * days needs an SCA inside the TPP session's hour. AIS handlers call `requireAccountAccess`.
 */
import { bankError } from '../../spec/errors.js';
import { HOLDING_KIND_LABELS, type HoldingKind } from '../../spec/enums.js';
import {
  CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY,
  HISTORY_WITHOUT_SCA_DAYS,
  SCA_RENEWAL_PERIOD_DAYS,
  SCA_SESSION_VALIDITY_MS,
} from '../../spec/limits.js';
import { reject, type Rejection } from '../http/refusal.js';
import type { AccessCount, AccessGrant, Consent, DomainEntities } from './model.js';
import { consentableAccounts, type ConsentableAccount, type ResolvedPsu } from './psu.js';
import { faultActive } from '../faults/index.js';
import { KeyIndex } from './collection-index.js';
import { DAY_MS } from '../../../shared/calendar.js';

const consentsById = KeyIndex.ofField<Consent>('consentId');
/** A consent's scope: its TPP never changes, its PSU is set when its SCA completes (rekeyed). */
const consentsByScope = new KeyIndex<Consent>((consent) =>
  scopeKey({
    tppId: consent.tppId,
    customerNumber: consent.customerNumber,
    agreementId: consent.agreementId,
  }),
);
const scopeKey = (scope: { tppId: string; customerNumber?: string; agreementId?: string }) =>
  JSON.stringify([scope.tppId, scope.customerNumber ?? null, scope.agreementId ?? null]);
const countsByDay = new KeyIndex<AccessCount>((count) =>
  JSON.stringify([count.consentId, count.accountId, count.day]),
);

/** The consent with this id (ids are unique, state.ts checkReferences). */
export function findConsent(
  state: DomainEntities,
  consentId: string | undefined,
): Consent | undefined {
  return consentId === undefined ? undefined : consentsById.first(state.consents, consentId);
}

/** The PSU, TPP and context a consent and its grants belong to. */
export interface ConsentScope {
  tppId: string;
  customerNumber: string;
  /** Absent in private context. */
  agreementId?: string;
  /** Fault profiles of the request that change what the consent screen offers (faults/). */
  faults?: ReadonlySet<string>;
}

const inScope = (
  scope: ConsentScope,
  item: { tppId: string; customerNumber?: string; agreementId?: string },
) =>
  item.tppId === scope.tppId &&
  item.customerNumber === scope.customerNumber &&
  item.agreementId === scope.agreementId;

// ---- consent status over time ----------------------------------------------------------------

export function setConsentStatus(
  consent: Consent,
  status: Consent['consentStatus'],
  now: Date,
): void {
  if (consent.consentStatus === status) return;
  consent.consentStatus = status;
  consent.statusChangedAt = now.toISOString();
}

/** §5.3.7, §8: a consent lasts 180 days from its last SCA. */
export function consentValidUntil(consent: Consent): Date | undefined {
  return consent.scaCompletedAt === undefined
    ? undefined
    : new Date(new Date(consent.scaCompletedAt).getTime() + SCA_RENEWAL_PERIOD_DAYS * DAY_MS);
}

/** Whether the consent is valid and its 180 days have run out at `now`: refreshConsent expires it. */
export function consentRunsOut(consent: Consent, now: Date): boolean {
  if (consent.consentStatus !== 'valid') return false;
  const until = consentValidUntil(consent);
  return until !== undefined && now >= until;
}

/** The consent's status at `now`, turning a valid one expired after 180 days (stored, once). */
export function refreshConsent(consent: Consent, now: Date): Consent['consentStatus'] {
  if (consentRunsOut(consent, now))
    setConsentStatus(consent, 'expired', consentValidUntil(consent)!);
  return consent.consentStatus;
}

/** The newest consent of a scope that completed SCA, refreshed; undefined when none did. */
export function latestConsent(
  state: DomainEntities,
  scope: ConsentScope,
  now: Date,
): Consent | undefined {
  // Completing a consent's SCA expires every other valid one in its scope (applyConsentChoice), so
  // a valid consent is the current one. Only without one does the latest SCA time decide: the bank
  // clock can be moved back (admin API), and an older consent may then carry a later time.
  let latest: Consent | undefined;
  let valid: Consent | undefined;
  for (const consent of consentsByScope.all(state.consents, scopeKey(scope))) {
    if (!inScope(scope, consent) || consent.scaCompletedAt === undefined) continue;
    if (!latest || consent.scaCompletedAt >= latest.scaCompletedAt!) latest = consent;
    if (consent.consentStatus === 'valid' && refreshConsent(consent, now) === 'valid')
      valid = consent;
  }
  if (valid) return valid;
  if (latest) refreshConsent(latest, now);
  return latest;
}

/** Grants that give access now: not revoked, under the scope's valid consent. */
export function activeGrants(state: DomainEntities, scope: ConsentScope, now: Date): AccessGrant[] {
  const consent = latestConsent(state, scope, now);
  if (!consent || consent.consentStatus !== 'valid') return [];
  return state.grants.filter(
    (grant) =>
      inScope(scope, grant) &&
      grant.revokedAt === undefined &&
      grant.consentId === consent.consentId,
  );
}

// ---- the consent screen ------------------------------------------------------------------------

export interface ConsentChoice {
  kind: HoldingKind;
  accountId: string;
}

/** What the consent screen lists: consentable accounts, each marked when already granted (§1). */
export function consentScreenAccounts(
  state: DomainEntities,
  scope: ConsentScope,
  now: Date,
): (ConsentableAccount & { granted: boolean })[] {
  const granted = new Set(
    activeGrants(state, scope, now).map((grant) => `${grant.accountKind}:${grant.accountId}`),
  );
  const preselect = !faultActive(scope, 'CONSENT-SCREEN-PRESELECTED');
  return consentableAccounts(state, {
    customerNumber: scope.customerNumber,
    ...(scope.agreementId !== undefined ? { agreementId: scope.agreementId } : {}),
    ...(scope.faults ? { faults: scope.faults } : {}),
  }).map((account) => ({
    ...account,
    granted: preselect && granted.has(`${account.kind}:${account.id}`),
  }));
}

/**
 * §1 "ticks accounts to grant, unticks to revoke": applied when the PSU confirms. The consent
 * becomes the scope's valid one (older valid ones of the scope expire: one at a time), ticked
 * accounts are granted under it and unticked ones revoked. Nothing ticked: revokedByPsu.
 */
export function applyConsentChoice(
  state: DomainEntities,
  consent: Consent,
  scope: ConsentScope,
  chosen: readonly ConsentChoice[],
  now: Date,
): { granted: number; revoked: number } {
  const at = now.toISOString();
  const wanted = new Set(chosen.map((choice) => `${choice.kind}:${choice.accountId}`));
  if (faultActive(scope, 'CONSENT-SCREEN-TICK-TO-GRANT'))
    for (const grant of activeGrants(state, scope, now))
      wanted.add(`${grant.accountKind}:${grant.accountId}`);
  let granted = 0;
  let revoked = 0;
  for (const account of consentScreenAccounts(state, scope, now)) {
    const key = `${account.kind}:${account.id}`;
    let grant = state.grants.find(
      (g) => inScope(scope, g) && g.accountKind === account.kind && g.accountId === account.id,
    );
    if (wanted.has(key)) {
      if (!grant) {
        grant = {
          tppId: scope.tppId,
          customerNumber: scope.customerNumber,
          accountKind: account.kind,
          accountId: account.id,
          grantedAt: at,
          consentId: consent.consentId,
        };
        if (scope.agreementId !== undefined) grant.agreementId = scope.agreementId;
        state.grants.push(grant);
      } else if (!account.granted) grant.grantedAt = at;
      delete grant.revokedAt;
      grant.consentId = consent.consentId;
      granted++;
    } else if (grant && grant.revokedAt === undefined) {
      grant.revokedAt = at;
      if (account.granted) revoked++;
    }
  }
  for (const other of consentsByScope.all(state.consents, scopeKey(scope)))
    if (other !== consent && inScope(scope, other) && refreshConsent(other, now) === 'valid')
      setConsentStatus(other, 'expired', now);
  consent.customerNumber = scope.customerNumber;
  consent.context = scope.agreementId === undefined ? 'PRIVATE' : 'CORPORATE';
  if (scope.agreementId !== undefined) consent.agreementId = scope.agreementId;
  consent.scaCompletedAt = at;
  consentsByScope.rekeyed(state.consents, consentsById.position(state.consents, consent.consentId));
  setConsentStatus(consent, granted > 0 ? 'valid' : 'revokedByPsu', now);
  return { granted, revoked };
}

// ---- the bank console ----------------------------------------------------------------------------

/**
 * §1 "The PSU may revoke consent at any time directly with the bank. The bank need not tell the
 * TPP." Revokes the PSU's grant of one account to one TPP (in one context); when no grant of the
 * consent is left, the consent becomes revokedByPsu. Returns whether a grant was revoked.
 */
export function revokeGrant(
  state: DomainEntities,
  grant: ConsentScope & { accountId: string; accountKind?: HoldingKind },
  now: Date,
): boolean {
  const target = state.grants.find(
    (g) =>
      inScope(grant, g) &&
      g.accountId === grant.accountId &&
      (grant.accountKind === undefined || g.accountKind === grant.accountKind) &&
      g.revokedAt === undefined,
  );
  if (!target) return false;
  target.revokedAt = now.toISOString();
  const consent = findConsent(state, target.consentId);
  const remaining = state.grants.some(
    (g) => g.consentId === target.consentId && g.revokedAt === undefined,
  );
  if (consent && !remaining && refreshConsent(consent, now) === 'valid')
    setConsentStatus(consent, 'revokedByPsu', now);
  return true;
}

/**
 * §1: the PSU revokes a whole consent directly with the bank (the bank need not tell the TPP):
 * every account still granted under it is revoked and a valid consent becomes `revokedByPsu`.
 * Returns how many grants were revoked; throws naming the problem when there is nothing to revoke.
 */
export function revokeConsent(state: DomainEntities, consentId: string, now: Date): number {
  const consent = findConsent(state, consentId);
  if (!consent) throw new Error(`there is no consent ${consentId}`);
  const active = state.grants.filter((g) => g.consentId === consentId && g.revokedAt === undefined);
  const status = refreshConsent(consent, now);
  if (active.length === 0 && status !== 'valid')
    throw new Error(`consent ${consentId} is ${status}: there is nothing to revoke`);
  for (const grant of active) grant.revokedAt = now.toISOString();
  if (status === 'valid') setConsentStatus(consent, 'revokedByPsu', now);
  return active.length;
}

/** §3.3: the bank blocks a card account or enables it again (a deleted one stays deleted). */
export function setCardAccountStatus(
  state: DomainEntities,
  resourceId: string,
  status: 'enabled' | 'blocked',
): boolean {
  const card = state.cardAccounts.find((candidate) => candidate.resourceId === resourceId);
  if (!card) throw new Error(`there is no card account ${resourceId}`);
  if (card.status === 'deleted') throw new Error(`card account ${resourceId} is deleted`);
  if (card.status === status) return false;
  card.status = status;
  return true;
}

/** §1: the bank may remove payment permission while the account stays visible to AIS. */
export function setPaymentPermission(
  state: DomainEntities,
  accountId: string,
  allowed: boolean,
): boolean {
  const account = state.accounts.find((candidate) => candidate.id === accountId);
  if (!account) return false;
  account.paymentPermission = allowed;
  return true;
}

export function paymentPermitted(state: DomainEntities, accountId: string): boolean {
  return state.accounts.find((candidate) => candidate.id === accountId)?.paymentPermission ?? false;
}

// ---- what AIS handlers call ----------------------------------------------------------------------

export interface AccountAccess {
  ok: true;
  consent: Consent;
  grant: AccessGrant;
}

/** The PSU, TPP and context a ResolvedPsu stands for; undefined without an identified PSU. */
export function scopeOf(psu: ResolvedPsu): ConsentScope | undefined {
  if (psu.customerNumber === undefined) return undefined;
  return {
    tppId: psu.tppId,
    customerNumber: psu.customerNumber,
    ...(psu.context === 'CORPORATE' && psu.agreementId !== undefined
      ? { agreementId: psu.agreementId }
      : {}),
  };
}

/**
 * Account-level consent check for AIS handlers (docs/sca.md "Access"): no valid consent in the
 * PSU's context → 401 CONSENT_EXPIRED (after 180 days) or CONSENT_INVALID; an account that is
 * unknown, closed, no longer consentable in the context, or not granted to this TPP → 404
 * RESOURCE_UNKNOWN, the same answer for all four so no TPP learns of accounts it was not given.
 */
export function requireAccountAccess(
  state: DomainEntities,
  psu: ResolvedPsu,
  account: { kind: HoldingKind; accountId: string },
  now: Date,
): AccountAccess | Rejection {
  const scope = scopeOf(psu);
  if (!scope)
    return reject(
      'access.psu-unknown',
      bankError('PSU_CREDENTIALS_INVALID', 'account information needs PSU-ID (§5.3.8)', {
        path: 'PSU-ID',
      }),
    );
  const consent = latestConsent(state, scope, now);
  const where = scope.agreementId === undefined ? 'private context' : 'this corporate agreement';
  if (!consent || consent.consentStatus !== 'valid') {
    if (consent?.consentStatus === 'expired')
      return reject(
        'access.consent-expired',
        bankError(
          'CONSENT_EXPIRED',
          `the PSU's consent for ${where} expired 180 days after its SCA (§5.3.7); start a new consent with POST /v1/consents`,
        ),
      );
    return reject(
      'access.consent-invalid',
      bankError(
        'CONSENT_INVALID',
        `the PSU has given this TPP no valid consent in ${where} (§1); start one with POST /v1/consents`,
      ),
    );
  }
  const grant = activeGrants(state, scope, now).find(
    (g) => g.accountKind === account.kind && g.accountId === account.accountId,
  );
  const consentable = consentableAccounts(state, {
    customerNumber: scope.customerNumber,
    ...(scope.agreementId !== undefined ? { agreementId: scope.agreementId } : {}),
  }).some((a) => a.kind === account.kind && a.id === account.accountId);
  if (!grant || !consentable)
    return reject(
      'access.account-not-granted',
      bankError(
        'RESOURCE_UNKNOWN',
        `${HOLDING_KIND_LABELS[account.kind]} '${account.accountId}' is unknown or not granted to this TPP in ${where}`,
        { path: 'account-id' },
      ),
    );
  return { ok: true, consent, grant };
}

/** The oldest booking date reachable without a fresh SCA (§5.3.7, §8: 90 days back). */
export function historyWithoutScaFrom(now: Date): string {
  return new Date(now.getTime() - HISTORY_WITHOUT_SCA_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/**
 * §5.3.7/§8: transaction history back to `dateFrom` (YYYY-MM-DD) may be read when it lies within
 * the last 90 days, or when the PSU completed SCA inside the current TPP session's hour
 * (`sessionScaAt`: ResolvedPsu.session?.scaCompletedAt).
 */
export function scaAgeAllowsHistory(input: {
  dateFrom: string;
  now: Date;
  sessionScaAt?: string | Date;
}): boolean {
  if (input.dateFrom >= historyWithoutScaFrom(input.now)) return true;
  if (input.sessionScaAt === undefined) return false;
  const age = input.now.getTime() - new Date(input.sessionScaAt).getTime();
  return age >= 0 && age < SCA_SESSION_VALIDITY_MS;
}

/** §8: calls without PSU-IP-Address need a consent at most 180 days old. */
export function consentAllowsCallsWithoutPsuIp(consent: Consent, now: Date): boolean {
  const until = consentValidUntil(consent);
  return until !== undefined && now < until;
}

/**
 * §8: at most 4 calls a day without PSU-IP-Address per consent and account (card account
 * transactions). Counts this call; the fifth of a bank-clock day is 429 ACCESS_EXCEEDED.
 */
export function countCallWithoutPsuIp(
  state: DomainEntities,
  consentId: string,
  accountId: string,
  now: Date,
): Rejection | undefined {
  const day = now.toISOString().slice(0, 10);
  let count = countsByDay.first(state.accessCounts, JSON.stringify([consentId, accountId, day]));
  if (!count) {
    count = { consentId, accountId, day, count: 0 };
    state.accessCounts.push(count);
  }
  if (count.count >= CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY)
    return reject(
      'access.calls-without-psu-ip-address',
      bankError(
        'ACCESS_EXCEEDED',
        `more than ${CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY} calls today without PSU-IP-Address for this account and consent (§8)`,
      ),
    );
  count.count++;
  return undefined;
}
