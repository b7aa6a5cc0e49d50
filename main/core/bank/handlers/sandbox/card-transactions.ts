/**
 * Sandbox card transactions (§4.3, §2.6): POST and GET
 * /v1/sandbox/card-accounts/{mockCardAccountId}/transactions. §4.3 rule 2: card accounts only
 * have the transactions created here (the initial data and the fixed fill post through the same
 * ledger function). §4.3 rule 3: booking date and value date lie before the bank clock's now and
 * the booking date is not after the value date; the value date of a card transaction is its
 * `transactionDate` (the only other date it has).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE } from '../../../spec/limits.js';
import {
  SandboxCardTransactionBlock,
  SandboxCardTransactionsQuerySchema,
  SandboxCardTransactionsResponseSchema,
  type SandboxCardTransactionsResponse,
} from '../../../spec/schemas/sandbox.js';
import { cardTransactionsOf, postCardTransaction } from '../../domain/ledger.js';
import { faultActive } from '../../faults/index.js';
import type { CardAccount } from '../../domain/model.js';
import { isRejection, type Rejection } from '../../http/refusal.js';
import type { RequestContext } from '../../context/request-context.js';
import {
  CREATE_ERROR_RESPONSES,
  ERROR_RESPONSES,
  PAGING_NOTE,
  SANDBOX_READ_HEADERS,
  SANDBOX_WRITE_HEADERS,
  fieldProblem,
  page,
  sandboxRoute,
  dateRangeOf,
  sandboxCardAccountOf,
  type TransactionListQuery,
} from './common.js';
import { presentCardTransactions } from './views.js';
import { checkBankDate, checkCurrency, checkSameCurrency } from './validation.js';

/** §2.6 request item; its §8 length limits live in the published schema. */
export const SandboxCardTransactionItem = SandboxCardTransactionBlock;
export const SandboxCardTransactionsCreationBody = Type.Array(SandboxCardTransactionItem, {
  minItems: 1,
});
type SandboxCardTransactionCreation = Static<typeof SandboxCardTransactionItem>;

const pathParameters = {
  mockCardAccountId: { description: 'resourceId of a sandbox card account.' },
};

const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

function checkItem(
  ctx: RequestContext,
  card: CardAccount,
  item: SandboxCardTransactionCreation,
  at: string,
  now: Date,
): Rejection | undefined {
  const booking = checkBankDate(item.bookingDate, `${at}.bookingDate`);
  if (isRejection(booking)) return booking;
  const value = checkBankDate(item.transactionDate, `${at}.transactionDate`);
  if (isRejection(value)) return value;
  // §4.3 rule 3 (a date alone is 00:00 UTC of that day, so today's date is already past).
  for (const [field, date] of [
    ['bookingDate', booking],
    ['transactionDate', value],
  ] as const)
    if (date.instant >= now.getTime() && !faultActive(ctx, 'SANDBOX-CARD-TX-DATES-IN-PAST'))
      return fieldProblem(
        'BAD_REQUEST',
        `${at}.${field}`,
        `${item[field]} is not before the current time ${now.toISOString()} on the bank clock (§4.3 rule 3)`,
      );
  if (booking.day > value.day && !faultActive(ctx, 'SANDBOX-CARD-TX-BOOKING-NOT-AFTER-VALUE'))
    return fieldProblem(
      'BAD_REQUEST',
      `${at}.bookingDate`,
      `${booking.day} is after the value date (transactionDate) ${value.day} (§4.3 rule 3)`,
    );
  const problem =
    checkSameCurrency(
      item.transactionAmount.currency,
      card.currency,
      `${at}.transactionAmount.currency`,
      'card account',
    ) ??
    checkCurrency(item.originalAmount.currency, `${at}.originalAmount.currency`) ??
    checkExchange(item, at);
  return problem;
}

/** currencyExchange (§2.6): from the original currency to the card currency, decimal rates. */
function checkExchange(item: SandboxCardTransactionCreation, at: string): Rejection | undefined {
  const exchange = item.currencyExchange;
  if (!exchange) return undefined;
  const path = `${at}.currencyExchange`;
  if (exchange.sourceCurrency !== item.originalAmount.currency)
    return fieldProblem(
      'BAD_REQUEST',
      `${path}.sourceCurrency`,
      `must be ${item.originalAmount.currency}, the originalAmount currency`,
    );
  if (exchange.targetCurrency !== item.transactionAmount.currency)
    return fieldProblem(
      'BAD_REQUEST',
      `${path}.targetCurrency`,
      `must be ${item.transactionAmount.currency}, the transactionAmount currency`,
    );
  if (!DECIMAL.test(exchange.exchangeRate))
    return fieldProblem(
      'FORMAT_ERROR',
      `${path}.exchangeRate`,
      `'${exchange.exchangeRate}' is not a decimal number`,
    );
  if (!DECIMAL.test(exchange.markupFeePercentage))
    return fieldProblem(
      'FORMAT_ERROR',
      `${path}.markupFeePercentage`,
      `'${exchange.markupFeePercentage}' is not a decimal number`,
    );
  return checkCurrency(exchange.markupFee.currency, `${path}.markupFee.currency`);
}

/** The §2.6 answer as the active faults would send it. */
function faultyAnswer(ctx: RequestContext, answer: SandboxCardTransactionsResponse): unknown {
  if (!faultActive(ctx, 'SANDBOX-CARD-TX-RESPONSE')) return answer;
  return {
    ...answer,
    cardTransactions: {
      ...answer.cardTransactions,
      booked: answer.cardTransactions.booked.map(
        ({ originalAmount: _o, merchantCategoryCode: _m, ...rest }) => rest,
      ),
    },
  };
}

