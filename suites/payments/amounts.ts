/**
 * Amounts of a payment initiation (§2.1 decimal(18, 5) strings, §8 ISO 4217 minor units, the
 * bank's store limit, decisions.md "Ambiguities decided"), fees, and the amounts of the answers.
 */
import { bankAmountLimit, validateAmountString } from '../../main/core/spec/validators/amount.js';
import { defineCheck, type Check } from '../../main/core/runner/check-api/index.js';
import {
  EXTERNAL_IBAN,
  createPayment,
  expectRefused,
  initiatePayment,
  sctBody,
  paymentParty,
} from '../kit/payments.js';
import { json } from '../kit/answers.js';
import { amountBody, expectAmounts } from './field-checks.js';

export const paymentAmountChecks: Check[] = [
  defineCheck({
    id: 'PAY-AMOUNT-IS-DECIMAL-STRING',
    title: 'An amount is a decimal string, and its currency one of the §2.1 list',
    area: 'payments',
    rules: ['PAY-AMOUNT-DECIMAL-STRING'],
    run: (ctx) =>
      expectAmounts(
        ctx,
        [['100.00', 'NOK']],
        [
          [100, 'NOK', 'instructedAmount.amount'],
          ['100,00', 'NOK', 'instructedAmount.amount'],
          ['100.00', 'XYZ', 'instructedAmount.currency'],
        ],
      ),
  }),
  defineCheck({
    id: 'PAY-AMOUNT-FRACTION-DIGITS',
    title: 'Fraction digits match the minor units: EUR 2, JPY 0, BHD 3',
    area: 'payments',
    rules: ['PAY-AMOUNT-MINOR-UNITS'],
    run: (ctx) =>
      expectAmounts(
        ctx,
        [
          ['10.50', 'EUR'],
          ['1500', 'JPY'],
          ['1.234', 'BHD'],
        ],
        [
          ['10.5', 'EUR', 'instructedAmount.amount'],
          ['1500.00', 'JPY', 'instructedAmount.amount'],
          ['1.23', 'BHD', 'instructedAmount.amount'],
        ],
      ),
  }),
  defineCheck({
    id: 'PAY-AMOUNT-PRECISION-13-INTEGER-DIGITS',
    title: 'Precision 18 with scale 5: 13 integer digits accepted, 14 refused',
    area: 'payments',
    rules: ['PAY-AMOUNT-PRECISION-18-5'],
    run: (ctx) =>
      expectAmounts(
        ctx,
        [['1234567890123.45', 'EUR']],
        [['12345678901234.00', 'EUR', 'instructedAmount.amount']],
      ),
  }),
  defineCheck({
    id: 'PAY-AMOUNT-BEYOND-BANK-LIMIT',
    title:
      '13 integer digits: BHD beyond the bank’s minor-unit store is PAYMENT_FAILED naming the limit, NOK passes, malformed stays FORMAT_ERROR',
    area: 'payments',
    rules: ['PAY-AMOUNT-BANK-LIMIT'],
    async run(ctx) {
      // The same 13 integer digits: within §2.1 decimal(18, 5) in both currencies; with BHD's 3
      // minor units they exceed the bank's store (decisions.md "Ambiguities decided").
      const digits = '9999999999999';
      const party = await paymentParty(ctx);
      await createPayment(ctx, amountBody(party, `${digits}.99`, 'NOK'), {
        label: `amount ${digits}.99 NOK`,
      });
      const bhd = `${digits}.999`;
      ctx.expect.true(
        validateAmountString(bhd, 'BHD').ok,
        `${bhd} BHD is well-formed per §2.1 / §8`,
      );
      const beyond = await initiatePayment(ctx, amountBody(party, bhd, 'BHD'), {
        label: `amount ${bhd} BHD`,
      });
      ctx.expect.status(beyond, 400, 'refused as a bank limit');
      // The text names the limit and says it is not a format error (§7.2 PAYMENT_FAILED).
      ctx.expect.tppMessage(beyond, {
        code: 'PAYMENT_FAILED',
        textIncludes: `exceeds the bank's limit of ${bankAmountLimit('BHD') ?? ''} BHD`,
      });
      ctx.expect.tppMessage(beyond, { code: 'PAYMENT_FAILED', textIncludes: 'not a format error' });
      // A malformed amount is still the TPP's format error.
      expectRefused(
        ctx,
        await initiatePayment(ctx, amountBody(party, '1.2.3', 'BHD'), {
          label: 'amount 1.2.3 BHD',
        }),
        'instructedAmount.amount',
      );
    },
  }),
  defineCheck({
    id: 'PAY-AMOUNT-NON-ISO-TWO-DIGITS',
    title: 'GGP (not in ISO 4217) takes 2 fraction digits',
    area: 'payments',
    rules: ['PAY-AMOUNT-NON-ISO-CURRENCIES'],
    run: (ctx) =>
      expectAmounts(ctx, [['10.00', 'GGP']], [['10', 'GGP', 'instructedAmount.amount']]),
  }),
  defineCheck({
    id: 'PAY-FEE-INDICATOR-AND-TOTAL',
    title: 'transactionFeeIndicator is true exactly when transactionFees are given',
    area: 'payments',
    rules: ['PAY-FEE-INDICATOR'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const body = sctBody(party, {
        creditorAccount: { iban: EXTERNAL_IBAN, currency: 'EUR' },
        instructedAmount: { amount: '250.00', currency: 'EUR' },
        creditorAddress: { city: 'Frankfurt', country: 'DE' },
      });
      const { answer } = await createPayment(ctx, body, {
        product: 'cross-border-credit-transfers',
      });
      const fees = answer.transactionFees;
      ctx.evidence.note(
        `transactionFees ${JSON.stringify(fees)}, indicator ${JSON.stringify(answer.transactionFeeIndicator)}`,
      );
      ctx.expect.equal(
        answer.transactionFeeIndicator === true,
        fees !== undefined,
        'transactionFeeIndicator true ⇔ transactionFees present (§2.3)',
      );
    },
  }),
  defineCheck({
    id: 'PAY-ANSWER-AMOUNTS-ARE-DECIMAL-STRINGS',
    title:
      'Amounts in initiation and read answers are strings with the currency’s decimals (transactionFees, instructedAmount)',
    area: 'payments',
    rules: ['PAY-ANSWER-AMOUNTS-DECIMAL-STRING'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const expectAmount = (amount: unknown, what: string) => {
        const { amount: value, currency } = (amount ?? {}) as {
          amount?: unknown;
          currency?: unknown;
        };
        const verdict =
          typeof value === 'string' && typeof currency === 'string'
            ? validateAmountString(value, currency)
            : { ok: false as const, text: 'amount is not a string' };
        ctx.expect.true(
          verdict.ok,
          `${what} ${JSON.stringify(amount)} is a decimal string with the currency’s minor units (§2.1)${verdict.ok ? '' : `: ${verdict.text}`}`,
        );
      };
      // A cross-border transfer carries a fee (transactionFees) in the initiation answer.
      const crossBorder = await createPayment(
        ctx,
        sctBody(party, {
          creditorAccount: { iban: EXTERNAL_IBAN, currency: 'EUR' },
          instructedAmount: { amount: '250.00', currency: 'EUR' },
          creditorAddress: { city: 'Frankfurt', country: 'DE' },
        }),
        { product: 'cross-border-credit-transfers' },
      );
      ctx.expect.true(
        crossBorder.answer.transactionFees !== undefined,
        'the cross-border initiation answer states its fee (transactionFees)',
      );
      expectAmount(crossBorder.answer.transactionFees, 'initiation answer transactionFees');
      for (const { path } of [crossBorder, await createPayment(ctx, sctBody(party))]) {
        const read = await ctx.client.send({ method: 'GET', path, label: `read ${path}` });
        ctx.expect.status(read, 200, 'payment read');
        expectAmount(
          json<{ instructedAmount?: unknown }>(read).instructedAmount,
          'payment read instructedAmount',
        );
      }
    },
  }),
];
