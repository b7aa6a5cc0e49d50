/** Consent grants and the access checks AIS handlers call (domain/access.ts, docs/sca.md). */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  activeGrants,
  applyConsentChoice,
  consentAllowsCallsWithoutPsuIp,
  countCallWithoutPsuIp,
  paymentPermitted,
  refreshConsent,
  requireAccountAccess,
  revokeConsent,
  revokeGrant,
  scaAgeAllowsHistory,
  setCardAccountStatus,
  setPaymentPermission,
} from '../../../../main/core/bank/domain/access.js';
import {
  INITIAL_CUSTOMERS,
  buildInitialState,
} from '../../../../main/core/bank/domain/initial-data.js';
import type { Consent, DomainState } from '../../../../main/core/bank/domain/model.js';
import { consentableAccounts } from '../../../../main/core/bank/domain/parties.js';
import type { ResolvedPsu } from '../../../../main/core/bank/domain/psu.js';
import { isRejection } from '../../../../main/core/bank/http/refusal.js';

const DAY = 24 * 60 * 60 * 1000;
const t0 = new Date('2025-06-01T12:00:00Z');
const later = (days: number) => new Date(t0.getTime() + days * DAY);
const OLA = INITIAL_CUSTOMERS.find((c) => c.name === 'Ola Nordmann')!;
const scope = { tppId: 'tpp', customerNumber: OLA.customerNumber };
const psu: ResolvedPsu = {
  tppId: 'tpp',
  customerNumber: OLA.customerNumber,
  context: 'PRIVATE',
  redirectPreferred: true,
  appLinkCandidate: false,
  sessionState: 'none',
};

let state: DomainState;
let accounts: ReturnType<typeof consentableAccounts>;
const newConsent = (id: string): Consent => {
  const consent: Consent = {
    consentId: id,
    tppId: 'tpp',
    consentStatus: 'received',
    createdAt: t0.toISOString(),
  };
  state.consents.push(consent);
  return consent;
};
const choice = (...items: typeof accounts) => items.map((a) => ({ kind: a.kind, accountId: a.id }));
const code = (result: unknown) =>
  isRejection(result) ? result.error.body.tppMessages[0]!.code : 'ok';

beforeEach(() => {
  state = buildInitialState(t0);
  accounts = consentableAccounts(state, { customerNumber: OLA.customerNumber });
});

describe('applyConsentChoice', () => {
  it('grants ticked accounts, revokes unticked ones, and makes the consent the valid one', () => {
    const [a, b] = accounts;
    const first = newConsent('c1');
    expect(applyConsentChoice(state, first, scope, choice(a!, b!), t0)).toEqual({
      granted: 2,
      revoked: 0,
    });
    const second = newConsent('c2');
    expect(applyConsentChoice(state, second, scope, choice(a!), later(1))).toEqual({
      granted: 1,
      revoked: 1,
    });
    expect(first.consentStatus).toBe('expired');
    expect(second.consentStatus).toBe('valid');
    expect(activeGrants(state, scope, later(1)).map((g) => g.accountId)).toEqual([a!.id]);
  });

  it('nothing ticked: revokedByPsu', () => {
    const consent = newConsent('c1');
    applyConsentChoice(state, consent, scope, [], t0);
    expect(consent.consentStatus).toBe('revokedByPsu');
  });
});

describe('requireAccountAccess', () => {
  it('ok for a granted account; 404 RESOURCE_UNKNOWN for ungranted or unknown ones', () => {
    const [a, b] = accounts;
    applyConsentChoice(state, newConsent('c1'), scope, choice(a!), t0);
    expect(code(requireAccountAccess(state, psu, { kind: a!.kind, accountId: a!.id }, t0))).toBe(
      'ok',
    );
    expect(code(requireAccountAccess(state, psu, { kind: b!.kind, accountId: b!.id }, t0))).toBe(
      'RESOURCE_UNKNOWN',
    );
    expect(code(requireAccountAccess(state, psu, { kind: 'account', accountId: 'nope' }, t0))).toBe(
      'RESOURCE_UNKNOWN',
    );
    // the same account in corporate context is another scope
    const corporate = {
      ...psu,
      context: 'CORPORATE' as const,
      agreementId: state.agreements.find((x) => x.type === 'CORPORATE')!.id,
    };
    expect(
      code(requireAccountAccess(state, corporate, { kind: a!.kind, accountId: a!.id }, t0)),
    ).toBe('CONSENT_INVALID');
  });

  it('401 CONSENT_INVALID without consent; CONSENT_EXPIRED from day 180 after the SCA', () => {
    const [a] = accounts;
    const target = { kind: a!.kind, accountId: a!.id };
    expect(code(requireAccountAccess(state, psu, target, t0))).toBe('CONSENT_INVALID');
    const consent = newConsent('c1');
    applyConsentChoice(state, consent, scope, choice(a!), t0);
    expect(code(requireAccountAccess(state, psu, target, new Date(later(180).getTime() - 1)))).toBe(
      'ok',
    );
    expect(consentAllowsCallsWithoutPsuIp(consent, later(179))).toBe(true);
    expect(code(requireAccountAccess(state, psu, target, later(180)))).toBe('CONSENT_EXPIRED');
    expect(consent.consentStatus).toBe('expired');
    expect(consentAllowsCallsWithoutPsuIp(consent, later(180))).toBe(false);
    expect(refreshConsent(consent, later(200))).toBe('expired');
  });

  it('a closed account disappears even when granted (§7.3)', () => {
    const account = accounts.find((x) => x.kind === 'account')!;
    applyConsentChoice(state, newConsent('c1'), scope, choice(account), t0);
    state.accounts.find((x) => x.id === account.id)!.status = 'closed';
    expect(
      code(requireAccountAccess(state, psu, { kind: 'account', accountId: account.id }, t0)),
    ).toBe('RESOURCE_UNKNOWN');
  });
});

