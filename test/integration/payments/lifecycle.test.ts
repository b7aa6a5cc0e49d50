/**
 * §3.2 lifecycle and the §1 sandbox batch over loopback: RCVD → SCA (headless PSU agent) → ACTC →
 * a batch run on the virtual clock → ACSC with both ledgers moved and listed; lack of funds → RJCT
 * with fundsAvailable false; execution dates; DELETE (sandbox 204, production 405); fees and
 * currency conversion; runBatchNow for the bank console.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBatchNow } from '../../../main/core/bank/domain/batch.js';
import { PaymentStatusResponseSchema } from '../../../main/core/spec/schemas/payments.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import {
  DAY,
  EXTERNAL_IBAN,
  HAVBRIS_EUR,
  HOUR,
  KARI_BRUKSKONTO,
  OLA_BRUKSKONTO,
  approve,
  balanceOf,
  create,
  json,
  paymentTpp,
  sct,
  setClock,
  startHarness,
  statusOf,
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
  setClock(h, '10:00'); // between the 09:00 and 12:00 runs
  tpp = paymentTpp(h);
});
afterEach(() => h.close());

const validator = new SpecValidator();

async function status(path: string) {
  const body = await statusOf(tpp, path);
  expect(validator.check(PaymentStatusResponseSchema, body)).toEqual({ ok: true });
  return body;
}

async function sandboxTransactions(accountId: string) {
  const exchange = await tpp.send('GET', `/v1/sandbox/accounts/${accountId}/transactions`);
  expect(exchange.response?.status).toBe(200);
  return json(exchange) as { amount: number; remittanceInformationUnstructured: string }[];
}

describe('a payment from initiation to settlement', () => {
  it('RCVD, ACTC after SCA, ACSC at the next batch run; both accounts debited/credited and listed', async () => {
    const olaBefore = balanceOf(h, OLA_BRUKSKONTO);
    const kariBefore = balanceOf(h, KARI_BRUKSKONTO);
    const remittance = 'Husleie mars';
    const payment = await create(
      tpp,
      sct({
        instructedAmount: { amount: '1234.50', currency: 'NOK' },
        remittanceInformationUnstructured: remittance,
      }),
    );
    expect(payment.body.transactionStatus).toBe('RCVD');
    expect(await status(payment.path)).toEqual({ transactionStatus: 'RCVD', fundsAvailable: true });
    expect(json(await tpp.send('GET', payment.body._links.scaStatus.href))).toEqual({
      scaStatus: 'RECEIVED',
    });

    const result = await approve(tpp, payment.scaRedirect!);
    expect(result.redirect).toMatchObject({ outcome: 'success', context: 'PRIVATE' });
    expect(result.pages.find((page) => page.step === 'authorise')?.html).toContain('1234.50 NOK');
    expect(json(await tpp.send('GET', payment.body._links.scaStatus.href))).toEqual({
      scaStatus: 'FINALISED',
    });
    expect((await status(payment.path)).transactionStatus).toBe('ACTC');

    h.clock.advance(2 * HOUR - 60_000); // 11:59: no run yet
    expect((await status(payment.path)).transactionStatus).toBe('ACTC');
    expect(balanceOf(h, OLA_BRUKSKONTO)).toEqual(olaBefore);

    h.clock.advance(60_000); // 12:00: the batch run
    expect(await status(payment.path)).toEqual({ transactionStatus: 'ACSC', fundsAvailable: true });
    expect(balanceOf(h, OLA_BRUKSKONTO)).toEqual({
      closingBooked: olaBefore.closingBooked - 123_450,
      expected: olaBefore.expected - 123_450,
    });
    expect(balanceOf(h, KARI_BRUKSKONTO)).toEqual({
      closingBooked: kariBefore.closingBooked + 123_450,
      expected: kariBefore.expected + 123_450,
    });
    const debit = (await sandboxTransactions('acc-10000001-brukskonto')).find(
      (entry) => entry.remittanceInformationUnstructured === remittance,
    );
    const credit = (await sandboxTransactions('acc-10000002-brukskonto')).find(
      (entry) => entry.remittanceInformationUnstructured === remittance,
    );
    expect(debit?.amount).toBe(-123_450);
    expect(credit?.amount).toBe(123_450);

    const read = json(await tpp.send('GET', payment.path));
    expect(read).toMatchObject({
      transactionStatus: 'ACSC',
      creditorName: 'Kari Nordmann',
      instructedAmount: { amount: '1234.50', currency: 'NOK' },
    });
  });

  it('lack of funds (balance plus credit line): RJCT with fundsAvailable false, balances unchanged', async () => {
    const before = balanceOf(h, OLA_BRUKSKONTO);
    const tooMuch = (before.expected + 1) / 100; // 0 credit line
    const payment = await create(
      tpp,
      sct({ instructedAmount: { amount: tooMuch.toFixed(2), currency: 'NOK' } }),
    );
    expect((await status(payment.path)).fundsAvailable).toBe(false);
    await approve(tpp, payment.scaRedirect!);
    h.clock.advance(DAY);
    expect(await status(payment.path)).toEqual({
      transactionStatus: 'RJCT',
      fundsAvailable: false,
    });
    expect(balanceOf(h, OLA_BRUKSKONTO)).toEqual(before);
  });

  it('the credit line counts: Kari may overdraw up to 10000.00 NOK', async () => {
    const kari = await tpp.send('GET', '/v1/sandbox/customers');
    expect(kari.response?.status).toBe(200);
    const before = balanceOf(h, KARI_BRUKSKONTO);
    const amount = (before.expected + 1_000_000) / 100;
    const payment = await create(
      tpp,
      sct({
        debtorAccount: { iban: KARI_BRUKSKONTO, currency: 'NOK' },
        creditorAccount: { iban: OLA_BRUKSKONTO, currency: 'NOK' },
        creditorName: 'Ola Nordmann',
        instructedAmount: { amount: amount.toFixed(2), currency: 'NOK' },
      }),
    );
    await approve(tpp, payment.scaRedirect!, '62079045611');
    h.clock.advance(DAY);
    expect((await status(payment.path)).transactionStatus).toBe('ACSC');
    expect(balanceOf(h, KARI_BRUKSKONTO).expected).toBe(-1_000_000);
  });

  it('waits for its requested execution date', async () => {
    const inThreeDays = new Date(h.clock.now().getTime() + 3 * DAY).toISOString().slice(0, 10);
    const payment = await create(tpp, sct({ requestedExecutionDate: inThreeDays }));
    await approve(tpp, payment.scaRedirect!);
    h.clock.advance(2 * DAY);
    expect((await status(payment.path)).transactionStatus).toBe('ACTC');
    h.clock.advance(DAY - 10 * HOUR + 6 * HOUR); // the execution day's 06:00 run
    expect((await status(payment.path)).transactionStatus).toBe('ACSC');
  });

  it('a failed SCA rejects the payment; the redirect says PAYMENT_FAILED when the PSU cancels', async () => {
    const payment = await create(tpp, sct());
    const result = await tpp.complete(payment.scaRedirect!, {
      nationalIdentityNumber: '15038512363',
      context: 'PRIVATE',
      action: 'cancel',
    });
    expect(result.redirect).toMatchObject({
      outcome: 'failure',
      status: 400,
      code: 'PAYMENT_FAILED',
    });
    expect((await status(payment.path)).transactionStatus).toBe('RJCT');
  });

  it("the PSU may only pay from accounts it may use: Kari cannot approve Ola's payment", async () => {
    const payment = await create(tpp, sct());
    const result = await approve(tpp, payment.scaRedirect!, '62079045611');
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'PAYMENT_FAILED' });
    expect((await status(payment.path)).transactionStatus).toBe('RJCT');
  });
});

describe('fees and currency conversion', () => {
  it('an EUR cross-border payment from a NOK account: converted debit plus fees, all booked', async () => {
    const before = balanceOf(h, OLA_BRUKSKONTO);
    const payment = await create(
      tpp,
      sct({
        instructedAmount: { amount: '100.00', currency: 'EUR' },
        creditorAccount: { iban: EXTERNAL_IBAN, currency: 'EUR' },
        creditorName: 'Hans Muster',
        creditorAddress: { city: 'Berlin', country: 'DE' },
      }),
      { product: 'cross-border-credit-transfers' },
    );
    // 25.00 fixed + conversion max(10.00, 0.5 % of 1150.00) = 35.00 NOK
    expect(payment.body).toMatchObject({
      transactionFees: { amount: '35.00', currency: 'NOK' },
      transactionFeeIndicator: true,
    });
    expect(payment.body.psuMessage).toContain('35.00 NOK');
    await approve(tpp, payment.scaRedirect!);
    h.clock.advance(DAY);
    expect((await status(payment.path)).transactionStatus).toBe('ACSC');
    expect(balanceOf(h, OLA_BRUKSKONTO).closingBooked).toBe(before.closingBooked - 115_000 - 3_500);
    const entries = await sandboxTransactions('acc-10000001-brukskonto');
    expect(entries.map((entry) => entry.amount)).toEqual(
      expect.arrayContaining([-115_000, -3_500]),
    );
  });

  it('a payment in the account currency without product fee has no fee fields', async () => {
    const payment = await create(tpp, sct());
    expect(payment.body).not.toHaveProperty('transactionFees');
    expect(payment.body).not.toHaveProperty('transactionFeeIndicator');
  });

  it('an internal creditor in another currency is credited in its own currency', async () => {
    const before = balanceOf(h, HAVBRIS_EUR);
    const payment = await create(
      tpp,
      sct({
        instructedAmount: { amount: '10.00', currency: 'EUR' },
        creditorAccount: { iban: HAVBRIS_EUR, currency: 'EUR' },
        creditorName: 'Havbris Eksport AS',
      }),
    );
    await approve(tpp, payment.scaRedirect!);
    h.clock.advance(DAY);
    expect((await status(payment.path)).transactionStatus).toBe('ACSC');
    expect(balanceOf(h, HAVBRIS_EUR).closingBooked).toBe(before.closingBooked + 1_000);
  });
});

describe('DELETE (§1: every product, sandbox only)', () => {
  it('cancels before the batch run: CANC, never settled; a settled payment cannot be cancelled', async () => {
    const before = balanceOf(h, OLA_BRUKSKONTO);
    const payment = await create(tpp, sct());
    await approve(tpp, payment.scaRedirect!);
    expect((await tpp.send('DELETE', payment.path)).response?.status).toBe(204);
    expect((await tpp.send('DELETE', payment.path)).response?.status).toBe(204);
    h.clock.advance(DAY);
    expect((await status(payment.path)).transactionStatus).toBe('CANC');
    expect(balanceOf(h, OLA_BRUKSKONTO)).toEqual(before);

    const settled = await create(tpp, sct());
    await approve(tpp, settled.scaRedirect!);
    h.clock.advance(DAY);
    const refused = await tpp.send('DELETE', settled.path);
    expect(refused.response?.status).toBe(409);
    expect(json(refused).tppMessages[0].code).toBe('CONFLICT');
  });

  it('a payment cancelled while the PSU is on the pages fails its SCA with PAYMENT_FAILED', async () => {
    const payment = await create(tpp, sct());
    expect((await tpp.send('DELETE', payment.path)).response?.status).toBe(204);
    const result = await approve(tpp, payment.scaRedirect!);
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'PAYMENT_FAILED' });
    expect((await status(payment.path)).transactionStatus).toBe('CANC');
  });

  it('production mode has no DELETE: 405 with Allow: GET', async () => {
    const production = await startHarness({ mode: 'production', pki });
    try {
      const prodTpp = paymentTpp(production);
      const payment = await create(prodTpp, sct());
      const exchange = await prodTpp.send('DELETE', payment.path);
      expect(exchange.response?.status).toBe(405);
      expect(exchange.response?.headers.allow).toBe('GET');
    } finally {
      await production.close();
    }
  });
});

describe('runBatchNow (bank console)', () => {
  it('settles the authorised payments at once and reports them', async () => {
    const payment = await create(tpp, sct());
    await approve(tpp, payment.scaRedirect!);
    const report = h.bank.update((state, now) => runBatchNow(state, now));
    expect(report.settled).toEqual([payment.paymentId]);
    expect(report.runs).toHaveLength(1);
    expect((await status(payment.path)).transactionStatus).toBe('ACSC');
  });
});
