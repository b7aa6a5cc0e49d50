import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  CURRENCIES,
  CURRENCY_MINOR_UNITS,
  NON_ISO_CURRENCIES,
  isCountry,
  isCurrency,
  minorUnits,
} from '../../../main/core/spec/index.js';
import { listAfter } from './specText.js';

describe('§2.1 currency list', () => {
  it('equals the spec text exactly, in order', () => {
    const fromSpec = listAfter('**Currency** (also ISOCurrencyCode) allowed values:');
    expect(fromSpec).toHaveLength(162);
    expect([...CURRENCIES]).toEqual(fromSpec);
  });

  it('has no duplicates and recognises members only', () => {
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
    expect(isCurrency('NOK')).toBe(true);
    expect(isCurrency('nok')).toBe(false);
    expect(isCurrency('XAU')).toBe(false); // ISO code, but not in the §2.1 list
    expect(isCurrency(42)).toBe(false);
  });

  it('gives every listed currency its ISO 4217 minor units', () => {
    for (const code of CURRENCIES) expect(Number.isInteger(CURRENCY_MINOR_UNITS[code])).toBe(true);
    expect(minorUnits('NOK')).toBe(2);
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('ISK')).toBe(0);
    expect(minorUnits('BHD')).toBe(3);
    expect(minorUnits('KWD')).toBe(3);
    expect(minorUnits('CLP')).toBe(0);
    expect(minorUnits('BYR')).toBe(0); // withdrawn ISO code, historic value
    expect(minorUnits('XAU')).toBeUndefined();
  });

  it('gives the non-ISO codes 2 (decisions.md)', () => {
    expect([...NON_ISO_CURRENCIES]).toEqual(['GGP', 'IMP', 'JEP', 'SPL', 'TVD']);
    for (const code of NON_ISO_CURRENCIES) expect(minorUnits(code)).toBe(2);
  });
});

describe('§2.1 country list', () => {
  it('equals the spec text exactly, in order', () => {
    const fromSpec = listAfter(
      '**Country** (ISO 3166-1 alpha-2, at most 2 characters; also ISOCountryCode) allowed values:',
    );
    expect(fromSpec).toHaveLength(249);
    expect([...COUNTRIES]).toEqual(fromSpec);
  });

  it('has two-letter upper-case codes only, no duplicates', () => {
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    for (const code of COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(isCountry('NO')).toBe(true);
    expect(isCountry('XK')).toBe(false);
  });
});
