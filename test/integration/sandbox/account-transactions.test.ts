/**
 * POST and GET /v1/sandbox/accounts/{mockAccountId}/transactions, GET .../{mockTransactionId}
 * (§4.3, §2.6): rule 1 (created and payment-made transactions are listed), rule 6 (another
 * account as the debtor is refused), the bankTransactionCode limits, dates, paging.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { postTransfer } from '../../../main/core/bank/domain/ledger.js';
import { SandboxAccountTransactionsSchema } from '../../../main/core/spec/schemas/sandbox.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import {
  NORDLYS_ACCOUNT,
  OLA_ACCOUNT,
  OLA_SAVINGS,
  OUTSIDE,
  accountTransactionItem,
} from './bodies.js';
import { NOW, TODAY, expectError, startSandbox, type Sandbox } from './harness.js';

const validator = new SpecValidator();
const PATH = `/v1/sandbox/accounts/${OLA_ACCOUNT.id}/transactions`;
let sandbox: Sandbox;
beforeEach(async () => {
  await sandbox?.close();
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const create = (...items: Record<string, unknown>[]) =>
  sandbox.call(
    'POST',
    PATH,
    items.length ? items.map((i) => accountTransactionItem(i)) : [accountTransactionItem()],
  );
const balancesOf = async (id: string) =>
  (await sandbox.call('GET', '/v1/sandbox/accounts')).body.find((a: { id: string }) => a.id === id)
    .balances;
/** A debit: the account pays someone outside the bank. */
const debit = (overrides: Record<string, unknown> = {}) => ({
  amount: -25_000,
  debtorName: 'Ola Nordmann',
  debtorAccount: { iban: OLA_ACCOUNT.iban, bban: OLA_ACCOUNT.bban },
  creditorName: 'Utenfor Banken AS',
  creditorAccount: OUTSIDE,
  ...overrides,
});

describe('POST /v1/sandbox/accounts/{mockAccountId}/transactions', () => {
  it('creates booked transactions (201, §2.6 shape), moves the balances and lists them (§4.3 rule 1)', async () => {
    const before = await balancesOf(OLA_ACCOUNT.id);
    const answer = await create({}, debit());
    expect(answer.status).toBe(201);
    expect(validator.check(SandboxAccountTransactionsSchema, answer.body)).toEqual({ ok: true });
    const [credit, payment] = answer.body;
    expect(credit).toMatchObject({ amount: 50_000, currency: 'NOK', bookingDate: TODAY });
    expect(credit._links.self.href).toBe(`${PATH}/${credit.id}`);
    const after = await balancesOf(OLA_ACCOUNT.id);
    for (const i of [0, 1])
      expect(after[i].balanceAmount.amount - before[i].balanceAmount.amount).toBe(25_000);
    const listed = (await sandbox.call('GET', PATH)).body.map((t: { id: string }) => t.id);
    expect(listed).toEqual(expect.arrayContaining([credit.id, payment.id]));
    expect((await sandbox.call('GET', `${PATH}/${payment.id}`)).body).toEqual(payment);
  });

  it('§4.3 rule 6: another account of the sandbox as the debtor is 400 BAD_REQUEST naming debtorAccount; nothing is created', async () => {
    const before = (await sandbox.call('GET', PATH)).text;
    for (const other of [OLA_SAVINGS, NORDLYS_ACCOUNT]) {
      const answer = await create({}, { debtorAccount: { iban: other.iban, bban: other.bban } });
      expectError(answer, 400, 'BAD_REQUEST', '[1].debtorAccount', /rule 6/);
    }
    // a card account is an account of the sandbox too
    expectError(
      await create({ debtorAccount: { iban: 'NO1597100612341', bban: '97100612341' } }),
      400,
      'BAD_REQUEST',
      '[0].debtorAccount',
    );
    expect((await sandbox.call('GET', PATH)).text).toBe(before);
  });

  it('refuses a transaction that does not involve the account, or names it twice', async () => {
    expectError(
      await create({ creditorAccount: OUTSIDE }),
      400,
      'BAD_REQUEST',
      '[0].creditorAccount',
      /neither/,
    );
    expectError(
      await create(debit({ creditorAccount: { iban: OLA_ACCOUNT.iban, bban: OLA_ACCOUNT.bban } })),
      400,
      'BAD_REQUEST',
      '[0].creditorAccount',
      /both/,
    );
  });

  it('wants amounts signed as the account sees them', async () => {
    expectError(await create({ amount: -1 }), 400, 'BAD_REQUEST', '[0].amount', /positive/);
    expectError(await create({ amount: 0 }), 400, 'BAD_REQUEST', '[0].amount');
    expectError(await create(debit({ amount: 1 })), 400, 'BAD_REQUEST', '[0].amount', /negative/);
    expect((await create({ amount: 2_147_483_647 })).status).toBe(201);
    expectError(
      await create({ amount: 2_147_483_648 }),
      400,
      'FORMAT_ERROR',
      '[0].amount',
      /2147483647/,
    );
  });

  it('bankTransactionCode: 4 to 14 characters', async () => {
    expect((await create({ bankTransactionCode: 'PMNT' })).status).toBe(201);
    expect((await create({ bankTransactionCode: 'PMNT-RCDT-ESCT' })).status).toBe(201);
    expectError(
      await create({ bankTransactionCode: 'PMN' }),
      400,
      'FORMAT_ERROR',
      '[0].bankTransactionCode',
      /at least 4/,
    );
    expectError(
      await create({ bankTransactionCode: 'PMNT-RCDT-ESCTX' }),
      400,
      'FORMAT_ERROR',
      '[0].bankTransactionCode',
      /at most 14/,
    );
  });

  it('checks currency, counterparties, dates and required fields', async () => {
    expectError(
      await create({ currency: 'EUR' }),
      400,
      'BAD_REQUEST',
      '[0].currency',
      /must be NOK/,
    );
    expectError(await create({ currency: 'ABC' }), 400, 'FORMAT_ERROR', '[0].currency');
    expectError(
      await create({ debtorAccount: { iban: 'NO9386011117948', bban: '86011117948' } }),
      400,
      'FORMAT_ERROR',
      '[0].debtorAccount.iban',
      /IBAN/,
    );
    expectError(
      await create({ debtorAccount: { iban: OUTSIDE.iban, bban: '12345678901' } }),
      400,
      'FORMAT_ERROR',
      '[0].debtorAccount.bban',
      /BBAN of IBAN/,
    );
    expectError(
      await create({ bookingDate: '2025-02-30' }),
      400,
      'FORMAT_ERROR',
      '[0].bookingDate',
      /calendar date/,
    );
    expectError(await create({ valueDate: '14.03.2025' }), 400, 'FORMAT_ERROR', '[0].valueDate');
    const withTime = await create({ bookingDate: '2025-03-13T09:30:00+01:00' });
    expect(withTime.body[0].bookingDate).toBe('2025-03-13');
    for (const field of Object.keys(accountTransactionItem())) {
      const item: Record<string, unknown> = accountTransactionItem();
      delete item[field];
      expectError(
        await sandbox.call('POST', PATH, [item]),
        400,
        'FORMAT_ERROR',
        `[0].${field}`,
        /required/,
      );
    }
    expectError(
      await sandbox.call('POST', PATH, []),
      400,
      'FORMAT_ERROR',
      '',
      /body must NOT have fewer than 1 items/,
    );
  });

  it('404 for an unknown account', async () => {
    const answer = await sandbox.call('POST', '/v1/sandbox/accounts/nope/transactions', [
      accountTransactionItem(),
    ]);
    expectError(answer, 404, 'RESOURCE_UNKNOWN', 'mockAccountId');
  });
});

