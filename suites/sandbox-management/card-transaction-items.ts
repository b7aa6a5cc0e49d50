/**
 * What the sandbox card-transaction checks send (§4.3, §2.6): a valid item dated by the bank's
 * clock, a valid currencyExchange, and POST /v1/sandbox/card-accounts/{id}/transactions.
 */
import type { CheckContext } from '../../main/core/runner/check-api/index.js';
import { dayFromToday } from '../kit/dates.js';
import type { JsonObject } from '../../main/core/runner/check-api/index.js';
import { callSandbox } from './sandbox-api.js';

let cardTransactionCounter = 0;

/** A valid §2.6 card transaction, booked three days before the bank's `today`. */
export function cardTransactionItem(today: Date, overrides: JsonObject = {}): JsonObject {
  cardTransactionCounter += 1;
  return {
    cardTransactionId: `wb-ct-${Date.now().toString(36)}-${cardTransactionCounter}`,
    terminalId: 'T0001',
    bookingDate: dayFromToday(-3, today),
    transactionDate: dayFromToday(-2, today),
    transactionAmount: { currency: 'NOK', amount: -12_900 },
    originalAmount: { currency: 'NOK', amount: -12_900 },
    merchantCategoryCode: '5411',
    cardAcceptorId: 'ACQ000000001',
    cardAcceptorAddress: { street: 'Storgata 1', city: 'Oslo', country: 'NO' },
    maskedPan: '525412******7788',
    transactionDetails: 'Purchase Matkroken, Oslo',
    invoiced: 'false',
    proprietaryBankTransactionCode: 'PURCHASE',
    ...overrides,
  };
}

/** A valid §2.6 currencyExchange, quoted three days before the bank's `today`. */
export function currencyExchange(today: Date, overrides: JsonObject = {}): JsonObject {
  return {
    sourceCurrency: 'EUR',
    targetCurrency: 'NOK',
    unitCurrency: 'EUR',
    exchangeRate: '11.52',
    quotationDate: dayFromToday(-3, today),
    markupFee: { currency: 'NOK', amount: 226 },
    markupFeePercentage: '1.75',
    ...overrides,
  };
}

export const sandboxCardTransactionsPath = (resourceId: string) =>
  `/v1/sandbox/card-accounts/${encodeURIComponent(resourceId)}/transactions`;

export function postCardTransactions(
  ctx: CheckContext,
  resourceId: string,
  items: JsonObject[],
  label: string,
) {
  return callSandbox(ctx, 'POST', sandboxCardTransactionsPath(resourceId), label, { body: items });
}
