/**
 * How the production interface shows the ledger's account transactions (Berlin Group 1.3.8
 * `transactions`, decisions.md): signed amounts as §2.1 strings, the counterparties, and — from
 * 15-Aug-2024 on the bank clock (§9.3) — the items that moved to the transaction details response
 * left out of lists. docs/ais.md lists the moved items.
 */
import { randomUUID } from 'node:crypto';
import { TRANSACTION_DETAILS_DEFAULT_FROM } from '../../../spec/fixes.js';
import type { AccountTransaction } from '../../../spec/schemas/accounts.js';
import type { AccountTransactionRecord } from '../../domain/model.js';
import { faultActive } from '../../faults/index.js';
import { accountPath, cut, aisLink, presentAmount, segment, type AisView } from './common.js';

/** §9.3 (workbench choice, docs/ais.md): what the list leaves to the details response. */
export const ITEMS_MOVED_TO_DETAILS = [
  'ultimateCreditor',
  'ultimateDebtor',
  'purposeCode',
  'bankTransactionCode',
] as const;

/** From 15-Aug-2024 (bank clock) lists leave out the items that moved to the details (§9.3). */
export function itemsMovedToDetails(view: AisView): boolean {
  return view.now.getTime() >= Date.parse(`${TRANSACTION_DETAILS_DEFAULT_FROM}T00:00:00Z`);
}

export const transactionPath = (accountId: string, transactionId: string) =>
  `${accountPath(accountId)}/transactions/${segment(transactionId)}`;

/**
 * Berlin Group `transactions` for one ledger entry; `form` 'list' leaves out the moved items once
 * they moved. Undefined when the amount cannot be shown (a currency outside §2.1: backend data the
 * interface cannot carry, §7.3).
 */
export function presentAccountTransaction(
  view: AisView,
  entry: AccountTransactionRecord,
  form: 'list' | 'details',
): AccountTransaction | undefined {
  const transactionAmount = presentAmount(view, { amount: entry.amount, currency: entry.currency });
  if (!transactionAmount) return undefined;
  const stableId = !(entry.status === 'booked' && faultActive(view, 'ACCTX-STABLE-IDS'));
  const shown: Record<string, unknown> = {
    transactionId: stableId ? entry.id : randomUUID(),
    bookingDate: entry.bookingDate,
    valueDate: entry.valueDate,
    transactionAmount,
  };
  const party = (name: string) => cut(name, 70);
  if (entry.creditorName) shown.creditorName = party(entry.creditorName);
  shown.creditorAccount = { ...entry.creditorAccount };
  if (entry.debtorName) shown.debtorName = party(entry.debtorName);
  shown.debtorAccount = { ...entry.debtorAccount };
  if (entry.remittanceInformationUnstructured)
    shown.remittanceInformationUnstructured = cut(entry.remittanceInformationUnstructured, 140);
  if (form === 'details' || !itemsMovedToDetails(view)) {
    if (entry.ultimateCreditor) shown.ultimateCreditor = party(entry.ultimateCreditor);
    if (entry.ultimateDebtor) shown.ultimateDebtor = party(entry.ultimateDebtor);
    if (entry.purposeCode) shown.purposeCode = entry.purposeCode;
    if (entry.bankTransactionCode) shown.bankTransactionCode = entry.bankTransactionCode;
  }
  shown._links = {
    transactionDetails: aisLink(
      view,
      transactionPath(entry.accountId, String(shown.transactionId)),
    ),
  };
  return shown as AccountTransaction;
}
