/**
 * Accounts and account transactions of the production interface (decisions.md paths, §7.3, §8,
 * §9): the reads answer 200 in Berlin Group shapes, closed accounts leave an empty list, booked
 * transaction ids are stable, paging is 200 per call, and the §8 pending-transactions known issue
 * shows on a production target and not in the sandbox.
 */
import {
  AccountBalancesResponseSchema,
  AccountDetailsResponseSchema,
  AccountListSchema,
  AccountTransactionsResponseSchema,
  TransactionDetailsResponseSchema,
} from '../../main/core/spec/schemas/accounts.js';
import { SandboxAccountTransactionsSchema } from '../../main/core/spec/schemas/sandbox.js';
import {
  defineCheck,
  type Check,
  type CheckContext,
  type EvidenceExchange,
} from '../../main/core/runner/check-api/index.js';
import {
  accountTransactionsPath,
  accountsOf,
  aisGet,
  postSandboxAccount,
  fillFixedTestData,
  firstAccount,
  follow,
  type AccountTransactionView,
  type AccountTransactionsBody,
  type AccountView,
  readControl,
} from '../kit/account-information.js';
import { json } from '../kit/answers.js';
import { expectAnswer, expectRefusal } from '../kit/controls.js';
import { aisConsent, type AisSession } from '../kit/consent.js';
import { readBankDay, shiftDay } from '../kit/dates.js';
import { knownPsu } from '../kit/test-psus.js';

const AREA = 'account-transactions';

async function readTransactions(
  ctx: CheckContext,
  session: AisSession,
  accountId: string,
  query: Record<string, string | number>,
): Promise<{ exchange: EvidenceExchange; body: AccountTransactionsBody }> {
  const what = `account transactions ?${new URLSearchParams(query as Record<string, string>)}`;
  const exchange = await aisGet(ctx, session, accountTransactionsPath(accountId), {
    query,
    label: what,
  });
  expectAnswer(ctx, exchange, 200, AccountTransactionsResponseSchema, what);
  return { exchange, body: json<AccountTransactionsBody>(exchange) ?? {} };
}

const ids = (list: AccountTransactionView[] | undefined) =>
  (list ?? []).map((t) => t.transactionId);
const bookedOf = (body: AccountTransactionsBody) => body.transactions?.booked ?? [];
const pendingOf = (body: AccountTransactionsBody) => body.transactions?.pending ?? [];
const dateOf = (t: AccountTransactionView) => t.bookingDate ?? t.valueDate ?? '';

/** The first consented account with pending transactions, and those; skips when none has any. */
async function accountWithPending(
  ctx: CheckContext,
  session: AisSession,
): Promise<{ account: AccountView; pending: AccountTransactionView[] }> {
  const { accounts } = await accountsOf(ctx, session);
  for (const account of accounts) {
    const { body } = await readTransactions(ctx, session, account.resourceId, {
      bookingStatus: 'pending',
    });
    if (pendingOf(body).length > 0) return { account, pending: pendingOf(body) };
  }
  return ctx.skip('no consented account has a pending transaction');
}

