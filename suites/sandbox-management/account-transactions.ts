/**
 * Sandbox account transactions (§4.3, §2.6): POST and GET /v1/sandbox/accounts/{id}/transactions,
 * GET .../transactions/{id}, the fields and bankTransactionCode length, no other account of the
 * bank as debtor; and §4.3 rule 1: the list holds what payments booked on the account too.
 */
import {
  BANK_TRANSACTION_CODE_MAX,
  BANK_TRANSACTION_CODE_MIN,
} from '../../main/core/spec/limits.js';
import { SandboxAccountTransactionSchema } from '../../main/core/spec/schemas/sandbox.js';
import type { Check } from '../../main/core/runner/check-api/index.js';
import { approve, createPayment, ownAccountBody, paymentParty } from '../kit/payments.js';
import { json } from '../kit/answers.js';
import { dayFromToday } from '../kit/dates.js';
import { privatePsu } from '../kit/test-psus.js';
import type { JsonObject } from '../../main/core/runner/check-api/index.js';
import {
  accountBody,
  sandboxAccountTransactionsPath,
  callSandbox,
  createAccount,
  expectSandboxFieldRefused,
  listAccounts,
  newAccount,
  sandboxCheck,
} from './sandbox-api.js';

/** An account outside the bank, as counterparty. */
const OUTSIDE = { iban: 'NO9386011117947', bban: '86011117947' };

/** A credit from outside the bank onto `account`, booked yesterday by the bank's clock (`today`). */
function accountTransactionItem(
  today: Date,
  account: { iban: string; bban: string },
  overrides: JsonObject = {},
) {
  return {
    amount: 50_000,
    currency: 'NOK',
    valueDate: dayFromToday(-1, today),
    remittanceInformationUnstructured: 'Workbench check',
    creditorName: 'Account Holder',
    creditorAccount: { iban: account.iban, bban: account.bban },
    debtorName: 'Utenfor Banken AS',
    debtorAccount: OUTSIDE,
    bankTransactionCode: 'PMNT-RCDT-DMCT',
    ultimateDebtor: 'Utenfor Banken AS',
    ultimateCreditor: 'Account Holder',
    purposeCode: 'OTHR',
    bookingDate: dayFromToday(-1, today),
    ...overrides,
  } as JsonObject;
}

