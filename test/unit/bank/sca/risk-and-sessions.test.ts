/** §3.1 risk rule (domain/risk.ts) and §3.4 sessions (domain/sessions.ts). */
import { describe, expect, it } from 'vitest';
import { emptyDomainState, type DomainState } from '../../../../main/core/bank/domain/model.js';
import { scaRequired } from '../../../../main/core/bank/domain/risk.js';
import {
  completeSca,
  findSession,
  sessionState,
} from '../../../../main/core/bank/domain/sessions.js';

const HOUR = 60 * 60 * 1000;

function withPolicy(mode: 'always' | 'exempt-below' | 'never', thresholdMinor = 0): DomainState {
  const state = emptyDomainState();
  state.behaviour.riskPolicy = { mode, thresholdMinor };
  return state;
}

describe('scaRequired', () => {
  it('always for consents, whatever the policy or session', () => {
    expect(scaRequired(withPolicy('never'), { kind: 'consent', sessionValid: true })).toBe(true);
  });

  it('identity and AIS calls only without SCA in the session', () => {
    expect(scaRequired(withPolicy('always'), { kind: 'user', sessionValid: true })).toBe(false);
    expect(scaRequired(withPolicy('never'), { kind: 'user' })).toBe(true);
    expect(scaRequired(withPolicy('never'), { kind: 'account-information' })).toBe(true);
  });

  it('payments and baskets follow riskPolicy; the session never covers them', () => {
    expect(scaRequired(withPolicy('always'), { kind: 'payment', amountMinor: 1 })).toBe(true);
    expect(scaRequired(withPolicy('never'), { kind: 'basket', amountMinor: 10 ** 9 })).toBe(false);
    const below = withPolicy('exempt-below', 5_000);
    expect(scaRequired(below, { kind: 'payment', amountMinor: 5_000, sessionValid: true })).toBe(
      false,
    );
    expect(scaRequired(below, { kind: 'payment', amountMinor: 5_001 })).toBe(true);
    expect(scaRequired(below, { kind: 'payment' })).toBe(true);
  });
});

describe('TPP sessions', () => {
  const t0 = new Date('2025-03-01T10:00:00Z');
  const sca = (tppSessionId: string, customerNumber = 'c1', tppId = 'tpp') => ({
    tppId,
    tppSessionId,
    customerNumber,
    context: 'PRIVATE' as const,
  });

  it('is valid for exactly one hour on the bank clock', () => {
    const state = emptyDomainState();
    const session = completeSca(state, sca('s1'), t0);
    expect(sessionState(session, new Date(t0.getTime() + HOUR - 1))).toBe('valid');
    expect(sessionState(session, new Date(t0.getTime() + HOUR))).toBe('expired');
    expect(sessionState(undefined, t0)).toBe('none');
  });

  it('completing SCA under a new id replaces the old one of the same TPP and PSU only', () => {
    const state = emptyDomainState();
    completeSca(state, sca('s1'), t0);
    completeSca(state, sca('other-psu', 'c2'), t0);
    completeSca(state, sca('other-tpp', 'c1', 'tpp2'), t0);
    completeSca(state, sca('s2'), new Date(t0.getTime() + 1000));
    expect(findSession(state, 'tpp', 's1')).toMatchObject({ state: 'replaced', replacedBy: 's2' });
    expect(sessionState(findSession(state, 'tpp', 'other-psu'), t0)).toBe('valid');
    expect(sessionState(findSession(state, 'tpp2', 'other-tpp'), t0)).toBe('valid');
    expect(sessionState(findSession(state, 'tpp', 's2'), t0)).toBe('valid');
  });

  it('renewing SCA under the same id restarts its hour', () => {
    const state = emptyDomainState();
    completeSca(state, sca('s1'), t0);
    const later = new Date(t0.getTime() + 50 * 60 * 1000);
    completeSca(state, sca('s1'), later);
    expect(state.sessions).toHaveLength(1);
    expect(sessionState(state.sessions[0], new Date(t0.getTime() + 90 * 60 * 1000))).toBe('valid');
  });
});
