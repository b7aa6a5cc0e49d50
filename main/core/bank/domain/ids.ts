/**
 * Identifiers of the bank's domain. Things created through the sandbox API (or, later, by payments)
 * get random UUIDs; the initial data and the fixed test-data fill use fixed, readable ids so a
 * fresh bank is the same every time.
 */
import { randomUUID } from 'node:crypto';
import { composeIBAN } from 'ibantools/jsnext/ibantools.js';
import { isValidNorwegianBban } from '../../spec/validators/norwegian-bban.js';

/** A new resource id (account, card account, transaction, agreement, engagement). */
export function newResourceId(): string {
  return randomUUID();
}

/**
 * The Norwegian IBAN of a BBAN: `NO`, ISO 13616 mod-97 check digits, the 11 BBAN digits
 * (decisions.md "Amounts and identities"). Undefined when the BBAN fails its mod-11 check.
 */
export function norwegianIban(bban: string): string | undefined {
  if (!isValidNorwegianBban(bban)) return undefined;
  return composeIBAN({ countryCode: 'NO', bban }) ?? undefined;
}

/** The BBAN inside an IBAN (everything after the country code and check digits). */
export function bbanOfIban(iban: string): string {
  return iban.slice(4);
}

/** The bank date (`YYYY-MM-DD`, UTC) `days` after (negative: before) the bank clock's `now`. */
export function bankDay(now: Date, days = 0): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
