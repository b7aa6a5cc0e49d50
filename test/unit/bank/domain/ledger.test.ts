/** domain/ledger.ts: posting moves balances; reading orders and filters; transfers (§4.3 rule 1). */
import { describe, expect, it } from 'vitest';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import {
  accountTransactionsOf,
  bookPendingAccountTransaction,
  cancelPendingAccountTransaction,
  cardTransactionsOf,
  postAccountTransaction,
  postCardTransaction,
  postTransfer,
  setAccountBalances,
  type NewAccountTransaction,
} from '../../../../main/core/bank/domain/ledger.js';

const NOW = new Date('2025-03-14T10:00:00Z');
const OLA = 'acc-10000001-brukskonto';
const SAVINGS = 'acc-10000001-sparekonto';

const entry = (overrides: Partial<NewAccountTransaction> = {}): NewAccountTransaction => ({
  accountId: OLA,
  amount: -1_000,
  currency: 'NOK',
  status: 'booked',
  bookingDate: '2025-03-14',
  valueDate: '2025-03-14',
  remittanceInformationUnstructured: 'x',
  creditorName: 'c',
  creditorAccount: { iban: 'NO9386011117947', bban: '86011117947' },
  debtorName: 'd',
  debtorAccount: { iban: 'NO5297100512347', bban: '97100512347' },
  bankTransactionCode: 'PMNT-ICDT-DMCT',
  ultimateDebtor: 'd',
  ultimateCreditor: 'c',
  purposeCode: 'OTHR',
  origin: 'sandbox',
  createdAt: NOW.toISOString(),
  ...overrides,
});

const balances = (state: ReturnType<typeof buildInitialState>, id = OLA) => ({
  ...state.accounts.find((a) => a.id === id)!.balances,
});

