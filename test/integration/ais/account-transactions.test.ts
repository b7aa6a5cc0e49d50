/**
 * GET /v1/accounts/{id}/transactions and the transaction details endpoint over loopback: booked and
 * pending entries from the one ledger (sandbox writes, payments), the §4.2.3 paging rules with 200
 * per call, stable ids for booked transactions (1.18.0), the §8 pending known issue on and off
 * (production interface only), the §9.3 items that move to the details from 15-Aug-2024, and §7.3
 * missing backend data answered without a 500.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setPendingKnownIssue } from '../../../main/core/bank/domain/ais.js';
import {
  bookPendingAccountTransaction,
  postAccountTransaction,
  postTransfer,
} from '../../../main/core/bank/domain/ledger.js';
import type { DomainState } from '../../../main/core/bank/index.js';
import {
  AccountTransactionsResponseSchema,
  TransactionDetailsResponseSchema,
} from '../../../main/core/spec/schemas/accounts.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import {
  DAY_MS,
  OLA,
  OLA_ACCOUNT,
  OLA_SAVINGS,
  PER,
  PER_ACCOUNT,
  TODAY,
  codeOf,
  paramsOf,
  startAis,
  type AisHarness,
  type AisTpp,
  type Answer,
} from './harness.js';
import type { BankMode } from '../../../main/shared/mode.js';

const validator = new SpecValidator();
let h: AisHarness;
afterEach(() => h?.close());

const path = (account: string) => `/v1/accounts/${account}/transactions`;
type Entry = { transactionId: string; bookingDate: string };
const ids = (list: Entry[] = []) => list.map((t) => t.transactionId);
const dayOf = (now: Date, days: number) =>
  new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);

async function read(
  tpp: AisTpp,
  account: string,
  query: Record<string, string | number>,
): Promise<Answer> {
  const answer = await tpp.get(path(account), query);
  expect(answer.status, answer.text).toBe(200);
  expect(validator.check(AccountTransactionsResponseSchema, answer.body)).toEqual({ ok: true });
  return answer;
}

async function ola(mode: BankMode = 'sandbox', now?: Date): Promise<AisTpp> {
  h = await startAis({ mode, ...(now ? { now } : {}) });
  const tpp = h.tpp();
  await tpp.consent({ nationalIdentityNumber: OLA.nin });
  return tpp;
}

/** Two more pending entries on Ola's current account, 5 and 100 days old (posted like a payment). */
function addPending(state: DomainState, now: Date): void {
  for (const [id, days] of [
    ['pending-5', 5],
    ['pending-100', 100],
  ] as const)
    postAccountTransaction(state, {
      id,
      accountId: OLA_ACCOUNT,
      amount: -10_000,
      currency: 'NOK',
      status: 'pending',
      bookingDate: dayOf(now, days as number),
      valueDate: dayOf(now, days as number),
      remittanceInformationUnstructured: 'Venter',
      creditorName: 'Butikken AS',
      creditorAccount: { iban: 'NO9386011117947', bban: '86011117947' },
      debtorName: 'Ola Nordmann',
      debtorAccount: { iban: 'NO5297100512347', bban: '97100512347' },
      bankTransactionCode: 'PMNT-ICDT-DMCT',
      ultimateDebtor: 'Ola Nordmann',
      ultimateCreditor: 'Butikken AS',
      purposeCode: 'OTHR',
      origin: 'payment',
      createdAt: now.toISOString(),
    });
}

