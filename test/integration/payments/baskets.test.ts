/**
 * Signing baskets over loopback (§2.4, §3.2, §4.2.1, 1.7.13, 1.21.20): mixed products signed with
 * one SCA, partial failure (not atomic, worst-case status, each payment readable on its own),
 * REFERENCE_MIX_INVALID, NCBCT, conflicts, the batch run settling basket payments.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SigningBasketAuthorisationResponseSchema,
  SigningBasketCreatedSchema,
  SigningBasketSchema,
} from '../../../main/core/spec/schemas/signing-baskets.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import {
  DAY,
  KARI_BRUKSKONTO,
  OLA,
  OLA_BRUKSKONTO,
  OLA_SPAREKONTO,
  approve,
  create,
  json,
  paymentTpp,
  sct,
  setClock,
  startHarness,
  statusOf,
  type Created,
  type Harness,
  type Tpp,
} from './harness.js';

let pki: Pki;
let h: Harness;
let tpp: Tpp;
beforeAll(async () => {
  pki = await createPki();
});
beforeEach(async () => {
  h = await startHarness({ pki });
  setClock(h, '10:00');
  tpp = paymentTpp(h);
});
afterEach(() => h.close());

const validator = new SpecValidator();
const BASKET_HEADERS = { 'x-accept-fix': 'amount-as-string' };

/** The payer's PSU-ID from a first single-SCA payment (1.17.0); the TPP session stores it. */
async function identifyPayer(): Promise<void> {
  const first = await create(tpp, sct());
  await approve(tpp, first.scaRedirect!);
  expect(tpp.session.psuId).toBeDefined();
}

async function basketOf(payments: Created[]) {
  const exchange = await tpp.send(
    'POST',
    '/v1/signing-baskets',
    {},
    { paymentIds: payments.map((p) => p.paymentId) },
  );
  expect(exchange.response?.status, exchange.response?.body).toBe(201);
  expect(validator.check(SigningBasketCreatedSchema, json(exchange))).toEqual({ ok: true });
  const { basketId } = json(exchange);
  return { basketId: basketId as string, path: `/v1/signing-baskets/${basketId}`, exchange };
}

async function basketStatus(path: string) {
  return json(await tpp.send('GET', `${path}/status`)).transactionStatus;
}

async function authorise(path: string, login = OLA.nationalIdentityNumber) {
  const started = await tpp.send('POST', `${path}/authorisations`, BASKET_HEADERS);
  expect(started.response?.status, started.response?.body).toBe(201);
  const body = json(started);
  expect(validator.check(SigningBasketAuthorisationResponseSchema, body)).toEqual({ ok: true });
  expect(body).toMatchObject({ scaStatus: 'PSU_IDENTIFIED', authorisationId: expect.any(String) });
  const result = await tpp.complete(body._links.scaRedirect.href, {
    nationalIdentityNumber: login,
    context: 'PRIVATE',
  });
  return { started: body, result };
}

