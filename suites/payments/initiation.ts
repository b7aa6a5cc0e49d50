/**
 * Payment initiation (§2.1, §2.2, §2.3, §4.2.2, decisions.md "Paths"): the 201 answer, services
 * and products, logical duplicates, and the PSU message; the body's fields (body-fields.ts) and
 * amounts (amounts.ts) in between, in registry order.
 */
import { probeControl, probeRefusedControl } from '../kit/probe.js';
import { isRefusal } from '../kit/controls.js';
import { PAYMENT_PRODUCTS, TRANSACTION_STATUSES } from '../../main/core/spec/enums.js';
import {
  CREDITOR_NAME_MAX,
  PSU_MESSAGE_MAX,
  REMITTANCE_INFORMATION_UNSTRUCTURED_MAX,
} from '../../main/core/spec/limits.js';
import { PaymentInitiationResponseSchema } from '../../main/core/spec/schemas/payments.js';
import { defineCheck, type Check } from '../../main/core/runner/check-api/index.js';
import {
  createPayment,
  expectRefused,
  initiatePayment,
  ownAccountBody,
  paymentControl,
  paymentStatus,
  sctBody,
  paymentParty,
} from '../kit/payments.js';

import { paymentFieldChecks } from './body-fields.js';
import { paymentAmountChecks } from './amounts.js';
export const paymentChecks: Check[] = [
  defineCheck({
    id: 'PAY-CREATE-SCT-201',
    title: 'POST /v1/payments/sepa-credit-transfers creates a payment: 201 with the §2.3 answer',
    area: 'payments',
    rules: ['PAY-INITIATION-PATH', 'PAY-CREATE-201'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await probeRefusedControl(ctx);
      const exchange = await initiatePayment(ctx, sctBody(party));
      // A bank that refuses the consent probe as well refuses whatever it is sent: its refusing
      // the payment says nothing about the payment rules (docs/writing-checks.md §2).
      if (isRefusal(exchange))
        await probeControl(ctx, 'the consent probe, while the SCT initiation was refused');
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
      const party = await paymentParty(ctx);
      const payment = await createPayment(ctx, sctBody(party));
      await paymentStatus(ctx, payment.path, 'the status of the new paymentId');
    },
  }),
  defineCheck({
    id: 'PAY-TRANSACTION-STATUS-ISO',
    title: 'transactionStatus is one of the §3.2 codes, in the 201 answer and the status read',
    area: 'payments',
    rules: ['PAY-TRANSACTION-STATUS-VALUES'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const payment = await createPayment(ctx, sctBody(party));
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
      const party = await paymentParty(ctx);
      const single = sctBody(party);
      await createPayment(ctx, single, { service: 'payments' });
      const { debtorAccount, ...element } = sctBody(party);
      await createPayment(
        ctx,
        { debtorAccount: debtorAccount!, payments: [element] },
        { service: 'bulk-payments' },
      );
      await createPayment(ctx, sctBody(party, { startDate: '2099-01-01', frequency: 'Monthly' }), {
        service: 'periodic-payments',
      });
      ctx.expect.status(
        await initiatePayment(ctx, sctBody(party), { service: 'instant-payments' }),
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
      const party = await paymentParty(ctx);
      for (const product of PAYMENT_PRODUCTS)
        await createPayment(ctx, ownAccountBody(party), { product, label: product });
    },
  }),
  defineCheck({
    id: 'PAY-PRODUCT-UNKNOWN-404',
    title: 'An unknown payment product is 404 PRODUCT_UNKNOWN',
    area: 'payments',
    rules: ['PAY-PRODUCT-UNKNOWN'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await paymentControl(ctx, sctBody(party), 'the same payment as a sepa-credit-transfers');
      const exchange = await initiatePayment(ctx, sctBody(party), {
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
      const party = await paymentParty(ctx);
      const body = sctBody(party);
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
  ...paymentFieldChecks,
  ...paymentAmountChecks,
  defineCheck({
    id: 'PAY-PSU-MESSAGE-512-CHARACTERS',
    title: 'psuMessage has at most 512 characters, even for the longest names and texts',
    area: 'payments',
    rules: ['PAY-PSU-MESSAGE-MAX-512'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const { answer } = await createPayment(
        ctx,
        sctBody(party, {
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
