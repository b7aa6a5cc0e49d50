/**
 * The §4.2.3 query and paging of the card transactions read: bookingStatus required and
 * enumerated, dateFrom with its default, dateFrom/dateTo filters, offset and limit defaults, limit
 * at least 1, 200 per call without paging parameters, next/previous links, and pending card
 * transactions filtered like booked ones (§8: card reads are unaffected by the known issue).
 */
import { CardAccountTransactionsResponseSchema } from '../../main/core/spec/schemas/card-accounts.js';
import {
  defineCheck,
  type Check,
  type CheckContext,
} from '../../main/core/runner/check-api/index.js';
import {
  aisGet,
  follow,
  readControl,
  type CardTransactionsBody,
} from '../kit/account-information.js';
import {
  bookedBaseline,
  bookedOf,
  cardSetup,
  type CardSetup,
  cardTransactionIds,
  middleDate,
  pendingOf,
  readCardTransactions,
} from './card-setup.js';
import { json, paramsOf } from '../kit/answers.js';
import { expectAnswer, expectRefusal } from '../kit/controls.js';
import { judgePendingFiltered } from './pending.js';
import { readBankDay, shiftDay } from '../kit/dates.js';

const AREA = 'card-transactions';

/**
 * A §4.2.3 paging default: a booked read with `query` (offset or limit left out) answers exactly
 * the first `count` transactions of the default window.
 */
function firstPageCheck(page: {
  id: string;
  title: string;
  rule: string;
  query: Record<string, number>;
  count: number;
  what: string;
}): Check {
  return defineCheck({
    id: page.id,
    title: page.title,
    area: AREA,
    rules: [page.rule],
    needs: ['psu-agent'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      const all = await bookedBaseline(ctx, setup, 2);
      const { body } = await readCardTransactions(ctx, setup, {
        bookingStatus: 'booked',
        ...page.query,
      });
      ctx.expect.equal(
        cardTransactionIds(bookedOf(body)),
        cardTransactionIds(all.slice(0, page.count)),
        page.what,
      );
    },
  });
}

/** The control of a bookingStatus check: the same read with bookingStatus=booked is accepted. */
function bookedControl(ctx: CheckContext, setup: CardSetup) {
  return readControl(
    ctx,
    setup.session,
    setup.path,
    { query: { bookingStatus: 'booked' } },
    CardAccountTransactionsResponseSchema,
    'the same read with bookingStatus=booked',
  );
}

