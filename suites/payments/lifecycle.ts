/**
 * After initiation (§3.2, §7.3, §9(4), decisions.md "Paths"): reading a payment and its status,
 * fundsAvailable, the Norwegian domestic read rule, DELETE in the sandbox, KID errors, instant
 * payments between own accounts, periodic MonthlyVariable; and the §4.2.2 header rules.
 */
import { expectRefusal, requireSetup } from '../kit/controls.js';
import { PAYMENT_PRODUCTS, TRANSACTION_STATUSES } from '../../main/core/spec/enums.js';
import { defineCheck, type Check } from '../../main/core/runner/check-api/index.js';
import {
  ACCOUNTS,
  approve,
  createPayment,
  expectRefused,
  paymentControl,
  initiatePayment,
  ownAccountBody,
  paymentStatus,
  sctBody,
  paymentParty,
  type PaymentParty,
} from '../kit/payments.js';
import { json } from '../kit/answers.js';
import { restoreBalances, sandboxBalances } from '../kit/sandbox-cleanup.js';

const NDCT = 'norwegian-domestic-credit-transfers';
/** A valid MOD10 KID and one whose check digit fits neither MOD10 nor MOD11. */
const VALID_KID = '1234567897';
const INVALID_KID = '1234567891';

const ndctBody = (party: PaymentParty, reference: Record<string, string>) =>
  sctBody(party, { remittanceInformationStructuredArray: [reference] });

