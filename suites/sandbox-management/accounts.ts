/**
 * Sandbox accounts (§4.3, §2.6, decisions.md "Amounts and identities"): POST and GET
 * /v1/sandbox/accounts, the list item fields, cashAccountType values, the BBAN mod-11 check, and
 * PUT /v1/sandbox/accounts/{id}/balances.
 */
import { requireExplainedRefusals } from '../kit/probe.js';
import { CASH_ACCOUNT_TYPES } from '../../main/core/spec/enums.js';
import { SandboxAccountListSchema } from '../../main/core/spec/schemas/sandbox.js';
import { isValidNorwegianBban } from '../../main/core/spec/validators/norwegian-bban.js';
import type { Check } from '../../main/core/runner/check-api/index.js';
import { freeNorwegianAccount } from '../kit/account-numbers.js';
import { json } from '../kit/answers.js';
import { privatePsu } from '../kit/test-psus.js';
import {
  accountBody,
  callSandbox,
  expectSandboxFieldRefused,
  listAccounts,
  newAccount,
  sandboxCheck,
} from './sandbox-api.js';

export const accountChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-ACCOUNT-CREATED',
    title: 'POST /v1/sandbox/accounts creates an account that the account list shows',
    rules: ['SANDBOX-ACCOUNT-CREATE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const created = await newAccount(ctx);
      ctx.expect.true(typeof created.id === 'string', 'the created account has an id');
      ctx.expect.true(
        (await listAccounts(ctx)).some((a) => a.id === created.id),
        'the account list shows the created account',
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNTS-LIST-ARRAY',
    title: 'GET /v1/sandbox/accounts answers an array of account list items',
    rules: ['SANDBOX-ACCOUNTS-LIST'],
    async run(ctx) {
      const exchange = await callSandbox(ctx, 'GET', '/v1/sandbox/accounts', 'list accounts');
      await requireExplainedRefusals(ctx, exchange, 'GET /v1/sandbox/accounts');
      ctx.expect.status(exchange, 200, 'GET /v1/sandbox/accounts');
      ctx.expect.true(Array.isArray(json(exchange)), 'the answer is an array');
      ctx.expect.true((json<unknown[]>(exchange) ?? []).length > 0, 'the array lists accounts');
    },
  }),
  sandboxCheck({
    id: 'SBX-ACCOUNT-ITEM-FIELDS',
    title: 'Account list items have every §2.6 field',
    rules: ['SANDBOX-ACCOUNT-LIST-ITEM-FIELDS'],
    effects: ['sandbox-data'],
    async run(ctx) {
      await newAccount(ctx);
      const exchange = await callSandbox(ctx, 'GET', '/v1/sandbox/accounts', 'list accounts');
      ctx.expect.schema(json(exchange), SandboxAccountListSchema, 'the account list items (§2.6)');
    },
  }),
  sandboxCheck({
    id: 'SBX-CASH-ACCOUNT-TYPE-ISO',
    title: 'cashAccountType is one of the §2.6 values, in lists and on creation',
    rules: ['SANDBOX-CASH-ACCOUNT-TYPE-VALUES'],
    effects: ['sandbox-data'],
    async run(ctx) {
      for (const account of await listAccounts(ctx))
        ctx.expect.true(
          (CASH_ACCOUNT_TYPES as readonly string[]).includes(account.cashAccountType),
          `account ${account.id}: cashAccountType ${account.cashAccountType} is a §2.6 value`,
        );
      const created = await newAccount(ctx, { cashAccountType: 'TRAS' });
      ctx.expect.equal(created.cashAccountType, 'TRAS', 'an account created as TRAS');
      const refused = await callSandbox(
        ctx,
        'POST',
        '/v1/sandbox/accounts',
        'cashAccountType CURRENT',
        {
          body: accountBody((await privatePsu(ctx)).customerNumber, { cashAccountType: 'CURRENT' }),
        },
      );
      expectSandboxFieldRefused(ctx, refused, 'cashAccountType', 'cashAccountType CURRENT');
    },
  }),
  sandboxCheck({
    id: 'SBX-BBAN-MOD-11-CHECKED',
    title: 'A Norwegian BBAN with a wrong mod-11 check digit is refused',
    rules: ['SANDBOX-BBAN-MOD-11'],
    effects: ['sandbox-data'],
    async run(ctx) {
      for (const account of await listAccounts(ctx))
        if (account.iban.startsWith('NO'))
          ctx.expect.true(isValidNorwegianBban(account.bban), `${account.bban} passes mod-11`);
      const wrong = freeNorwegianAccount({ validCheckDigit: false });
      const refused = await callSandbox(ctx, 'POST', '/v1/sandbox/accounts', 'bad check digit', {
        body: accountBody((await privatePsu(ctx)).customerNumber, wrong),
      });
      expectSandboxFieldRefused(
        ctx,
        refused,
        'bban',
        `BBAN ${wrong.bban} (wrong mod-11 check digit)`,
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-BALANCES-CHANGED',
    title: 'PUT /v1/sandbox/accounts/{id}/balances changes the balances',
    rules: ['SANDBOX-BALANCES-CHANGE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const changed = await callSandbox(
        ctx,
        'PUT',
        `/v1/sandbox/accounts/${encodeURIComponent(account.id)}/balances`,
        'change balances',
        {
          body: [
            { balanceAmount: { currency: 'NOK', amount: 777_700 }, balanceType: 'closingBooked' },
            { balanceAmount: { currency: 'NOK', amount: 700_000 }, balanceType: 'expected' },
          ],
        },
      );
      ctx.expect.status(changed, [200, 204], 'PUT .../balances');
      const listed = (await listAccounts(ctx)).find((a) => a.id === account.id);
      const amount = (type: string) =>
        listed?.balances.find((b) => b.balanceType === type)?.balanceAmount.amount;
      ctx.expect.equal(amount('closingBooked'), 777_700, 'closingBooked after the change');
      ctx.expect.equal(amount('expected'), 700_000, 'expected after the change');
    },
  }),
];
