/**
 * Sandbox card transactions, their lists (§4.3, §2.6): GET
 * /v1/sandbox/card-accounts/{id}/transactions and its query and limit, §4.3 rule 2 (only the
 * transactions created) and rule 3 (dates in the past, booking not after value date).
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { json } from '../kit/answers.js';
import { dayFromToday } from '../kit/dates.js';
import {
  sandboxAccountTransactionsPath,
  callSandbox,
  expectSandboxFieldRefused,
  listAccounts,
  newCardAccount,
  sandboxCheck,
} from './sandbox-api.js';
import {
  cardTransactionItem,
  sandboxCardTransactionsPath,
  postCardTransactions,
} from './card-transaction-items.js';

export const cardTransactionListChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-CARD-TX-LIST-QUERY',
    title: 'Listing card transactions: bookingStatus required; fromDate and toDate filter',
    rules: ['SANDBOX-CARD-TX-LIST'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      const older = cardTransactionItem(today, {
        bookingDate: dayFromToday(-21, today),
        transactionDate: dayFromToday(-20, today),
      });
      const newer = cardTransactionItem(today);
      ctx.expect.status(
        await postCardTransactions(ctx, id, [older, newer], 'two transactions'),
        201,
        'create two transactions',
      );
      const missing = await callSandbox(
        ctx,
        'GET',
        sandboxCardTransactionsPath(id),
        'no bookingStatus',
      );
      ctx.expect.status(missing, 400, 'a list without bookingStatus');
      ctx.expect.tppMessage(missing, {
        code: 'QUERY_PARAMETER_REQUIRED',
        textIncludes: 'bookingStatus',
      });
      const wrong = await callSandbox(
        ctx,
        'GET',
        sandboxCardTransactionsPath(id),
        'bookingStatus all',
        {
          query: { bookingStatus: 'all' },
        },
      );
      expectSandboxFieldRefused(ctx, wrong, 'bookingStatus', 'bookingStatus all');
      const ids = async (query: Record<string, string>) => {
        const list = await callSandbox(
          ctx,
          'GET',
          sandboxCardTransactionsPath(id),
          JSON.stringify(query),
          {
            query: { bookingStatus: 'booked', ...query },
          },
        );
        ctx.expect.status(list, 200, `list ${JSON.stringify(query)}`);
        return (
          json<{ cardTransactions?: { booked?: { cardTransactionId: string }[] } }>(list)
            .cardTransactions?.booked ?? []
        ).map((t) => t.cardTransactionId);
      };
      ctx.expect.equal(
        await ids({ fromDate: dayFromToday(-10, today) }),
        [newer.cardTransactionId],
        'fromDate leaves out the older transaction',
      );
      ctx.expect.equal(
        await ids({ toDate: dayFromToday(-10, today) }),
        [older.cardTransactionId],
        'toDate leaves out the newer transaction',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-LIST-LIMIT-AT-LEAST-1',
    title: 'Sandbox transaction lists refuse limit 0 and honour limit 1',
    rules: ['SANDBOX-LIST-LIMIT-MIN-1'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem(today), cardTransactionItem(today)],
        'two',
      );
      const zero = await callSandbox(ctx, 'GET', sandboxCardTransactionsPath(id), 'limit 0', {
        query: { bookingStatus: 'booked', limit: 0 },
      });
      expectSandboxFieldRefused(ctx, zero, 'limit', 'card transactions with limit 0');
      const one = await callSandbox(ctx, 'GET', sandboxCardTransactionsPath(id), 'limit 1', {
        query: { bookingStatus: 'booked', limit: 1 },
      });
      ctx.expect.equal(
        json<{ cardTransactions?: { booked?: unknown[] } }>(one).cardTransactions?.booked?.length,
        1,
        'limit 1 answers one transaction',
      );
      const [account] = await listAccounts(ctx);
      const accountZero = await callSandbox(
        ctx,
        'GET',
        sandboxAccountTransactionsPath(account!.id),
        'limit 0',
        {
          query: { limit: 0 },
        },
      );
      expectSandboxFieldRefused(ctx, accountZero, 'limit', 'account transactions with limit 0');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-ONLY-CREATED-ONES',
    title: 'A new card account lists only the transactions created for it',
    rules: ['SANDBOX-CARD-TX-ONLY-CREATED'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      const list = async (what: string) => {
        const exchange = await callSandbox(ctx, 'GET', sandboxCardTransactionsPath(id), what, {
          query: { bookingStatus: 'both' },
        });
        ctx.expect.status(exchange, 200, what);
        const body = json<{
          cardTransactions?: { booked?: { cardTransactionId: string }[]; pending?: string[] };
        }>(exchange);
        return [
          ...(body.cardTransactions?.booked ?? []).map((t) => t.cardTransactionId),
          ...(body.cardTransactions?.pending ?? []),
        ];
      };
      ctx.expect.equal(
        await list('a new card account'),
        [],
        'a new card account has no transactions',
      );
      const item = cardTransactionItem(today);
      await postCardTransactions(ctx, id, [item], 'one transaction');
      ctx.expect.equal(
        await list('after creating one'),
        [item.cardTransactionId],
        'exactly the created transaction',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-DATES-BEFORE-NOW',
    title: 'Card transaction booking and value dates must lie before the current time',
    rules: ['SANDBOX-CARD-TX-DATES-IN-PAST'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      const future = dayFromToday(2, today);
      expectSandboxFieldRefused(
        ctx,
        await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem(today, { bookingDate: future, transactionDate: future })],
          'both dates in the future',
        ),
        'bookingDate',
        'booking and value date in two days',
      );
      expectSandboxFieldRefused(
        ctx,
        await postCardTransactions(
          ctx,
          id,
          [
            cardTransactionItem(today, {
              bookingDate: dayFromToday(-1, today),
              transactionDate: future,
            }),
          ],
          'value date in the future',
        ),
        'transactionDate',
        'a value date (transactionDate) in two days',
      );
      ctx.expect.status(
        await postCardTransactions(ctx, id, [cardTransactionItem(today)], 'dates in the past'),
        201,
        'dates in the past',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-BOOKING-NOT-AFTER-VALUE',
    title: 'A card transaction booking date must not be after its value date',
    rules: ['SANDBOX-CARD-TX-BOOKING-NOT-AFTER-VALUE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      expectSandboxFieldRefused(
        ctx,
        await postCardTransactions(
          ctx,
          id,
          [
            cardTransactionItem(today, {
              bookingDate: dayFromToday(-2, today),
              transactionDate: dayFromToday(-5, today),
            }),
          ],
          'booking after value date',
        ),
        'bookingDate',
        'a booking date three days after the value date',
      );
      ctx.expect.status(
        await postCardTransactions(
          ctx,
          id,
          [
            cardTransactionItem(today, {
              bookingDate: dayFromToday(-5, today),
              transactionDate: dayFromToday(-5, today),
            }),
          ],
          'booking on the value date',
        ),
        201,
        'a booking date on the value date',
      );
    },
  }),
];
