/**
 * Sandbox amounts and balances (§2.1, §2.6, decisions.md "Amounts and identities"): int32 minor
 * units, plain currency strings, balanceType closingBooked or expected; and the same amount in the
 * account information view, in major units.
 */
import { SANDBOX_BALANCE_TYPES } from '../../main/core/spec/enums.js';
import { INT32_MAX } from '../../main/core/spec/limits.js';
import type { Check } from '../../main/core/runner/check-api/index.js';
import { accountsOf, aisGet } from '../kit/account-information.js';
import { json } from '../kit/answers.js';
import { grantedConsent } from '../kit/consent.js';
import { privatePsu } from '../kit/test-psus.js';
import {
  accountBody,
  callSandbox,
  createAccount,
  expectSandboxFieldRefused,
  listAccounts,
  newAccount,
  sandboxCheck,
} from './sandbox-api.js';

const isInt32 = (value: unknown): boolean =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= INT32_MAX + 1;

export const amountChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-AMOUNTS-INT32',
    title: 'Sandbox amounts are int32 numbers and currencies plain strings',
    rules: ['SANDBOX-AMOUNT-INT32'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const account = await newAccount(ctx, {
        creditLine: INT32_MAX,
        balances: [
          { balanceAmount: { currency: 'NOK', amount: 12_345 }, balanceType: 'closingBooked' },
        ],
      });
      ctx.expect.equal(account.creditLine, INT32_MAX, 'creditLine 2147483647 (int32 maximum)');
      for (const balance of account.balances) {
        ctx.expect.true(
          isInt32(balance.balanceAmount.amount),
          `${balance.balanceType} amount ${JSON.stringify(balance.balanceAmount.amount)} is an int32`,
        );
        ctx.expect.equal(balance.balanceAmount.amount, 12_345, `${balance.balanceType} amount`);
        ctx.expect.true(
          typeof balance.balanceAmount.currency === 'string',
          'a currency is a plain string',
        );
      }
      for (const [value, what] of [
        [INT32_MAX + 1, '2147483648 (beyond int32)'],
        [123.45, '123.45 (not an integer)'],
        ['12345', '"12345" (a string)'],
      ] as const) {
        const exchange = await callSandbox(
          ctx,
          'POST',
          '/v1/sandbox/accounts',
          `creditLine ${what}`,
          {
            body: accountBody((await privatePsu(ctx)).customerNumber, { creditLine: value }),
          },
        );
        expectSandboxFieldRefused(ctx, exchange, 'creditLine', `creditLine ${what}`);
      }
      for (const listed of await listAccounts(ctx))
        for (const balance of listed.balances)
          ctx.expect.true(
            isInt32(balance.balanceAmount.amount),
            `account ${listed.id} ${balance.balanceType}: an int32 amount`,
          );
    },
  }),
  sandboxCheck({
    id: 'SBX-BALANCE-SHAPE',
    title: 'A sandbox Balance has balanceAmount and balanceType closingBooked or expected',
    rules: ['SANDBOX-BALANCE-FIELDS'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const accounts = await listAccounts(ctx);
      ctx.expect.true(accounts.length > 0, 'the sandbox lists accounts');
      for (const account of accounts)
        for (const balance of account.balances)
          ctx.expect.true(
            typeof balance.balanceAmount?.currency === 'string' &&
              isInt32(balance.balanceAmount.amount) &&
              (SANDBOX_BALANCE_TYPES as readonly string[]).includes(balance.balanceType),
            `account ${account.id}: balance ${JSON.stringify(balance)}`,
          );
      const wrongType = await callSandbox(
        ctx,
        'POST',
        '/v1/sandbox/accounts',
        'balanceType booked',
        {
          body: accountBody((await privatePsu(ctx)).customerNumber, {
            balances: [{ balanceAmount: { currency: 'NOK', amount: 1 }, balanceType: 'booked' }],
          }),
        },
      );
      expectSandboxFieldRefused(
        ctx,
        wrongType,
        'balanceType',
        'balanceType booked (not a §2.6 value)',
      );
    },
  }),
];

export const minorUnitChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-AMOUNTS-ARE-MINOR-UNITS',
    title: 'A sandbox amount of 12345 NOK is 123.45 NOK in the account information view',
    rules: ['SANDBOX-AMOUNT-MINOR-UNITS'],
    effects: ['sandbox-data'],
    needs: ['psu-agent'],
    async run(ctx) {
      const psu = await privatePsu(ctx);
      const account = await createAccount(
        ctx,
        accountBody(psu.customerNumber, {
          balances: [
            { balanceAmount: { currency: 'NOK', amount: 12_345 }, balanceType: 'closingBooked' },
            { balanceAmount: { currency: 'NOK', amount: 12_345 }, balanceType: 'expected' },
          ],
        }),
      );
      ctx.expect.equal(
        account.balances.map((b) => b.balanceAmount.amount),
        [12_345, 12_345],
        'the sandbox answers the balances as given (int32 minor units)',
      );
      const session = await grantedConsent(
        ctx,
        {
          login: psu.nationalIdentityNumber,
          context: 'PRIVATE',
          consent: { grant: [account.iban] },
        },
        'consent for the account',
      );
      const view = (await accountsOf(ctx, session)).accounts.find((a) => a.iban === account.iban);
      ctx.expect.true(view !== undefined, 'GET /v1/accounts lists the account');
      const balances = await aisGet(
        ctx,
        session,
        `/v1/accounts/${encodeURIComponent(view!.resourceId)}/balances`,
      );
      ctx.expect.status(balances, 200, 'GET /v1/accounts/{id}/balances');
      const amounts = (
        json<{ balances?: { balanceAmount: { amount: unknown; currency: string } }[] }>(balances)
          .balances ?? []
      ).map((b) => `${String(b.balanceAmount.amount)} ${b.balanceAmount.currency}`);
      ctx.expect.true(amounts.length > 0, 'the account information view has balances');
      for (const amount of amounts)
        ctx.expect.equal(amount, '123.45 NOK', 'a balance of 12345 minor units');
    },
  }),
];
