/**
 * POST and GET /v1/sandbox/card-accounts/{mockCardAccountId}/transactions (§4.3, §2.6): rule 2
 * (only created transactions are listed), rule 3 (booking and value date before now, booking not
 * after value; the value date is transactionDate), each field limit at the limit and one past it.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxCardTransactionsResponseSchema } from '../../../main/core/spec/schemas/sandbox.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { cardAccountBody, cardTransactionItem } from './bodies.js';
import { NOW, TODAY, expectError, startSandbox, type Sandbox } from './harness.js';

const validator = new SpecValidator();
const OLA_CARD = '/v1/sandbox/card-accounts/card-10000001/transactions';
let sandbox: Sandbox;
let counter = 0;
beforeEach(async () => {
  await sandbox?.close();
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** Posts one item (a fresh cardTransactionId unless given) on Ola's card account. */
const create = (overrides: Record<string, unknown> = {}) =>
  sandbox.call('POST', OLA_CARD, [
    cardTransactionItem({ cardTransactionId: `ct-${++counter}`, ...overrides }),
  ]);
const iso = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('POST .../card-accounts/{mockCardAccountId}/transactions', () => {
  it('creates booked transactions (201, §2.6 response) and lists them (§4.3 rule 2)', async () => {
    const created = await sandbox.call('POST', '/v1/sandbox/card-accounts', cardAccountBody());
    const path = `/v1/sandbox/card-accounts/${created.body.resourceId}/transactions`;
    expect((await sandbox.call('GET', `${path}?bookingStatus=both`)).body.cardTransactions).toEqual(
      {
        booked: [],
        pending: [],
      },
    );
    const answer = await sandbox.call('POST', path, [
      cardTransactionItem(),
      cardTransactionItem({
        cardTransactionId: 'ct-test-2',
        bookingDate: '2025-03-12',
        transactionDate: '2025-03-12',
      }),
    ]);
    expect(answer.status).toBe(201);
    expect(validator.check(SandboxCardTransactionsResponseSchema, answer.body)).toEqual({
      ok: true,
    });
    expect(answer.body.cardAccount).toEqual({ maskedPan: '525412******9911' });
    expect(answer.body.cardTransactions.booked[0]).toEqual({
      cardTransactionId: 'ct-test-1',
      bookingDate: '2025-03-10',
      transactionDate: '2025-03-10',
      transactionAmount: { currency: 'NOK', amount: -12_900 },
      originalAmount: { currency: 'NOK', amount: -12_900 },
      merchantCategoryCode: '5411',
    });
    const list = (await sandbox.call('GET', `${path}?bookingStatus=booked`)).body;
    expect(
      list.cardTransactions.booked.map((t: { cardTransactionId: string }) => t.cardTransactionId),
    ).toEqual(['ct-test-2', 'ct-test-1']);
    expect(list.cardTransactions.pending).toEqual([]);
    // the booked purchases moved the card account's closingBooked balance
    const card = (await sandbox.call('GET', `/v1/sandbox/card-accounts/${created.body.resourceId}`))
      .body;
    expect(card.cardAccount.balances[0].balanceAmount.amount).toBe(-25_800);
  });

  it('§4.3 rule 3: booking date and value date (transactionDate) before now on the bank clock', async () => {
    expect((await create({ bookingDate: iso(-1000), transactionDate: iso(-1000) })).status).toBe(
      201,
    );
    expect((await create({ bookingDate: TODAY, transactionDate: TODAY })).status).toBe(201);
    expectError(
      await create({ bookingDate: NOW.toISOString(), transactionDate: iso(-1000) }),
      400,
      'BAD_REQUEST',
      '[0].bookingDate',
      /rule 3/,
    );
    expectError(
      await create({ transactionDate: iso(1000) }),
      400,
      'BAD_REQUEST',
      '[0].transactionDate',
      /not before the current time/,
    );
    expectError(
      await create({ bookingDate: '2025-03-15', transactionDate: '2025-03-15' }),
      400,
      'BAD_REQUEST',
      '[0].bookingDate',
    );
    // the same instant written with an offset
    expectError(
      await create({ transactionDate: '2025-03-14T11:00:00+01:00' }),
      400,
      'BAD_REQUEST',
      '[0].transactionDate',
    );
    // the bank clock decides: move it on and tomorrow's date becomes acceptable
    sandbox.clock.advance(24 * 60 * 60 * 1000);
    expect(
      (await create({ bookingDate: '2025-03-15', transactionDate: '2025-03-15' })).status,
    ).toBe(201);
  });

  it('§4.3 rule 3: the booking date is not after the value date', async () => {
    expect(
      (await create({ bookingDate: '2025-03-09', transactionDate: '2025-03-10' })).status,
    ).toBe(201);
    expect(
      (await create({ bookingDate: '2025-03-10T18:00:00Z', transactionDate: '2025-03-10' })).status,
    ).toBe(201);
    expectError(
      await create({ bookingDate: '2025-03-11', transactionDate: '2025-03-10' }),
      400,
      'BAD_REQUEST',
      '[0].bookingDate',
      /after the value date/,
    );
  });

  it('field limits: cardTransactionId 35, transactionDetails 140, street 70', async () => {
    expect((await create({ cardTransactionId: 'C'.repeat(35) })).status).toBe(201);
    expectError(
      await create({ cardTransactionId: 'C'.repeat(36) }),
      400,
      'FORMAT_ERROR',
      '[0].cardTransactionId',
      /at most 35/,
    );
    expect((await create({ transactionDetails: 'd'.repeat(140) })).status).toBe(201);
    expectError(
      await create({ transactionDetails: 'd'.repeat(141) }),
      400,
      'FORMAT_ERROR',
      '[0].transactionDetails',
      /at most 140/,
    );
    const address = (street: string) => ({ street, city: 'Oslo', country: 'NO' });
    expect((await create({ cardAcceptorAddress: address('s'.repeat(70)) })).status).toBe(201);
    expectError(
      await create({ cardAcceptorAddress: address('s'.repeat(71)) }),
      400,
      'FORMAT_ERROR',
      '[0].cardAcceptorAddress.street',
      /at most 70/,
    );
    expectError(
      await create({ cardAcceptorAddress: { city: 'Oslo' } }),
      400,
      'FORMAT_ERROR',
      '[0].cardAcceptorAddress.country',
      /required/,
    );
    expectError(
      await create({ cardAcceptorAddress: { country: 'XX' } }),
      400,
      'FORMAT_ERROR',
      '[0].cardAcceptorAddress.country',
    );
  });

  it('invoiced is the string "true" or "false"; amounts are int32', async () => {
    expect((await create({ invoiced: 'true' })).status).toBe(201);
    expectError(await create({ invoiced: true }), 400, 'FORMAT_ERROR', '[0].invoiced', /string/);
    expectError(
      await create({ invoiced: 'yes' }),
      400,
      'FORMAT_ERROR',
      '[0].invoiced',
      /true, false/,
    );
    const amount = (value: number) => ({ currency: 'NOK', amount: value });
    expect((await create({ transactionAmount: amount(-2_147_483_648) })).status).toBe(201);
    expectError(
      await create({ transactionAmount: amount(-2_147_483_649) }),
      400,
      'FORMAT_ERROR',
      '[0].transactionAmount.amount',
    );
    expectError(
      await create({ originalAmount: amount(1.5) }),
      400,
      'FORMAT_ERROR',
      '[0].originalAmount.amount',
      /integer/,
    );
  });

  it('currencies: transactionAmount in the card currency, currencyExchange from original to card currency', async () => {
    const exchange = {
      sourceCurrency: 'EUR',
      targetCurrency: 'NOK',
      unitCurrency: 'EUR',
      exchangeRate: '11.6420',
      quotationDate: '2025-03-10',
      markupFee: { currency: 'NOK', amount: 703 },
      markupFeePercentage: '1.75',
    };
    const foreign = {
      originalAmount: { currency: 'EUR', amount: -3_450 },
      transactionAmount: { currency: 'NOK', amount: -40_868 },
    };
    expect((await create({ ...foreign, currencyExchange: exchange })).status).toBe(201);
    expectError(
      await create({ transactionAmount: { currency: 'EUR', amount: -1 } }),
      400,
      'BAD_REQUEST',
      '[0].transactionAmount.currency',
      /NOK/,
    );
    expectError(
      await create({ originalAmount: { currency: 'EURO', amount: -1 } }),
      400,
      'FORMAT_ERROR',
      '[0].originalAmount.currency',
    );
    expectError(
      await create({
        ...foreign,
        currencyExchange: { ...exchange, sourceCurrency: 'SEK', unitCurrency: 'SEK' },
      }),
      400,
      'BAD_REQUEST',
      '[0].currencyExchange.sourceCurrency',
    );
    expectError(
      await create({ ...foreign, currencyExchange: { ...exchange, exchangeRate: 'eleven' } }),
      400,
      'FORMAT_ERROR',
      '[0].currencyExchange.exchangeRate',
    );
    const { markupFee: _fee, ...withoutFee } = exchange;
    expectError(
      await create({ ...foreign, currencyExchange: withoutFee }),
      400,
      'FORMAT_ERROR',
      '[0].currencyExchange.markupFee',
      /required/,
    );
  });

  it('cardTransactionId is unique on the card account (409); nothing of a refused batch is created', async () => {
    const before = (await sandbox.call('GET', `${OLA_CARD}?bookingStatus=both`)).text;
    const twice = await sandbox.call('POST', OLA_CARD, [
      cardTransactionItem(),
      cardTransactionItem(),
    ]);
    expectError(twice, 409, 'CONFLICT', '[1].cardTransactionId');
    expect((await sandbox.call('GET', `${OLA_CARD}?bookingStatus=both`)).text).toBe(before);
    expect((await create({ cardTransactionId: 'dup' })).status).toBe(201);
    expectError(
      await create({ cardTransactionId: 'dup' }),
      409,
      'CONFLICT',
      '[0].cardTransactionId',
    );
    expectError(
      await sandbox.call('POST', '/v1/sandbox/card-accounts/nope/transactions', [
        cardTransactionItem(),
      ]),
      404,
      'RESOURCE_UNKNOWN',
      'mockCardAccountId',
    );
  });
});

