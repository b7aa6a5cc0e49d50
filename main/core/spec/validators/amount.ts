/**
 * §2.1 Amount `amount`: a decimal string, contract precision 18 and scale 5, whose fraction digits
 * equal the ISO 4217 minor units of its currency (§8). Pure; says which rule broke.
 */
import { minorUnits } from '../currencies.js';
import {
  AMOUNT_PRECISION,
  AMOUNT_SCALE,
  BANK_AMOUNT_MINOR_UNITS_MAX,
  INT32_MAX,
  INT32_MIN,
} from '../limits.js';

export type AmountRule = 'format' | 'currency' | 'scale' | 'precision' | 'minor-units';

export type AmountCheck = { ok: true } | { ok: false; rule: AmountRule; text: string };

const DECIMAL = /^-?([0-9]+)(?:\.([0-9]+))?$/;

export function validateAmountString(amount: string, currency: string): AmountCheck {
  const match = DECIMAL.exec(amount);
  if (!match)
    return {
      ok: false,
      rule: 'format',
      text: `amount '${amount}' is not a decimal number (digits, optional '-', '.' as separator)`,
    };
  const units = minorUnits(currency);
  if (units === undefined)
    return { ok: false, rule: 'currency', text: `currency '${currency}' is not in the §2.1 list` };
  const integerDigits = match[1]!.replace(/^0+(?=[0-9])/, '').length;
  const fractionDigits = match[2]?.length ?? 0;
  if (fractionDigits > AMOUNT_SCALE)
    return {
      ok: false,
      rule: 'scale',
      text: `amount '${amount}' has ${fractionDigits} fraction digits; scale is at most ${AMOUNT_SCALE}`,
    };
  if (integerDigits > AMOUNT_PRECISION - AMOUNT_SCALE)
    return {
      ok: false,
      rule: 'precision',
      text: `amount '${amount}' exceeds precision ${AMOUNT_PRECISION} with scale ${AMOUNT_SCALE}`,
    };
  if (fractionDigits !== units)
    return {
      ok: false,
      rule: 'minor-units',
      text: `amount '${amount}' has ${fractionDigits} fraction digits; ${currency} has ${units} minor units`,
    };
  return { ok: true };
}

/** Sandbox amounts and paging parameters are int32 (§2.6, §4.2.3). */
export function isInt32(value: unknown): value is number {
  return (
    Number.isInteger(value) && (value as number) >= INT32_MIN && (value as number) <= INT32_MAX
  );
}

/**
 * decisions.md: sandbox int32 amounts are minor units of their currency; the production string
 * carries the decimals. 12345 NOK → "123.45". Undefined for a currency outside §2.1.
 */
export function minorUnitsToAmountString(value: number, currency: string): string | undefined {
  const units = minorUnits(currency);
  if (units === undefined || !Number.isInteger(value)) return undefined;
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(units + 1, '0');
  if (units === 0) return sign + digits;
  return `${sign}${digits.slice(0, -units)}.${digits.slice(-units)}`;
}

/**
 * The largest amount of `currency` the embedded bank can book (decisions.md "Ambiguities decided":
 * BANK_AMOUNT_MINOR_UNITS_MAX minor units, decimals per ISO 4217). Undefined outside §2.1.
 */
export function bankAmountLimit(currency: string): string | undefined {
  return minorUnitsToAmountString(BANK_AMOUNT_MINOR_UNITS_MAX, currency);
}

/**
 * The refusal text for an amount that is valid per §2.1 / §8 but beyond the bank's minor-unit
 * store: it names the limit so that a TPP does not read it as a format error.
 */
export function bankAmountLimitText(amount: string, currency: string): string {
  return `amount ${amount} ${currency} exceeds the bank's limit of ${bankAmountLimit(currency) ?? BANK_AMOUNT_MINOR_UNITS_MAX} ${currency} (minor-unit store), not a format error`;
}
