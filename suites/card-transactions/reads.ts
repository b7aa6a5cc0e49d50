/**
 * Card accounts and their transactions (§2.5, §4.2.3, decisions.md paths): the reads answer 200 in
 * the shapes of §2.5 and Berlin Group, and each CardTransaction field has its §2.5 type and limit.
 * The §4.2.3 query and paging checks are in query.ts.
 */
import {
  CardAccountBalancesResponseSchema,
  CardAccountDetailsResponseSchema,
  CardAccountListSchema,
} from '../../main/core/spec/schemas/accounts.js';
import {
  CardAccountTransactionsResponseSchema,
  CardCurrencyExchangeBlock,
  CardTransactionSchema,
} from '../../main/core/spec/schemas/card-accounts.js';
import { CURRENCIES } from '../../main/core/spec/currencies.js';
import { defineCheck, type Check } from '../../main/core/runner/check-api/index.js';
import {
  aisGet,
  cardAccountsOf,
  cardTransactionsPath,
  firstCardAccount,
  follow,
} from '../kit/account-information.js';
import {
  bookedBaseline,
  bookedOf,
  cardSetup,
  cardTransactionIds,
  createCardTransaction,
  readCardTransactions,
} from './card-setup.js';
import { json, pathOf } from '../kit/answers.js';
import { aisConsent } from '../kit/consent.js';

const AREA = 'card-transactions';

