/**
 * The full scenario as far as the sandbox management goes: a corporate customer's new card account
 * is seen by nobody (§4.3 rule 4), an engagement
 * with REGISTER and VIEW attaches it to a representative (§2.6, §4.3 rule 5), consentableAccounts
 * offers it to that PSU in that corporate context, and its created transactions are read back
 * (§4.3 rule 2). The consent screen and the production read on top are the SCA issue's part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementsRepresentedBy,
  consentableAccounts,
  customerByIdentityNumber,
} from '../../../main/core/bank/domain/parties.js';
import { norwegianIban } from '../../../main/core/bank/domain/ids.js';
import { FREE_ACCOUNTS, NORDLYS, OLA, cardAccountBody, cardTransactionItem } from './bodies.js';
import { startSandbox, type Sandbox } from './harness.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('corporate card account → engagement → consent screen → transactions', () => {
  it('runs end to end over HTTP', async () => {
    // The representative logs in with the identity number (§1 sandbox login).
    const psu = customerByIdentityNumber(sandbox.bank.state(), OLA.nin)!;
    expect(psu.customerNumber).toBe(OLA.customerNumber);
    const context = { customerNumber: psu.customerNumber, agreementId: NORDLYS.agreementId };
    const before = consentableAccounts(sandbox.bank.state(), context);

    // 1. The corporation gets a card account: no agreement shows it yet (§4.3 rule 4).
    const created = await sandbox.call(
      'POST',
      '/v1/sandbox/card-accounts',
      cardAccountBody({
        customerNumber: NORDLYS.customerNumber,
        name: 'Firmakort Nordlys',
        maskedPan: '552233******1188',
        accountNumber: FREE_ACCOUNTS[2].bban,
      }),
    );
    expect(created.status).toBe(201);
    const cardId = created.body.resourceId as string;
    expect(consentableAccounts(sandbox.bank.state(), context)).toEqual(before);

    // 2. An engagement with REGISTER and VIEW gives the representative the card account.
    const iban = norwegianIban(created.body.accountNumber)!;
    const engagement = await sandbox.call(
      'POST',
      `/v1/sandbox/agreements/${NORDLYS.agreementId}/engagements`,
      {
        customer: OLA.nin,
        account: { iban },
        roles: ['REGISTER', 'VIEW'],
        registerLimit: 500_000,
        approvalLimit: 0,
      },
    );
    expect(engagement.status).toBe(201);
    expect(engagement.body).toMatchObject({
      customer: OLA.customerNumber,
      account: { iban, bban: FREE_ACCOUNTS[2].bban },
    });

    // 3. The consent screen's query offers it in the corporate context, not in the private one.
    const state = sandbox.bank.state();
    expect(agreementsRepresentedBy(state, psu.customerNumber).map((a) => a.id)).toContain(
      NORDLYS.agreementId,
    );
    expect(consentableAccounts(state, context)).toEqual([
      ...before,
      {
        kind: 'card-account',
        id: cardId,
        name: 'Firmakort Nordlys',
        maskedPan: '552233******1188',
        currency: 'NOK',
      },
    ]);
    expect(
      consentableAccounts(state, { customerNumber: psu.customerNumber }).map((a) => a.id),
    ).not.toContain(cardId);

    // 4. Card transactions created on it are read back (§4.3 rule 2).
    const path = `/v1/sandbox/card-accounts/${cardId}/transactions`;
    const posted = await sandbox.call('POST', path, [
      cardTransactionItem({ cardTransactionId: 'nordlys-1', maskedPan: '552233******1188' }),
      cardTransactionItem({
        cardTransactionId: 'nordlys-2',
        maskedPan: '552233******1188',
        bookingDate: '2025-03-13',
        transactionDate: '2025-03-13',
      }),
    ]);
    expect(posted.status).toBe(201);
    const read = await sandbox.call('GET', `${path}?bookingStatus=both`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      cardAccount: { maskedPan: '552233******1188' },
      cardTransactions: {
        booked: [posted.body.cardTransactions.booked[1], posted.body.cardTransactions.booked[0]],
        pending: [],
      },
    });
  });
});
