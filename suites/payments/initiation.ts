/**
 * Payment initiation (§2.1, §2.2, §2.3, §4.2.2, decisions.md "Paths"): the 201 answer, services
 * and products, and every field rule of §2.2 at its limit and one past it. Each refusal must be
 * 400 naming the field (decisions.md "Errors").
 */
import { probeRefusedControl } from '../kit/probe.js';
import { PAYMENT_PRODUCTS, TRANSACTION_STATUSES } from '../../main/core/spec/enums.js';
import {
  CREDITOR_NAME_MAX,
  END_TO_END_IDENTIFICATION_MAX,
  PSU_MESSAGE_MAX,
  REMITTANCE_INFORMATION_UNSTRUCTURED_MAX,
  STREET_MAX,
} from '../../main/core/spec/limits.js';
import { PaymentInitiationResponseSchema } from '../../main/core/spec/schemas/payments.js';
import { bankAmountLimit, validateAmountString } from '../../main/core/spec/validators/amount.js';
import { defineCheck, type Check } from '../../main/core/runner/check-api/index.js';
import {
  EXTERNAL_IBAN,
  IBAN_33,
  createPayment,
  expectRefused,
  initiatePayment,
  ownAccountBody,
  paymentStatus,
  sctBody,
} from '../kit/payments.js';
import { json } from '../kit/answers.js';
import {
  amountBody,
  expectAmounts,
  lengthCheck,
  requiredCheck,
  withField,
} from './field-checks.js';