describe('bank console', () => {
  it('revokeGrant ends one account; revoking the last makes the consent revokedByPsu', () => {
    const [a, b] = accounts;
    const consent = newConsent('c1');
    applyConsentChoice(state, consent, scope, choice(a!, b!), t0);
    expect(revokeGrant(state, { ...scope, accountId: a!.id }, t0)).toBe(true);
    expect(revokeGrant(state, { ...scope, accountId: a!.id }, t0)).toBe(false);
    expect(consent.consentStatus).toBe('valid');
    expect(code(requireAccountAccess(state, psu, { kind: a!.kind, accountId: a!.id }, t0))).toBe(
      'RESOURCE_UNKNOWN',
    );
    revokeGrant(state, { ...scope, accountId: b!.id }, t0);
    expect(consent.consentStatus).toBe('revokedByPsu');
  });

  it('revokeConsent ends every account of the consent at once; a second revoke is refused', () => {
    const [a, b] = accounts;
    const consent = newConsent('c1');
    applyConsentChoice(state, consent, scope, choice(a!, b!), t0);
    expect(revokeConsent(state, 'c1', t0)).toBe(2);
    expect(consent.consentStatus).toBe('revokedByPsu');
    expect(
      code(requireAccountAccess(state, psu, { kind: a!.kind, accountId: a!.id }, t0)),
    ).not.toBe('ok');
    expect(() => revokeConsent(state, 'c1', t0)).toThrow('is revokedByPsu');
    expect(() => revokeConsent(state, 'nope', t0)).toThrow('there is no consent nope');
  });

  it('setCardAccountStatus blocks and enables a card account, never a deleted one', () => {
    const card = state.cardAccounts.find((c) => c.status === 'enabled')!;
    expect(setCardAccountStatus(state, card.resourceId, 'blocked')).toBe(true);
    expect(card.status).toBe('blocked');
    expect(setCardAccountStatus(state, card.resourceId, 'blocked')).toBe(false);
    expect(setCardAccountStatus(state, card.resourceId, 'enabled')).toBe(true);
    card.status = 'deleted';
    expect(() => setCardAccountStatus(state, card.resourceId, 'enabled')).toThrow('is deleted');
    expect(() => setCardAccountStatus(state, 'nope', 'blocked')).toThrow('no card account');
  });

  it('setPaymentPermission removes payment permission but keeps the account visible', () => {
    const account = accounts.find((x) => x.kind === 'account')!;
    applyConsentChoice(state, newConsent('c1'), scope, choice(account), t0);
    expect(paymentPermitted(state, account.id)).toBe(true);
    expect(setPaymentPermission(state, account.id, false)).toBe(true);
    expect(paymentPermitted(state, account.id)).toBe(false);
    expect(
      code(requireAccountAccess(state, psu, { kind: 'account', accountId: account.id }, t0)),
    ).toBe('ok');
    expect(setPaymentPermission(state, 'nope', false)).toBe(false);
  });
});

describe('time rules', () => {
  it('history: 90 days back without SCA, older only with SCA inside the session hour', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(scaAgeAllowsHistory({ dateFrom: '2025-03-03', now })).toBe(true); // 90 days back
    expect(scaAgeAllowsHistory({ dateFrom: '2025-03-02', now })).toBe(false);
    const fresh = new Date(now.getTime() - 59 * 60 * 1000);
    const stale = new Date(now.getTime() - 61 * 60 * 1000);
    expect(scaAgeAllowsHistory({ dateFrom: '2020-01-01', now, sessionScaAt: fresh })).toBe(true);
    expect(scaAgeAllowsHistory({ dateFrom: '2020-01-01', now, sessionScaAt: stale })).toBe(false);
  });

  it('four calls a day without PSU-IP-Address per consent and account; the fifth is 429', () => {
    for (let i = 0; i < 4; i++)
      expect(countCallWithoutPsuIp(state, 'c1', 'a1', t0)).toBeUndefined();
    const fifth = countCallWithoutPsuIp(state, 'c1', 'a1', t0);
    expect(fifth?.error).toMatchObject({ status: 429 });
    expect(code(fifth)).toBe('ACCESS_EXCEEDED');
    expect(countCallWithoutPsuIp(state, 'c1', 'a2', t0)).toBeUndefined();
    expect(countCallWithoutPsuIp(state, 'c1', 'a1', later(1))).toBeUndefined();
  });
});
