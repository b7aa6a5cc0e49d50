/** The pure helpers of suites/kit/: account numbers, dates and the PSU headers of a redirect. */
import { describe, expect, it } from 'vitest';
import { isValidIban } from '../../../main/core/spec/validators/iban';
import { isValidNorwegianBban } from '../../../main/core/spec/validators/norwegian-bban';
import { freeNorwegianAccount, ibanOfNorwegianBban } from '../../../suites/kit/account-numbers';
import { DATE, dayFromToday } from '../../../suites/kit/dates';
import { psuHeaders } from '../../../suites/kit/sca';

describe('ibanOfNorwegianBban', () => {
  it('gives the documented IBANs of the sandbox data (mod-97 check digits)', () => {
    expect(ibanOfNorwegianBban('97100512347')).toBe('NO5297100512347');
    expect(ibanOfNorwegianBban('86011117947')).toBe('NO9386011117947');
  });
});

describe('freeNorwegianAccount', () => {
  it('makes BBANs with a valid mod-11 check digit and their valid IBANs', () => {
    for (let i = 0; i < 200; i++) {
      const { bban, iban } = freeNorwegianAccount();
      expect(isValidNorwegianBban(bban), bban).toBe(true);
      expect(iban).toBe(`${iban.slice(0, 4)}${bban}`);
      expect(isValidIban(iban), iban).toBe(true);
    }
  });

  it('makes a wrong check digit on request, with the IBAN of that BBAN', () => {
    for (let i = 0; i < 200; i++) {
      const { bban, iban } = freeNorwegianAccount({ validCheckDigit: false });
      expect(bban, bban).toMatch(/^\d{11}$/);
      expect(isValidNorwegianBban(bban), bban).toBe(false);
      expect(iban).toBe(ibanOfNorwegianBban(bban));
    }
  });
});

describe('dayFromToday', () => {
  it('counts whole days in UTC from the given instant', () => {
    const from = new Date('2026-03-01T23:30:00Z');
    expect(dayFromToday(0, from)).toBe('2026-03-01');
    expect(dayFromToday(-1, from)).toBe('2026-02-28');
    expect(dayFromToday(31, from)).toBe('2026-04-01');
    expect(DATE.test(dayFromToday(5, from))).toBe(true);
  });
});

describe('psuHeaders', () => {
  it('sends PSU-ID, and PSU-Corporate-ID only after corporate SCA', () => {
    const base = { url: 'x', params: {}, psuId: 'p', tppSessionId: 's' };
    expect(psuHeaders({ ...base, outcome: 'success', context: 'PRIVATE' })).toEqual({
      'PSU-ID': 'p',
    });
    expect(
      psuHeaders({ ...base, outcome: 'success', context: 'CORPORATE', psuCorporateId: 'c' }),
    ).toEqual({ 'PSU-ID': 'p', 'PSU-Corporate-ID': 'c' });
    expect(
      psuHeaders({ outcome: 'failure', url: 'x', params: {}, status: 401, code: 'X', message: '' }),
    ).toEqual({});
  });
});
