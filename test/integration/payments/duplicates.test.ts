/**
 * §4.2.2 allowLogicalDuplicate over loopback (rule in docs/payments.md): same TPP, PSU, accounts,
 * amount, currency, date and remittance within 24 hours, earlier not rejected or cancelled →
 * 409 CONFLICT naming the earlier payment, unless allowLogicalDuplicate=true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import {
  DAY,
  OLA,
  create,
  initiate,
  json,
  paymentTpp,
  sct,
  startHarness,
  type Harness,
  type Tpp,
} from './harness.js';

let pki: Pki;
let h: Harness;
let tpp: Tpp;
beforeAll(async () => {
  pki = await createPki();
  h = await startHarness({ pki });
  tpp = paymentTpp(h);
});
afterAll(() => h.close());

async function expectDuplicateOf(body: Record<string, unknown>, earlier: string, query = '') {
  const exchange = await initiate(tpp, body, { query });
  expect(exchange.response?.status, exchange.response?.body).toBe(409);
  const [message] = json(exchange).tppMessages;
  expect(message).toMatchObject({ code: 'CONFLICT', path: 'allowLogicalDuplicate' });
  expect(message.text).toContain(earlier);
}

describe('logical duplicates', () => {
  it('without a requested execution date count on the bank date of the initiation', async () => {
    const body = sct();
    const first = await create(tpp, body);
    await expectDuplicateOf(body, first.paymentId);
    h.clock.advance(DAY);
    await create(tpp, body);
  });

  it('are refused by default and with false, and accepted with allowLogicalDuplicate=true', async () => {
    const body = sct();
    const first = await create(tpp, body);
    await expectDuplicateOf(body, first.paymentId);
    await expectDuplicateOf(body, first.paymentId, '?allowLogicalDuplicate=false');
    const second = await create(tpp, body, { query: '?allowLogicalDuplicate=true' });
    expect(second.paymentId).not.toBe(first.paymentId);
    const malformed = await initiate(tpp, body, { query: '?allowLogicalDuplicate=yes' });
    expect(malformed.response?.status).toBe(400);
    expect(json(malformed).tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'allowLogicalDuplicate',
    });
  });

  it('differ in any of amount, creditor, remittance, date or product: not duplicates', async () => {
    const body = sct();
    await create(tpp, body);
    await create(tpp, { ...body, instructedAmount: { amount: '100.01', currency: 'NOK' } });
    await create(tpp, {
      ...body,
      remittanceInformationUnstructured: `${String(body.remittanceInformationUnstructured)}!`,
    });
    await create(tpp, { ...body, requestedExecutionDate: '2099-01-01' });
    await create(tpp, { ...body, creditorAccount: { iban: 'NO8797100523454', currency: 'NOK' } });
    await create(tpp, body, { product: 'norwegian-domestic-credit-transfers' });
  });

  it('count per PSU: a payment naming the PSU is no duplicate of a single-SCA one', async () => {
    const body = sct();
    await create(tpp, body);
    await create(tpp, body, { headers: { 'X-PSU-IDENTITY': OLA.nationalIdentityNumber } });
  });

  it('count per TPP', async () => {
    const body = sct();
    await create(tpp, body);
    const other = h.tpp({
      certificate: await pki.issueSeal({ organizationIdentifier: 'PSDNO-FSA-DUPLICATE' }),
      session: { psuIpAddress: '192.0.2.3' },
    });
    await create(other, body);
  });

  it('end when the earlier payment is cancelled or rejected, and after 24 hours', async () => {
    const body = sct({ requestedExecutionDate: '2099-06-01' });
    const first = await create(tpp, body);
    expect((await tpp.send('DELETE', first.path)).response?.status).toBe(204);
    const second = await create(tpp, body);
    await expectDuplicateOf(body, second.paymentId);
    h.clock.advance(DAY - 1_000);
    await expectDuplicateOf(body, second.paymentId);
    h.clock.advance(1_000);
    await create(tpp, body);
    const rejectedBody = sct();
    const rejected = await create(tpp, rejectedBody);
    const cancelled = await tpp.complete(rejected.scaRedirect!, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: 'PRIVATE',
      action: 'cancel',
    });
    expect(cancelled.redirect.outcome).toBe('failure');
    await create(tpp, rejectedBody);
  });
});
