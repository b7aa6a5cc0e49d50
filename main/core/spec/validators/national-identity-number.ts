/**
 * Norwegian national identity numbers (X-PSU-IDENTITY §4.1, sandbox mock PSUs §1, decisions.md):
 * a birth number (fødselsnummer) DDMMYY + 3-digit individual number + 2 mod-11 check digits, or a
 * D-number, which is the same with 4 added to the first digit of the day.
 */
import { boundedMemo } from '../../../shared/bounded-memo.js';

/** The identity numbers whose check is kept: a workbench's TPPs use a handful of test PSUs. */
const IDENTITIES_KEPT = 256;
const K1_WEIGHTS = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;
const K2_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

export type NationalIdentityNumberCheck =
  | { ok: true; kind: 'birth-number' | 'd-number'; birthDate: string }
  | { ok: false; problem: string };

function mod11(digits: readonly number[], weights: readonly number[]): number | undefined {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digits[i]! * weights[i]!;
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  if (check === 10) return undefined; // no valid number has this remainder
  return check;
}

/** Century from the individual number and the two-digit year (Skatteetaten's allocation rules). */
function fullYear(individual: number, yy: number): number | undefined {
  if (individual <= 499) return 1900 + yy;
  if (individual <= 749 && yy >= 54) return 1800 + yy;
  if (individual >= 500 && yy <= 39) return 2000 + yy;
  if (individual >= 900 && yy >= 40) return 1900 + yy;
  return undefined;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** The two check digits for the first nine digits, or undefined when no valid number has them. */
export function identityNumberCheckDigits(firstNine: string): string | undefined {
  const digits = [...firstNine].map(Number);
  const k1 = mod11(digits, K1_WEIGHTS);
  if (k1 === undefined) return undefined;
  const k2 = mod11([...digits, k1], K2_WEIGHTS);
  return k2 === undefined ? undefined : `${k1}${k2}`;
}

/**
 * The check of `value`; a TPP sends the same X-PSU-IDENTITY on every request, which the header
 * stage and the session stage both check, so a value's check is made once (bounded-memo.ts).
 */
export const validateNorwegianIdentityNumber: (value: string) => NationalIdentityNumberCheck =
  boundedMemo(IDENTITIES_KEPT, checkNorwegianIdentityNumber);

function checkNorwegianIdentityNumber(value: string): NationalIdentityNumberCheck {
  if (!/^[0-9]{11}$/.test(value)) return { ok: false, problem: 'must be exactly 11 digits' };
  const digits = [...value].map(Number);
  const k1 = mod11(digits, K1_WEIGHTS);
  if (k1 === undefined || k1 !== digits[9])
    return { ok: false, problem: 'first mod-11 check digit is wrong' };
  const k2 = mod11(digits, K2_WEIGHTS);
  if (k2 === undefined || k2 !== digits[10])
    return { ok: false, problem: 'second mod-11 check digit is wrong' };

  let day = Number(value.slice(0, 2));
  const kind = day > 40 ? 'd-number' : 'birth-number';
  if (kind === 'd-number') day -= 40;
  const month = Number(value.slice(2, 4));
  const yy = Number(value.slice(4, 6));
  const year = fullYear(Number(value.slice(6, 9)), yy);
  if (year === undefined)
    return { ok: false, problem: 'individual number does not fit the birth year' };
  if (!isCalendarDate(year, month, day))
    return { ok: false, problem: `date part is not a calendar date (${kind})` };
  const birthDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { ok: true, kind, birthDate };
}

export function isValidNorwegianIdentityNumber(value: string): boolean {
  return validateNorwegianIdentityNumber(value).ok;
}
