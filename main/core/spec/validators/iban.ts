/**
 * IBAN per ISO 13616-1 (§2.2 creditorAccount/debtorAccount `iban`): electronic format, country
 * BBAN structure, mod-97 check digits (decisions.md: the `ibantools` package), at most 34 (§8).
 */
import {
  ValidationErrorsIBAN,
  composeIBAN,
  validateIBAN as ibantoolsValidateIban,
} from 'ibantools/jsnext/ibantools.js';
import { boundedMemo } from '../../../shared/bounded-memo.js';
import { IBAN_MAX } from '../limits.js';

export type IbanCheck =
  { ok: true; countryCode: string; bban: string } | { ok: false; rule: IbanRule; problem: string };

export type IbanRule = 'format' | 'length' | 'country' | 'bban' | 'mod-97' | 'national-check';

const problemByIbantoolsError: Partial<Record<ValidationErrorsIBAN, [IbanRule, string]>> = {
  [ValidationErrorsIBAN.NoIBANCountry]: ['country', 'its country code has no IBAN format'],
  [ValidationErrorsIBAN.WrongBBANLength]: ['bban', 'its length does not fit the country format'],
  [ValidationErrorsIBAN.WrongBBANFormat]: ['bban', 'its BBAN does not fit the country format'],
  [ValidationErrorsIBAN.ChecksumNotNumber]: ['format', 'its check digits are not numeric'],
  [ValidationErrorsIBAN.WrongIBANChecksum]: ['mod-97', 'its ISO 13616 mod-97 check fails'],
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: [
    'national-check',
    'the national check digit of its BBAN is wrong',
  ],
};

/** The IBANs whose check is kept: a TPP pays from and to a handful of accounts. */
const IBANS_KEPT = 256;

/**
 * Validates an IBAN in electronic format (upper-case, no spaces), as payloads carry it; a value's
 * check is made once (bounded-memo.ts): a payment's IBANs are checked by its schema and its handler.
 */
export const validateIban: (value: string) => IbanCheck = boundedMemo(IBANS_KEPT, checkIban);

function checkIban(value: string): IbanCheck {
  if (value.length > IBAN_MAX)
    return { ok: false, rule: 'length', problem: `longer than ${IBAN_MAX} characters` };
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(value))
    return {
      ok: false,
      rule: 'format',
      problem: 'not in electronic format (two upper-case letters, two check digits, then A-Z/0-9)',
    };
  const result = ibantoolsValidateIban(value);
  if (!result.valid) {
    // Report the most basic failure first: country, then structure, then check digits.
    const [first] = [...result.errorCodes].sort((a, b) => a - b);
    const [rule, problem] = (first !== undefined && problemByIbantoolsError[first]) || [
      'format',
      'not a valid IBAN',
    ];
    return { ok: false, rule, problem };
  }
  return { ok: true, countryCode: value.slice(0, 2), bban: value.slice(4) };
}

export function isValidIban(value: string): boolean {
  return validateIban(value).ok;
}

/**
 * The IBAN of a BBAN: country code, ISO 13616 mod-97 check digits, the BBAN (whose own national
 * check digit is not judged here). Undefined when the BBAN does not fit the country's format.
 */
export function ibanOf(countryCode: string, bban: string): string | undefined {
  return composeIBAN({ countryCode, bban }) ?? undefined;
}