describe('booked and pending', () => {
  it('bookingStatus chooses the lists; pending entries carry their ids and dates', async () => {
    const tpp = await ola();
    const both = await read(tpp, OLA_ACCOUNT, { bookingStatus: 'both' });
    expect(both.body.account).toEqual({ iban: 'NO5297100512347', currency: 'NOK' });
    expect(both.body.transactions.booked).toHaveLength(9);
    expect(both.body.transactions.pending).toHaveLength(1);
    expect(both.body.transactions.pending[0]).toMatchObject({
      transactionId: 'tx-0013',
      bookingDate: TODAY,
      transactionAmount: { amount: '-1290.00', currency: 'NOK' },
    });
    expect(both.body.transactions._links.account.href).toBe(`/v1/accounts/${OLA_ACCOUNT}`);
    expect(
      Object.keys((await read(tpp, OLA_ACCOUNT, { bookingStatus: 'booked' })).body.transactions),
    ).toEqual(['booked', '_links']);
    expect(
      Object.keys((await read(tpp, OLA_ACCOUNT, { bookingStatus: 'pending' })).body.transactions),
    ).toEqual(['pending', '_links']);
    const missing = await tpp.get(path(OLA_ACCOUNT));
    expect([missing.status, codeOf(missing)]).toEqual([400, 'QUERY_PARAMETER_REQUIRED']);
    const zero = await tpp.get(path(OLA_ACCOUNT), { bookingStatus: 'both', limit: 0 });
    expect([zero.status, codeOf(zero)]).toEqual([400, 'FORMAT_ERROR']);
  });

  it('draws from the one ledger: sandbox-created entries and payment-made ones show', async () => {
    const tpp = await ola();
    const created = await tpp.call('POST', `/v1/sandbox/accounts/${OLA_ACCOUNT}/transactions`, {
      body: [
        {
          amount: 50_000,
          currency: 'NOK',
          valueDate: TODAY,
          remittanceInformationUnstructured: 'Tilbakebetaling',
          creditorName: 'Ola Nordmann',
          creditorAccount: { iban: 'NO5297100512347', bban: '97100512347' },
          debtorName: 'Utenfor Banken AS',
          debtorAccount: { iban: 'NO9386011117947', bban: '86011117947' },
          bankTransactionCode: 'PMNT-RCDT-DMCT',
          ultimateDebtor: 'Utenfor Banken AS',
          ultimateCreditor: 'Ola Nordmann',
          purposeCode: 'OTHR',
          bookingDate: TODAY,
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const [latest] = (await read(tpp, OLA_ACCOUNT, { bookingStatus: 'booked' })).body.transactions
      .booked;
    expect(latest).toMatchObject({
      transactionId: created.body[0].id,
      transactionAmount: { amount: '500.00' },
    });

    h.bank.update((state, now) =>
      postTransfer(state, {
        debtorAccountId: OLA_ACCOUNT,
        creditorName: 'Ola Nordmann',
        creditorAccount: { iban: 'NO8797100523454' },
        amount: 12_345,
        currency: 'NOK',
        bookingDate: TODAY,
        valueDate: TODAY,
        status: 'booked',
        paymentId: 'payment-1',
        createdAt: now.toISOString(),
      }),
    );
    const debit = (await read(tpp, OLA_ACCOUNT, { bookingStatus: 'booked' })).body.transactions
      .booked[0];
    const credit = (await read(tpp, OLA_SAVINGS, { bookingStatus: 'booked' })).body.transactions
      .booked[0];
    expect([debit.transactionAmount.amount, credit.transactionAmount.amount]).toEqual([
      '-123.45',
      '123.45',
    ]);
  });
});

describe('paging', () => {
  it('200 per call without paging parameters; next/previous carry limit=200 and walk the pages', async () => {
    h = await startAis();
    const tpp = h.tpp();
    expect((await tpp.call('POST', '/v1/sandbox/fixed-test-data', { body: {} })).status).toBe(200);
    await tpp.consent({ nationalIdentityNumber: PER.nin });
    const query = { bookingStatus: 'both', dateFrom: dayOf(new Date(`${TODAY}T00:00:00Z`), 400) };
    const first = await read(tpp, PER_ACCOUNT, query);
    const links = first.body.transactions._links;
    expect(first.body.transactions.pending).toHaveLength(6);
    expect(first.body.transactions.booked).toHaveLength(194);
    expect(links.previous).toBeUndefined();
    expect(paramsOf(links.next.href)).toEqual({ ...query, offset: '200', limit: '200' });
    const second = await read(tpp, PER_ACCOUNT, paramsOf(links.next.href));
    expect(second.body.transactions.booked).toHaveLength(141);
    expect(second.body.transactions._links.next).toBeUndefined();
    expect(paramsOf(second.body.transactions._links.previous.href)).toMatchObject({
      offset: '0',
      limit: '200',
    });

    const all = [...first.body.transactions.booked, ...second.body.transactions.booked];
    const page = await read(tpp, PER_ACCOUNT, {
      bookingStatus: 'booked',
      dateFrom: query.dateFrom,
      offset: 150,
      limit: 100,
    });
    expect(ids(page.body.transactions.booked)).toEqual(ids(all.slice(150, 250)));
    expect(paramsOf(page.body.transactions._links.next.href)).toMatchObject({
      offset: '250',
      limit: '100',
    });
    expect(paramsOf(page.body.transactions._links.previous.href)).toMatchObject({
      offset: '50',
      limit: '100',
    });
    const single = await read(tpp, PER_ACCOUNT, {
      bookingStatus: 'booked',
      dateFrom: query.dateFrom,
      offset: 7,
    });
    expect(ids(single.body.transactions.booked)).toEqual(ids(all.slice(7, 8)));
  });

  it('booked transaction ids are stable across reads, new entries and the batch booking a pending one', async () => {
    const tpp = await ola();
    const before = ids(
      (await read(tpp, OLA_ACCOUNT, { bookingStatus: 'booked' })).body.transactions.booked,
    );
    h.bank.update((state, now) => {
      addPending(state, now);
      bookPendingAccountTransaction(state, 'tx-0013', TODAY);
    });
    const after = ids(
      (await read(tpp, OLA_ACCOUNT, { bookingStatus: 'booked' })).body.transactions.booked,
    );
    expect(after).toEqual(['tx-0013', ...before]);
    const details = await tpp.get(`${path(OLA_ACCOUNT)}/${before[3]}`);
    expect(details.body.transactionsDetails.transactionDetails.transactionId).toBe(before[3]);
  });
});

describe('§8 pending-transactions known issue', () => {
  it('production: every pending transaction, unfiltered by dateFrom, dateTo and limit', async () => {
    const tpp = await ola('production');
    h.bank.update(addPending);
    const now = h.clock.now();
    const pending = (query: Record<string, string | number>) =>
      read(tpp, OLA_ACCOUNT, query).then((a) => ids(a.body.transactions.pending).sort());
    const all = ['pending-100', 'pending-5', 'tx-0013'];
    expect(await pending({ bookingStatus: 'pending' })).toEqual(all);
    expect(await pending({ bookingStatus: 'both', dateFrom: dayOf(now, -1) })).toEqual(all);
    expect(await pending({ bookingStatus: 'both', dateTo: dayOf(now, 200) })).toEqual(all);
    const limited = await read(tpp, OLA_ACCOUNT, { bookingStatus: 'both', limit: 1 });
    expect(limited.body.transactions.pending).toHaveLength(3);
    expect(limited.body.transactions.booked).toHaveLength(1);
    // The page cuts booked ones only: next counts booked transactions.
    expect(paramsOf(limited.body.transactions._links.next.href)).toMatchObject({
      offset: '1',
      limit: '1',
    });
    const second = await read(
      tpp,
      OLA_ACCOUNT,
      paramsOf(limited.body.transactions._links.next.href),
    );
    expect(second.body.transactions.pending).toHaveLength(3);

    h.bank.update((state) => setPendingKnownIssue(state, false));
    expect(await pending({ bookingStatus: 'pending' })).toEqual(['pending-5', 'tx-0013']);
    expect(await pending({ bookingStatus: 'both', dateFrom: dayOf(now, -1) })).toEqual([]);
    const fixed = await read(tpp, OLA_ACCOUNT, { bookingStatus: 'both', limit: 1 });
    expect(fixed.body.transactions.pending.length + fixed.body.transactions.booked.length).toBe(1);
  });

  it('production card reads are unaffected', async () => {
    const tpp = await ola('production');
    const answer = await tpp.get('/v1/card-accounts/card-10000001/transactions', {
      bookingStatus: 'both',
      limit: 1,
    });
    expect(
      answer.body.cardTransactions.booked.length + answer.body.cardTransactions.pending.length,
    ).toBe(1);
  });

  it('sandbox: /v1/accounts and /v1/sandbox reads filter pending ones like booked ones', async () => {
    const tpp = await ola();
    h.bank.update(addPending);
    const pending = (await read(tpp, OLA_ACCOUNT, { bookingStatus: 'pending' })).body.transactions
      .pending;
    expect(ids(pending).sort()).toEqual(['pending-5', 'tx-0013']);
    const limited = await read(tpp, OLA_ACCOUNT, { bookingStatus: 'both', limit: 1 });
    expect(limited.body.transactions.pending.length + limited.body.transactions.booked.length).toBe(
      1,
    );
    const sandbox = await tpp.call('GET', `/v1/sandbox/accounts/${OLA_ACCOUNT}/transactions`, {
      query: { fromDate: TODAY },
    });
    expect(sandbox.body.map((t: { id: string }) => t.id)).toEqual(['tx-0013']);
  });
});

describe('transaction details (§9.3) and missing backend data (§7.3)', () => {
  const moved = ['ultimateCreditor', 'ultimateDebtor', 'purposeCode', 'bankTransactionCode'];

  it('from 15-Aug-2024 the list leaves the moved items to the details response', async () => {
    const tpp = await ola('sandbox', new Date('2024-08-15T00:00:00Z'));
    const [entry] = (await read(tpp, OLA_ACCOUNT, { bookingStatus: 'booked' })).body.transactions
      .booked;
    for (const item of moved) expect(entry).not.toHaveProperty(item);
    expect(entry._links.transactionDetails.href).toBe(
      `${path(OLA_ACCOUNT)}/${entry.transactionId}`,
    );
    const details = await tpp.get(entry._links.transactionDetails.href);
    expect(details.status, details.text).toBe(200);
    expect(validator.check(TransactionDetailsResponseSchema, details.body)).toEqual({ ok: true });
    const full = details.body.transactionsDetails.transactionDetails;
    expect(full).toMatchObject({ ...entry, _links: entry._links });
    for (const item of moved) expect(full).toHaveProperty(item);
  });

  it('before 15-Aug-2024 the list carries every item', async () => {
    const tpp = await ola('sandbox', new Date('2024-08-14T23:59:59Z'));
    const [entry] = (await read(tpp, OLA_ACCOUNT, { bookingStatus: 'booked' })).body.transactions
      .booked;
    for (const item of moved) expect(entry).toHaveProperty(item);
  });

  it('an unknown transaction, or one of another account, is 404 RESOURCE_UNKNOWN', async () => {
    const tpp = await ola();
    for (const target of [`${path(OLA_ACCOUNT)}/no-such-id`, `${path(OLA_SAVINGS)}/tx-0013`]) {
      const answer = await tpp.get(target);
      expect([answer.status, codeOf(answer), answer.body.tppMessages[0].path], target).toEqual([
        404,
        'RESOURCE_UNKNOWN',
        'transactionId',
      ]);
    }
  });

  it('a transaction whose backend data is missing is left out of the list and 404 in details, never 500', async () => {
    const tpp = await ola();
    h.bank.update((state) => {
      const entry = state.ledger.accountTransaction('tx-0011')!;
      entry.currency = 'X-UNKNOWN';
      state.ledger.updateAccountTransaction(entry);
    });
    const list = await read(tpp, OLA_ACCOUNT, { bookingStatus: 'booked' });
    expect(ids(list.body.transactions.booked)).not.toContain('tx-0011');
    expect(list.body.transactions.booked).toHaveLength(8);
    const details = await tpp.get(`${path(OLA_ACCOUNT)}/tx-0011`);
    expect([details.status, codeOf(details)]).toEqual([404, 'RESOURCE_UNKNOWN']);
    expect(details.body.tppMessages[0].text).toContain('§7.3');
  });
});
