/**
 * Account numbers the checks make up: Norwegian BBANs (decisions.md "Amounts and identities":
 * 11 digits, mod-11 check digit) and their ISO 13616 IBANs. The check digits come from the spec's
 * own helpers: the BBAN's from main/core/spec/validators/norwegian-bban.ts, the IBAN's from
 * main/core/spec/validators/iban.ts (which validates IBANs for the bank too).
 */
import { ibanOf } from '../../main/core/spec/validators/iban.js';
import { norwegianBbanCheckDigit } from '../../main/core/spec/validators/norwegian-bban.js';

/** `NO` + ISO 13616 mod-97 check digits + the BBAN (the BBAN's own check digit is not judged). */
export function ibanOfNorwegianBban(bban: string): string {
  const iban = ibanOf('NO', bban);
  if (!iban) throw new Error(`${bban} is not an 11-digit Norwegian BBAN`);
  return iban;
}

/**
 * A random Norwegian account number with a valid mod-11 check digit (decisions.md), in a
 * registration range the sandbox data does not use, and its IBAN. `validCheckDigit: false` gives
 * a BBAN whose check digit is wrong (and the IBAN of that BBAN, with correct mod-97 digits).
 */
export function freeNorwegianAccount(options: { validCheckDigit?: boolean } = {}): {
  bban: string;
  iban: string;
} {
  for (;;) {
    const firstTen = `9719${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    const check = norwegianBbanCheckDigit(firstTen);
    if (check === undefined) continue;
    const digit = options.validCheckDigit === false ? (check + 1) % 10 : check;
    const bban = `${firstTen}${digit}`;
    return { bban, iban: ibanOfNorwegianBban(bban) };
  }
}
