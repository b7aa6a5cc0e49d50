/**
 * §3.1 risk rule and §1 context for payments over loopback: an exempted payment (no scaRedirect,
 * scaStatus EXEMPTED, authorised at once) only when the PSU is named; a single-SCA initiation
 * always needs SCA; corporate payments approved in the corporate context the PSU chose.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import {
  OLA,
  approve,
  create,
  json,
  paymentTpp,
  sct,
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
  tpp = paymentTpp(h);
});
afterEach(() => h.close());

const NORDLYS_DRIFTSKONTO = 'NO3797101056787';

describe('risk rule (§3.1)', () => {
  beforeEach(() => {
    h.bank.update((state) => {
      state.behaviour.riskPolicy = { mode: 'exempt-below', thresholdMinor: 50_000 };
    });
  });

  it('exempts a small payment of a named PSU: no scaRedirect, EXEMPTED, authorised at once', async () => {
    const payment = await create(tpp, sct(), {
      headers: { 'PSU-Context': null, 'X-PSU-IDENTITY': OLA.nationalIdentityNumber },
    });
    expect(payment.scaRedirect).toBeUndefined();
    expect(payment.body.transactionStatus).toBe('ACTC');
    expect(payment.body.psuMessage).toContain('without strong customer authentication');
    expect(json(await tpp.send('GET', payment.body._links.scaStatus.href))).toEqual({
      scaStatus: 'EXEMPTED',
    });
  });

  it('not above the threshold, not for a single-SCA initiation, not for an account the PSU may not use', async () => {
    const named = { 'PSU-Context': null, 'X-PSU-IDENTITY': OLA.nationalIdentityNumber };
    const large = await create(
      tpp,
      sct({ instructedAmount: { amount: '500.01', currency: 'NOK' } }),
      { headers: named },
    );
    expect(large.scaRedirect).toBeDefined();
    const single = await create(tpp, sct());
    expect(single.scaRedirect).toBeDefined();
    const foreign = await create(
      tpp,
      sct({
        debtorAccount: { iban: 'NO6997100712346', currency: 'NOK' },
        creditorAccount: { iban: 'NO5297100512347', currency: 'NOK' },
      }),
      {
        headers: named,
      },
    );
    expect(foreign.scaRedirect).toBeDefined();
    expect(foreign.body.transactionStatus).toBe('RCVD');
  });
});

describe('corporate context (§1)', () => {
  it("a representative pays from the corporation's account in the corporate context chosen during SCA", async () => {
    const payment = await create(
      tpp,
      sct({ debtorAccount: { iban: NORDLYS_DRIFTSKONTO, currency: 'NOK' } }),
      { headers: { 'PSU-Context': 'CORPORATE' } },
    );
    const result = await tpp.complete(payment.scaRedirect!, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: { agreementName: 'Nordlys Rørlegger AS' },
    });
    expect(result.redirect).toMatchObject({ outcome: 'success', context: 'CORPORATE' });
    expect(tpp.session.psuCorporateId).toBeDefined();
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('ACTC');
  });

  it('the same account in private context is refused (PAYMENT_FAILED)', async () => {
    const payment = await create(
      tpp,
      sct({ debtorAccount: { iban: NORDLYS_DRIFTSKONTO, currency: 'NOK' } }),
    );
    const result = await approve(tpp, payment.scaRedirect!);
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'PAYMENT_FAILED' });
    expect((await statusOf(tpp, payment.path)).transactionStatus).toBe('RJCT');
  });
});
