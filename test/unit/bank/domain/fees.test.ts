/** domain/fees.ts: conversion at the schedule's mid rates and the §2.3 fee total. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEE_SCHEDULE,
  canConvert,
  convertMinor,
  quoteFees,
} from '../../../../main/core/bank/domain/fees.js';

describe('convertMinor', () => {
  it('converts through the home currency, rounding half up to the target minor units', () => {
    expect(convertMinor(DEFAULT_FEE_SCHEDULE, 10_000, 'EUR', 'NOK')).toBe(115_000); // 100.00 EUR
    expect(convertMinor(DEFAULT_FEE_SCHEDULE, 1_500, 'JPY', 'NOK')).toBe(10_650); // 1500 JPY → 106.50
    expect(convertMinor(DEFAULT_FEE_SCHEDULE, 1_234, 'BHD', 'NOK')).toBe(3_468); // 1.234 BHD → 34.6754
    expect(convertMinor(DEFAULT_FEE_SCHEDULE, 115_000, 'NOK', 'EUR')).toBe(10_000);
    expect(convertMinor(DEFAULT_FEE_SCHEDULE, 1, 'NOK', 'EUR')).toBe(0); // 0.0087 EUR rounds to 0.00
    expect(convertMinor(DEFAULT_FEE_SCHEDULE, 500, 'NOK', 'NOK')).toBe(500);
    expect(convertMinor(DEFAULT_FEE_SCHEDULE, 100, 'XAF', 'NOK')).toBeUndefined();
    expect(canConvert(DEFAULT_FEE_SCHEDULE, 'XAF', 'XAF')).toBe(true);
    expect(canConvert(DEFAULT_FEE_SCHEDULE, 'XAF', 'NOK')).toBe(false);
  });
});

describe('quoteFees', () => {
  it('is free for a domestic SCT in the account currency', () => {
    expect(
      quoteFees(DEFAULT_FEE_SCHEDULE, {
        paymentProduct: 'sepa-credit-transfers',
        debtorCurrency: 'NOK',
        transfers: [{ amountMinor: 10_000, currency: 'NOK' }],
      }),
    ).toEqual({ totalMinor: 0, conversionMinor: 0, debitsMinor: [10_000], feesMinor: [0] });
  });

  it('adds the fixed product fee and the conversion fee (at least the minimum)', () => {
    const quote = quoteFees(DEFAULT_FEE_SCHEDULE, {
      paymentProduct: 'cross-border-credit-transfers',
      debtorCurrency: 'NOK',
      transfers: [
        { amountMinor: 10_000, currency: 'EUR' }, // 1150.00 NOK: 0.5 % = 5.75 < 10.00 minimum
        { amountMinor: 1_000_000, currency: 'EUR' }, // 115000.00 NOK: 0.5 % = 575.00
      ],
    })!;
    expect(quote.debitsMinor).toEqual([115_000, 11_500_000]);
    expect(quote.feesMinor).toEqual([2_500 + 1_000, 2_500 + 57_500]);
    expect(quote.conversionMinor).toBe(1_000 + 57_500);
    expect(quote.totalMinor).toBe(2_500 + 1_000 + 2_500 + 57_500);
  });

  it('states fees in the debtor account currency', () => {
    const quote = quoteFees(DEFAULT_FEE_SCHEDULE, {
      paymentProduct: 'ncbct',
      debtorCurrency: 'EUR',
      transfers: [{ amountMinor: 5_000, currency: 'EUR' }],
    })!;
    expect(quote.totalMinor).toBe(87); // 10.00 NOK = 0.8696 EUR
  });
});
