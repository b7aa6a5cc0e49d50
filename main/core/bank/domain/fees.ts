/**
 * The fee schedule (§2.3 `transactionFees`, `transactionFeeIndicator`): a fixed fee per payment
 * product and a currency conversion fee when the instructed currency differs from the debtor
 * account's, both in the debtor account's currency. Where the bank keeps it:
 * `BankBehaviour.feeSchedule` (bank console); absent means DEFAULT_FEE_SCHEDULE. Pricing is the
 * bank's own (§2.3 "not shown"); docs/payments.md lists the defaults.
 *
 * Exchange rates are mid rates in the schedule's home currency (NOK per unit); conversion rounds
 * half up to the target currency's ISO 4217 minor units. Pure functions, integer arithmetic only.
 */
import { Type, type Static } from '@sinclair/typebox';
import { minorUnits } from '../../spec/currencies.js';

export const FeeScheduleSchema = Type.Object({
  /** The home currency: fixed fees and the conversion minimum are stated in it. */
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  /** Fixed fee per credit transfer of a payment product (minor units of `currency`); unlisted: free. */
  perProduct: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  /** Conversion fee: basis points of the converted amount, at least `minimumMinor` (home currency). */
  conversion: Type.Object({
    basisPoints: Type.Integer({ minimum: 0, maximum: 10_000 }),
    minimumMinor: Type.Integer({ minimum: 0 }),
  }),
  /** Units of the home currency for one unit of each currency, e.g. `"11.50"` for EUR in NOK. */
  exchangeRates: Type.Record(Type.String(), Type.String({ pattern: '^[0-9]+(\\.[0-9]{1,6})?$' })),
});
export type FeeSchedule = Static<typeof FeeScheduleSchema>;

export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  currency: 'NOK',
  perProduct: { 'cross-border-credit-transfers': 2_500, ncbct: 1_000 },
  conversion: { basisPoints: 50, minimumMinor: 1_000 },
  exchangeRates: {
    EUR: '11.50',
    USD: '10.60',
    GBP: '13.40',
    SEK: '0.98',
    DKK: '1.54',
    CHF: '12.10',
    PLN: '2.65',
    ISK: '0.077',
    CAD: '7.70',
    AUD: '6.90',
    JPY: '0.071',
    BHD: '28.10',
    KWD: '34.50',
    GGP: '13.40',
    IMP: '13.40',
    JEP: '13.40',
    TVD: '6.90',
    SPL: '63.60',
  },
};

export function feeScheduleOf(behaviour: { feeSchedule?: FeeSchedule }): FeeSchedule {
  return behaviour.feeSchedule ?? DEFAULT_FEE_SCHEDULE;
}

const RATE_SCALE = 1_000_000n;

function scaledRate(schedule: FeeSchedule, currency: string): bigint | undefined {
  if (currency === schedule.currency) return RATE_SCALE;
  const text = schedule.exchangeRates[currency];
  if (text === undefined) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  const rate = BigInt(whole) * RATE_SCALE + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  return rate > 0n ? rate : undefined;
}

/** Whether the bank can convert between the two currencies (same currency: always). */
export function canConvert(schedule: FeeSchedule, from: string, to: string): boolean {
  return (
    from === to ||
    (scaledRate(schedule, from) !== undefined && scaledRate(schedule, to) !== undefined)
  );
}

/** `amountMinor` of `from` in minor units of `to`, rounded half up; undefined without a rate. */
export function convertMinor(
  schedule: FeeSchedule,
  amountMinor: number,
  from: string,
  to: string,
): number | undefined {
  if (from === to) return amountMinor;
  const rateFrom = scaledRate(schedule, from);
  const rateTo = scaledRate(schedule, to);
  const unitsFrom = minorUnits(from);
  const unitsTo = minorUnits(to);
  if (!rateFrom || !rateTo || unitsFrom === undefined || unitsTo === undefined) return undefined;
  const negative = amountMinor < 0;
  const numerator = BigInt(Math.abs(amountMinor)) * rateFrom * 10n ** BigInt(unitsTo);
  const denominator = rateTo * 10n ** BigInt(unitsFrom);
  const rounded = (numerator * 2n + denominator) / (2n * denominator);
  return Number(negative ? -rounded : rounded);
}

export interface FeeInput {
  paymentProduct: string;
  debtorCurrency: string;
  /** Each credit transfer (one, or a bulk's elements): instructed amount and currency. */
  transfers: readonly { amountMinor: number; currency: string }[];
}

export interface FeeQuote {
  /** Total fee in minor units of the debtor account's currency (§2.3: conversion included). */
  totalMinor: number;
  /** The conversion part of the total. */
  conversionMinor: number;
  /** What each transfer debits, in the debtor account's currency (fees not included). */
  debitsMinor: number[];
  /** Each transfer's share of the total (fixed plus its conversion fee). */
  feesMinor: number[];
}

/**
 * The fees of a payment; undefined when a currency cannot be converted (no exchange rate). A
 * fixed fee applies per credit transfer; the conversion fee to each transfer in another currency.
 */
export function quoteFees(schedule: FeeSchedule, input: FeeInput): FeeQuote | undefined {
  const { debtorCurrency } = input;
  const home = (minor: number) => convertMinor(schedule, minor, schedule.currency, debtorCurrency);
  const fixed = home(schedule.perProduct[input.paymentProduct] ?? 0);
  const minimum = home(schedule.conversion.minimumMinor);
  if (fixed === undefined || minimum === undefined) return undefined;
  let totalMinor = 0;
  let conversionMinor = 0;
  const debitsMinor: number[] = [];
  const feesMinor: number[] = [];
  for (const transfer of input.transfers) {
    const debit = convertMinor(schedule, transfer.amountMinor, transfer.currency, debtorCurrency);
    if (debit === undefined) return undefined;
    debitsMinor.push(debit);
    let fee = fixed;
    if (transfer.currency !== debtorCurrency) {
      const share = Math.round((debit * schedule.conversion.basisPoints) / 10_000);
      const conversion = Math.max(minimum, share);
      conversionMinor += conversion;
      fee += conversion;
    }
    feesMinor.push(fee);
    totalMinor += fee;
  }
  return { totalMinor, conversionMinor, debitsMinor, feesMinor };
}