describe('GET .../card-accounts/{mockCardAccountId}/transactions', () => {
  it('requires bookingStatus and pages with offset and limit (at least 1)', async () => {
    expectError(
      await sandbox.call('GET', OLA_CARD),
      400,
      'QUERY_PARAMETER_REQUIRED',
      'bookingStatus',
    );
    expectError(
      await sandbox.call('GET', `${OLA_CARD}?bookingStatus=all`),
      400,
      'FORMAT_ERROR',
      'bookingStatus',
    );
    const all = (await sandbox.call('GET', `${OLA_CARD}?bookingStatus=booked`)).body
      .cardTransactions.booked;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const second = (await sandbox.call('GET', `${OLA_CARD}?bookingStatus=booked&offset=1&limit=2`))
      .body;
    expect(second.cardTransactions.booked).toEqual(all.slice(1, 3));
    expectError(
      await sandbox.call('GET', `${OLA_CARD}?bookingStatus=booked&limit=0`),
      400,
      'FORMAT_ERROR',
      'limit',
      />= 1/,
    );
  });

  it('filters by fromDate/toDate on the booking date, and by bookingStatus', async () => {
    const all = (await sandbox.call('GET', `${OLA_CARD}?bookingStatus=both`)).body.cardTransactions;
    const dates = all.booked.map((t: { bookingDate: string }) => t.bookingDate) as string[];
    const [to, from] = [dates[1]!, dates[3]!];
    const filtered = (
      await sandbox.call('GET', `${OLA_CARD}?bookingStatus=booked&fromDate=${from}&toDate=${to}`)
    ).body;
    expect(
      filtered.cardTransactions.booked.map((t: { bookingDate: string }) => t.bookingDate),
    ).toEqual(dates.filter((d) => d >= from && d <= to));
    const pendingOnly = (await sandbox.call('GET', `${OLA_CARD}?bookingStatus=pending`)).body;
    expect(pendingOnly.cardTransactions.booked).toEqual([]);
  });

  it('lists pending ones by id (fixed test data)', async () => {
    const fill = (await sandbox.call('POST', '/v1/sandbox/fixed-test-data')).body;
    const path = `/v1/sandbox/card-accounts/${fill.cardAccounts[0]}/transactions`;
    const pending = (await sandbox.call('GET', `${path}?bookingStatus=pending`)).body
      .cardTransactions;
    expect(pending.booked).toEqual([]);
    expect(pending.pending.length).toBeGreaterThan(0);
    expect(pending.pending.every((id: unknown) => typeof id === 'string')).toBe(true);
  });
});
