import { describe, expect, it } from 'vitest';
import {
  isInt32,
  isValidIban,
  isValidNorwegianBban,
  minorUnitsToAmountString,
  validateAmountString,
  validateIban,
  validateKid,
  identityNumberCheckDigits,
  validateNorwegianIdentityNumber,
} from '../../../main/core/spec/index.js';

describe('IBAN (ISO 13616 mod-97)', () => {
  it('accepts valid IBANs in electronic format', () => {
    expect(validateIban('NO9386011117947')).toEqual({
      ok: true,
      countryCode: 'NO',
      bban: '86011117947',
    });
    expect(isValidIban('DE89370400440532013000')).toBe(true);
  });

  it('names the rule that broke', () => {
    expect(validateIban('NO9486011117947')).toMatchObject({ ok: false, rule: 'mod-97' });
    expect(validateIban('NO93 8601 1117 947')).toMatchObject({ ok: false, rule: 'format' });
    expect(validateIban('no9386011117947')).toMatchObject({ ok: false, rule: 'format' });
    expect(validateIban('NO938601111794')).toMatchObject({ ok: false, rule: 'bban' });
    expect(validateIban('QQ9386011117947')).toMatchObject({ ok: false, rule: 'country' });
    expect(validateIban(`NO93${'1'.repeat(31)}`)).toMatchObject({ ok: false, rule: 'length' });
  });
});

describe('Norwegian BBAN mod-11', () => {
  it('checks the eleventh digit', () => {
    expect(isValidNorwegianBban('86011117947')).toBe(true);
    expect(isValidNorwegianBban('15031234562')).toBe(true);
    expect(isValidNorwegianBban('86011117948')).toBe(false);
    expect(isValidNorwegianBban('8601111794')).toBe(false);
    expect(isValidNorwegianBban('8601111794a')).toBe(false);
  });
});

describe('Norwegian birth number and D-number', () => {
  it('computes the two check digits of the first nine', () => {
    expect(identityNumberCheckDigits('010190124')).toBe('80');
    expect(identityNumberCheckDigits('150385123')).toBe('63'); // Ola Nordmann, initial data
    // 11 - (sum mod 11) = 10 has no digit: such numbers are never issued.
    const noDigit = Array.from(
      { length: 1000 },
      (_, i) => `010190${String(i).padStart(3, '0')}`,
    ).find((firstNine) => identityNumberCheckDigits(firstNine) === undefined);
    expect(noDigit).toBeDefined();
  });

  it('accepts birth numbers with both check digits and a real date', () => {
    expect(validateNorwegianIdentityNumber('01019012480')).toEqual({
      ok: true,
      kind: 'birth-number',
      birthDate: '1990-01-01',
    });
    expect(validateNorwegianIdentityNumber('29020051033')).toMatchObject({
      birthDate: '2000-02-29',
    });
    expect(validateNorwegianIdentityNumber('15056591262')).toMatchObject({
      birthDate: '1965-05-15',
    });
    expect(validateNorwegianIdentityNumber('01010550048')).toMatchObject({
      birthDate: '2005-01-01',
    });
  });

  it('accepts D-numbers (first digit + 4)', () => {
    expect(validateNorwegianIdentityNumber('41019012393')).toEqual({
      ok: true,
      kind: 'd-number',
      birthDate: '1990-01-01',
    });
  });

  it('rejects a wrong first or second check digit', () => {
    expect(validateNorwegianIdentityNumber('01019012490')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('first'),
    });
    expect(validateNorwegianIdentityNumber('01019012481')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('second'),
    });
  });

  it('rejects a date that does not exist even with valid check digits', () => {
    expect(validateNorwegianIdentityNumber('29020151054')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('calendar date'),
    });
    expect(validateNorwegianIdentityNumber('31129949980').ok).toBe(true);
  });

  it('rejects wrong lengths and non-digits', () => {
    expect(validateNorwegianIdentityNumber('0101901248').ok).toBe(false);
    expect(validateNorwegianIdentityNumber('0101901248x').ok).toBe(false);
  });
});