export const paymentChecks: Check[] = [
  defineCheck({
    id: 'PAY-CREATE-SCT-201',
    title: 'POST /v1/payments/sepa-credit-transfers creates a payment: 201 with the §2.3 answer',
    area: 'payments',
    rules: ['PAY-INITIATION-PATH', 'PAY-CREATE-201'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      const exchange = await initiatePayment(ctx, sctBody());
      ctx.expect.status(exchange, 201, 'a valid SCT initiation');
      ctx.expect.schema(
        exchange.response?.json,
        PaymentInitiationResponseSchema,
        'the §2.3 answer',
      );
    },
  }),
  defineCheck({
    id: 'PAY-RESPONSE-CARRIES-PAYMENT-ID',
    title: 'The 201 answer carries the paymentId, which addresses the payment',
    area: 'payments',
    rules: ['PAY-RESPONSE-PAYMENT-ID'],
    async run(ctx) {
      const payment = await createPayment(ctx, sctBody());
      await paymentStatus(ctx, payment.path, 'the status of the new paymentId');
    },
  }),
  defineCheck({
    id: 'PAY-TRANSACTION-STATUS-ISO',
    title: 'transactionStatus is one of the §3.2 codes, in the 201 answer and the status read',
    area: 'payments',
    rules: ['PAY-TRANSACTION-STATUS-VALUES'],
    async run(ctx) {
      const payment = await createPayment(ctx, sctBody());
      const codes: readonly string[] = TRANSACTION_STATUSES;
      ctx.expect.true(
        codes.includes(String(payment.answer.transactionStatus)),
        'the 201 transactionStatus is a §3.2 code',
      );
      const status = await paymentStatus(ctx, payment.path);
      ctx.expect.true(
        codes.includes(String(status.transactionStatus)),
        'the status read is a §3.2 code',
      );
    },
  }),
  defineCheck({
    id: 'PAY-SERVICES-BULK-PERIODIC',
    title: 'The services payments, bulk-payments and periodic-payments exist; others are 404',
    area: 'payments',
    rules: ['PAY-PAYMENT-SERVICES'],
    async run(ctx) {
      const single = sctBody();
      await createPayment(ctx, single, { service: 'payments' });
      const { debtorAccount, ...element } = sctBody();
      await createPayment(
        ctx,
        { debtorAccount: debtorAccount!, payments: [element] },
        { service: 'bulk-payments' },
      );
      await createPayment(ctx, sctBody({ startDate: '2099-01-01', frequency: 'Monthly' }), {
        service: 'periodic-payments',
      });
      ctx.expect.status(
        await initiatePayment(ctx, sctBody(), { service: 'instant-payments' }),
        404,
        'an unknown payment service',
      );
    },
  }),
  defineCheck({
    id: 'PAY-PRODUCTS-EACH-201',
    title: 'Each payment product of decisions.md initiates a payment',
    area: 'payments',
    rules: ['PAY-PAYMENT-PRODUCTS'],
    async run(ctx) {
      for (const product of PAYMENT_PRODUCTS)
        await createPayment(ctx, ownAccountBody(), { product, label: product });
    },
  }),
  defineCheck({
    id: 'PAY-PRODUCT-UNKNOWN-404',
    title: 'An unknown payment product is 404 PRODUCT_UNKNOWN',
    area: 'payments',
    rules: ['PAY-PRODUCT-UNKNOWN'],
    async run(ctx) {
      const exchange = await initiatePayment(ctx, sctBody(), {
        product: 'pigeon-credit-transfers',
      });
      expectRefused(ctx, exchange, 'payment-product', 'PRODUCT_UNKNOWN', 404);
    },
  }),
  defineCheck({
    id: 'PAY-LOGICAL-DUPLICATE-QUERY',
    title: 'A logical duplicate is refused unless allowLogicalDuplicate=true',
    area: 'payments',
    rules: ['PAY-ALLOW-LOGICAL-DUPLICATE'],
    async run(ctx) {
      const body = sctBody();
      await createPayment(ctx, body, { label: 'the first payment' });
      const refused = await initiatePayment(ctx, body, {
        query: { allowLogicalDuplicate: false },
        label: 'the same payment, allowLogicalDuplicate=false',
      });
      ctx.expect.true(
        refused.response !== undefined &&
          refused.response.status >= 400 &&
          refused.response.status < 500,
        'a logical duplicate with allowLogicalDuplicate=false is refused (4xx)',
      );
      await createPayment(ctx, body, {
        query: { allowLogicalDuplicate: true },
        label: 'the same payment, allowLogicalDuplicate=true',
      });
    },
  }),
  lengthCheck(
    'PAY-E2EID-35-CHARACTERS',
    'PAY-E2EID-MAX-35',
    'endToEndIdentification',
    END_TO_END_IDENTIFICATION_MAX,
  ),
  requiredCheck('PAY-INSTRUCTED-AMOUNT-MISSING', 'PAY-INSTRUCTED-AMOUNT-REQUIRED', [
    'instructedAmount',
  ]),
  requiredCheck('PAY-CREDITOR-NAME-MISSING', 'PAY-CREDITOR-NAME-REQUIRED', ['creditorName']),
  lengthCheck(
    'PAY-CREDITOR-NAME-70-CHARACTERS',
    'PAY-CREDITOR-NAME-MAX-70',
    'creditorName',
    CREDITOR_NAME_MAX,
  ),
  requiredCheck('PAY-CREDITOR-ACCOUNT-MISSING', 'PAY-CREDITOR-ACCOUNT-REQUIRED', [
    'creditorAccount',
    'creditorAccount.iban',
    'creditorAccount.currency',
  ]),
  requiredCheck('PAY-DEBTOR-ACCOUNT-MISSING', 'PAY-DEBTOR-ACCOUNT-REQUIRED', [
    'debtorAccount',
    'debtorAccount.iban',
    'debtorAccount.currency',
  ]),
  defineCheck({
    id: 'PAY-IBAN-34-CHARACTERS',
    title:
      'An IBAN of the longest format (33) is accepted; 35 characters are refused naming the field',
    area: 'payments',
    rules: ['PAY-IBAN-MAX-34'],
    async run(ctx) {
      await createPayment(ctx, sctBody({ creditorAccount: { iban: IBAN_33, currency: 'NOK' } }));
      const over = await initiatePayment(
        ctx,
        sctBody({ creditorAccount: { iban: `${IBAN_33}00`, currency: 'NOK' } }),
        { label: 'a creditor IBAN of 35 characters' },
      );
      expectRefused(ctx, over, 'creditorAccount.iban');
    },
  }),
  defineCheck({
    id: 'PAY-IBAN-MOD-97',
    title: 'An IBAN with wrong check digits is refused naming the field',
    area: 'payments',
    rules: ['PAY-IBAN-VALID'],
    async run(ctx) {
      await createPayment(
        ctx,
        sctBody({ creditorAccount: { iban: EXTERNAL_IBAN, currency: 'EUR' } }),
      );
      const wrong = EXTERNAL_IBAN.replace(/^DE89/, 'DE88');
      expectRefused(
        ctx,
        await initiatePayment(ctx, sctBody({ creditorAccount: { iban: wrong, currency: 'EUR' } })),
        'creditorAccount.iban',
      );
    },
  }),
  defineCheck({
    id: 'PAY-CREDITOR-ADDRESS-NEEDS-COUNTRY',
    title: 'creditorAddress needs a country from the §2.1 list',
    area: 'payments',
    rules: ['PAY-CREDITOR-ADDRESS-COUNTRY'],
    async run(ctx) {
      await createPayment(ctx, sctBody({ creditorAddress: { city: 'Oslo', country: 'NO' } }));
      for (const [what, address] of [
        ['without country', { city: 'Oslo' }],
        ['with country XX', { city: 'Oslo', country: 'XX' }],
      ] as const)
        expectRefused(
          ctx,
          await initiatePayment(ctx, sctBody({ creditorAddress: address }), {
            label: `creditorAddress ${what}`,
          }),
          'creditorAddress.country',
        );
    },
  }),
  lengthCheck(
    'PAY-CREDITOR-STREET-70-CHARACTERS',
    'PAY-CREDITOR-STREET-MAX-70',
    'creditorAddress.street',
    STREET_MAX,
    () => sctBody({ creditorAddress: { country: 'NO' } }),
  ),
  defineCheck({
    id: 'PAY-REMITTANCE-1-TO-140',
    title:
      'remittanceInformationUnstructured: 1 and 140 characters accepted; empty and 141 refused',
    area: 'payments',
    rules: ['PAY-REMITTANCE-1-140'],
    async run(ctx) {
      const field = 'remittanceInformationUnstructured';
      // These texts cannot be made unique, and an earlier run's payment with the same text is a
      // logical duplicate within 24 hours (§4.2.2): allowed here, the rule under test is the length.
      const duplicatesAllowed = { query: { allowLogicalDuplicate: true } };
      await createPayment(ctx, withField(sctBody(), field, 'x'), {
        ...duplicatesAllowed,
        label: 'one character',
      });
      await createPayment(
        ctx,
        withField(sctBody(), field, 'y'.repeat(REMITTANCE_INFORMATION_UNSTRUCTURED_MAX)),
        duplicatesAllowed,
      );
      for (const value of ['', 'z'.repeat(REMITTANCE_INFORMATION_UNSTRUCTURED_MAX + 1)])
        expectRefused(
          ctx,
          await initiatePayment(ctx, withField(sctBody(), field, value), {
            label: `${value.length} characters`,
          }),
          field,
        );
    },
  }),
  defineCheck({
    id: 'PAY-EXECUTION-DATE-IS-ISO-DATE',
    title: 'requestedExecutionDate must be an ISO 8601 date',
    area: 'payments',
    rules: ['PAY-EXECUTION-DATE-ISO'],
    async run(ctx) {
      await createPayment(ctx, sctBody({ requestedExecutionDate: '2099-12-31' }));
      for (const value of ['31.12.2099', '2099-13-01'])
        expectRefused(
          ctx,
          await initiatePayment(ctx, sctBody({ requestedExecutionDate: value }), {
            label: `date ${value}`,
          }),
          'requestedExecutionDate',
        );
    },
  }),
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
      await createPayment(ctx, amountBody(`${digits}.99`, 'NOK'), {
        label: `amount ${digits}.99 NOK`,
      });
      const bhd = `${digits}.999`;
      ctx.expect.true(
        validateAmountString(bhd, 'BHD').ok,
        `${bhd} BHD is well-formed per §2.1 / §8`,
      );
      const beyond = await initiatePayment(ctx, amountBody(bhd, 'BHD'), {
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
        await initiatePayment(ctx, amountBody('1.2.3', 'BHD'), { label: 'amount 1.2.3 BHD' }),
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
      const body = sctBody({
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
        sctBody({
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
      for (const { path } of [crossBorder, await createPayment(ctx, sctBody())]) {
        const read = await ctx.client.send({ method: 'GET', path, label: `read ${path}` });
        ctx.expect.status(read, 200, 'payment read');
        expectAmount(
          json<{ instructedAmount?: unknown }>(read).instructedAmount,
          'payment read instructedAmount',
        );
      }
    },
  }),
  defineCheck({
    id: 'PAY-PSU-MESSAGE-512-CHARACTERS',
    title: 'psuMessage has at most 512 characters, even for the longest names and texts',
    area: 'payments',
    rules: ['PAY-PSU-MESSAGE-MAX-512'],
    async run(ctx) {
      const { answer } = await createPayment(
        ctx,
        sctBody({
          creditorName: 'N'.repeat(CREDITOR_NAME_MAX),
          remittanceInformationUnstructured: 'R'.repeat(REMITTANCE_INFORMATION_UNSTRUCTURED_MAX),
        }),
        // The longest texts are one fixed body: an earlier run's payment is a logical duplicate
        // within 24 hours (§4.2.2), which is not the rule under test here.
        { query: { allowLogicalDuplicate: true } },
      );
      const message = answer.psuMessage;
      ctx.expect.true(
        message === undefined ||
          (typeof message === 'string' && [...message].length <= PSU_MESSAGE_MAX),
        `psuMessage has at most ${PSU_MESSAGE_MAX} characters`,
      );
    },
  }),
];
