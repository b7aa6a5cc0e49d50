/**
 * The ledger: posting and reading account and card transactions and the balances they move.
 * One ledger for the sandbox management API and the production interface (decisions.md "Amounts
 * and identities"). Amounts are signed integer minor units as the account sees them: negative
 * debits the account, positive credits it. Booked entries move closingBooked and expected;
 * pending entries move expected only (expected = booked plus pending).
 *
 * Functions over the state object they are given (they mutate it in place; transactions go to its
 * ledger store, domain/ledger-store.ts); no clock reads: the caller passes dates and `createdAt`.
 */
import type { SandboxBalanceType } from '../../spec/enums.js';
import type { EntryStatus } from './ledger-store.js';
import { newResourceId } from './ids.js';
import { customerByNumber, holdingByIban } from './parties.js';
import type {
  Account,
  AccountTransactionRecord,
  CardAccount,
  CardTransactionRecord,
  DomainState,
} from './model.js';

export type { EntryStatus } from './ledger-store.js';

// ---- balances ----------------------------------------------------------------------------------

/** Moves an account's balances by `amount` minor units for an entry of `status`. */
export function applyBalanceChange(account: Account, amount: number, status: EntryStatus): void {
  if (status === 'booked') account.balances.closingBooked += amount;
  account.balances.expected += amount;
}

/** Sets the given balance types (§4.3 "Change account balance"); others stay as they are. */
export function setAccountBalances(
  account: Account,
  balances: readonly { balanceType: SandboxBalanceType; amount: number }[],
): void {
  for (const balance of balances) account.balances[balance.balanceType] = balance.amount;
}

/** A card account keeps §2.6 Balance objects; entries in the transaction's currency move. */
export function applyCardBalanceChange(
  cardAccount: CardAccount,
  amount: { currency: string; amount: number },
  status: EntryStatus,
): void {
  for (const balance of cardAccount.balances) {
    if (balance.balanceAmount.currency !== amount.currency) continue;
    if (balance.balanceType === 'expected' || status === 'booked')
      balance.balanceAmount.amount += amount.amount;
  }
}

// ---- account transactions ---------------------------------------------------------------------

export type NewAccountTransaction = Omit<AccountTransactionRecord, 'id'> & { id?: string };

/**
 * Posts one entry on its account and moves the balances. Throws when the account does not exist
 * (a caller bug: handlers look the account up first).
 */
export function postAccountTransaction(
  state: DomainState,
  entry: NewAccountTransaction,
): AccountTransactionRecord {
  const account = state.accounts.find((candidate) => candidate.id === entry.accountId);
  if (!account) throw new Error(`ledger: no account '${entry.accountId}'`);
  const transaction: AccountTransactionRecord = { ...entry, id: entry.id ?? newResourceId() };
  state.ledger.addAccountTransaction(transaction);
  applyBalanceChange(account, transaction.amount, transaction.status);
  return transaction;
}

/** The batch run books a pending entry (§1 sandbox batch): closingBooked catches up. */
export function bookPendingAccountTransaction(
  state: DomainState,
  transactionId: string,
  bookingDate: string,
): AccountTransactionRecord | undefined {
  const transaction = state.ledger.accountTransaction(transactionId);
  if (!transaction || transaction.status !== 'pending') return undefined;
  const account = state.accounts.find((candidate) => candidate.id === transaction.accountId);
  transaction.status = 'booked';
  transaction.bookingDate = bookingDate;
  state.ledger.updateAccountTransaction(transaction);
  if (account) account.balances.closingBooked += transaction.amount;
  return transaction;
}

/** Removes a pending entry (e.g. a payment deleted before the batch run) and its effect. */
export function cancelPendingAccountTransaction(
  state: DomainState,
  transactionId: string,
): boolean {
  const transaction = state.ledger.accountTransaction(transactionId);
  if (!transaction || transaction.status !== 'pending') return false;
  state.ledger.removeAccountTransaction(transactionId);
  const account = state.accounts.find((candidate) => candidate.id === transaction.accountId);
  if (account) account.balances.expected -= transaction.amount;
  return true;
}

export interface DateRange {
  /** Inclusive, `YYYY-MM-DD`, compared with the booking date. */
  fromDate?: string;
  toDate?: string;
}

/**
 * Entries of an account, whatever made them (§4.3 rule 1: created ones and payment-made ones),
 * newest booking date first; on one date the later posting first (a stable order for paging).
 * Only the page asked for is read (`offset`, `limit`), through the ledger's index.
 */
export function accountTransactionsOf(
  state: DomainState,
  accountId: string,
  range: DateRange = {},
  options: {
    status?: EntryStatus;
    offset?: number;
    limit?: number;
    excludeOrigins?: readonly string[];
  } = {},
): AccountTransactionRecord[] {
  return state.ledger.accountTransactions({ accountId, ...range, ...options });
}

/** How many entries `accountTransactionsOf` would list without paging. */
export function countAccountTransactions(
  state: DomainState,
  accountId: string,
  range: DateRange = {},
  options: { status?: EntryStatus; excludeOrigins?: readonly string[] } = {},
): number {
  return state.ledger.countAccountTransactions({ accountId, ...range, ...options });
}

// ---- transfers (payments) ----------------------------------------------------------------------

