/**
 * §2.1 Currency (also ISOCurrencyCode): the spec's list, in the spec's order, and the ISO 4217
 * minor units that decide how many fraction digits an amount string carries (§2.1 Amount, §8).
 */
import currencyCodes from 'currency-codes';

export const CURRENCIES = [
  'AED',
  'AFN',
  'ALL',
  'AMD',
  'ANG',
  'AOA',
  'ARS',
  'AUD',
  'AWG',
  'AZN',
  'BAM',
  'BBD',
  'BDT',
  'BGN',
  'BHD',
  'BIF',
  'BMD',
  'BND',
  'BOB',
  'BRL',
  'BSD',
  'BTN',
  'BWP',
  'BYR',
  'BZD',
  'CAD',
  'CDF',
  'CHF',
  'CLP',
  'CNY',
  'COP',
  'CRC',
  'CUC',
  'CUP',
  'CVE',
  'CZK',
  'DJF',
  'DKK',
  'DOP',
  'DZD',
  'EGP',
  'ERN',
  'ETB',
  'EUR',
  'FJD',
  'FKP',
  'GBP',
  'GEL',
  'GGP',
  'GHS',
  'GIP',
  'GMD',
  'GNF',
  'GTQ',
  'GYD',
  'HKD',
  'HNL',
  'HRK',
  'HTG',
  'HUF',
  'IDR',
  'ILS',
  'IMP',
  'INR',
  'IQD',
  'IRR',
  'ISK',
  'JEP',
  'JMD',
  'JOD',
  'JPY',
  'KES',
  'KGS',
  'KHR',
  'KMF',
  'KPW',
  'KRW',
  'KWD',
  'KYD',
  'KZT',
  'LAK',
  'LBP',
  'LKR',
  'LRD',
  'LSL',
  'LYD',
  'MAD',
  'MDL',
  'MGA',
  'MKD',
  'MMK',
  'MNT',
  'MOP',
  'MRO',
  'MUR',
  'MVR',
  'MWK',
  'MXN',
  'MYR',
  'MZN',
  'NAD',
  'NGN',
  'NIO',
  'NOK',
  'NPR',
  'NZD',
  'OMR',
  'PAB',
  'PEN',
  'PGK',
  'PHP',
  'PKR',
  'PLN',
  'PYG',
  'QAR',
  'RON',
  'RSD',
  'RUB',
  'RWF',
  'SAR',
  'SBD',
  'SCR',
  'SDG',
  'SEK',
  'SGD',
  'SHP',
  'SLL',
  'SOS',
  'SPL',
  'SRD',
  'STD',
  'SVC',
  'SYP',
  'SZL',
  'THB',
  'TJS',
  'TMT',
  'TND',
  'TOP',
  'TRY',
  'TTD',
  'TVD',
  'TWD',
  'TZS',
  'UAH',
  'UGX',
  'USD',
  'UYU',
  'UZS',
  'VEF',
  'VND',
  'VUV',
  'WST',
  'XAF',
  'XCD',
  'XDR',
  'XOF',
  'XPF',
  'YER',
  'ZAR',
  'ZMW',
  'ZWD',
] as const;

export type Currency = (typeof CURRENCIES)[number];

const currencySet: ReadonlySet<string> = new Set(CURRENCIES);

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && currencySet.has(value);
}

/**
 * decisions.md: codes in the spec's list that ISO 4217 does not define take 2 minor units.
 * GGP, IMP and JEP are pound sterling variants, SPL the Seborga luigino, TVD the Tuvalu dollar.
 */
export const NON_ISO_CURRENCIES = ['GGP', 'IMP', 'JEP', 'SPL', 'TVD'] as const;

/**
 * Codes in the spec's list that ISO 4217 has withdrawn (list three, "historic denominations") and
 * that the `currency-codes` package therefore no longer carries. Their minor units are the ones ISO
 * published while the code was current.
 */
export const WITHDRAWN_ISO_MINOR_UNITS: Readonly<Record<string, number>> = {
  BYR: 0, // Belarusian ruble 2000–2016, replaced by BYN
  HRK: 2, // Croatian kuna, replaced by EUR 2023
  MRO: 2, // Ouguiya, replaced by MRU 2018
  SLL: 2, // Leone, replaced by SLE
  STD: 2, // Dobra, replaced by STN 2018
  VEF: 2, // Bolívar fuerte, replaced by VES 2018
  ZWD: 2, // Zimbabwe dollar, withdrawn 2009
};

function lookUpMinorUnits(code: Currency): number {
  if ((NON_ISO_CURRENCIES as readonly string[]).includes(code)) return 2;
  const withdrawn = WITHDRAWN_ISO_MINOR_UNITS[code];
  if (withdrawn !== undefined) return withdrawn;
  const record = currencyCodes.code(code);
  // ISO publishes "N.A." for a few funds codes (e.g. XDR); currency-codes gives 0 for those.
  if (record) return record.digits;
  throw new Error(`currencies: no ISO 4217 minor units known for ${code}`);
}

/** Minor units (fraction digits) per currency of the spec's list. Computed once, at load. */
export const CURRENCY_MINOR_UNITS: Readonly<Record<Currency, number>> = Object.freeze(
  Object.fromEntries(CURRENCIES.map((code) => [code, lookUpMinorUnits(code)])) as Record<
    Currency,
    number
  >,
);

/** Fraction digits an amount in `currency` must carry, or undefined for a code outside §2.1. */
export function minorUnits(currency: string): number | undefined {
  return isCurrency(currency) ? CURRENCY_MINOR_UNITS[currency] : undefined;
}
