/**
 * Done when — the whole scenario over HTTP, as a TPP and a PSU see it:
 * a corporate customer's card account is created through the sandbox API, attached to a
 * representative by an engagement with REGISTER and VIEW (§2.6, §4.3 rules 4–5), offered on the
 * consent screen in that corporate context, granted, and its transactions are read through the
 * production-shape endpoint (§4.2.3) with PSU-ID and PSU-Corporate-ID (§1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { norwegianIban } from '../../../main/core/bank/domain/ids.js';
import {
  FREE_ACCOUNTS,
  NORDLYS,
  OLA,
  cardAccountBody,
  cardTransactionItem,
} from '../sandbox/bodies.js';
import { startHarness, type Harness } from './harness.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
  harness.clock.set(new Date('2025-03-14T10:00:00.000Z'));
});
afterAll(() => harness.close());

describe('corporate card account → engagement → consent screen → card transactions', () => {
  it('runs end to end with the headless PSU agent', async () => {
    const tpp = harness.tpp();
    const maskedPan = '552233******1188';
    const created = await tpp.send(
      'POST',
      '/v1/sandbox/card-accounts',
      {},
      cardAccountBody({
        customerNumber: NORDLYS.customerNumber,
        name: 'Firmakort Nordlys',
        maskedPan,
        accountNumber: FREE_ACCOUNTS[2].bban,
      }),
    );
    expect(created.response?.status, created.response?.body).toBe(201);
    const cardId = (created.response!.json as { resourceId: string }).resourceId;

    const engagement = await tpp.send(
      'POST',
      `/v1/sandbox/agreements/${NORDLYS.agreementId}/engagements`,
      {},
      {
        customer: OLA.nin,
        account: { iban: norwegianIban(FREE_ACCOUNTS[2].bban) },
        roles: ['REGISTER', 'VIEW'],
        registerLimit: 500_000,
        approvalLimit: 0,
      },
    );
    expect(engagement.response?.status, engagement.response?.body).toBe(201);

    const transactions = await tpp.send(
      'POST',
      `/v1/sandbox/card-accounts/${cardId}/transactions`,
      {},
      [cardTransactionItem({ cardTransactionId: 'nordlys-1', maskedPan })] as unknown as object,
    );
    expect(transactions.response?.status, transactions.response?.body).toBe(201);

    // The representative consents in the corporation's context: the card account is on the screen.
    const consent = await tpp.startConsent();
    const result = await tpp.complete(consent.scaRedirect, {
      nationalIdentityNumber: OLA.nin,
      context: { agreementName: 'Nordlys Rørlegger AS' },
      accounts: { grant: [cardId] },
    });
    expect(result.redirect).toMatchObject({ outcome: 'success', context: 'CORPORATE' });
    const consentPage = result.pages.find(
      (page) =>
        page.html.includes('data-testid="consent-accounts"') || page.html.includes(maskedPan),
    );
    expect(consentPage?.html, 'the consent screen lists the new card account').toContain(
      'Firmakort Nordlys',
    );
    expect(tpp.session.psuCorporateId).toBeDefined();

    // Production-shape read with PSU-ID and PSU-Corporate-ID from the redirect.
    const read = await tpp.send(
      'GET',
      `/v1/card-accounts/${cardId}/transactions?bookingStatus=booked`,
      {
        'x-accept-fix': 'amount-as-string',
        'PSU-IP-Address': '192.0.2.10',
      },
    );
    expect(read.response?.status, read.response?.body).toBe(200);
    const report = read.response!.json as {
      cardAccount: { maskedPan: string };
      cardTransactions: {
        booked: { cardTransactionId: string; transactionAmount: { amount: unknown } }[];
      };
    };
    expect(report.cardAccount.maskedPan).toBe(maskedPan);
    expect(report.cardTransactions.booked.map((t) => t.cardTransactionId)).toEqual(['nordlys-1']);
    expect(typeof report.cardTransactions.booked[0]!.transactionAmount.amount).toBe('string');

    // Without PSU-Corporate-ID after a corporate SCA: 400 naming the header (§1, §7.3).
    const withoutCorporate = await tpp.send(
      'GET',
      `/v1/card-accounts/${cardId}/transactions?bookingStatus=booked`,
      {
        'x-accept-fix': 'amount-as-string',
        'PSU-Corporate-ID': null,
      },
    );
    expect(withoutCorporate.response?.status).toBe(400);
    expect(withoutCorporate.response?.body).toContain('PSU-Corporate-ID');
  });
});