export const sandboxAccountTransactionChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-CREATED',
    title: 'POST /v1/sandbox/accounts/{id}/transactions creates every transaction of the array',
    rules: ['SANDBOX-ACCTX-CREATE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const account = await newAccount(ctx);
      const created = await callSandbox(
        ctx,
        'POST',
        sandboxAccountTransactionsPath(account.id),
        'create two',
        {
          body: [
            accountTransactionItem(today, account),
            accountTransactionItem(today, account, { amount: 1_000 }),
          ],
        },
      );
      ctx.expect.status(created, 201, 'POST .../transactions');
      const items = json<{ id?: string }[]>(created) ?? [];
      ctx.expect.equal(items.length, 2, 'the answer holds both created transactions');
      ctx.expect.true(
        items.every((item) => typeof item.id === 'string'),
        'each created transaction has an id',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-LIST-PAGING',
    title: 'Listing account transactions honours fromDate, toDate, offset and limit',
    rules: ['SANDBOX-ACCTX-LIST'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const account = await newAccount(ctx);
      const day = (n: number) => ({
        bookingDate: dayFromToday(-n, today),
        valueDate: dayFromToday(-n, today),
      });
      const created = await callSandbox(
        ctx,
        'POST',
        sandboxAccountTransactionsPath(account.id),
        'three',
        {
          body: [
            accountTransactionItem(today, account, { amount: 100, ...day(30) }),
            accountTransactionItem(today, account, { amount: 200, ...day(20) }),
            accountTransactionItem(today, account, { amount: 300, ...day(10) }),
          ],
        },
      );
      ctx.expect.status(created, 201, 'create three transactions');
      const amounts = async (query: Record<string, string | number>) => {
        const list = await callSandbox(
          ctx,
          'GET',
          sandboxAccountTransactionsPath(account.id),
          JSON.stringify(query),
          {
            query,
          },
        );
        ctx.expect.status(list, 200, `list ${JSON.stringify(query)}`);
        ctx.expect.true(Array.isArray(json(list)), 'the list is an array');
        return (json<{ amount: number }[]>(list) ?? []).map((t) => t.amount).sort((a, b) => a - b);
      };
      ctx.expect.equal(await amounts({}), [100, 200, 300], 'every transaction');
      ctx.expect.equal(
        await amounts({ fromDate: dayFromToday(-25, today) }),
        [200, 300],
        'fromDate',
      );
      ctx.expect.equal(await amounts({ toDate: dayFromToday(-15, today) }), [100, 200], 'toDate');
      const page1 = await amounts({ offset: 0, limit: 2 });
      const page2 = await amounts({ offset: 2, limit: 2 });
      ctx.expect.equal(page1.length, 2, 'limit 2 answers two');
      ctx.expect.equal(
        [...page1, ...page2].sort((a, b) => a - b),
        [100, 200, 300],
        'offset 2 answers the rest',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-READ-ONE',
    title: 'GET .../transactions/{id} answers that one transaction',
    rules: ['SANDBOX-ACCTX-GET-ONE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const account = await newAccount(ctx);
      const created = await callSandbox(
        ctx,
        'POST',
        sandboxAccountTransactionsPath(account.id),
        'create two',
        {
          body: [
            accountTransactionItem(today, account, { amount: 111 }),
            accountTransactionItem(today, account, { amount: 222 }),
          ],
        },
      );
      for (const item of json<{ id: string; amount: number }[]>(created) ?? []) {
        const read = await callSandbox(
          ctx,
          'GET',
          `${sandboxAccountTransactionsPath(account.id)}/${encodeURIComponent(item.id)}`,
          `read ${item.id}`,
        );
        ctx.expect.status(read, 200, 'GET .../transactions/{id}');
        ctx.expect.equal(json(read).id, item.id, 'the transaction read has the id asked for');
        ctx.expect.equal(json(read).amount, item.amount, 'and its amount');
      }
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-FIELDS',
    title: 'An account transaction has every §2.6 field',
    rules: ['SANDBOX-ACCTX-FIELDS'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const account = await newAccount(ctx);
      const created = await callSandbox(
        ctx,
        'POST',
        sandboxAccountTransactionsPath(account.id),
        'create one',
        {
          body: [accountTransactionItem(today, account)],
        },
      );
      ctx.expect.status(created, 201, 'POST .../transactions');
      for (const item of json<unknown[]>(created) ?? [])
        ctx.expect.schema(item, SandboxAccountTransactionSchema, 'the created transaction (§2.6)');
      const list = await callSandbox(
        ctx,
        'GET',
        sandboxAccountTransactionsPath(account.id),
        'list',
      );
      for (const item of json<unknown[]>(list) ?? [])
        ctx.expect.schema(item, SandboxAccountTransactionSchema, 'a listed transaction (§2.6)');
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-BTC-LENGTH',
    title: `bankTransactionCode has ${BANK_TRANSACTION_CODE_MIN} to ${BANK_TRANSACTION_CODE_MAX} characters`,
    rules: ['SANDBOX-ACCTX-BTC-4-14'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const account = await newAccount(ctx);
      const post = (code: string) =>
        callSandbox(
          ctx,
          'POST',
          sandboxAccountTransactionsPath(account.id),
          `bankTransactionCode of ${code.length}`,
          {
            body: [accountTransactionItem(today, account, { bankTransactionCode: code })],
          },
        );
      for (const length of [BANK_TRANSACTION_CODE_MIN, BANK_TRANSACTION_CODE_MAX])
        ctx.expect.status(await post('P'.repeat(length)), 201, `a code of ${length} characters`);
      for (const length of [BANK_TRANSACTION_CODE_MIN - 1, BANK_TRANSACTION_CODE_MAX + 1])
        expectSandboxFieldRefused(
          ctx,
          await post('P'.repeat(length)),
          'bankTransactionCode',
          `a code of ${length} characters`,
        );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-LISTS-ALL-CREATED',
    title: 'A created account lists every transaction created for it',
    rules: ['SANDBOX-ACCTX-LIST-ALL'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const account = await newAccount(ctx);
      const ids: string[] = [];
      for (const amount of [1_000, 2_000, 3_000]) {
        const created = await callSandbox(
          ctx,
          'POST',
          sandboxAccountTransactionsPath(account.id),
          `create ${amount}`,
          {
            body: [accountTransactionItem(today, account, { amount })],
          },
        );
        ctx.expect.status(created, 201, 'POST .../transactions');
        ids.push(...(json<{ id: string }[]>(created) ?? []).map((t) => t.id));
      }
      const list = await callSandbox(
        ctx,
        'GET',
        sandboxAccountTransactionsPath(account.id),
        'list all',
      );
      ctx.expect.equal(
        (json<{ id: string }[]>(list) ?? []).map((t) => t.id).sort(),
        ids.sort(),
        'the list holds exactly the created transactions',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-OTHER-DEBTOR-REFUSED',
    title: 'Creating an account transaction with another account of the bank as debtor is an error',
    rules: ['SANDBOX-ACCTX-OTHER-DEBTOR-ERROR'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const today = await ctx.bankNow();
      const account = await newAccount(ctx);
      const other = (await listAccounts(ctx)).find((a) => a.id !== account.id)!;
      const exchange = await callSandbox(
        ctx,
        'POST',
        sandboxAccountTransactionsPath(account.id),
        'other debtor',
        {
          body: [
            accountTransactionItem(today, account, {
              debtorAccount: { iban: other.iban, bban: other.bban },
            }),
          ],
        },
      );
      ctx.expect.status(exchange, 400, `a credit on ${account.iban} debiting ${other.iban}`);
      ctx.expect.true(
        exchange.response?.body.includes('debtorAccount'),
        'the error names debtorAccount',
      );
    },
  }),
];

export const bookedPaymentChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-ACCOUNT-TX-INCLUDE-PAYMENTS',
    title: "A sandbox account's transaction list includes what payments booked on it",
    rules: ['SANDBOX-ACCTX-INCLUDES-PAYMENTS'],
    effects: ['sandbox-data'],
    needs: ['psu-agent'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const psu = await privatePsu(ctx);
      const own = (await listAccounts(ctx)).find((a) => a.customerNumber === psu.customerNumber);
      ctx.expect.true(own !== undefined, `${psu.name} has an account to pay from`);
      const target = await createAccount(ctx, accountBody(psu.customerNumber));
      const payment = await createPayment(
        ctx,
        ownAccountBody(party, {
          instructedAmount: { amount: '250.00', currency: 'NOK' },
          debtorAccount: { iban: own!.iban, currency: 'NOK' },
          creditorAccount: { iban: target.iban, currency: 'NOK' },
          creditorName: psu.name,
        }),
        {
          product: 'instant-sepa-credit-transfers',
          label: 'an instant payment to the new account',
        },
      );
      await approve(ctx, payment, psu.nationalIdentityNumber);
      const list = await callSandbox(
        ctx,
        'GET',
        sandboxAccountTransactionsPath(target.id),
        'the new account',
      );
      ctx.expect.status(list, 200, 'GET .../transactions of the new account');
      const amounts = (json<{ amount: number }[]>(list) ?? []).map((t) => t.amount);
      ctx.expect.true(
        amounts.includes(25_000),
        `the payment's credit of 25000 (250.00 NOK) is listed (got ${JSON.stringify(amounts)})`,
      );
    },
  }),
];
