/** §3.1 scaStatus transitions (domain/authorisations.ts) and their table in docs/sca.md. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  SCA_TRANSITIONS,
  IllegalScaTransition,
  moveScaStatus,
  oneTimeCodeOf,
  redirectTo,
} from '../../../../main/core/bank/domain/authorisations.js';
import type { Authorisation } from '../../../../main/core/bank/domain/model.js';
import { SCA_STATUSES } from '../../../../main/core/spec/enums.js';

const at = '2025-01-01T00:00:00.000Z';
function authorisation(overrides: Partial<Authorisation> = {}): Authorisation {
  return {
    authorisationId: 'a1',
    kind: 'consent',
    tppId: 'tpp',
    tppSessionId: 's1',
    redirectUri: 'https://tpp.example/cb?state=xyz',
    scaStatus: 'RECEIVED',
    redirectPreferred: true,
    appLinkCandidate: false,
    createdAt: at,
    updatedAt: at,
    history: [{ scaStatus: 'RECEIVED', at }],
    site: { linkToken: 'l', formToken: 'f', loginAttempts: 0, resourcePath: '/v1/consents/c1' },
    ...overrides,
  };
}

describe('SCA_TRANSITIONS', () => {
  it('is the table in docs/sca.md, row for row', () => {
    const docs = readFileSync(new URL('../../../../docs/sca.md', import.meta.url), 'utf8');
    const section = docs.split('<!-- sca-transitions')[1]!.split('\n\n`FINALISED`')[0]!;
    const documented = [...section.matchAll(/^\|\s*([A-Z_]+)\s*\|\s*([A-Z_]+)\s*\|/gm)].map(
      (m) => `${m[1]}→${m[2]}`,
    );
    const coded = Object.entries(SCA_TRANSITIONS).flatMap(([from, targets]) =>
      targets.map((to) => `${from}→${to}`),
    );
    expect(documented.sort()).toEqual(coded.sort());
    expect(Object.keys(SCA_TRANSITIONS).sort()).toEqual([...SCA_STATUSES].sort());
  });

  it('refuses anything else, and leaves the final states final', () => {
    const a = authorisation();
    expect(() => moveScaStatus(a, 'FINALISED', new Date(at))).toThrow(IllegalScaTransition);
    moveScaStatus(a, 'PSU_IDENTIFIED', new Date(at));
    moveScaStatus(a, 'FAILED', new Date(at));
    for (const next of SCA_STATUSES)
      expect(() => moveScaStatus(a, next, new Date(at))).toThrow(IllegalScaTransition);
    expect(a.history.map((h) => h.scaStatus)).toEqual(['RECEIVED', 'PSU_IDENTIFIED', 'FAILED']);
  });
});

describe('redirect and one-time code', () => {
  it('keeps the TPP-Redirect-URI and its own query, adding the §6 parameters', () => {
    const url = new URL(redirectTo(authorisation(), { 'psu-id': 'p', context: 'PRIVATE' }));
    expect(url.origin + url.pathname).toBe('https://tpp.example/cb');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      state: 'xyz',
      'psu-id': 'p',
      context: 'PRIVATE',
    });
  });

  it('derives a six-digit code per authorisation secret', () => {
    const code = oneTimeCodeOf(authorisation());
    expect(code).toMatch(/^\d{6}$/);
    expect(oneTimeCodeOf(authorisation())).toBe(code);
    const other = authorisation({
      site: { linkToken: 'l', formToken: 'other', loginAttempts: 0, resourcePath: '/' },
    });
    expect(oneTimeCodeOf(other)).not.toBe(code);
  });
});
