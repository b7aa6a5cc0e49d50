/**
 * Sandbox card transactions, their body (§4.3, §2.6): POST
 * /v1/sandbox/card-accounts/{id}/transactions creates what it is given, each field rule of the
 * body, and the shape of its answer.
 */
import { CARD_TRANSACTION_ID_MAX, STREET_MAX } from '../../main/core/spec/limits.js';
import { SandboxCardTransactionsResponseSchema } from '../../main/core/spec/schemas/sandbox.js';
import type { Check } from '../../main/core/runner/check-api/index.js';
import { json } from '../kit/answers.js';
import type { JsonObject } from '../../main/core/runner/check-api/index.js';
import {
  callSandbox,
  expectSandboxFieldRefused,
  newCardAccount,
  sandboxCheck,
} from './sandbox-api.js';
import {
  cardTransactionItem,
  sandboxCardTransactionsPath,
  currencyExchange,
  postCardTransactions,
} from './card-transaction-items.js';

export const cardTransactionFieldChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-CARD-TX-CREATED',
    title: 'POST .../card-accounts/{id}/transactions creates every transaction of the array',
    rules: ['SANDBOX-CARD-TX-CREATE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      const items = [cardTransactionItem(today), cardTransactionItem(today)];
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
      const list = await callSandbox(ctx, 'GET', sandboxCardTransactionsPath(id), 'list', {
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
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      const template = cardTransactionItem(today);
      for (const field of Object.keys(template)) {
        const { [field]: _left, ...item } = cardTransactionItem(today);
        const exchange = await postCardTransactions(ctx, id, [item], `without ${field}`);
        expectSandboxFieldRefused(ctx, exchange, field, `a card transaction without ${field}`);
      }
      const withExchange = await postCardTransactions(
        ctx,
        id,
        [
          cardTransactionItem(today, {
            originalAmount: { currency: 'EUR', amount: -1_120 },
            currencyExchange: currencyExchange(today),
          }),
        ],
        'with currencyExchange',
      );
      ctx.expect.status(withExchange, 201, 'a card transaction with currencyExchange');
      const without = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem(today)],
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
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      // Unique per run (the id is unique on the card account), padded to the exact length.
      const stem = `wb-ct-${Date.now().toString(36)}-`;
      const ofLength = (length: number) => stem.padEnd(length, 'x').slice(0, length);
      const longest = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem(today, { cardTransactionId: ofLength(CARD_TRANSACTION_ID_MAX) })],
        `cardTransactionId of ${CARD_TRANSACTION_ID_MAX} characters`,
      );
      ctx.expect.status(longest, 201, `cardTransactionId of ${CARD_TRANSACTION_ID_MAX} characters`);
      const what = `cardTransactionId of ${CARD_TRANSACTION_ID_MAX + 1} characters`;
      const tooLong = await postCardTransactions(
        ctx,
        id,
        [
          cardTransactionItem(today, {
            cardTransactionId: `${ofLength(CARD_TRANSACTION_ID_MAX)}y`,
          }),
        ],
        what,
      );
      expectSandboxFieldRefused(ctx, tooLong, 'cardTransactionId', what);
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-INVOICED-TRUE-OR-FALSE',
    title: "invoiced is the string 'true' or 'false'",
    rules: ['SANDBOX-CARD-TX-INVOICED-STRING'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      for (const invoiced of ['true', 'false']) {
        const exchange = await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem(today, { invoiced })],
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
          [cardTransactionItem(today, { invoiced })],
          `invoiced ${what}`,
        );
        expectSandboxFieldRefused(ctx, exchange, 'invoiced', `invoiced ${what}`);
      }
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-TX-CURRENCY-EXCHANGE-FIELDS',
    title: 'A currencyExchange needs all seven of its fields',
    rules: ['SANDBOX-CARD-TX-CURRENCY-EXCHANGE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      const foreign = { originalAmount: { currency: 'EUR', amount: -1_120 } };
      const complete = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem(today, { ...foreign, currencyExchange: currencyExchange(today) })],
        'complete currencyExchange',
      );
      ctx.expect.status(complete, 201, 'a complete currencyExchange');
      for (const field of Object.keys(currencyExchange(today))) {
        const { [field]: _left, ...partial } = currencyExchange(today);
        const exchange = await postCardTransactions(
          ctx,
          id,
          [cardTransactionItem(today, { ...foreign, currencyExchange: partial })],
          `currencyExchange without ${field}`,
        );
        expectSandboxFieldRefused(ctx, exchange, field, `currencyExchange without ${field}`);
      }
      const badCurrency = await postCardTransactions(
        ctx,
        id,
        [
          cardTransactionItem(today, {
            ...foreign,
            currencyExchange: currencyExchange(today, { unitCurrency: 'EURO' }),
          }),
        ],
        'unitCurrency EURO',
      );
      expectSandboxFieldRefused(
        ctx,
        badCurrency,
        'unitCurrency',
        'unitCurrency EURO (not a Currency)',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-ACCEPTOR-ADDRESS-RULES',
    title: 'cardAcceptorAddress: country required; street at most 70 characters',
    rules: ['SANDBOX-CARD-ACCEPTOR-ADDRESS'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      const post = (address: JsonObject, label: string) =>
        postCardTransactions(
          ctx,
          id,
          [cardTransactionItem(today, { cardAcceptorAddress: address })],
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
      expectSandboxFieldRefused(
        ctx,
        await post(
          { street: 'S'.repeat(STREET_MAX + 1), country: 'SE' },
          `street of ${STREET_MAX + 1}`,
        ),
        'street',
        `a street of ${STREET_MAX + 1} characters (one past the limit)`,
      );
      expectSandboxFieldRefused(
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
      const today = await ctx.bankNow();
      const id = await newCardAccount(ctx);
      const created = await postCardTransactions(
        ctx,
        id,
        [cardTransactionItem(today)],
        'create one',
      );
      ctx.expect.status(created, 201, 'POST .../transactions');
      ctx.expect.schema(
        json(created),
        SandboxCardTransactionsResponseSchema,
        'create answer (§2.6)',
      );
      const list = await callSandbox(ctx, 'GET', sandboxCardTransactionsPath(id), 'list both', {
        query: { bookingStatus: 'both' },
      });
      ctx.expect.status(list, 200, 'GET .../transactions');
      ctx.expect.schema(json(list), SandboxCardTransactionsResponseSchema, 'list answer (§2.6)');
    },
  }),
];
