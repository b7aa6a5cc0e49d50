/**
 * How the production interface shows the ledger's card transactions (§2.5): sandbox int32 minor
 * units become decimal strings (decisions.md, `amount-as-string`), the §9.2 fix
 * `cardaccount-switch-originalamount-and-transactionamount` decides the amount mapping, and the
 * §2.5/§8 limits cut the identifier and the details text.
 */
import type { CardTransaction } from '../../spec/schemas/card-accounts.js';
import { CARD_TRANSACTION_ID_MAX, TRANSACTION_DETAILS_MAX } from '../../spec/limits.js';
import type { CardTransactionRecord } from '../domain/model.js';
import { faultActive } from '../faults/index.js';
import { cut, presentAmount, type AisView } from './ais/common.js';

/**
 * §2.5 / §9.2: with the fix (asked for, or by default from 05-Sep-2024) transactionAmount is the
 * amount in the card account's currency and originalAmount the amount in the currency of the
 * purchase, as the ledger records them; before it the interface shows the two the wrong way round.
 */
export function cardAmountsCorrect(view: AisView): boolean {
  return (
    view.fixes.has('cardaccount-switch-originalamount-and-transactionamount') &&
    !faultActive(view, 'FIX-CARD-AMOUNTS-SWITCH')
  );
}

/** §2.5 CardTransaction from a ledger record; undefined when an amount cannot be shown (§7.3). */
export function presentCardTransaction(
  view: AisView,
  record: CardTransactionRecord,
): CardTransaction | undefined {
  const correct = cardAmountsCorrect(view);
  const transactionAmount = presentAmount(
    view,
    correct ? record.transactionAmount : record.originalAmount,
  );
  const originalAmount = presentAmount(
    view,
    correct ? record.originalAmount : record.transactionAmount,
  );
  if (!transactionAmount || !originalAmount) return undefined;
  const date = (value: string) =>
    faultActive(view, 'CARDTX-TRANSACTION-FIELD-TYPES')
      ? `${value.slice(0, 10)}T00:00:00+00:00`
      : value.slice(0, 10);
  const shown: Record<string, unknown> = {
    cardTransactionId: faultActive(view, 'CARDTX-ID-MAX-35')
      ? `${record.accountId}-${record.cardTransactionId}`
      : cut(record.cardTransactionId, CARD_TRANSACTION_ID_MAX),
    bookingDate: date(record.bookingDate),
    transactionDate: date(record.transactionDate),
    transactionAmount,
  };
  if (record.currencyExchange) {
    const { sourceCurrency, targetCurrency, exchangeRate, unitCurrency, quotationDate } =
      record.currencyExchange;
    shown.currencyExchange = faultActive(view, 'CARDTX-CURRENCY-EXCHANGE-FIELDS')
      ? [{ sourceCurrency, targetCurrency, exchangeRate, unitCurrency }]
      : { sourceCurrency, targetCurrency, exchangeRate, unitCurrency, quotationDate };
  }
  shown.originalAmount = originalAmount;
  shown.merchantCategoryCode = record.merchantCategoryCode;
  shown.invoiced = faultActive(view, 'CARDTX-INVOICED-BOOLEAN')
    ? record.invoiced
    : record.invoiced === 'true';
  shown.proprietaryBankTransactionCode = record.proprietaryBankTransactionCode;
  shown.transactionDetails = faultActive(view, 'CARDTX-DETAILS-MAX-140')
    ? `${record.transactionDetails} (${Object.values(record.cardAcceptorAddress).join(', ')})`
    : cut(record.transactionDetails, TRANSACTION_DETAILS_MAX);
  return shown as CardTransaction;
}