export const paymentLifecycleChecks: Check[] = [
  defineCheck({
    id: 'PAY-READ-PAYMENT-200',
    title: 'GET /v1/payments/{product}/{paymentId} answers 200 with the payment',
    area: 'payments',
    rules: ['PAY-READ-200'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const payment = await createPayment(ctx, sctBody(party));
      const exchange = await ctx.client.send({
        method: 'GET',
        path: payment.path,
        label: 'read the payment',
      });
      ctx.expect.status(exchange, 200, 'GET payment');
      const body = json<{ creditorName?: string; transactionStatus?: string }>(exchange);
      ctx.expect.equal(
        body?.creditorName,
        party.creditor.name,
        'the payment read shows the creditorName sent',
      );
    },
  }),
  defineCheck({
    id: 'PAY-STATUS-WITH-FUNDS-AVAILABLE',
    title: 'GET .../status answers 200 with transactionStatus and fundsAvailable',
    area: 'payments',
    rules: ['PAY-STATUS-200'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const payment = await createPayment(ctx, sctBody(party));
      const status = await paymentStatus(ctx, payment.path);
      ctx.expect.true(
        (TRANSACTION_STATUSES as readonly string[]).includes(String(status.transactionStatus)),
        'transactionStatus is a §3.2 code',
      );
      ctx.expect.equal(typeof status.fundsAvailable, 'boolean', 'fundsAvailable is a boolean');
    },
  }),
  defineCheck({
    id: 'PAY-FUNDS-AVAILABLE-SIGNALS-LACK',
    title:
      'fundsAvailable is false when the debtor account cannot cover the payment, true when it can',
    area: 'payments',
    rules: ['PAY-FUNDS-AVAILABLE'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      // The debtor account is one of the bank's own (Ola's Brukskonto), which other checks and
      // runs on a shared bank pay from: its balances are put back when the check ends, pass or
      // fail (suites/kit/sandbox-cleanup.ts).
      const before = await sandboxBalances(ctx, ACCOUNTS.debtorMockId);
      try {
        const balances = await ctx.client.send({
          method: 'PUT',
          path: `/v1/sandbox/accounts/${ACCOUNTS.debtorMockId}/balances`,
          body: [
            { balanceAmount: { currency: 'NOK', amount: 10_000 }, balanceType: 'closingBooked' },
            { balanceAmount: { currency: 'NOK', amount: 10_000 }, balanceType: 'expected' },
          ],
          label: 'set the debtor account to 100.00 NOK',
        });
        // The balances are this check's setup: a sandbox that refuses them was not tested.
        requireSetup(ctx, balances, {
          what: 'the debtor account set to 100.00 NOK (PUT /v1/sandbox/accounts/{id}/balances)',
          status: 200,
        });
        const tooMuch = await createPayment(
          ctx,
          sctBody(party, { instructedAmount: { amount: '200.00', currency: 'NOK' } }),
        );
        ctx.expect.equal(
          (await paymentStatus(ctx, tooMuch.path)).fundsAvailable,
          false,
          'fundsAvailable for 200.00 of 100.00 NOK',
        );
        const enough = await createPayment(
          ctx,
          sctBody(party, { instructedAmount: { amount: '50.00', currency: 'NOK' } }),
        );
        ctx.expect.equal(
          (await paymentStatus(ctx, enough.path)).fundsAvailable,
          true,
          'fundsAvailable for 50.00 of 100.00 NOK',
        );
      } finally {
        await restoreBalances(ctx, ACCOUNTS.debtorMockId, before);
      }
    },
  }),
  defineCheck({
    id: 'PAY-NORWEGIAN-DOMESTIC-NOT-READABLE-UNAPPROVED',
    title: 'A Norwegian domestic transfer: details and status are not readable before approval',
    area: 'payments',
    rules: ['PAY-NORWEGIAN-DOMESTIC-UNREADABLE-BEFORE-APPROVAL'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const payment = await createPayment(ctx, sctBody(party), { product: NDCT });
      for (const [what, path] of [
        ['details', payment.path],
        ['status', `${payment.path}/status`],
      ] as const) {
        const exchange = await ctx.client.send({
          method: 'GET',
          path,
          label: `read the ${what} before approval`,
        });
        ctx.expect.true(
          exchange.response !== undefined &&
            exchange.response.status >= 400 &&
            exchange.response.status < 500,
          `the ${what} of an unapproved Norwegian domestic transfer are refused (4xx)`,
        );
      }
    },
  }),
  defineCheck({
    id: 'PAY-DELETE-EVERY-PRODUCT',
    title: 'DELETE works for every payment product in the sandbox (204, then CANC)',
    area: 'payments',
    rules: ['PAY-DELETE-IN-SANDBOX'],
    effects: ['payment-delete'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      for (const product of PAYMENT_PRODUCTS) {
        const payment = await createPayment(ctx, ownAccountBody(party), {
          product,
          label: product,
        });
        const deleted = await ctx.client.send({
          method: 'DELETE',
          path: payment.path,
          label: `delete ${product}`,
        });
        ctx.expect.status(deleted, 204, `DELETE ${product}`);
        if (product === 'sepa-credit-transfers')
          ctx.expect.equal(
            (await paymentStatus(ctx, payment.path)).transactionStatus,
            'CANC',
            'the deleted payment is CANC',
          );
      }
    },
  }),
  defineCheck({
    id: 'PAY-KID-ERRORS-ARE-400',
    title: 'KID errors are 400 KID_MISSING and KID_INVALID (not 401); a valid KID is accepted',
    area: 'payments',
    rules: ['PAY-KID-ERROR-400'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await createPayment(ctx, ndctBody(party, { reference: VALID_KID }), {
        product: NDCT,
        label: 'a valid KID',
      });
      expectRefused(
        ctx,
        await initiatePayment(ctx, ndctBody(party, { reference: INVALID_KID }), {
          product: NDCT,
          label: 'a wrong KID',
        }),
        'reference',
        'KID_INVALID',
      );
      expectRefused(
        ctx,
        await initiatePayment(ctx, ndctBody(party, { referenceType: 'KID' }), {
          product: NDCT,
          label: 'no KID',
        }),
        'reference',
        'KID_MISSING',
      );
    },
  }),
  defineCheck({
    id: 'PAY-INSTANT-OWN-ACCOUNTS-SETTLE-AT-ONCE',
    title: 'An instant payment between own accounts is settled (ACSC) right after SCA',
    area: 'payments',
    rules: ['PAY-INSTANT-OWN-ACCOUNTS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const payment = await createPayment(ctx, ownAccountBody(party), {
        product: 'instant-norwegian-domestic-credit-transfers-straks',
      });
      await approve(ctx, payment, party.payer.login);
      ctx.expect.equal(
        (await paymentStatus(ctx, payment.path)).transactionStatus,
        'ACSC',
        'status right after SCA',
      );
    },
  }),
  defineCheck({
    id: 'PAY-PERIODIC-MONTHLY-VARIABLE-UNIQUE-MONTHS',
    title:
      'Periodic MonthlyVariable with a duplicate month is refused; distinct months are accepted',
    area: 'payments',
    rules: ['PAY-PERIODIC-MONTHLY-VARIABLE-DUPLICATES'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const periodic = (months: string[]) =>
        sctBody(party, {
          startDate: '2099-01-01',
          frequency: 'MonthlyVariable',
          monthsOfExecution: months,
        });
      await createPayment(ctx, periodic(['1', '4', '10']), { service: 'periodic-payments' });
      expectRefused(
        ctx,
        await initiatePayment(ctx, periodic(['1', '4', '4']), {
          service: 'periodic-payments',
          label: 'month 4 twice',
        }),
        'monthsOfExecution',
      );
    },
  }),
  // §4.2.2 headers
  defineCheck({
    id: 'HDR-PAYMENT-REQUIRED-EACH',
    title: 'Create payment refuses a request missing any of its required headers, naming it',
    area: 'headers',
    rules: ['HDR-PAYMENT-REQUIRED'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await paymentControl(ctx, sctBody(party), 'the same initiation with every required header');
      for (const header of ['x-accept-fix', 'TPP-Session-ID', 'TPP-Redirect-URI', 'PSU-IP-Address'])
        expectRefused(
          ctx,
          await initiatePayment(ctx, sctBody(party), {
            omitHeaders: [header],
            label: `without ${header}`,
          }),
          header,
          'HTTP_HEADER_REQUIRED',
        );
      expectRefused(
        ctx,
        await initiatePayment(ctx, sctBody(party), {
          omitHeaders: ['PSU-Context'],
          label: 'without PSU-ID and PSU-Context',
        }),
        'PSU-ID',
        'HTTP_HEADER_REQUIRED',
      );
    },
  }),
  defineCheck({
    id: 'HDR-PAYMENT-OPTIONAL-ACCEPTED',
    title: 'Create payment accepts its optional headers',
    area: 'headers',
    rules: ['HDR-PAYMENT-OPTIONAL'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await createPayment(ctx, sctBody(party), {
        headers: {
          'TPP-Redirect-Preferred': 'true',
          'TPP-Brand-Logging-Information': 'Workbench suites',
          'X-PSU-IDENTITY': party.payer.login,
          'PSU-IP-Port': '443',
          'PSU-User-Agent': 'Mozilla/5.0',
          'PSU-Accept': 'text/html',
          'PSU-Accept-Language': 'nb-NO',
          'PSU-HTTP-Method': 'POST',
          'PSU-Device-ID': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
          'PSU-Geo-Location': 'GEO:59.91,10.75',
        },
        label: 'with every optional header',
      });
    },
  }),
  defineCheck({
    id: 'HDR-PAYMENT-SINGLE-SCA-NEEDS-PSU-CONTEXT',
    title: 'A single-SCA initiation (no PSU-ID) needs PSU-Context; its SCA then identifies the PSU',
    area: 'headers',
    rules: ['HDR-PAYMENT-PSU-CONTEXT-SINGLE-SCA'],
    needs: ['psu-agent'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await paymentControl(ctx, sctBody(party), 'the same initiation with PSU-Context PRIVATE');
      // Refused for the PSU-ID it lacks, the text saying PSU-Context would do instead.
      expectRefusal(
        ctx,
        await initiatePayment(ctx, sctBody(party), {
          omitHeaders: ['PSU-Context'],
          label: 'no PSU-ID, no PSU-Context',
        }),
        { code: 'HTTP_HEADER_REQUIRED', path: 'PSU-ID', textIncludes: 'PSU-Context' },
        'a single-SCA initiation without PSU-Context',
      );
      const payment = await createPayment(ctx, sctBody(party), {
        label: 'no PSU-ID, PSU-Context PRIVATE',
      });
      const redirect = await approve(ctx, payment, party.payer.login);
      ctx.expect.true(redirect.psuId !== '', 'the single SCA delivers the PSU-ID (§6.1)');
    },
  }),
];