describe('signing baskets', () => {
  it('mixed products (SCT, Norwegian domestic, NCBCT) signed with one SCA, then settled by the batch run', async () => {
    await identifyPayer();
    const payments = [
      await create(tpp, sct()),
      await create(
        tpp,
        sct({ remittanceInformationStructuredArray: [{ reference: '1234567897' }] }),
        {
          product: 'norwegian-domestic-credit-transfers',
        },
      ),
      await create(tpp, sct({ creditorAccount: { iban: OLA_SPAREKONTO, currency: 'NOK' } }), {
        product: 'ncbct',
      }),
    ];
    const basket = await basketOf(payments);
    expect(json(basket.exchange)).toMatchObject({
      transactionStatus: 'RCVD',
      _links: { startAuthorisation: { href: `${basket.path}/authorisations`, verbs: ['POST'] } },
    });
    const read = json(await tpp.send('GET', basket.path));
    expect(validator.check(SigningBasketSchema, read)).toEqual({ ok: true });
    expect(read.payments).toEqual(payments.map((p) => p.paymentId));

    const { started, result } = await authorise(basket.path);
    expect(result.redirect.outcome).toBe('success');
    const page = result.pages.find((p) => p.step === 'authorise')!.html;
    expect(page).toContain('Authorise 3 payments');
    expect(json(await tpp.send('GET', started._links.scaStatus.href))).toEqual({
      scaStatus: 'FINALISED',
    });
    for (const payment of payments)
      expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACTC');
    expect(await basketStatus(basket.path)).toBe('ACTC');

    h.clock.advance(DAY);
    for (const payment of payments)
      expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACSC');
    expect(await basketStatus(basket.path)).toBe('ACSC');
    const again = await tpp.send('POST', `${basket.path}/authorisations`, BASKET_HEADERS);
    expect(again.response?.status).toBe(409);
  });

  it('is not atomic: a payment the PSU may not make is rejected, the others go on; status is the worst', async () => {
    await identifyPayer();
    const good = await create(tpp, sct());
    const foreign = await create(
      tpp,
      sct({
        debtorAccount: { iban: KARI_BRUKSKONTO, currency: 'NOK' },
        creditorAccount: { iban: OLA_BRUKSKONTO, currency: 'NOK' },
      }),
    );
    const basket = await basketOf([good, foreign]);
    const { result } = await authorise(basket.path);
    expect(result.redirect.outcome).toBe('success');
    expect((await statusOf(tpp, good.path)).transactionStatus).toBe('ACTC');
    expect((await statusOf(tpp, foreign.path)).transactionStatus).toBe('RJCT');
    expect(await basketStatus(basket.path)).toBe('RJCT');
  });

  it('fails the SCA with PAYMENT_FAILED only when no payment can be approved', async () => {
    await identifyPayer();
    const foreign = await create(
      tpp,
      sct({
        debtorAccount: { iban: KARI_BRUKSKONTO, currency: 'NOK' },
        creditorAccount: { iban: OLA_BRUKSKONTO, currency: 'NOK' },
      }),
    );
    const basket = await basketOf([foreign]);
    const { result } = await authorise(basket.path);
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'PAYMENT_FAILED' });
    expect(await basketStatus(basket.path)).toBe('RJCT');
  });

  it('refuses bulk and periodic payments (400 REFERENCE_MIX_INVALID), and consents', async () => {
    const single = await create(tpp, sct());
    const { debtorAccount, ...element } = sct();
    const bulk = await create(
      tpp,
      { debtorAccount, payments: [element] },
      { service: 'bulk-payments' },
    );
    const periodic = await create(tpp, sct({ startDate: '2099-01-01', frequency: 'Monthly' }), {
      service: 'periodic-payments',
    });
    for (const other of [bulk, periodic]) {
      const exchange = await tpp.send(
        'POST',
        '/v1/signing-baskets',
        {},
        { paymentIds: [single.paymentId, other.paymentId] },
      );
      expect(exchange.response?.status).toBe(400);
      expect(json(exchange).tppMessages[0]).toMatchObject({
        code: 'REFERENCE_MIX_INVALID',
        path: 'paymentIds[1]',
      });
    }
    const consents = await tpp.send(
      'POST',
      '/v1/signing-baskets',
      {},
      { paymentIds: [single.paymentId], consentIds: ['c1'] },
    );
    expect(json(consents).tppMessages[0]).toMatchObject({
      code: 'BAD_REQUEST',
      path: 'consentIds',
    });
    const empty = await tpp.send('POST', '/v1/signing-baskets', {}, {});
    expect(json(empty).tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'paymentIds' });
  });

  it('takes each payment once, while it waits, in one basket; unknown ids are 404', async () => {
    const payment = await create(tpp, sct());
    const twice = await tpp.send(
      'POST',
      '/v1/signing-baskets',
      {},
      { paymentIds: [payment.paymentId, payment.paymentId] },
    );
    expect(json(twice).tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'paymentIds[1]',
    });
    await basketOf([payment]);
    const inBasket = await tpp.send(
      'POST',
      '/v1/signing-baskets',
      {},
      { paymentIds: [payment.paymentId] },
    );
    expect(inBasket.response?.status).toBe(409);
    const unknown = await tpp.send(
      'POST',
      '/v1/signing-baskets',
      {},
      { paymentIds: ['no-such-payment'] },
    );
    expect(unknown.response?.status).toBe(404);
    expect(json(unknown).tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
    const approved = await create(tpp, sct());
    await approve(tpp, approved.scaRedirect!);
    const late = await tpp.send(
      'POST',
      '/v1/signing-baskets',
      {},
      { paymentIds: [approved.paymentId] },
    );
    expect(late.response?.status).toBe(409);
    expect((await tpp.send('GET', '/v1/signing-baskets/nope')).response?.status).toBe(404);
  });

  it('§4.2.1 headers: PSU-ID and x-accept-fix amount-as-string are required to start the SCA', async () => {
    const basket = await basketOf([await create(tpp, sct())]);
    const noPsu = await tpp.send('POST', `${basket.path}/authorisations`, BASKET_HEADERS);
    expect(json(noPsu).tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-ID',
    });
    const noIp = await h.tpp().send('POST', `${basket.path}/authorisations`, BASKET_HEADERS);
    expect(json(noIp).tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-IP-Address',
    });
  });

  it("the basket's payments keep their own authorisation too (each readable and approvable on its own)", async () => {
    await identifyPayer();
    const first = await create(tpp, sct());
    const second = await create(tpp, sct());
    const basket = await basketOf([first, second]);
    await approve(tpp, first.scaRedirect!);
    expect(await basketStatus(basket.path)).toBe('RCVD');
    const { result } = await authorise(basket.path);
    expect(result.redirect.outcome).toBe('success');
    expect((await statusOf(tpp, second.path)).transactionStatus).toBe('ACTC');
    expect(await basketStatus(basket.path)).toBe('ACTC');
  });
});