describe('account ledger', () => {
  it('booked entries move closingBooked and expected; pending only expected; booking catches up', () => {
    const state = buildInitialState(NOW);
    const start = balances(state);
    postAccountTransaction(state, entry());
    expect(balances(state)).toEqual({
      closingBooked: start.closingBooked - 1_000,
      expected: start.expected - 1_000,
    });
    const pending = postAccountTransaction(state, entry({ status: 'pending', amount: -500 }));
    expect(balances(state)).toEqual({
      closingBooked: start.closingBooked - 1_000,
      expected: start.expected - 1_500,
    });
    expect(bookPendingAccountTransaction(state, pending.id, '2025-03-15')?.status).toBe('booked');
    expect(balances(state)).toEqual({
      closingBooked: start.closingBooked - 1_500,
      expected: start.expected - 1_500,
    });
    expect(bookPendingAccountTransaction(state, pending.id, '2025-03-15')).toBeUndefined();
  });

  it('cancelling a pending entry removes it and its effect; a booked one stays', () => {
    const state = buildInitialState(NOW);
    const start = balances(state);
    const pending = postAccountTransaction(state, entry({ status: 'pending' }));
    const booked = postAccountTransaction(state, entry());
    expect(cancelPendingAccountTransaction(state, booked.id)).toBe(false);
    expect(cancelPendingAccountTransaction(state, pending.id)).toBe(true);
    expect(state.ledger.allAccountTransactions().find((t) => t.id === pending.id)).toBeUndefined();
    expect(balances(state).expected).toBe(start.expected - 1_000);
  });

  it('setAccountBalances sets only the given types', () => {
    const state = buildInitialState(NOW);
    const account = state.accounts.find((a) => a.id === OLA)!;
    const before = account.balances.expected;
    setAccountBalances(account, [{ balanceType: 'closingBooked', amount: 7 }]);
    expect(account.balances).toEqual({ closingBooked: 7, expected: before });
  });

  it('lists newest booking date first, later posting first on one date, within the range', () => {
    const state = buildInitialState(NOW);
    const a = postAccountTransaction(state, entry({ bookingDate: '2025-03-01' }));
    const b = postAccountTransaction(state, entry({ bookingDate: '2025-03-01' }));
    const ids = accountTransactionsOf(state, OLA, {
      fromDate: '2025-03-01',
      toDate: '2025-03-01',
    }).map((t) => t.id);
    expect(ids).toEqual([b.id, a.id]);
    const all = accountTransactionsOf(state, OLA).map((t) => t.bookingDate);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('postTransfer debits the debtor and credits an account of this bank, origin payment (§4.3 rule 1)', () => {
    const state = buildInitialState(NOW);
    const start = [balances(state), balances(state, SAVINGS)];
    const result = postTransfer(state, {
      debtorAccountId: OLA,
      creditorName: 'Ola Nordmann',
      creditorAccount: { iban: 'NO8797100523454' },
      amount: 2_000,
      currency: 'NOK',
      bookingDate: '2025-03-14',
      valueDate: '2025-03-14',
      status: 'pending',
      paymentId: 'p-1',
      createdAt: NOW.toISOString(),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.debit).toMatchObject({
      accountId: OLA,
      amount: -2_000,
      origin: 'payment',
      paymentId: 'p-1',
      status: 'pending',
    });
    expect(result.credit).toMatchObject({ accountId: SAVINGS, amount: 2_000, origin: 'payment' });
    expect(balances(state).expected).toBe(start[0]!.expected - 2_000);
    expect(balances(state, SAVINGS).expected).toBe(start[1]!.expected + 2_000);
    expect(accountTransactionsOf(state, OLA).map((t) => t.id)).toContain(result.debit.id);
  });

  it('postTransfer to outside the bank makes only the debit; refuses wrong input without changing anything', () => {
    const state = buildInitialState(NOW);
    const transfer = {
      debtorAccountId: OLA,
      creditorName: 'Outside',
      creditorAccount: { iban: 'NO9386011117947' },
      amount: 100,
      currency: 'NOK',
      bookingDate: '2025-03-14',
      valueDate: '2025-03-14',
      status: 'booked' as const,
      paymentId: 'p-2',
      createdAt: NOW.toISOString(),
    };
    const result = postTransfer(state, transfer);
    expect(result.ok && result.credit).toBe(undefined);
    const count = state.ledger.allAccountTransactions().length;
    expect(postTransfer(state, { ...transfer, currency: 'EUR' })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/currency/),
    });
    expect(postTransfer(state, { ...transfer, amount: 0 })).toMatchObject({ ok: false });
    expect(postTransfer(state, { ...transfer, debtorAccountId: 'nope' })).toMatchObject({
      ok: false,
    });
    expect(state.ledger.allAccountTransactions()).toHaveLength(count);
  });
});

describe('card ledger', () => {
  it('booked card transactions move the card balances in their currency; lists split booked and pending', () => {
    const state = buildInitialState(NOW);
    const card = state.cardAccounts.find((c) => c.resourceId === 'card-10000001')!;
    const [booked, expected] = card.balances.map((b) => b.balanceAmount.amount);
    const template = state.ledger
      .allCardTransactions()
      .find((t) => t.accountId === card.resourceId)!;
    postCardTransaction(state, {
      ...template,
      cardTransactionId: 'p',
      status: 'pending',
      transactionAmount: { currency: 'NOK', amount: -10 },
    });
    postCardTransaction(state, {
      ...template,
      cardTransactionId: 'b',
      status: 'booked',
      transactionAmount: { currency: 'NOK', amount: -20 },
    });
    expect(card.balances.map((b) => b.balanceAmount.amount)).toEqual([
      booked! - 20,
      expected! - 30,
    ]);
    expect(
      cardTransactionsOf(state, card.resourceId, 'pending').map((t) => t.cardTransactionId),
    ).toEqual(['p']);
    expect(
      cardTransactionsOf(state, card.resourceId, 'booked').map((t) => t.cardTransactionId),
    ).toContain('b');
    expect(() => postCardTransaction(state, { ...template, accountId: 'nope' })).toThrow(
      /no card account/,
    );
  });
});