describe('GET /v1/sandbox/accounts/{mockAccountId}/transactions', () => {
  it('§4.3 rule 1: includes the transactions a payment made', async () => {
    const result = sandbox.bank.act((state) =>
      postTransfer(state, {
        debtorAccountId: OLA_ACCOUNT.id,
        creditorName: 'Ola Nordmann',
        creditorAccount: { iban: OLA_SAVINGS.iban },
        amount: 10_000,
        currency: 'NOK',
        remittanceInformationUnstructured: 'Payment',
        bookingDate: TODAY,
        valueDate: TODAY,
        status: 'booked',
        paymentId: 'payment-1',
        createdAt: NOW.toISOString(),
      }),
    );
    expect(result.ok).toBe(true);
    const debit = (await sandbox.call('GET', PATH)).body.find(
      (t: { remittanceInformationUnstructured: string }) =>
        t.remittanceInformationUnstructured === 'Payment',
    );
    expect(debit).toMatchObject({ amount: -10_000, creditorAccount: { iban: OLA_SAVINGS.iban } });
    const credit = (
      await sandbox.call('GET', `/v1/sandbox/accounts/${OLA_SAVINGS.id}/transactions`)
    ).body[0];
    expect(credit).toMatchObject({ amount: 10_000, debtorAccount: { iban: OLA_ACCOUNT.iban } });
  });

  it('orders newest booking date first and filters by fromDate/toDate (inclusive)', async () => {
    const all = (await sandbox.call('GET', PATH)).body as { bookingDate: string }[];
    const dates = all.map((t) => t.bookingDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const from = dates[4]!;
    const to = dates[1]!;
    const filtered = (await sandbox.call('GET', `${PATH}?fromDate=${from}&toDate=${to}`)).body as {
      bookingDate: string;
    }[];
    expect(filtered.map((t) => t.bookingDate)).toEqual(dates.filter((d) => d >= from && d <= to));
    expectError(
      await sandbox.call('GET', `${PATH}?fromDate=2025-13-01`),
      400,
      'FORMAT_ERROR',
      'fromDate',
    );
  });

  it('pages with offset and limit (limit at least 1)', async () => {
    const all = (await sandbox.call('GET', PATH)).body;
    expect((await sandbox.call('GET', `${PATH}?offset=2&limit=3`)).body).toEqual(all.slice(2, 5));
    expectError(await sandbox.call('GET', `${PATH}?limit=0`), 400, 'FORMAT_ERROR', 'limit', />= 1/);
    expectError(
      await sandbox.call('GET', `${PATH}?offset=1&limit=-1`),
      400,
      'FORMAT_ERROR',
      'limit',
    );
  });

  it('GET one: 404 for an unknown id and for another account’s transaction', async () => {
    const other = (
      await sandbox.call('GET', `/v1/sandbox/accounts/${NORDLYS_ACCOUNT.id}/transactions`)
    ).body[0];
    expectError(
      await sandbox.call('GET', `${PATH}/${other.id}`),
      404,
      'RESOURCE_UNKNOWN',
      'mockTransactionId',
    );
    expectError(
      await sandbox.call('GET', `${PATH}/nope`),
      404,
      'RESOURCE_UNKNOWN',
      'mockTransactionId',
    );
    expectError(
      await sandbox.call('GET', `/v1/sandbox/accounts/nope/transactions/${other.id}`),
      404,
      'RESOURCE_UNKNOWN',
      'mockAccountId',
    );
  });
});
