/**
 * How the production interface shows the ledger's card transactions (§2.5): sandbox int32 minor
 * units become decimal strings (decisions.md), the §9.2 fixes decide the amount form and the
 * transactionAmount/originalAmount mapping, and §4.2.3 paging cuts the list.
 */
import type { CardTransaction } from '../../spec/schemas/cardAccounts.js';
import type { SandboxAmount } from '../../spec/schemas/shared.js';
import type { FixName } from '../../spec/fixes.js';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_LIMIT_PARAMETER_DEFAULT,
  TRANSACTION_DETAILS_MAX,
} from '../../spec/limits.js';
import { minorUnitsToAmountString } from '../../spec/validators/amount.js';
import type { CardTransaction as CardTransactionRecord } from '../domain/model.js';

/** Production amount; a JSON number before `amount-as-string` applies (§9.2). */
export function presentAmount(
  amount: SandboxAmount,
  fixes: ReadonlySet<FixName>,
): { amount: string | number; currency: string } | undefined {
  const text = minorUnitsToAmountString(amount.amount, amount.currency);
  if (text === undefined) return undefined;
  return { amount: fixes.has('amount-as-string') ? text : Number(text), currency: amount.currency };
}

function cut(text: string, max: number): string {
  const codePoints = [...text];
  return codePoints.length <= max ? text : codePoints.slice(0, max).join('');
}

/** §2.5 CardTransaction from a ledger record. */
export function presentCardTransaction(
  record: CardTransactionRecord,
  fixes: ReadonlySet<FixName>,
): CardTransaction {
  // §2.5/§9.2: without the fix the interface shows the two amounts the wrong way round.
  const correct = fixes.has('cardaccount-switch-originalamount-and-transactionamount');
  const transactionAmount = presentAmount(
    correct ? record.transactionAmount : record.originalAmount,
    fixes,
  );
  const originalAmount = presentAmount(
    correct ? record.originalAmount : record.transactionAmount,
    fixes,
  );
  const view: Record<string, unknown> = {
    cardTransactionId: record.cardTransactionId,
    bookingDate: record.bookingDate.slice(0, 10),
    transactionDate: record.transactionDate.slice(0, 10),
  };
  if (transactionAmount) view.transactionAmount = transactionAmount;
  if (record.currencyExchange) {
    const { sourceCurrency, targetCurrency, exchangeRate, unitCurrency, quotationDate } =
      record.currencyExchange;
    view.currencyExchange = {
      sourceCurrency,
      targetCurrency,
      exchangeRate,
      unitCurrency,
      quotationDate,
    };
  }
  if (originalAmount) view.originalAmount = originalAmount;
  view.merchantCategoryCode = record.merchantCategoryCode;
  view.invoiced = record.invoiced === 'true';
  view.proprietaryBankTransactionCode = record.proprietaryBankTransactionCode;
  view.transactionDetails = cut(record.transactionDetails, TRANSACTION_DETAILS_MAX);
  return view as CardTransaction;
}

export interface Paging {
  offset: number;
  limit: number;
  /** True when the request gave no paging parameter (§4.2.3: up to 200 per call). */
  defaulted: boolean;
}

/** §4.2.3: offset default 0; limit default 1 as a parameter, 200 when no paging parameter is given. */
export function pagingOf(query: { offset?: number; limit?: number }): Paging {
  if (query.offset === undefined && query.limit === undefined)
    return { offset: 0, limit: DEFAULT_PAGE_SIZE, defaulted: true };
  return {
    offset: query.offset ?? 0,
    limit: query.limit ?? PAGE_LIMIT_PARAMETER_DEFAULT,
    defaulted: false,
  };
}

/** Newest booking first, then by id: a stable order for paging (order not shown by the spec). */
export function byBookingDateDescending(
  a: CardTransactionRecord,
  b: CardTransactionRecord,
): number {
  if (a.bookingDate !== b.bookingDate) return a.bookingDate < b.bookingDate ? 1 : -1;
  return a.cardTransactionId < b.cardTransactionId
    ? -1
    : a.cardTransactionId > b.cardTransactionId
      ? 1
      : 0;
}
