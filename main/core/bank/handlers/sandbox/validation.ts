/**
 * Field rules of the sandbox bodies that a JSON Schema cannot say (§2.6, §4.3 rules 3, 6, 7,
 * decisions.md "Amounts and identities"): customers by number or identity number and their type,
 * currencies from the §2.1 list, Norwegian BBAN mod-11 and IBAN mod-97, calendar dates, balances
 * in the account's currency. Each check answers undefined or a Rejection naming the field.
 */
import { isCurrency } from '../../../spec/currencies.js';
import { validateIban } from '../../../spec/validators/iban.js';
import { isValidNorwegianBban } from '../../../spec/validators/norwegian-bban.js';
import type { Customer, DomainState } from '../../domain/model.js';
import { resolveCustomer } from '../../domain/parties.js';
import type { Rejection } from '../../http/refusal.js';
import { fieldProblem } from './common.js';

/**
 * §4.3 rule 7: the customer a body names — its format (customer number or birth/D-number), its
 * existence, and, when the operation needs one, its type.
 */
export function checkCustomer(
  state: DomainState,
  reference: string,
  path: string,
  expected?: { type: 'PRIVATE' | 'CORPORATE'; because: string },
): Customer | Rejection {
  const lookup = resolveCustomer(state, reference);
  if (!lookup.ok)
    return fieldProblem(
      lookup.reason === 'format' ? 'FORMAT_ERROR' : 'BAD_REQUEST',
      path,
      `${lookup.problem} (§4.3 rule 7)`,
    );
  if (expected && lookup.customer.type !== expected.type)
    return fieldProblem(
      'BAD_REQUEST',
      path,
      `customer '${lookup.customer.customerNumber}' (${lookup.customer.name}) is a ${lookup.customer.type} customer; ${expected.because} (§4.3 rule 7)`,
    );
  return lookup.customer;
}

/** A currency from the §2.1 list (sandbox currencies are plain strings, §2.6). */
export function checkCurrency(value: string, path: string): Rejection | undefined {
  return isCurrency(value)
    ? undefined
    : fieldProblem('FORMAT_ERROR', path, `'${value}' is not an ISO 4217 currency of the §2.1 list`);
}

/** An amount given in the account's currency. */
export function checkSameCurrency(
  value: string,
  expected: string,
  path: string,
  what: string,
): Rejection | undefined {
  return (
    checkCurrency(value, path) ??
    (value === expected
      ? undefined
      : fieldProblem('BAD_REQUEST', path, `must be ${expected}, the currency of the ${what}`))
  );
}

/** §2.6 Balance list: each in the account's currency, each balanceType at most once. */
export function checkBalances(
  balances: readonly { balanceAmount: { currency: string }; balanceType: string }[],
  currency: string,
  path: string,
  what: string,
): Rejection | undefined {
  const seen = new Set<string>();
  for (const [index, balance] of balances.entries()) {
    const at = `${path}[${index}]`;
    const problem = checkSameCurrency(
      balance.balanceAmount.currency,
      currency,
      `${at}.balanceAmount.currency`,
      what,
    );
    if (problem) return problem;
    if (seen.has(balance.balanceType))
      return fieldProblem(
        'BAD_REQUEST',
        `${at}.balanceType`,
        `${balance.balanceType} is given twice`,
      );
    seen.add(balance.balanceType);
  }
  return undefined;
}

/** A Norwegian BBAN: 11 digits, mod-11 check digit (decisions.md). */
export function checkNorwegianBban(value: string, path: string): Rejection | undefined {
  return isValidNorwegianBban(value)
    ? undefined
    : fieldProblem(
        'FORMAT_ERROR',
        path,
        `'${value}' is not a Norwegian BBAN (11 digits whose last digit is the mod-11 check digit)`,
      );
}

/** An ISO 13616 IBAN (mod-97, country format), electronic form. */
export function checkIban(value: string, path: string): Rejection | undefined {
  const check = validateIban(value);
  return check.ok
    ? undefined
    : fieldProblem('FORMAT_ERROR', path, `'${value}' is not a valid IBAN: ${check.problem}`);
}

/** `{ iban, bban }` of a counterparty: a valid IBAN and the BBAN inside it. */
export function checkAccountReference(
  reference: { iban: string; bban: string },
  path: string,
): Rejection | undefined {
  const problem = checkIban(reference.iban, `${path}.iban`);
  if (problem) return problem;
  if (reference.bban !== reference.iban.slice(4))
    return fieldProblem(
      'FORMAT_ERROR',
      `${path}.bban`,
      `'${reference.bban}' is not the BBAN of IBAN ${reference.iban} (expected '${reference.iban.slice(4)}')`,
    );
  return undefined;
}

export interface BankDate {
  /** `YYYY-MM-DD` as written. */
  day: string;
  /** The instant: a date alone is 00:00 UTC of that day. */
  instant: number;
}

/** §1 date or date-time; undefined when the date part is not a calendar date. */
export function parseBankDate(value: string): BankDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  const instant = value.length === 10 ? date.getTime() : Date.parse(value);
  return Number.isNaN(instant) ? undefined : { day: value.slice(0, 10), instant };
}

export function checkBankDate(value: string, path: string): BankDate | Rejection {
  return (
    parseBankDate(value) ??
    fieldProblem('FORMAT_ERROR', path, `'${value}' is not a calendar date (ISO 8601, §1)`)
  );
}