describe('KID', () => {
  it('accepts MOD10 and MOD11 check digits', () => {
    expect(validateKid('23456767')).toEqual({ ok: true, algorithm: 'MOD10' });
    expect(validateKid('23456761')).toEqual({ ok: true, algorithm: 'MOD11' });
    expect(validateKid('1009-')).toEqual({ ok: true, algorithm: 'MOD11' });
  });

  it('rejects wrong check digits, lengths and characters', () => {
    expect(validateKid('23456768').ok).toBe(false);
    expect(validateKid('1').ok).toBe(false);
    expect(validateKid('1'.repeat(26)).ok).toBe(false);
    expect(validateKid('12a4').ok).toBe(false);
    expect(validateKid('1-09').ok).toBe(false);
  });
});

describe('amount strings (§2.1, §8)', () => {
  it('accepts fraction digits equal to the minor units', () => {
    expect(validateAmountString('123.45', 'NOK')).toEqual({ ok: true });
    expect(validateAmountString('-1.50', 'EUR')).toEqual({ ok: true });
    expect(validateAmountString('1000', 'JPY')).toEqual({ ok: true });
    expect(validateAmountString('1.234', 'BHD')).toEqual({ ok: true });
    expect(validateAmountString('9999999999999.00', 'NOK')).toEqual({ ok: true });
  });

  it('names the rule that broke', () => {
    expect(validateAmountString('12,50', 'NOK')).toMatchObject({ ok: false, rule: 'format' });
    expect(validateAmountString('1e3', 'NOK')).toMatchObject({ ok: false, rule: 'format' });
    expect(validateAmountString('', 'NOK')).toMatchObject({ ok: false, rule: 'format' });
    expect(validateAmountString('10.00', 'XAU')).toMatchObject({ ok: false, rule: 'currency' });
    expect(validateAmountString('1.000000', 'NOK')).toMatchObject({ ok: false, rule: 'scale' });
    expect(validateAmountString('10000000000000.00', 'NOK')).toMatchObject({
      ok: false,
      rule: 'precision',
    });
    expect(validateAmountString('10.5', 'NOK')).toMatchObject({ ok: false, rule: 'minor-units' });
    expect(validateAmountString('10', 'NOK')).toMatchObject({ ok: false, rule: 'minor-units' });
    expect(validateAmountString('10.00', 'JPY')).toMatchObject({ ok: false, rule: 'minor-units' });
  });
});

describe('int32 and minor-unit conversion', () => {
  it('checks the int32 range', () => {
    expect(isInt32(2147483647)).toBe(true);
    expect(isInt32(-2147483648)).toBe(true);
    expect(isInt32(2147483648)).toBe(false);
    expect(isInt32(-2147483649)).toBe(false);
    expect(isInt32(1.5)).toBe(false);
    expect(isInt32('1')).toBe(false);
  });

  it('turns sandbox minor units into production amount strings (decisions.md)', () => {
    expect(minorUnitsToAmountString(12345, 'NOK')).toBe('123.45');
    expect(minorUnitsToAmountString(5, 'NOK')).toBe('0.05');
    expect(minorUnitsToAmountString(-150, 'EUR')).toBe('-1.50');
    expect(minorUnitsToAmountString(1000, 'JPY')).toBe('1000');
    expect(minorUnitsToAmountString(1, 'BHD')).toBe('0.001');
    expect(minorUnitsToAmountString(1, 'XAU')).toBeUndefined();
    for (const [value, currency] of [
      [12345, 'NOK'],
      [7, 'KWD'],
      [-99, 'JPY'],
    ] as const)
      expect(validateAmountString(minorUnitsToAmountString(value, currency)!, currency).ok).toBe(
        true,
      );
  });
});
