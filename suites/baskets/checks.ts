/**
 * Signing baskets (§2.4, §3.2, §4.2.1, §9(4), decisions.md "Paths"): create, read, status, start
 * the authorisation like a single payment, one SCA for all, not atomic with the worst-case status,
 * each payment's status on its own, no bulk or periodic payments, NCBCT welcome.
 */
import {
  SigningBasketAuthorisationResponseSchema,
  SigningBasketCreatedSchema,
} from '../../main/core/spec/schemas/signing-baskets.js';
import {
  defineCheck,
  type Check,
  type CheckContext,
  type EvidenceExchange,
} from '../../main/core/runner/check-api/index.js';
import {
  createPayment,
  expectRefused,
  ownAccountBody,
  payerPsuHeaders,
  paymentStatus,
  sctBody,
  withoutHeaders,
  type CreatedPayment,
  paymentParty,
} from '../kit/payments.js';
import { absoluteHref, json, scaRedirectOf } from '../kit/answers.js';
import { completeScaAsPsu, expectSuccess } from '../kit/sca.js';
import { requireAccepted } from '../kit/controls.js';

interface Basket {
  basketId: string;
  path: string;
  exchange: EvidenceExchange;
}

function postBasket(ctx: CheckContext, paymentIds: string[], label = 'create a signing basket') {
  return ctx.client.send({
    method: 'POST',
    path: '/v1/signing-baskets',
    body: { paymentIds },
    label,
  });
}

async function createBasket(
  ctx: CheckContext,
  payments: readonly CreatedPayment[],
): Promise<Basket> {
  const exchange = await postBasket(
    ctx,
    payments.map((payment) => payment.paymentId),
  );
  ctx.expect.status(exchange, 201, 'POST /v1/signing-baskets');
  const basketId = String(json<{ basketId?: string }>(exchange)?.basketId ?? '');
  return { basketId, path: `/v1/signing-baskets/${encodeURIComponent(basketId)}`, exchange };
}

/** Two SCT payments of the payer waiting for authorisation (PSU named by `headers`, if any). */
async function twoPayments(
  ctx: CheckContext,
  headers: Record<string, string> = {},
): Promise<CreatedPayment[]> {
  const party = await paymentParty(ctx);
  return [
    await createPayment(ctx, sctBody(party), { headers, label: 'basket payment 1' }),
    await createPayment(ctx, ownAccountBody(party), { headers, label: 'basket payment 2' }),
  ];
}

function startAuthorisation(
  ctx: CheckContext,
  basket: Basket,
  headers: Record<string, string>,
  omitHeaders: readonly string[] = [],
): Promise<EvidenceExchange> {
  return ctx.client.send({
    method: 'POST',
    path: `${basket.path}/authorisations`,
    headers: withoutHeaders({ 'x-accept-fix': 'amount-as-string', ...headers }, omitHeaders),
    omitHeaders,
    label: 'start the basket authorisation',
  });
}

async function basketStatus(ctx: CheckContext, basket: Basket): Promise<unknown> {
  const exchange = await ctx.client.send({
    method: 'GET',
    path: `${basket.path}/status`,
    label: 'basket status',
  });
  ctx.expect.status(exchange, 200, 'GET basket status');
  return json<{ transactionStatus?: string }>(exchange)?.transactionStatus;
}

/** Payer's PSU-ID, a basket of `payments`, its authorisation started and completed by the payer. */
async function authoriseBasket(
  ctx: CheckContext,
  payments: (headers: Record<string, string>) => Promise<CreatedPayment[]>,
) {
  const party = await paymentParty(ctx);
  const headers = await payerPsuHeaders(ctx);
  const created = await payments(headers);
  const basket = await createBasket(ctx, created);
  const started = await startAuthorisation(ctx, basket, headers);
  ctx.expect.status(started, 201, 'start the basket authorisation');
  const href = scaRedirectOf(started);
  ctx.expect.true(
    href !== undefined,
    'the basket authorisation carries _links.scaRedirect, like a single payment',
  );
  const redirect = await completeScaAsPsu(ctx, absoluteHref(href!, started), {
    login: party.payer.login,
    context: 'PRIVATE',
  });
  expectSuccess(ctx, redirect, 'the basket SCA');
  return { basket, payments: created };
}