export const accountTransactionChecks: Check[] = [
  defineCheck({
    id: 'ACCOUNTS-LIST',
    title: 'GET /v1/accounts answers 200 with the consented accounts',
    area: AREA,
    rules: ['ACCOUNTS-LIST-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const { exchange, accounts } = await accountsOf(ctx, session, {
        query: { withBalance: 'true' },
      });
      ctx.expect.schema(exchange.response?.json, AccountListSchema, 'the account list');
      ctx.expect.true(accounts.length > 0, 'the consented accounts are listed');
    },
  }),
  defineCheck({
    id: 'ACCOUNT-READ',
    title: 'GET /v1/accounts/{account-id} answers 200 with the account',
    area: AREA,
    rules: ['ACCOUNT-READ-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const account = await firstAccount(ctx, session);
      const exchange = await aisGet(
        ctx,
        session,
        `/v1/accounts/${encodeURIComponent(account.resourceId)}`,
      );
      ctx.expect.status(exchange, 200, 'GET /v1/accounts/{account-id}');
      ctx.expect.schema(exchange.response?.json, AccountDetailsResponseSchema, 'the account');
      ctx.expect.equal(
        json<{ account?: { resourceId?: string } }>(exchange).account?.resourceId,
        account.resourceId,
        'the account read is the one asked for',
      );
    },
  }),
  defineCheck({
    id: 'ACCOUNT-BALANCES',
    title: 'GET /v1/accounts/{account-id}/balances answers 200 with balances',
    area: AREA,
    rules: ['ACCOUNT-BALANCES-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const account = await firstAccount(ctx, session);
      const exchange = await aisGet(
        ctx,
        session,
        `/v1/accounts/${encodeURIComponent(account.resourceId)}/balances`,
      );
      ctx.expect.status(exchange, 200, 'GET /v1/accounts/{account-id}/balances');
      ctx.expect.schema(exchange.response?.json, AccountBalancesResponseSchema, 'the balances');
    },
  }),
  defineCheck({
    id: 'ACCTX-LIST',
    title: 'GET /v1/accounts/{account-id}/transactions answers 200 with booked and pending',
    area: AREA,
    rules: ['ACCTX-LIST-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const account = await firstAccount(ctx, session);
      const { exchange, body } = await readTransactions(ctx, session, account.resourceId, {
        bookingStatus: 'both',
      });
      ctx.expect.schema(
        exchange.response?.json,
        AccountTransactionsResponseSchema,
        'the transactions',
      );
      ctx.expect.true(Array.isArray(body.transactions?.booked), 'transactions.booked is an array');
    },
  }),
  defineCheck({
    id: 'ACCTX-DETAILS',
    title: 'The transaction details endpoint answers 200 for a listed transaction',
    area: AREA,
    rules: ['ACCTX-DETAILS-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const account = await firstAccount(ctx, session);
      const { body } = await readTransactions(ctx, session, account.resourceId, {
        bookingStatus: 'booked',
      });
      const transaction = bookedOf(body)[0] ?? ctx.skip('the account has no booked transaction');
      const href =
        transaction._links?.transactionDetails?.href ??
        `${accountTransactionsPath(account.resourceId)}/${encodeURIComponent(transaction.transactionId ?? '')}`;
      const exchange = await follow(ctx, session, href, 'transaction details');
      ctx.expect.status(
        exchange,
        200,
        'GET /v1/accounts/{account-id}/transactions/{transactionId}',
      );
      ctx.expect.schema(exchange.response?.json, TransactionDetailsResponseSchema, 'the details');
      ctx.expect.equal(
        json<{ transactionsDetails?: { transactionDetails?: AccountTransactionView } }>(exchange)
          .transactionsDetails?.transactionDetails?.transactionId,
        transaction.transactionId,
        'the details are of the transaction asked for',
      );
    },
  }),
  defineCheck({
    id: 'ACCOUNTS-CLOSED-LIST-EMPTY',
    title: 'When the consented accounts were closed in the backend, the list is empty (not 404)',
    area: AREA,
    rules: ['ACCOUNTS-CLOSED-EMPTY-LIST'],
    // The fixed test-data fill replaces an earlier fill (decisions.md), removing what other checks
    // made of it: it creates sandbox data and resets some, so it runs alone on a shared bank.
    exclusive: true,
    effects: ['sandbox-data', 'sandbox-reset'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      // The fill's customer gets an account by hand and consents to it alone; a new fill replaces
      // the customer's holdings, which removes that account from the backend (docs/ais.md).
      await fillFixedTestData(ctx);
      const { iban } = await postSandboxAccount(ctx, '30000001');
      const session = await aisConsent(ctx, knownPsu(ctx, 'fill').login, [iban]);
      const before = await accountsOf(ctx, session);
      ctx.expect.equal(
        before.accounts.map((a) => a.iban),
        [iban],
        'the consented account is listed',
      );
      await fillFixedTestData(ctx);
      const after = await accountsOf(ctx, session);
      ctx.expect.schema(after.exchange.response?.json, AccountListSchema, 'the account list');
      ctx.expect.equal(after.accounts, [], 'the account list after the account was closed');
    },
  }),
  defineCheck({
    id: 'ACCTX-PENDING-UNFILTERED',
    title: 'Known issue: with bookingStatus both or pending every pending transaction is returned',
    area: AREA,
    rules: ['ACCTX-PENDING-NOT-FILTERED'],
    modes: ['production'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const { account, pending } = await accountWithPending(ctx, session);
      const all = ids(pending).sort();
      const dates = pending.map(dateOf).sort();
      const later = await readTransactions(ctx, session, account.resourceId, {
        bookingStatus: 'pending',
        dateFrom: shiftDay(dates.at(-1)!, 1),
      });
      ctx.expect.equal(
        ids(pendingOf(later.body)).sort(),
        all,
        'dateFrom after every pending one: still all of them',
      );
      const earlier = await readTransactions(ctx, session, account.resourceId, {
        bookingStatus: 'both',
        dateTo: shiftDay(dates[0]!, -1),
      });
      ctx.expect.equal(
        ids(pendingOf(earlier.body)).sort(),
        all,
        'dateTo before every pending one: still all of them',
      );
      const one = await readTransactions(ctx, session, account.resourceId, {
        bookingStatus: 'both',
        limit: 1,
      });
      ctx.expect.equal(ids(pendingOf(one.body)).sort(), all, 'limit=1: still every pending one');
    },
  }),
  defineCheck({
    id: 'ACCTX-PENDING-FILTERED-IN-SANDBOX',
    title: 'In the sandbox dateFrom, dateTo and limit filter pending account transactions too',
    area: AREA,
    rules: ['ACCTX-PENDING-SANDBOX-UNAFFECTED'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const { account, pending } = await accountWithPending(ctx, session);
      const after = shiftDay(pending.map(dateOf).sort().at(-1)!, 1);
      const later = await readTransactions(ctx, session, account.resourceId, {
        bookingStatus: 'pending',
        dateFrom: after,
      });
      ctx.expect.equal(pendingOf(later.body).length, 0, `no pending transaction from ${after}`);
      const one = await readTransactions(ctx, session, account.resourceId, {
        bookingStatus: 'both',
        limit: 1,
      });
      ctx.expect.true(
        bookedOf(one.body).length + pendingOf(one.body).length <= 1,
        'limit=1: at most one transaction, pending ones included',
      );
      const sandbox = await ctx.client.send({
        method: 'GET',
        path: `/v1/sandbox/accounts/${encodeURIComponent(account.resourceId)}/transactions`,
        query: { fromDate: after },
        label: 'sandbox transaction list from after the pending ones',
      });
      expectAnswer(
        ctx,
        sandbox,
        200,
        SandboxAccountTransactionsSchema,
        'GET /v1/sandbox/accounts/{id}/transactions',
      );
      const listed = new Set((json<{ id?: string }[]>(sandbox) ?? []).map((t) => t.id));
      ctx.expect.true(
        pending.every((t) => !listed.has(t.transactionId)),
        'the sandbox list leaves the earlier pending transactions out',
      );
    },
  }),
  defineCheck({
    id: 'ACCTX-BOOKED-IDS-STABLE',
    title: 'Booked transactions keep their transactionId from one read to the next',
    area: AREA,
    rules: ['ACCTX-STABLE-IDS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const account = await firstAccount(ctx, session);
      const query = { bookingStatus: 'booked' };
      const first = ids(
        bookedOf((await readTransactions(ctx, session, account.resourceId, query)).body),
      );
      if (first.length === 0) ctx.skip('the account has no booked transaction');
      const second = ids(
        bookedOf((await readTransactions(ctx, session, account.resourceId, query)).body),
      );
      ctx.expect.equal(second, first, 'the same ids on a second read');
      const details = await aisGet(
        ctx,
        session,
        `${accountTransactionsPath(account.resourceId)}/${encodeURIComponent(first[0]!)}`,
        { label: 'details by the listed id' },
      );
      expectAnswer(
        ctx,
        details,
        200,
        TransactionDetailsResponseSchema,
        'the listed id reads the transaction details',
      );
      ctx.expect.equal(
        json<{ transactionsDetails?: { transactionDetails?: AccountTransactionView } }>(details)
          .transactionsDetails?.transactionDetails?.transactionId,
        first[0],
        'the details are of the listed id',
      );
    },
  }),
  defineCheck({
    id: 'ACCTX-LIMIT-BELOW-1-REFUSED',
    title: 'limit 0 or negative on account transactions is refused (400)',
    area: AREA,
    rules: ['ACCTX-LIMIT-MIN-1'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const account = await firstAccount(ctx, session);
      await readControl(
        ctx,
        session,
        accountTransactionsPath(account.resourceId),
        { query: { bookingStatus: 'booked', limit: 1 } },
        AccountTransactionsResponseSchema,
        'the same read with limit=1',
      );
      for (const limit of [0, -5]) {
        const exchange = await aisGet(ctx, session, accountTransactionsPath(account.resourceId), {
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
    },
  }),
  defineCheck({
    id: 'ACCTX-200-PER-CALL',
    title: 'Without paging parameters an account transactions read returns 200 transactions',
    area: AREA,
    rules: ['ACCTX-DEFAULT-PAGE-200'],
    // The fixed test-data fill replaces an earlier fill (decisions.md), removing what other checks
    // made of it: it creates sandbox data and resets some, so it runs alone on a shared bank.
    exclusive: true,
    effects: ['sandbox-data', 'sandbox-reset'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      await fillFixedTestData(ctx);
      const session = await aisConsent(ctx, knownPsu(ctx, 'fill').login);
      const { accounts } = await accountsOf(ctx, session);
      const dateFrom = await readBankDay(ctx, -400);
      let largest = { accountId: '', count: 0, next: false };
      for (const account of accounts) {
        const { body } = await readTransactions(ctx, session, account.resourceId, {
          bookingStatus: 'both',
          dateFrom,
        });
        const count = bookedOf(body).length + pendingOf(body).length;
        if (count > largest.count)
          largest = {
            accountId: account.resourceId,
            count,
            next: body.transactions?._links?.next !== undefined,
          };
      }
      ctx.expect.equal(
        largest.count,
        200,
        `transactions of ${largest.accountId} (over 300 in the fill) in one call`,
      );
      ctx.expect.true(largest.next, 'a next link leads to the rest');
    },
  }),
];