export interface Transfer {
  debtorAccountId: string;
  creditorName: string;
  creditorAccount: { iban: string; bban?: string };
  /** Positive minor units in `currency`, which must be the debtor account's currency. */
  amount: number;
  currency: string;
  remittanceInformationUnstructured?: string;
  purposeCode?: string;
  bookingDate: string;
  valueDate: string;
  status: EntryStatus;
  paymentId: string;
  createdAt: string;
}

export type TransferResult =
  | { ok: true; debit: AccountTransactionRecord; credit?: AccountTransactionRecord }
  | { ok: false; problem: string };

/**
 * A payment's effect on the ledger (§4.3 rule 1: payment-made transactions are listed like created
 * ones): a debit on the debtor account and, when the creditor IBAN is an account of this bank in
 * the same currency, the matching credit. Both entries carry `origin: 'payment'` and `paymentId`.
 */
export function postTransfer(state: DomainState, transfer: Transfer): TransferResult {
  const debtor = state.accounts.find((account) => account.id === transfer.debtorAccountId);
  if (!debtor) return { ok: false, problem: `no account '${transfer.debtorAccountId}'` };
  if (!Number.isInteger(transfer.amount) || transfer.amount <= 0)
    return { ok: false, problem: 'amount must be a positive integer of minor units' };
  if (transfer.currency !== debtor.currency)
    return {
      ok: false,
      problem: `currency ${transfer.currency} is not the debtor account's currency ${debtor.currency}`,
    };
  const creditorHolding = holdingByIban(state, transfer.creditorAccount.iban);
  const creditor =
    creditorHolding?.kind === 'account' && creditorHolding.account.currency === transfer.currency
      ? creditorHolding.account
      : undefined;
  const debtorName = customerByNumber(state, debtor.customerNumber)?.name ?? debtor.accountName;
  const common = {
    currency: transfer.currency,
    status: transfer.status,
    bookingDate: transfer.bookingDate,
    valueDate: transfer.valueDate,
    remittanceInformationUnstructured: transfer.remittanceInformationUnstructured ?? '',
    creditorName: transfer.creditorName,
    creditorAccount: {
      iban: transfer.creditorAccount.iban,
      bban: transfer.creditorAccount.bban ?? transfer.creditorAccount.iban.slice(4),
    },
    debtorName,
    debtorAccount: { iban: debtor.iban, bban: debtor.bban },
    ultimateDebtor: debtorName,
    ultimateCreditor: transfer.creditorName,
    purposeCode: transfer.purposeCode ?? 'OTHR',
    origin: 'payment' as const,
    paymentId: transfer.paymentId,
    createdAt: transfer.createdAt,
  };
  // ISO 20022 bank transaction codes: issued / received domestic credit transfer.
  const debit = postAccountTransaction(state, {
    ...common,
    accountId: debtor.id,
    amount: -transfer.amount,
    bankTransactionCode: 'PMNT-ICDT-DMCT',
  });
  if (!creditor) return { ok: true, debit };
  const credit = postAccountTransaction(state, {
    ...common,
    accountId: creditor.id,
    amount: transfer.amount,
    bankTransactionCode: 'PMNT-RCDT-DMCT',
  });
  return { ok: true, debit, credit };
}

// ---- card transactions -------------------------------------------------------------------------

/** Posts a card transaction (§4.3 rule 2: the only way they exist) and moves the card balances. */
export function postCardTransaction(
  state: DomainState,
  entry: CardTransactionRecord,
): CardTransactionRecord {
  const cardAccount = state.cardAccounts.find((card) => card.resourceId === entry.accountId);
  if (!cardAccount) throw new Error(`ledger: no card account '${entry.accountId}'`);
  state.ledger.addCardTransaction(entry);
  applyCardBalanceChange(cardAccount, entry.transactionAmount, entry.status);
  return entry;
}

/**
 * A card account's transactions of one status, newest booking date first, later posting first;
 * only the page asked for is read.
 */
export function cardTransactionsOf(
  state: DomainState,
  accountId: string,
  status: EntryStatus,
  range: DateRange = {},
  paging: { offset?: number; limit?: number } = {},
): CardTransactionRecord[] {
  return state.ledger.cardTransactions({ accountId, status, ...range, ...paging });
}

/** How many entries `cardTransactionsOf` would list without paging. */
export function countCardTransactions(
  state: DomainState,
  accountId: string,
  status: EntryStatus,
  range: DateRange = {},
): number {
  return state.ledger.countCardTransactions({ accountId, status, ...range });
}

/** An account's ledger as a page source (domain/ais.ts transactionPage). */
export function accountTransactionSource(state: DomainState, accountId: string) {
  return {
    list: (status: EntryStatus, range: DateRange, paging: { offset: number; limit?: number }) =>
      accountTransactionsOf(state, accountId, range, { status, ...paging }),
    count: (status: EntryStatus, range: DateRange) =>
      countAccountTransactions(state, accountId, range, { status }),
  };
}

/** A card account's ledger as a page source. */
export function cardTransactionSource(state: DomainState, accountId: string) {
  return {
    list: (status: EntryStatus, range: DateRange, paging: { offset: number; limit?: number }) =>
      cardTransactionsOf(state, accountId, status, range, paging),
    count: (status: EntryStatus, range: DateRange) =>
      countCardTransactions(state, accountId, status, range),
  };
}