export const createSandboxCardTransactions = sandboxRoute({
  operationId: 'createSandboxCardTransactions',
  method: 'POST',
  path: '/v1/sandbox/card-accounts/{mockCardAccountId}/transactions',
  summary: 'Create sandbox card transactions',
  description: [
    '§4.3, §2.6. Body: an array (at least one) of sandbox card transactions, every field required except currencyExchange.',
    'Rules: cardTransactionId 1 to 35 characters (§8), unique on the card account (409 CONFLICT); transactionDetails at most 140 (§8); cardAcceptorAddress.street at most 70 (§8); invoiced the string "true" or "false"; amounts int32 minor units;',
    '§4.3 rule 3: bookingDate and transactionDate (the value date of a card transaction) lie before the current time on the bank clock — a date alone counts as 00:00 UTC, so today is allowed and tomorrow is not — and bookingDate is not after transactionDate (compared as dates);',
    'transactionAmount is in the card account currency; originalAmount in a §2.1 currency; currencyExchange, when given, goes from the originalAmount currency (sourceCurrency) to the transactionAmount currency (targetCurrency) with decimal exchangeRate and markupFeePercentage.',
    'Amounts are signed as the card account sees them (a purchase negative, a refund positive) and move its balances in that currency. Created transactions are booked. All items are checked before any is created.',
    'Answer: 201 with the card transactions response (§2.6) holding the created transactions.',
  ].join(' '),
  headers: SANDBOX_WRITE_HEADERS,
  pathParameters,
  body: { schema: SandboxCardTransactionsCreationBody },
  responses: {
    201: {
      description: 'The created card transactions (§2.6).',
      schema: SandboxCardTransactionsResponseSchema,
    },
    ...CREATE_ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const card = sandboxCardAccountOf(env.state, ctx.pathParams.mockCardAccountId!);
    if (isRejection(card)) return card;
    const items = ctx.body as SandboxCardTransactionCreation[];
    // The ids of this request; the ledger's unique index knows the stored ones.
    const taken = new Set<string>();
    for (const [index, item] of items.entries()) {
      const problem = checkItem(ctx, card, item, `[${index}]`, ctx.now);
      if (problem) return problem;
      if (
        taken.has(item.cardTransactionId) ||
        env.state.ledger.hasCardTransaction(card.resourceId, item.cardTransactionId)
      )
        return fieldProblem(
          'CONFLICT',
          `[${index}].cardTransactionId`,
          `${item.cardTransactionId} exists already on card account ${card.resourceId}`,
        );
      taken.add(item.cardTransactionId);
    }
    const createdAt = ctx.now.toISOString();
    const kept = faultActive(ctx, 'SANDBOX-CARD-TX-CREATE') ? items.slice(0, 1) : items;
    const created = kept.map((item) =>
      postCardTransaction(env.state, {
        ...structuredClone(item),
        accountId: card.resourceId,
        status: 'booked',
        createdAt,
      }),
    );
    return { status: 201, body: faultyAnswer(ctx, presentCardTransactions(card, created, [])) };
  },
});

export const listSandboxCardTransactions = sandboxRoute({
  operationId: 'listSandboxCardTransactions',
  method: 'GET',
  path: '/v1/sandbox/card-accounts/{mockCardAccountId}/transactions',
  summary: 'List sandbox card transactions',
  description: `§4.3 rule 2 (path not shown; decisions.md). The card account's transactions (§2.6): bookingStatus booked, pending or both chooses the lists (the other is empty); fromDate/toDate filter on the booking date (inclusive), for pending ones too. Booked newest booking date first. ${PAGING_NOTE} Paging applies to each list.`,
  headers: SANDBOX_READ_HEADERS,
  pathParameters,
  query: SandboxCardTransactionsQuerySchema,
  responses: {
    200: {
      description: 'Card transactions (§2.6).',
      schema: SandboxCardTransactionsResponseSchema,
    },
    ...ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const card = sandboxCardAccountOf(env.state, ctx.pathParams.mockCardAccountId!);
    if (isRejection(card)) return card;
    const query = ctx.query as TransactionListQuery;
    // §4.3 rule 2: a card list also chooses its lists by bookingStatus.
    const bookingStatus = ctx.query.bookingStatus as 'booked' | 'pending' | 'both';
    const range = faultActive(ctx, 'SANDBOX-CARD-TX-LIST') ? {} : dateRangeOf(query);
    // Fault: every card account of the owner, not only this one.
    const accounts = faultActive(ctx, 'SANDBOX-CARD-TX-ONLY-CREATED')
      ? env.state.cardAccounts.filter((c) => c.customerNumber === card.customerNumber)
      : [card];
    const list = (status: 'booked' | 'pending') => {
      if (bookingStatus !== 'both' && bookingStatus !== status) return [];
      // One account: only the page is read from the ledger, through its index.
      if (accounts.length === 1)
        return cardTransactionsOf(env.state, card.resourceId, status, range, {
          offset: query.offset ?? 0,
          limit: query.limit ?? DEFAULT_PAGE_SIZE,
        });
      return page(
        accounts.flatMap((c) => cardTransactionsOf(env.state, c.resourceId, status, range)),
        query,
      );
    };
    return {
      status: 200,
      body: faultyAnswer(ctx, presentCardTransactions(card, list('booked'), list('pending'))),
    };
  },
});