export const cardAccountReadChecks: Check[] = [
  defineCheck({
    id: 'CARD-ACCOUNTS-LIST',
    title: 'GET /v1/card-accounts answers 200 with the consented card accounts',
    area: AREA,
    rules: ['CARD-ACCOUNTS-LIST-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const { exchange, cardAccounts } = await cardAccountsOf(ctx, session);
      ctx.expect.schema(exchange.response?.json, CardAccountListSchema, 'the card account list');
      ctx.expect.true(cardAccounts.length > 0, 'the consented card account is listed');
    },
  }),
  defineCheck({
    id: 'CARD-ACCOUNT-READ',
    title: 'GET /v1/card-accounts/{account-id} answers 200 with the card account',
    area: AREA,
    rules: ['CARD-ACCOUNT-READ-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const card = await firstCardAccount(ctx, session);
      const exchange = await aisGet(
        ctx,
        session,
        `/v1/card-accounts/${encodeURIComponent(card.resourceId)}`,
      );
      ctx.expect.status(exchange, 200, 'GET /v1/card-accounts/{account-id}');
      ctx.expect.schema(
        exchange.response?.json,
        CardAccountDetailsResponseSchema,
        'the card account',
      );
      ctx.expect.equal(
        json<{ cardAccount?: { resourceId?: string } }>(exchange).cardAccount?.resourceId,
        card.resourceId,
        'the card account read is the one asked for',
      );
    },
  }),
  defineCheck({
    id: 'CARD-ACCOUNT-BALANCES',
    title: 'GET /v1/card-accounts/{account-id}/balances answers 200 with balances',
    area: AREA,
    rules: ['CARD-ACCOUNT-BALANCES-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const card = await firstCardAccount(ctx, session);
      const exchange = await aisGet(
        ctx,
        session,
        `/v1/card-accounts/${encodeURIComponent(card.resourceId)}/balances`,
      );
      ctx.expect.status(exchange, 200, 'GET /v1/card-accounts/{account-id}/balances');
      ctx.expect.schema(exchange.response?.json, CardAccountBalancesResponseSchema, 'the balances');
    },
  }),
  defineCheck({
    id: 'CARDTX-READ-BY-RESOURCE-ID',
    title: 'Card transactions are read at /v1/card-accounts/{id}/transactions with the opaque id',
    area: AREA,
    rules: ['CARDTX-PATH'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const card = await firstCardAccount(ctx, session);
      const href = card._links?.transactions?.href;
      ctx.expect.equal(
        href === undefined ? undefined : pathOf(href),
        cardTransactionsPath(card.resourceId),
        "the card account's transactions link is /v1/card-accounts/{resourceId}/transactions",
      );
      const exchange = await follow(
        ctx,
        session,
        `${href}?bookingStatus=booked`,
        'follow the transactions link',
      );
      ctx.expect.status(exchange, 200, 'the card transactions at the linked path');
    },
  }),
  defineCheck({
    id: 'CARDTX-RESPONSE-SHAPE',
    title: 'The card transactions read answers 200 with the §2.5 response',
    area: AREA,
    rules: ['CARDTX-RESPONSE-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { body, exchange } = await readCardTransactions(ctx, await cardSetup(ctx), {
        bookingStatus: 'both',
      });
      ctx.expect.schema(
        exchange.response?.json,
        CardAccountTransactionsResponseSchema,
        '§2.5 response',
      );
      ctx.expect.true(
        Array.isArray(body.cardTransactions?.booked),
        'cardTransactions.booked is an array of CardTransaction',
      );
    },
  }),
  defineCheck({
    id: 'CARDTX-CARD-ACCOUNT-CURRENCY',
    title: 'cardAccount carries the card account currency (and the masked PAN)',
    area: AREA,
    rules: ['CARDTX-CARD-ACCOUNT-FIELDS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      const { body } = await readCardTransactions(ctx, setup, { bookingStatus: 'booked' });
      const currency = body.cardAccount?.currency;
      ctx.expect.true(
        currency !== undefined && (CURRENCIES as readonly string[]).includes(currency),
        'cardAccount.currency is a §2.1 Currency',
      );
      ctx.expect.equal(currency, setup.card.currency, 'the card account’s currency');
      if (body.cardAccount?.maskedPan !== undefined)
        ctx.expect.equal(body.cardAccount.maskedPan, setup.card.maskedPan, 'the masked PAN');
    },
  }),
  defineCheck({
    id: 'CARDTX-BOTH-LISTS',
    title: 'bookingStatus both answers booked and pending arrays',
    area: AREA,
    rules: ['CARDTX-BOOKED-AND-PENDING'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { body } = await readCardTransactions(ctx, await cardSetup(ctx), {
        bookingStatus: 'both',
      });
      ctx.expect.true(
        Array.isArray(body.cardTransactions?.booked),
        'cardTransactions.booked is an array',
      );
      ctx.expect.true(
        Array.isArray(body.cardTransactions?.pending),
        'cardTransactions.pending is an array',
      );
    },
  }),
  defineCheck({
    id: 'CARDTX-ID-AT-MOST-35',
    title: 'A 35-character cardTransactionId comes back as it is; none is longer',
    area: AREA,
    rules: ['CARDTX-ID-MAX-35'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      const id = `chk-${'x'.repeat(27)}-35`;
      await createCardTransaction(ctx, setup.card, { cardTransactionId: id });
      const { body } = await readCardTransactions(ctx, setup, { bookingStatus: 'booked' });
      ctx.expect.true(
        cardTransactionIds(bookedOf(body)).includes(id),
        `the created transaction '${id}' is listed as it is`,
      );
      for (const transaction of bookedOf(body))
        ctx.expect.true(
          (transaction.cardTransactionId ?? '').length <= 35,
          `cardTransactionId '${transaction.cardTransactionId}' has at most 35 characters`,
        );
    },
  }),
  defineCheck({
    id: 'CARDTX-DETAILS-AT-MOST-140',
    title: 'transactionDetails has at most 140 characters',
    area: AREA,
    rules: ['CARDTX-DETAILS-MAX-140'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      const details = `Purchase ${'Workbench '.repeat(13)}`.slice(0, 140);
      const created = await createCardTransaction(ctx, setup.card, { transactionDetails: details });
      const { body } = await readCardTransactions(ctx, setup, { bookingStatus: 'booked' });
      const shown = bookedOf(body).find((t) => t.cardTransactionId === created.cardTransactionId);
      ctx.expect.equal(shown?.transactionDetails, details, 'the 140-character details as created');
      for (const transaction of bookedOf(body))
        ctx.expect.true(
          (transaction.transactionDetails ?? '').length <= 140,
          `transactionDetails of ${transaction.cardTransactionId} has at most 140 characters`,
        );
    },
  }),
  defineCheck({
    id: 'CARDTX-FIELD-TYPES',
    title: 'Every card transaction has the §2.5 field types (dates, Amounts, strings)',
    area: AREA,
    rules: ['CARDTX-TRANSACTION-FIELD-TYPES'],
    needs: ['psu-agent'],
    async run(ctx) {
      const all = await bookedBaseline(ctx, await cardSetup(ctx), 1);
      for (const transaction of all)
        ctx.expect.schema(
          transaction,
          CardTransactionSchema,
          `card transaction ${transaction.cardTransactionId}`,
        );
    },
  }),
  defineCheck({
    id: 'CARDTX-INVOICED-IS-BOOLEAN',
    title: 'invoiced is a boolean',
    area: AREA,
    rules: ['CARDTX-INVOICED-BOOLEAN'],
    needs: ['psu-agent'],
    async run(ctx) {
      const all = await bookedBaseline(ctx, await cardSetup(ctx), 1);
      const withInvoiced = all.filter((t) => t.invoiced !== undefined);
      if (withInvoiced.length === 0) ctx.skip('no card transaction states invoiced');
      for (const transaction of withInvoiced)
        ctx.expect.equal(
          typeof transaction.invoiced,
          'boolean',
          `invoiced of ${transaction.cardTransactionId}`,
        );
    },
  }),
  defineCheck({
    id: 'CARDTX-CURRENCY-EXCHANGE-OBJECT',
    title:
      'currencyExchange has sourceCurrency, targetCurrency, exchangeRate, unitCurrency, quotationDate',
    area: AREA,
    rules: ['CARDTX-CURRENCY-EXCHANGE-FIELDS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const all = await bookedBaseline(ctx, await cardSetup(ctx), 1);
      const foreign = all.filter((t) => t.currencyExchange !== undefined);
      if (foreign.length === 0) ctx.skip('no card transaction in a foreign currency to judge');
      for (const transaction of foreign)
        ctx.expect.schema(
          transaction.currencyExchange,
          CardCurrencyExchangeBlock,
          `currencyExchange of ${transaction.cardTransactionId}`,
        );
    },
  }),
];