export const cardTransactionQueryChecks: Check[] = [
  defineCheck({
    id: 'CARDTX-BOOKING-STATUS-MISSING-400',
    title: 'A card transactions read without bookingStatus is 400 QUERY_PARAMETER_REQUIRED',
    area: AREA,
    rules: ['CARDTX-BOOKING-STATUS-REQUIRED'],
    needs: ['psu-agent'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      await bookedControl(ctx, setup);
      const exchange = await aisGet(ctx, setup.session, setup.path, { label: 'no bookingStatus' });
      expectRefusal(
        ctx,
        exchange,
        { code: 'QUERY_PARAMETER_REQUIRED', path: 'bookingStatus', textIncludes: 'bookingStatus' },
        'no bookingStatus',
      );
    },
  }),
  defineCheck({
    id: 'CARDTX-BOOKING-STATUS-VALUES-CHECKED',
    title: 'bookingStatus booked, pending and both are accepted; another value is refused',
    area: AREA,
    rules: ['CARDTX-BOOKING-STATUS-VALUES'],
    needs: ['psu-agent'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      // The control: the same read with bookingStatus=booked is accepted, so a refusal of
      // bookingStatus=all is about the value.
      await bookedControl(ctx, setup);
      for (const bookingStatus of ['pending', 'both'])
        await readCardTransactions(ctx, setup, { bookingStatus });
      const exchange = await aisGet(ctx, setup.session, setup.path, {
        query: { bookingStatus: 'all' },
        label: 'bookingStatus=all',
      });
      expectRefusal(
        ctx,
        exchange,
        { code: 'FORMAT_ERROR', path: 'bookingStatus', textIncludes: 'bookingStatus' },
        'bookingStatus=all',
      );
    },
  }),
  defineCheck({
    id: 'CARDTX-DATE-FROM-OPTIONAL',
    title: 'A missing dateFrom raises no error (a default is used)',
    area: AREA,
    rules: ['CARDTX-DATE-FROM-DEFAULT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { exchange } = await readCardTransactions(ctx, await cardSetup(ctx), {
        bookingStatus: 'booked',
      });
      ctx.expect.schema(
        exchange.response?.json,
        CardAccountTransactionsResponseSchema,
        '§2.5 response',
      );
    },
  }),
  defineCheck({
    id: 'CARDTX-DATE-FROM-FILTERS',
    title: 'dateFrom leaves out card transactions booked before it',
    area: AREA,
    rules: ['CARDTX-DATE-FROM-FILTER'],
    needs: ['psu-agent'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      const all = await bookedBaseline(ctx, setup, 2);
      const dateFrom = middleDate(ctx, all);
      const { body } = await readCardTransactions(ctx, setup, {
        bookingStatus: 'booked',
        dateFrom,
      });
      ctx.expect.equal(
        cardTransactionIds(bookedOf(body)),
        cardTransactionIds(all.filter((t) => (t.bookingDate ?? '') >= dateFrom)),
        `exactly the transactions booked on or after ${dateFrom}`,
      );
    },
  }),
  defineCheck({
    id: 'CARDTX-DATE-TO-FILTERS',
    title: 'dateTo leaves out card transactions booked after it',
    area: AREA,
    rules: ['CARDTX-DATE-TO-FILTER'],
    needs: ['psu-agent'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      const all = await bookedBaseline(ctx, setup, 2);
      const dateTo = shiftDay(middleDate(ctx, all), -1);
      const { body } = await readCardTransactions(ctx, setup, { bookingStatus: 'booked', dateTo });
      ctx.expect.equal(
        cardTransactionIds(bookedOf(body)),
        cardTransactionIds(all.filter((t) => (t.bookingDate ?? '') <= dateTo)),
        `exactly the transactions booked on or before ${dateTo}`,
      );
    },
  }),
  firstPageCheck({
    id: 'CARDTX-OFFSET-DEFAULTS-TO-0',
    title: 'Without offset a page starts at the first transaction of the query',
    rule: 'CARDTX-OFFSET-DEFAULT-0',
    query: { limit: 2 },
    count: 2,
    what: 'limit=2 without offset: the first two',
  }),
  defineCheck({
    id: 'CARDTX-LIMIT-BELOW-1-REFUSED',
    title: 'limit 0 or negative is refused (400); limit 1 gives one transaction',
    area: AREA,
    rules: ['CARDTX-LIMIT-MIN-1'],
    needs: ['psu-agent'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      await readControl(
        ctx,
        setup.session,
        setup.path,
        { query: { bookingStatus: 'booked', limit: 1 } },
        CardAccountTransactionsResponseSchema,
        'the same read with limit=1',
      );
      for (const limit of [0, -1]) {
        const exchange = await aisGet(ctx, setup.session, setup.path, {
          query: { bookingStatus: 'booked', limit },
          label: `limit=${limit}`,
        });
        expectRefusal(
          ctx,
          exchange,
          { code: 'FORMAT_ERROR', path: 'limit', textIncludes: 'limit' },
          `limit=${limit}`,
        );
      }
      const { body } = await readCardTransactions(ctx, setup, {
        bookingStatus: 'booked',
        limit: 1,
      });
      ctx.expect.true(bookedOf(body).length <= 1, 'limit=1: at most one transaction');
    },
  }),
  firstPageCheck({
    id: 'CARDTX-LIMIT-DEFAULTS-TO-1',
    title: 'With offset but without limit a page holds one transaction',
    rule: 'CARDTX-LIMIT-DEFAULT-1',
    query: { offset: 0 },
    count: 1,
    what: 'offset=0 without limit: one transaction',
  }),
  defineCheck({
    id: 'CARDTX-200-PER-CALL',
    title: 'Without paging parameters a card transactions read returns 200 transactions',
    area: AREA,
    rules: ['CARDTX-DEFAULT-PAGE-200'],
    // The fixed test-data fill replaces an earlier fill (decisions.md), removing what other checks
    // made of it: it creates sandbox data and resets some, so it runs alone on a shared bank.
    exclusive: true,
    effects: ['sandbox-data', 'sandbox-reset'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const setup = await cardSetup(ctx, { fixedData: true });
      const dateFrom = await readBankDay(ctx, -400);
      const { body } = await readCardTransactions(ctx, setup, {
        bookingStatus: 'booked',
        dateFrom,
      });
      ctx.expect.equal(bookedOf(body).length, 200, 'booked transactions in one call (more exist)');
      ctx.expect.true(body._links?.next !== undefined, 'a next link leads to the rest');
    },
  }),
  defineCheck({
    id: 'CARDTX-NEXT-AND-PREVIOUS-LINKS',
    title: 'Pages link to the next and previous page, and the links lead there',
    area: AREA,
    rules: ['CARDTX-PAGING-LINKS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      const all = await bookedBaseline(ctx, setup, 5);
      const first = await readCardTransactions(ctx, setup, { bookingStatus: 'booked', limit: 2 });
      const next = first.body._links?.next?.href;
      ctx.expect.true(next !== undefined, 'the first page links to the next one');
      ctx.expect.true(first.body._links?.previous === undefined, 'the first page has no previous');
      const second = await follow(ctx, setup.session, next!, 'follow next');
      expectAnswer(ctx, second, 200, CardAccountTransactionsResponseSchema, 'the next page');
      const secondBody = json<CardTransactionsBody>(second);
      ctx.expect.equal(
        cardTransactionIds(bookedOf(secondBody)),
        cardTransactionIds(all.slice(2, 4)),
        'the next page holds the next two',
      );
      const previous = secondBody._links?.previous?.href;
      ctx.expect.true(previous !== undefined, 'the second page links to the previous one');
      const back = await follow(ctx, setup.session, previous!, 'follow previous');
      expectAnswer(ctx, back, 200, CardAccountTransactionsResponseSchema, 'the previous page');
      ctx.expect.equal(
        cardTransactionIds(bookedOf(json<CardTransactionsBody>(back))),
        cardTransactionIds(all.slice(0, 2)),
        'previous leads back',
      );
    },
  }),
  defineCheck({
    id: 'CARDTX-NEXT-RAISES-OFFSET-BY-LIMIT',
    title: 'next raises offset by the limit and keeps the limit',
    area: AREA,
    rules: ['CARDTX-NEXT-PAGE-OFFSET'],
    needs: ['psu-agent'],
    async run(ctx) {
      const setup = await cardSetup(ctx);
      const all = await bookedBaseline(ctx, setup, 5);
      const { body } = await readCardTransactions(ctx, setup, {
        bookingStatus: 'booked',
        offset: 1,
        limit: 2,
      });
      const next = body._links?.next?.href;
      ctx.expect.true(next !== undefined, 'offset=1&limit=2 links to a next page');
      const params = paramsOf(next!);
      ctx.expect.equal([params.offset, params.limit], ['3', '2'], 'next: offset 1 + 2, limit 2');
      const page = await follow(ctx, setup.session, next!, 'follow next');
      expectAnswer(ctx, page, 200, CardAccountTransactionsResponseSchema, 'the next page');
      ctx.expect.equal(
        cardTransactionIds(bookedOf(json<CardTransactionsBody>(page))),
        cardTransactionIds(all.slice(3, 5)),
        'transactions 4 and 5',
      );
    },
  }),
  defineCheck({
    id: 'CARDTX-PENDING-FILTERED-TOO',
    title: 'dateTo and limit filter pending card transactions too (no known issue on cards)',
    area: AREA,
    rules: ['CARDTX-PENDING-FILTERED'],
    // The fixed test-data fill replaces an earlier fill (decisions.md), removing what other checks
    // made of it: it creates sandbox data and resets some, so it runs alone on a shared bank.
    exclusive: true,
    effects: ['sandbox-data', 'sandbox-reset'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const setup = await cardSetup(ctx, { fixedData: true });
      const { body } = await readCardTransactions(ctx, setup, { bookingStatus: 'pending' });
      const all = pendingOf(body);
      if (all.length < 2) ctx.skip('the card account has fewer than two pending transactions');
      await judgePendingFiltered(ctx, setup, all);
    },
  }),
];
