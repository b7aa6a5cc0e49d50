/**
 * Products and services over loopback (decisions.md "Paths", §3.2, §7.3, §9): PRODUCT_UNKNOWN and
 * PRODUCT_INVALID, Norwegian domestic transfers (NOK, KID, unreadable before approval), instant
 * payments between own accounts (1.21.8), structured remittance before and after 2024-09-05,
 * periodic payments on their own schedule (MonthlyVariable 1.18.1), bulk payments (PART).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import {
  DAY,
  EXTERNAL_IBAN,
  KARI_BRUKSKONTO,
  OLA_BRUKSKONTO,
  OLA_SPAREKONTO,
  approve,
  balanceOf,
  create,
  initiate,
  json,
  paymentTpp,
  sct,
  setClock,
  startHarness,
  statusOf,
  type Body,
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

const NDCT = 'norwegian-domestic-credit-transfers';
const STRAKS = 'instant-norwegian-domestic-credit-transfers-straks';
const ownAccount = (overrides: Body = {}) =>
  sct({
    creditorAccount: { iban: OLA_SPAREKONTO, currency: 'NOK' },
    creditorName: 'Ola Nordmann',
    ...overrides,
  });

async function refusal(exchange: Awaited<ReturnType<typeof initiate>>) {
  return { status: exchange.response?.status, ...json(exchange).tppMessages[0] };
}

describe('services and products', () => {
  it('an unknown product is 404 PRODUCT_UNKNOWN; an unknown service 404 NOT_FOUND', async () => {
    expect(
      await refusal(await initiate(tpp, sct(), { product: 'sepa-credit-transferz' })),
    ).toMatchObject({
      status: 404,
      code: 'PRODUCT_UNKNOWN',
      path: 'payment-product',
    });
    expect(await refusal(await initiate(tpp, sct(), { service: 'payment' }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(
      await refusal(await tpp.send('GET', '/v1/payments/sepa-credit-transferz/x/status')),
    ).toMatchObject({
      status: 404,
      code: 'PRODUCT_UNKNOWN',
    });
  });

  it.each([
    ['bulk-payments', STRAKS],
    ['bulk-payments', 'ncbct'],
    ['periodic-payments', 'instant-sepa-credit-transfers'],
  ])('%s does not offer %s: 400 PRODUCT_INVALID', async (service, product) => {
    expect(await refusal(await initiate(tpp, sct(), { service, product }))).toMatchObject({
      status: 400,
      code: 'PRODUCT_INVALID',
    });
  });

  it('a payment is addressed only under its own service and product, and only by its TPP', async () => {
    const payment = await create(tpp, sct());
    expect(
      (await tpp.send('GET', `/v1/payments/${NDCT}/${payment.paymentId}`)).response?.status,
    ).toBe(404);
    expect(
      (await tpp.send('GET', `/v1/bulk-payments/sepa-credit-transfers/${payment.paymentId}`))
        .response?.status,
    ).toBe(404);
    const otherSeal = await pki.issueSeal({ organizationIdentifier: 'PSDNO-FSA-OTHERTPP' });
    const other = h.tpp({ certificate: otherSeal, session: { psuIpAddress: '192.0.2.1' } });
    const exchange = await other.send('GET', payment.path);
    expect(exchange.response?.status).toBe(404);
    expect(json(exchange).tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
  });
});

describe('Norwegian domestic credit transfers', () => {
  it('details and status are unreadable before approval (403), readable after', async () => {
    const payment = await create(tpp, sct(), { product: NDCT });
    for (const path of [payment.path, `${payment.path}/status`]) {
      const exchange = await tpp.send('GET', path);
      expect(exchange.response?.status).toBe(403);
      expect(json(exchange).tppMessages[0].code).toBe('FORBIDDEN');
    }
    expect((await tpp.send('GET', payment.body._links.scaStatus.href)).response?.status).toBe(200);
    await approve(tpp, payment.scaRedirect!);
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACTC');
    expect((await tpp.send('GET', payment.path)).response?.status).toBe(200);
  });

  it('carry NOK between Norwegian accounts only', async () => {
    expect(
      await refusal(
        await initiate(tpp, sct({ instructedAmount: { amount: '10.00', currency: 'EUR' } }), {
          product: NDCT,
        }),
      ),
    ).toMatchObject({ status: 400, path: 'instructedAmount.currency' });
    expect(
      await refusal(
        await initiate(tpp, sct({ creditorAccount: { iban: EXTERNAL_IBAN, currency: 'EUR' } }), {
          product: NDCT,
        }),
      ),
    ).toMatchObject({ status: 400, path: 'creditorAccount.iban' });
  });

  const kid = (reference: Record<string, unknown>) =>
    sct({ remittanceInformationStructuredArray: [reference] });

  it('KID: valid MOD10 and MOD11 accepted; wrong check digit KID_INVALID; no reference KID_MISSING; all 400', async () => {
    await create(tpp, kid({ reference: '1234567897', referenceType: 'KID' }), { product: NDCT }); // MOD10
    await create(tpp, kid({ reference: '123456785' }), { product: NDCT }); // MOD11 only
    for (const [reference, code] of [
      [{ reference: '1234567891' }, 'KID_INVALID'],
      [{ reference: '12AB' }, 'KID_INVALID'],
      [{ reference: '1' }, 'KID_INVALID'],
      [{ referenceType: 'KID' }, 'KID_MISSING'],
      [{ reference: '  ' }, 'KID_MISSING'],
    ] as const) {
      const answer = await refusal(await initiate(tpp, kid(reference), { product: NDCT }));
      expect(answer).toMatchObject({
        status: 400,
        code,
        path: 'remittanceInformationStructuredArray[0].reference',
      });
    }
  });

  it('other products take the reference as text, but still need one', async () => {
    await create(tpp, kid({ reference: 'RF18539007547034' }));
    expect(await refusal(await initiate(tpp, kid({ referenceType: 'SCOR' })))).toMatchObject({
      status: 400,
      code: 'KID_MISSING',
    });
  });

  it('remittanceInformationStructured is accepted until 2024-09-04 and refused from 2024-09-05 (§9(3))', async () => {
    const body = () => sct({ remittanceInformationStructured: { reference: '1234567897' } });
    h.clock.set(new Date('2024-09-04T10:00:00Z'));
    await create(tpp, body(), { product: NDCT });
    h.clock.set(new Date('2024-09-05T00:00:00Z'));
    expect(await refusal(await initiate(tpp, body(), { product: NDCT }))).toMatchObject({
      status: 400,
      code: 'FORMAT_ERROR',
      path: 'remittanceInformationStructured',
    });
    const both = sct({
      remittanceInformationStructured: { reference: '1234567897' },
      remittanceInformationStructuredArray: [{ reference: '1234567897' }],
    });
    expect((await initiate(tpp, both, { product: NDCT })).response?.status).toBe(400);
    const two = kid({ reference: '1234567897' });
    (two.remittanceInformationStructuredArray as unknown[]).push({ reference: '123456785' });
    expect(await refusal(await initiate(tpp, two, { product: NDCT }))).toMatchObject({
      status: 400,
      path: 'remittanceInformationStructuredArray',
    });
  });
});

describe('instant payments between own accounts (1.21.8)', () => {
  it('settle at once after SCA (ACSC, both balances moved, no batch run needed)', async () => {
    const debtor = balanceOf(h, OLA_BRUKSKONTO);
    const creditor = balanceOf(h, OLA_SPAREKONTO);
    const payment = await create(
      tpp,
      ownAccount({ instructedAmount: { amount: '500.00', currency: 'NOK' } }),
      { product: STRAKS },
    );
    await approve(tpp, payment.scaRedirect!);
    expect(await statusOf(tpp, payment.path)).toEqual({
      transactionStatus: 'ACSC',
      fundsAvailable: true,
    });
    expect(balanceOf(h, OLA_BRUKSKONTO).closingBooked).toBe(debtor.closingBooked - 50_000);
    expect(balanceOf(h, OLA_SPAREKONTO).closingBooked).toBe(creditor.closingBooked + 50_000);
  });

  it("to someone else's account: 400 PRODUCT_INVALID; with a future date: EXECUTION_DATE_INVALID", async () => {
    for (const product of [STRAKS, 'instant-sepa-credit-transfers'])
      expect(await refusal(await initiate(tpp, sct(), { product }))).toMatchObject({
        status: 400,
        code: 'PRODUCT_INVALID',
        path: 'creditorAccount.iban',
      });
    expect(
      await refusal(
        await initiate(tpp, ownAccount({ requestedExecutionDate: '2099-01-01' }), {
          product: STRAKS,
        }),
      ),
    ).toMatchObject({
      code: 'EXECUTION_DATE_INVALID',
    });
  });

  it('lack of funds: RJCT, fundsAvailable false, and the SCA redirect says PAYMENT_FAILED', async () => {
    const tooMuch = ((balanceOf(h, OLA_BRUKSKONTO).expected + 100) / 100).toFixed(2);
    const payment = await create(
      tpp,
      ownAccount({ instructedAmount: { amount: tooMuch, currency: 'NOK' } }),
      { product: STRAKS },
    );
    const result = await approve(tpp, payment.scaRedirect!);
    expect(result.redirect).toMatchObject({
      outcome: 'failure',
      status: 400,
      code: 'PAYMENT_FAILED',
    });
    expect(await statusOf(tpp, payment.path)).toEqual({
      transactionStatus: 'RJCT',
      fundsAvailable: false,
    });
  });
});

describe('periodic payments', () => {
  const periodic = (overrides: Body) =>
    sct({
      instructedAmount: { amount: '1000.00', currency: 'NOK' },
      frequency: 'Monthly',
      ...overrides,
    });

  it('MonthlyVariable: duplicate month identifiers are refused (1.18.1); months are required with it only', async () => {
    const start = '2099-01-01';
    await create(
      tpp,
      periodic({
        startDate: start,
        frequency: 'MonthlyVariable',
        monthsOfExecution: ['1', '4', '10'],
      }),
      {
        service: 'periodic-payments',
      },
    );
    for (const [body, path] of [
      [
        periodic({
          startDate: start,
          frequency: 'MonthlyVariable',
          monthsOfExecution: ['1', '4', '4'],
        }),
        'monthsOfExecution',
      ],
      [periodic({ startDate: start, frequency: 'MonthlyVariable' }), 'monthsOfExecution'],
      [periodic({ startDate: start, monthsOfExecution: ['1'] }), 'monthsOfExecution'],
      [periodic({ startDate: '2000-01-01' }), 'startDate'],
      [periodic({ startDate: start, endDate: '2098-01-01' }), 'endDate'],
    ] as const) {
      const answer = await refusal(await initiate(tpp, body, { service: 'periodic-payments' }));
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, path });
    }
  });

  it('execute on their own schedule, not in the batch run, and end ACSC after the last day', async () => {
    const today = h.clock.now().toISOString().slice(0, 10);
    const day = (offset: number) =>
      new Date(h.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);
    const before = balanceOf(h, OLA_BRUKSKONTO);
    const payment = await create(
      tpp,
      periodic({ startDate: day(1), endDate: day(15), frequency: 'Weekly' }),
      { service: 'periodic-payments' },
    );
    await approve(tpp, payment.scaRedirect!);
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACCP');
    h.clock.advance(10 * 60 * 60 * 1000); // 20:00 today: batch runs passed, no execution day yet
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACCP');
    expect(balanceOf(h, OLA_BRUKSKONTO)).toEqual(before);
    h.clock.advance(5 * 60 * 60 * 1000); // 01:00 tomorrow: the first execution day
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACCP');
    expect(balanceOf(h, OLA_BRUKSKONTO).closingBooked).toBe(before.closingBooked - 100_000);
    h.clock.advance(30 * DAY);
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACSC');
    expect(balanceOf(h, OLA_BRUKSKONTO).closingBooked).toBe(before.closingBooked - 300_000); // days 1, 8, 15
    expect(today < day(1)).toBe(true);
  });

  it('DELETE stops a standing order: no execution after it (CANC)', async () => {
    const before = balanceOf(h, OLA_BRUKSKONTO);
    const tomorrow = new Date(h.clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const payment = await create(tpp, periodic({ startDate: tomorrow, frequency: 'Daily' }), {
      service: 'periodic-payments',
    });
    await approve(tpp, payment.scaRedirect!);
    h.clock.advance(DAY); // 10:00 tomorrow: one execution
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACCP');
    expect((await tpp.send('DELETE', payment.path)).response?.status).toBe(204);
    h.clock.advance(5 * DAY);
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('CANC');
    expect(balanceOf(h, OLA_BRUKSKONTO).closingBooked).toBe(before.closingBooked - 100_000);
  });

  it('an execution without funds rejects the standing order (fundsAvailable false)', async () => {
    const tooMuch = ((balanceOf(h, OLA_BRUKSKONTO).expected + 100) / 100).toFixed(2);
    const tomorrow = new Date(h.clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const payment = await create(
      tpp,
      periodic({ startDate: tomorrow, instructedAmount: { amount: tooMuch, currency: 'NOK' } }),
      {
        service: 'periodic-payments',
      },
    );
    await approve(tpp, payment.scaRedirect!);
    h.clock.advance(DAY);
    expect(await statusOf(tpp, payment.path)).toEqual({
      transactionStatus: 'RJCT',
      fundsAvailable: false,
    });
  });
});

describe('bulk payments', () => {
  it('settle element by element: PART when one lacks funds', async () => {
    const before = balanceOf(h, OLA_BRUKSKONTO);
    const element = (amount: string) => ({
      instructedAmount: { amount, currency: 'NOK' },
      creditorAccount: { iban: KARI_BRUKSKONTO, currency: 'NOK' },
      creditorName: 'Kari Nordmann',
    });
    const tooMuch = (before.expected / 100).toFixed(2);
    const payment = await create(
      tpp,
      {
        debtorAccount: { iban: OLA_BRUKSKONTO, currency: 'NOK' },
        payments: [element('100.00'), element(tooMuch), element('200.00')],
      },
      { service: 'bulk-payments' },
    );
    expect(payment.body.psuMessage).toContain('3 credit transfers');
    await approve(tpp, payment.scaRedirect!);
    h.clock.advance(DAY);
    expect(await statusOf(tpp, payment.path)).toEqual({
      transactionStatus: 'PART',
      fundsAvailable: false,
    });
    expect(balanceOf(h, OLA_BRUKSKONTO).closingBooked).toBe(before.closingBooked - 30_000);
  });

  it('name the element of a field error', async () => {
    const answer = await refusal(
      await initiate(
        tpp,
        {
          debtorAccount: { iban: OLA_BRUKSKONTO, currency: 'NOK' },
          payments: [sct(), { ...sct(), creditorName: 'x'.repeat(71) }],
        },
        { service: 'bulk-payments' },
      ),
    );
    expect(answer).toMatchObject({ status: 400, path: 'payments[1].creditorName' });
  });
});
