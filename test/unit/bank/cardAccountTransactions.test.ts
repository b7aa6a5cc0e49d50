/** §4.2.3 card account transactions from the ledger: mapping, fixes on the bank clock, paging. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { CardAccountTransactionsResponseSchema } from '../../../main/core/spec/schemas/cardAccounts.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import {
  aisHeaders,
  cardTransaction,
  createPki,
  parse,
  signedRequest,
  snapshotWith,
  type Pki,
} from './fixtures.js';

let pki: Pki;
const validator = new SpecValidator();

beforeAll(async () => {
  pki = await createPki();
});

function bankAt(iso: string, transactions = [cardTransaction('t1', '2024-10-01', 12_345)]): Bank {
  const clock = new VirtualClock();
  clock.set(new Date(iso));
  const bank = createBank({ mode: 'sandbox', clock });
  bank.importSnapshot(snapshotWith(transactions));
  return bank;
}

async function list(bank: Bank, query: string, headers: Record<string, string> = {}) {
  const request = signedRequest(pki, {
    method: 'GET',
    path: `/v1/card-accounts/card-1/transactions${query}`,
    headers: aisHeaders(headers),
  });
  return parse(await bank.handle(request));
}

describe('GET /v1/card-accounts/{account-id}/transactions', () => {
  it('answers 404 RESOURCE_UNKNOWN for an unknown account', async () => {
    const bank = bankAt('2024-10-10T12:00:00Z');
    const request = signedRequest(pki, {
      method: 'GET',
      path: '/v1/card-accounts/nope/transactions?bookingStatus=booked',
      headers: aisHeaders(),
    });
    const response = parse(await bank.handle(request));
    expect(response.status).toBe(404);
    expect(response.body.tppMessages[0]).toMatchObject({
      code: 'RESOURCE_UNKNOWN',
      path: 'account-id',
    });
  });

  it('shows ledger minor units as §2.5 amount strings, valid against the schema', async () => {
    const response = await list(
      bankAt('2024-10-10T12:00:00Z'),
      '?bookingStatus=both&dateFrom=2024-01-01',
    );
    expect(response.status).toBe(200);
    expect(validator.check(CardAccountTransactionsResponseSchema, response.body)).toEqual({
      ok: true,
    });
    const [transaction] = response.body.cardTransactions.booked;
    expect(transaction).toMatchObject({
      cardTransactionId: 't1',
      bookingDate: '2024-10-01',
      transactionAmount: { amount: '123.45', currency: 'NOK' },
      originalAmount: { amount: '11.22', currency: 'EUR' },
      invoiced: false,
    });
    expect(response.body.cardTransactions.pending).toEqual([]);
    expect(response.body.cardAccount).toEqual({ maskedPan: '5555********4444', currency: 'NOK' });
  });

  it('switches transactionAmount and originalAmount before the fix is default (§9.2), unless asked for', async () => {
    const before = bankAt('2024-09-04T12:00:00Z');
    const legacy = await list(before, '?bookingStatus=booked&dateFrom=2024-01-01');
    expect(legacy.body.cardTransactions.booked[0].transactionAmount).toEqual({
      amount: '11.22',
      currency: 'EUR',
    });
    const asked = await list(before, '?bookingStatus=booked&dateFrom=2024-01-01', {
      'x-accept-fix': 'amount-as-string,cardaccount-switch-originalamount-and-transactionamount',
    });
    expect(asked.body.cardTransactions.booked[0].transactionAmount).toEqual({
      amount: '123.45',
      currency: 'NOK',
    });
  });

  it('serialises amounts as numbers before amount-as-string applies, as strings once asked for', async () => {
    const bank = bankAt('2020-07-31T12:00:00Z', [cardTransaction('old', '2020-07-01', 500)]);
    const legacy = await list(bank, '?bookingStatus=booked&dateFrom=2020-01-01', {
      'x-accept-fix': 'longer-names',
    });
    expect(legacy.body.cardTransactions.booked[0].originalAmount.amount).toBe(5);
    const fixed = await list(bank, '?bookingStatus=booked&dateFrom=2020-01-01');
    expect(fixed.body.cardTransactions.booked[0].originalAmount.amount).toBe('5.00');
  });

  it('filters by dateFrom/dateTo and defaults dateFrom to 90 days back', async () => {
    const transactions = [
      cardTransaction('jan', '2024-01-15', 100),
      cardTransaction('sep', '2024-09-15', 200),
      cardTransaction('oct', '2024-10-05', 300),
    ];
    const bank = bankAt('2024-10-10T12:00:00Z', transactions);
    const ids = async (query: string) =>
      (await list(bank, query)).body.cardTransactions.booked.map(
        (t: { cardTransactionId: string }) => t.cardTransactionId,
      );
    expect(await ids('?bookingStatus=booked')).toEqual(['oct', 'sep']);
    expect(await ids('?bookingStatus=booked&dateFrom=2024-01-01')).toEqual(['oct', 'sep', 'jan']);
    expect(await ids('?bookingStatus=booked&dateFrom=2024-01-01&dateTo=2024-09-30')).toEqual([
      'sep',
      'jan',
    ]);
    expect((await list(bank, '?bookingStatus=pending')).body.cardTransactions).toEqual({
      pending: [],
    });
  });

  it('pages: 200 per call without paging parameters, limit default 1 with one, next/previous links', async () => {
    const transactions = Array.from({ length: 205 }, (_, i) =>
      cardTransaction(`t${String(i).padStart(3, '0')}`, '2024-10-01', i + 1),
    );
    const bank = bankAt('2024-10-10T12:00:00Z', transactions);
    const first = await list(bank, '?bookingStatus=booked');
    expect(first.body.cardTransactions.booked).toHaveLength(200);
    const next = new URL(first.body._links.next.href, 'http://bank');
    expect(next.searchParams.get('offset')).toBe('200');
    expect(next.searchParams.get('limit')).toBe('200');
    expect(first.body._links.previous).toBeUndefined();

    const second = await list(bank, `?${next.searchParams}`);
    expect(second.body.cardTransactions.booked).toHaveLength(5);
    expect(second.body._links.next).toBeUndefined();
    expect(
      new URL(second.body._links.previous.href, 'http://bank').searchParams.get('offset'),
    ).toBe('0');

    const single = await list(bank, '?bookingStatus=booked&offset=3');
    expect(single.body.cardTransactions.booked).toHaveLength(1);
    expect(single.body.cardTransactions.booked[0].cardTransactionId).toBe('t003');
  });

  it('treats a deleted card account as unknown', async () => {
    const bank = bankAt('2024-10-10T12:00:00Z');
    const snapshot = bank.exportSnapshot();
    snapshot.state.cardAccounts[0]!.status = 'deleted';
    bank.importSnapshot(snapshot);
    expect((await list(bank, '?bookingStatus=booked')).status).toBe(404);
  });
});