export const basketChecks: Check[] = [
  defineCheck({
    id: 'BASKET-CREATE-ANSWERS-201',
    title: 'POST /v1/signing-baskets answers 201 with basketId, transactionStatus and _links',
    area: 'baskets',
    rules: ['BASKET-CREATE-201'],
    async run(ctx) {
      const basket = await createBasket(ctx, await twoPayments(ctx));
      ctx.expect.schema(
        basket.exchange.response?.json,
        SigningBasketCreatedSchema,
        'the basket answer',
      );
    },
  }),
  defineCheck({
    id: 'BASKET-READ-ANSWERS-200',
    title: 'GET /v1/signing-baskets/{basketId} answers 200 listing its payments',
    area: 'baskets',
    rules: ['BASKET-READ-200'],
    async run(ctx) {
      const payments = await twoPayments(ctx);
      const basket = await createBasket(ctx, payments);
      const exchange = await ctx.client.send({
        method: 'GET',
        path: basket.path,
        label: 'read the basket',
      });
      ctx.expect.status(exchange, 200, 'GET basket');
      ctx.expect.equal(
        json<{ payments?: string[] }>(exchange)?.payments,
        payments.map((p) => p.paymentId),
        'the basket lists its payments',
      );
    },
  }),
  defineCheck({
    id: 'BASKET-STATUS-ANSWERS-200',
    title: 'GET /v1/signing-baskets/{basketId}/status answers 200 with transactionStatus',
    area: 'baskets',
    rules: ['BASKET-STATUS-200'],
    async run(ctx) {
      const basket = await createBasket(ctx, await twoPayments(ctx));
      ctx.expect.equal(
        await basketStatus(ctx, basket),
        'RCVD',
        'a basket waiting for authorisation',
      );
    },
  }),
  defineCheck({
    id: 'BASKET-PAYMENT-STATUS-READ-ONE-BY-ONE',
    title: 'Each payment of a basket has its own status read',
    area: 'baskets',
    rules: ['BASKET-PAYMENT-STATUS-INDIVIDUAL'],
    async run(ctx) {
      const payments = await twoPayments(ctx);
      await createBasket(ctx, payments);
      for (const payment of payments)
        await paymentStatus(ctx, payment.path, 'a basket payment status');
    },
  }),
  defineCheck({
    id: 'BASKET-REFUSES-BULK-AND-PERIODIC',
    title: 'Bulk and periodic payments in a signing basket: 400 REFERENCE_MIX_INVALID',
    area: 'baskets',
    rules: ['BASKET-REFERENCE-MIX-INVALID'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const single = await createPayment(ctx, sctBody(party));
      const { debtorAccount, ...element } = sctBody(party);
      const bulk = await createPayment(
        ctx,
        { debtorAccount: debtorAccount!, payments: [element] },
        { service: 'bulk-payments' },
      );
      const periodic = await createPayment(
        ctx,
        sctBody(party, { startDate: '2099-01-01', frequency: 'Monthly' }),
        {
          service: 'periodic-payments',
        },
      );
      // The control: a basket of single payments like `single` is created (§2.4); two others, as a
      // payment goes into one basket only.
      const controls = [
        await createPayment(ctx, sctBody(party), { label: 'a single payment for the control' }),
        await createPayment(ctx, sctBody(party), { label: 'another one for the control' }),
      ];
      requireAccepted(
        ctx,
        await postBasket(
          ctx,
          controls.map((payment) => payment.paymentId),
          'control: a basket of two single payments',
        ),
        {
          what: 'the same basket with a single payment instead',
          status: 201,
          schema: SigningBasketCreatedSchema,
        },
      );
      for (const [what, other] of [
        ['bulk', bulk],
        ['periodic', periodic],
      ] as const)
        expectRefused(
          ctx,
          await postBasket(
            ctx,
            [single.paymentId, other.paymentId],
            `a basket with a ${what} payment`,
          ),
          'paymentIds[1]',
          'REFERENCE_MIX_INVALID',
        );
    },
  }),
  defineCheck({
    id: 'BASKET-TAKES-NCBCT',
    title: 'An NCBCT payment can be put into a signing basket',
    area: 'baskets',
    rules: ['BASKET-NCBCT'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const ncbct = await createPayment(ctx, ownAccountBody(party), { product: 'ncbct' });
      await createBasket(ctx, [ncbct, await createPayment(ctx, sctBody(party))]);
    },
  }),
  defineCheck({
    id: 'BASKET-AUTHORISATION-STARTS-201',
    title:
      'POST /v1/signing-baskets/{basketId}/authorisations answers 201 with scaStatus and _links',
    area: 'baskets',
    rules: ['BASKET-AUTHORISATION-PATH', 'BASKET-AUTHORISATION-201'],
    needs: ['psu-agent'],
    async run(ctx) {
      const headers = await payerPsuHeaders(ctx);
      const basket = await createBasket(ctx, await twoPayments(ctx, headers));
      const started = await startAuthorisation(ctx, basket, headers);
      ctx.expect.status(started, 201, 'start the basket authorisation');
      ctx.expect.schema(
        started.response?.json,
        SigningBasketAuthorisationResponseSchema,
        'the §2.4 answer',
      );
      ctx.expect.true(
        json<{ scaStatus?: string }>(started)?.scaStatus !== undefined,
        'the answer carries scaStatus',
      );
    },
  }),
  defineCheck({
    id: 'BASKET-ONE-SCA-AUTHORISES-ALL',
    title: 'The basket SCA runs like a single payment’s and authorises every payment in it',
    area: 'baskets',
    rules: ['BASKET-AUTHORISATION-LIKE-SINGLE-PAYMENT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { payments } = await authoriseBasket(ctx, (headers) => twoPayments(ctx, headers));
      for (const payment of payments)
        ctx.expect.equal(
          (await paymentStatus(ctx, payment.path)).transactionStatus,
          'ACTC',
          'each basket payment is authorised',
        );
    },
  }),
  defineCheck({
    id: 'BASKET-NOT-ATOMIC-WORST-CASE',
    title:
      'A basket is not atomic: one payment fails, the other is authorised; the basket shows the worst',
    area: 'baskets',
    rules: ['BASKET-NOT-ATOMIC-WORST-STATUS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      if (party.creditor.iban === party.ownAccount)
        return ctx.inconclusive(
          'the target has no other PSU with an account the payer does not own (psus.private[1])',
        );
      // The payer may not pay from the other PSU's account: that payment fails at the basket SCA.
      const { basket, payments } = await authoriseBasket(ctx, async (headers) => [
        await createPayment(ctx, sctBody(party), { headers, label: "from the payer's account" }),
        await createPayment(
          ctx,
          sctBody(party, {
            debtorAccount: { iban: party.creditor.iban, currency: 'NOK' },
            creditorAccount: { iban: party.debtor, currency: 'NOK' },
            creditorName: party.payer.name,
          }),
          { headers, label: `from ${party.creditor.name}'s account` },
        ),
      ]);
      const [good, bad] = payments;
      ctx.expect.equal(
        (await paymentStatus(ctx, good!.path)).transactionStatus,
        'ACTC',
        'the allowed payment',
      );
      ctx.expect.equal(
        (await paymentStatus(ctx, bad!.path)).transactionStatus,
        'RJCT',
        'the refused payment',
      );
      ctx.expect.equal(
        await basketStatus(ctx, basket),
        'RJCT',
        'the basket status is the worst case',
      );
    },
  }),
  // §4.2.1 headers
  defineCheck({
    id: 'HDR-BASKET-AUTHORISATION-REQUIRED-EACH',
    title: 'Start signing basket authorisation refuses a request missing PSU-ID or x-accept-fix',
    area: 'headers',
    rules: ['HDR-BASKET-AUTHORISATION-REQUIRED'],
    async run(ctx) {
      const basket = await createBasket(ctx, await twoPayments(ctx));
      expectRefused(
        ctx,
        await startAuthorisation(ctx, basket, {}),
        'PSU-ID',
        'HTTP_HEADER_REQUIRED',
      );
      expectRefused(
        ctx,
        await startAuthorisation(ctx, basket, {}, ['x-accept-fix']),
        'x-accept-fix',
        'HTTP_HEADER_REQUIRED',
      );
    },
  }),
  defineCheck({
    id: 'HDR-BASKET-AUTHORISATION-OPTIONAL-ACCEPTED',
    title: 'Start signing basket authorisation accepts its optional headers',
    area: 'headers',
    rules: ['HDR-BASKET-AUTHORISATION-OPTIONAL'],
    needs: ['psu-agent'],
    async run(ctx) {
      const headers = await payerPsuHeaders(ctx);
      const basket = await createBasket(ctx, await twoPayments(ctx, headers));
      const started = await startAuthorisation(ctx, basket, {
        ...headers,
        'TPP-Redirect-Preferred': 'true',
        'PSU-User-Agent': 'Mozilla/5.0',
        'PSU-Accept-Language': 'nb-NO',
        'PSU-Device-ID': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
      });
      ctx.expect.status(started, 201, 'with the optional headers');
    },
  }),
];
