/**
 * Sandbox card transactions (§4.3, §2.6): POST and GET
 * /v1/sandbox/card-accounts/{id}/transactions, each field rule of the body, the list query and
 * its limit, §4.3 rule 2 (only the transactions created) and rule 3 (dates in the past, booking
 * not after value date).
 */
import { CARD_TRANSACTION_ID_MAX, STREET_MAX } from '../../main/core/spec/limits.js';
import { SandboxCardTransactionsResponseSchema } from '../../main/core/spec/schemas/sandbox.js';
import type { Check, CheckContext } from '../../main/core/runner/check-api/index.js';
import { json } from '../kit/answers.js';
import { dayFromToday } from '../kit/dates.js';
import {
  accountTransactionsPath,
  call,
  expectRefused,
  type Json,
  listAccounts,
  newCardAccount,
  sandboxCheck,
} from './sandbox-api.js';

let cardTransactionCounter = 0;

function cardTransactionItem(overrides: Json = {}): Json {
  cardTransactionCounter += 1;
  return {
    cardTransactionId: `wb-ct-${Date.now().toString(36)}-${cardTransactionCounter}`,
    terminalId: 'T0001',
    bookingDate: dayFromToday(-3),
    transactionDate: dayFromToday(-2),
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

function currencyExchange(overrides: Json = {}): Json {
  return {
    sourceCurrency: 'EUR',
    targetCurrency: 'NOK',
    unitCurrency: 'EUR',
    exchangeRate: '11.52',
    quotationDate: dayFromToday(-3),
    markupFee: { currency: 'NOK', amount: 226 },
    markupFeePercentage: '1.75',
    ...overrides,
  };
}

const cardTransactionsPath = (resourceId: string) =>
  `/v1/sandbox/card-accounts/${encodeURIComponent(resourceId)}/transactions`;

function postCardTransactions(ctx: CheckContext, resourceId: string, items: Json[], label: string) {
  return call(ctx, 'POST', cardTransactionsPath(resourceId), label, { body: items });
}

export const cardTransactionChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-CARD-TX-CREATED',
    title: 'POST .../card-accounts/{id}/transactions creates every transaction of the array',
    rules: ['SANDBOX-CARD-TX-CREATE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const items = [cardTransactionItem(), cardTransactionItem()];
      const created = await postCardTransactions(ctx, id, items, 'two card transactions');
      ctx.expect.status(created, 201, 'POST .../transactions');
      const booked = json<{ cardTransactions?: { booked?: { cardTransactionId: string }[] } }>(
        created,
      ).cardTransactions?.booked;
      ctx.expect.equal(
        (booked ?? []).map((t) => t.cardTransactionId).sort(),
        items.map((t) => String(t.cardTransactionId)).sort(),
        'the answer holds both created transactions',
      );
      const list = await call(ctx, 'GET', cardTransactionsPath(id), 'list', {
        query: { bookingStatus: 'booked' },
      });
      ctx.expect.equal(
        (json<{ cardTransactions?: { booked?: unknown[] } }>(list).cardTransactions?.booked ?? [])
          .length,
        2,
        'both transactions are listed',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-REQUIRED-EACH',
    title: 'Every required card transaction field is required; currencyExchange is optional',
    rules: ['SANDBOX-CARD-TX-REQUIRED-FIELDS'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const template = cardTransactionItem();
      for (const field of Object.keys(template)) {
        const { [field]: _left, ...item } = cardTransactionItem();
        const exchange = await postCardTransactions(ctx, id, [item], `without ${field}`);
        expectRefused(ctx, exchange, field, `a card transaction without ${field}`);
      }
      const withExchange = await postCardTransactions(
        ctx,
        id,
        [
          cardTransactionItem({
            originalAmount: { currency: 'EUR', amount: -1_120 },
            currencyExchange: currencyExchange(),
          }),
        ],
        'with currencyExchange',
      );
      ctx.expect.status(withExchange, 201, 'a card transaction with currencyExchange');
      const without = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem()],
        'without currencyExchange',
      );
      ctx.expect.status(without, 201, 'a card transaction without currencyExchange (optional)');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-ID-LENGTH',
    title: `cardTransactionId: ${CARD_TRANSACTION_ID_MAX} characters accepted, ${CARD_TRANSACTION_ID_MAX + 1} refused`,
    rules: ['SANDBOX-CARD-TX-ID-MAX-35'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      // Unique per run (the id is unique on the card account), padded to the exact length.
      const stem = `wb-ct-${Date.now().toString(36)}-`;
      const ofLength = (length: number) => stem.padEnd(length, 'x').slice(0, length);
      const longest = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem({ cardTransactionId: ofLength(CARD_TRANSACTION_ID_MAX) })],
        `cardTransactionId of ${CARD_TRANSACTION_ID_MAX} characters`,
      );
      ctx.expect.status(longest, 201, `cardTransactionId of ${CARD_TRANSACTION_ID_MAX} characters`);
      const what = `cardTransactionId of ${CARD_TRANSACTION_ID_MAX + 1} characters`;
      const tooLong = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem({ cardTransactionId: `${ofLength(CARD_TRANSACTION_ID_MAX)}y` })],
        what,
      );
      expectRefused(ctx, tooLong, 'cardTransactionId', what);
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-INVOICED-TRUE-OR-FALSE',
    title: "invoiced is the string 'true' or 'false'",
    rules: ['SANDBOX-CARD-TX-INVOICED-STRING'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      for (const invoiced of ['true', 'false']) {
        const exchange = await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ invoiced })],
          `invoiced '${invoiced}'`,
        );
        ctx.expect.status(exchange, 201, `invoiced '${invoiced}'`);
      }
      for (const [invoiced, what] of [
        [true, 'the JSON boolean true'],
        ['yes', "the string 'yes'"],
      ] as const) {
        const exchange = await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ invoiced })],
          `invoiced ${what}`,
        );
        expectRefused(ctx, exchange, 'invoiced', `invoiced ${what}`);
      }
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-CURRENCY-EXCHANGE-FIELDS',
    title: 'A currencyExchange needs all seven of its fields',
    rules: ['SANDBOX-CARD-TX-CURRENCY-EXCHANGE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const foreign = { originalAmount: { currency: 'EUR', amount: -1_120 } };
      const complete = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem({ ...foreign, currencyExchange: currencyExchange() })],
        'complete currencyExchange',
      );
      ctx.expect.status(complete, 201, 'a complete currencyExchange');
      for (const field of Object.keys(currencyExchange())) {
        const { [field]: _left, ...partial } = currencyExchange();
        const exchange = await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ ...foreign, currencyExchange: partial })],
          `currencyExchange without ${field}`,
        );
        expectRefused(ctx, exchange, field, `currencyExchange without ${field}`);
      }
      const badCurrency = await postCardTransactions(
        ctx,
        id,
        [
          cardTransactionItem({
            ...foreign,
            currencyExchange: currencyExchange({ unitCurrency: 'EURO' }),
          }),
        ],
        'unitCurrency EURO',
      );
      expectRefused(ctx, badCurrency, 'unitCurrency', 'unitCurrency EURO (not a Currency)');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-ACCEPTOR-ADDRESS-RULES',
    title: 'cardAcceptorAddress: country required; street at most 70 characters',
    rules: ['SANDBOX-CARD-ACCEPTOR-ADDRESS'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const post = (address: Json, label: string) =>
        postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ cardAcceptorAddress: address })],
          label,
        );
      ctx.expect.status(
        await post({ country: 'NO' }, 'country only'),
        201,
        'an address of country only',
      );
      ctx.expect.status(
        await post({ street: 'S'.repeat(STREET_MAX), country: 'SE' }, `street of ${STREET_MAX}`),
        201,
        `a street of ${STREET_MAX} characters (the limit)`,
      );
      expectRefused(
        ctx,
        await post(
          { street: 'S'.repeat(STREET_MAX + 1), country: 'SE' },
          `street of ${STREET_MAX + 1}`,
        ),
        'street',
        `a street of ${STREET_MAX + 1} characters (one past the limit)`,
      );
      expectRefused(
        ctx,
        await post({ city: 'Oslo' }, 'no country'),
        'country',
        'an address without country',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-ANSWER-SHAPE',
    title: 'The card transactions response has cardAccount.maskedPan, booked items and pending ids',
    rules: ['SANDBOX-CARD-TX-RESPONSE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const created = await postCardTransactions(ctx, id, [cardTransactionItem()], 'create one');
      ctx.expect.status(created, 201, 'POST .../transactions');
      ctx.expect.schema(
        json(created),
        SandboxCardTransactionsResponseSchema,
        'create answer (§2.6)',
      );
      const list = await call(ctx, 'GET', cardTransactionsPath(id), 'list both', {
        query: { bookingStatus: 'both' },
      });
      ctx.expect.status(list, 200, 'GET .../transactions');
      ctx.expect.schema(json(list), SandboxCardTransactionsResponseSchema, 'list answer (§2.6)');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-LIST-QUERY',
    title: 'Listing card transactions: bookingStatus required; fromDate and toDate filter',
    rules: ['SANDBOX-CARD-TX-LIST'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const older = cardTransactionItem({
        bookingDate: dayFromToday(-21),
        transactionDate: dayFromToday(-20),
      });
      const newer = cardTransactionItem();
      ctx.expect.status(
        await postCardTransactions(ctx, id, [older, newer], 'two transactions'),
        201,
        'create two transactions',
      );
      const missing = await call(ctx, 'GET', cardTransactionsPath(id), 'no bookingStatus');
      ctx.expect.status(missing, 400, 'a list without bookingStatus');
      ctx.expect.tppMessage(missing, {
        code: 'QUERY_PARAMETER_REQUIRED',
        textIncludes: 'bookingStatus',
      });
      const wrong = await call(ctx, 'GET', cardTransactionsPath(id), 'bookingStatus all', {
        query: { bookingStatus: 'all' },
      });
      expectRefused(ctx, wrong, 'bookingStatus', 'bookingStatus all');
      const ids = async (query: Record<string, string>) => {
        const list = await call(ctx, 'GET', cardTransactionsPath(id), JSON.stringify(query), {
          query: { bookingStatus: 'booked', ...query },
        });
        ctx.expect.status(list, 200, `list ${JSON.stringify(query)}`);
        return (
          json<{ cardTransactions?: { booked?: { cardTransactionId: string }[] } }>(list)
            .cardTransactions?.booked ?? []
        ).map((t) => t.cardTransactionId);
      };
      ctx.expect.equal(
        await ids({ fromDate: dayFromToday(-10) }),
        [newer.cardTransactionId],
        'fromDate leaves out the older transaction',
      );
      ctx.expect.equal(
        await ids({ toDate: dayFromToday(-10) }),
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
      const id = await newCardAccount(ctx);
      await postCardTransactions(ctx, id, [cardTransactionItem(), cardTransactionItem()], 'two');
      const zero = await call(ctx, 'GET', cardTransactionsPath(id), 'limit 0', {
        query: { bookingStatus: 'booked', limit: 0 },
      });
      expectRefused(ctx, zero, 'limit', 'card transactions with limit 0');
      const one = await call(ctx, 'GET', cardTransactionsPath(id), 'limit 1', {
        query: { bookingStatus: 'booked', limit: 1 },
      });
      ctx.expect.equal(
        json<{ cardTransactions?: { booked?: unknown[] } }>(one).cardTransactions?.booked?.length,
        1,
        'limit 1 answers one transaction',
      );
      const [account] = await listAccounts(ctx);
      const accountZero = await call(ctx, 'GET', accountTransactionsPath(account!.id), 'limit 0', {
        query: { limit: 0 },
      });
      expectRefused(ctx, accountZero, 'limit', 'account transactions with limit 0');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-ONLY-CREATED-ONES',
    title: 'A new card account lists only the transactions created for it',
    rules: ['SANDBOX-CARD-TX-ONLY-CREATED'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const id = await newCardAccount(ctx);
      const list = async (what: string) => {
        const exchange = await call(ctx, 'GET', cardTransactionsPath(id), what, {
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
      const item = cardTransactionItem();
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
      const id = await newCardAccount(ctx);
      const future = dayFromToday(2);
      expectRefused(
        ctx,
        await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ bookingDate: future, transactionDate: future })],
          'both dates in the future',
        ),
        'bookingDate',
        'booking and value date in two days',
      );
      expectRefused(
        ctx,
        await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem({ bookingDate: dayFromToday(-1), transactionDate: future })],
          'value date in the future',
        ),
        'transactionDate',
        'a value date (transactionDate) in two days',
      );
      ctx.expect.status(
        await postCardTransactions(ctx, id, [cardTransactionItem()], 'dates in the past'),
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
      const id = await newCardAccount(ctx);
      expectRefused(
        ctx,
        await postCardTransactions(
          ctx,
          id,
          [
            cardTransactionItem({
              bookingDate: dayFromToday(-2),
              transactionDate: dayFromToday(-5),
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
            cardTransactionItem({
              bookingDate: dayFromToday(-5),
              transactionDate: dayFromToday(-5),
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
