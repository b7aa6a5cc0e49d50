/**
 * §4.2.3 GET /v1/card-accounts/{id}/transactions over loopback: the query (bookingStatus, dateFrom
 * with its default, dateTo, offset, limit), paging across several pages with next/previous and the
 * offset arithmetic, 200 per call without paging parameters, pending card transactions, and the §2.5
 * response (amount strings, the amount-mapping fix before and after its default date).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CardAccountTransactionsResponseSchema } from '../../../main/core/spec/schemas/card-accounts.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import {
  DAY_MS,
  OLA,
  OLA_CARD,
  PER,
  PER_CARD,
  TODAY,
  codeOf,
  paramsOf,
  startAis,
  type AisHarness,
  type AisTpp,
  type Answer,
} from './harness.js';

const validator = new SpecValidator();
let h: AisHarness;
afterEach(() => h?.close());

const path = (card: string) => `/v1/card-accounts/${card}/transactions`;
const ids = (list: { cardTransactionId: string }[] = []) => list.map((t) => t.cardTransactionId);
const dayBefore = (days: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

async function read(
  tpp: AisTpp,
  card: string,
  query: Record<string, string | number>,
): Promise<Answer> {
  const answer = await tpp.get(path(card), query);
  expect(answer.status, answer.text).toBe(200);
  expect(validator.check(CardAccountTransactionsResponseSchema, answer.body)).toEqual({ ok: true });
  return answer;
}

async function olaCard(): Promise<AisTpp> {
  h = await startAis();
  const tpp = h.tpp();
  await tpp.consent({ nationalIdentityNumber: OLA.nin });
  return tpp;
}

async function perCard(): Promise<AisTpp> {
  h = await startAis();
  const tpp = h.tpp();
  expect((await tpp.call('POST', '/v1/sandbox/fixed-test-data', { body: {} })).status).toBe(200);
  await tpp.consent({ nationalIdentityNumber: PER.nin });
  return tpp;
}

describe('the §4.2.3 query', () => {
  it('bookingStatus is required (400 QUERY_PARAMETER_REQUIRED) and one of booked, pending, both', async () => {
    const tpp = await olaCard();
    const missing = await tpp.get(path(OLA_CARD));
    expect([missing.status, codeOf(missing), missing.body.tppMessages[0].path]).toEqual([
      400,
      'QUERY_PARAMETER_REQUIRED',
      'bookingStatus',
    ]);
    const wrong = await tpp.get(path(OLA_CARD), { bookingStatus: 'all' });
    expect([wrong.status, codeOf(wrong)]).toEqual([400, 'FORMAT_ERROR']);
    expect(
      (await read(tpp, OLA_CARD, { bookingStatus: 'booked' })).body.cardTransactions,
    ).not.toHaveProperty('pending');
    expect((await read(tpp, OLA_CARD, { bookingStatus: 'pending' })).body.cardTransactions).toEqual(
      { booked: [], pending: [] },
    );
    expect(
      (await read(tpp, OLA_CARD, { bookingStatus: 'both' })).body.cardTransactions.booked,
    ).toHaveLength(6);
  });

  it('a missing dateFrom raises no error and reads the last 90 days; dateFrom and dateTo are inclusive', async () => {
    const tpp = await perCard();
    const recent = (await read(tpp, PER_CARD, { bookingStatus: 'booked' })).body.cardTransactions
      .booked;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((t: { bookingDate: string }) => t.bookingDate >= dayBefore(90))).toBe(true);
    const year = (
      await read(tpp, PER_CARD, { bookingStatus: 'booked', dateFrom: dayBefore(400), limit: 500 })
    ).body.cardTransactions.booked;
    expect(year).toHaveLength(221);
    expect(ids(recent)).toEqual(
      ids(year.filter((t: { bookingDate: string }) => t.bookingDate >= dayBefore(90))),
    );

    const day = year[40].bookingDate as string;
    const window = (
      await read(tpp, PER_CARD, { bookingStatus: 'booked', dateFrom: day, dateTo: day, limit: 500 })
    ).body.cardTransactions.booked;
    expect(window.length).toBeGreaterThan(0);
    expect(ids(window)).toEqual(
      ids(year.filter((t: { bookingDate: string }) => t.bookingDate === day)),
    );
  });

  it('offset defaults to 0; limit is at least 1 and defaults to 1 when only offset is given', async () => {
    const tpp = await olaCard();
    const all = ids(
      (await read(tpp, OLA_CARD, { bookingStatus: 'booked' })).body.cardTransactions.booked,
    );
    expect(all).toHaveLength(6);
    expect(
      ids(
        (await read(tpp, OLA_CARD, { bookingStatus: 'booked', limit: 2 })).body.cardTransactions
          .booked,
      ),
    ).toEqual(all.slice(0, 2));
    expect(
      ids(
        (await read(tpp, OLA_CARD, { bookingStatus: 'booked', offset: 3 })).body.cardTransactions
          .booked,
      ),
    ).toEqual([all[3]]);
    for (const limit of [0, -1]) {
      const refused = await tpp.get(path(OLA_CARD), { bookingStatus: 'booked', limit });
      expect([refused.status, codeOf(refused), refused.body.tppMessages[0].path]).toEqual([
        400,
        'FORMAT_ERROR',
        'limit',
      ]);
    }
    const beyond = await read(tpp, OLA_CARD, { bookingStatus: 'booked', offset: 10, limit: 5 });
    expect(beyond.body.cardTransactions.booked).toEqual([]);
    expect(paramsOf(beyond.body._links.previous.href)).toMatchObject({ offset: '5', limit: '5' });
  });
});

describe('paging', () => {
  it('without paging parameters: 200 per call, next/previous carry limit=200, next raises offset by 200', async () => {
    const tpp = await perCard();
    const query = { bookingStatus: 'both', dateFrom: dayBefore(400) };
    const first = await read(tpp, PER_CARD, query);
    const { booked, pending } = first.body.cardTransactions;
    expect(pending).toHaveLength(3); // pending ones first, then booked (docs/ais.md)
    expect(booked).toHaveLength(197);
    expect(first.body._links.previous).toBeUndefined();
    expect(paramsOf(first.body._links.next.href)).toEqual({
      ...query,
      offset: '200',
      limit: '200',
    });

    const second = await read(tpp, PER_CARD, paramsOf(first.body._links.next.href));
    expect(second.body.cardTransactions.booked).toHaveLength(24);
    expect(second.body.cardTransactions.pending).toEqual([]);
    expect(second.body._links.next).toBeUndefined();
    expect(paramsOf(second.body._links.previous.href)).toEqual({
      ...query,
      offset: '0',
      limit: '200',
    });
    const back = await read(tpp, PER_CARD, paramsOf(second.body._links.previous.href));
    expect(back.body).toEqual(first.body);
  });

  it('walks several pages forward with next and back with previous, without gaps or repeats', async () => {
    const tpp = await perCard();
    const query = { bookingStatus: 'booked', dateFrom: dayBefore(400) };
    const all = ids(
      (await read(tpp, PER_CARD, { ...query, limit: 1000 })).body.cardTransactions.booked,
    );
    let page = await read(tpp, PER_CARD, { ...query, limit: 50 });
    const pages = [page];
    while (page.body._links.next) {
      const next = paramsOf(page.body._links.next.href);
      const current = page.body._links.previous
        ? Number(paramsOf(page.body._links.previous.href).offset) + 50
        : 0;
      expect(next).toMatchObject({ offset: String(current + 50), limit: '50' });
      page = await read(tpp, PER_CARD, next);
      pages.push(page);
    }
    expect(pages).toHaveLength(5);
    expect(pages.flatMap((p) => ids(p.body.cardTransactions.booked))).toEqual(all);
    for (let index = pages.length - 1; index > 0; index--) {
      const previous = await read(tpp, PER_CARD, paramsOf(pages[index]!.body._links.previous.href));
      expect(previous.body).toEqual(pages[index - 1]!.body);
    }
  });

  it('pending card transactions are listed under pending and filtered like booked ones (§8)', async () => {
    const tpp = await perCard();
    const pending = (await read(tpp, PER_CARD, { bookingStatus: 'pending' })).body.cardTransactions
      .pending;
    expect(pending).toHaveLength(3);
    expect(pending.every((t: { bookingDate: string }) => t.bookingDate === TODAY)).toBe(true);
    const yesterday = await read(tpp, PER_CARD, { bookingStatus: 'pending', dateTo: dayBefore(1) });
    expect(yesterday.body.cardTransactions.pending).toEqual([]);
    const one = await read(tpp, PER_CARD, { bookingStatus: 'both', limit: 1 });
    expect(one.body.cardTransactions.pending).toHaveLength(1);
    expect(one.body.cardTransactions.booked).toEqual([]);
  });
});

describe('§2.5 response and the §9.2 fixes', () => {
  it('amounts are strings with the currency decimals; card transactions are §2.5 CardTransactions', async () => {
    const tpp = await olaCard();
    const [latest, foreign] = (await read(tpp, OLA_CARD, { bookingStatus: 'booked' })).body
      .cardTransactions.booked;
    expect(latest).toEqual({
      cardTransactionId: 'ct-0006',
      bookingDate: dayBefore(2),
      transactionDate: dayBefore(2),
      transactionAmount: { amount: '-312.70', currency: 'NOK' },
      originalAmount: { amount: '-312.70', currency: 'NOK' },
      merchantCategoryCode: '5411',
      invoiced: false,
      proprietaryBankTransactionCode: 'PURCHASE',
      transactionDetails: 'Purchase Matkroken Majorstuen, Oslo',
    });
    expect(foreign).toMatchObject({
      transactionAmount: { amount: '-408.68', currency: 'NOK' },
      originalAmount: { amount: '-34.50', currency: 'EUR' },
      currencyExchange: {
        sourceCurrency: 'EUR',
        targetCurrency: 'NOK',
        exchangeRate: '11.6420',
        unitCurrency: 'EUR',
        quotationDate: foreign.bookingDate,
      },
    });
  });

  async function foreignAt(now: string, fix: string) {
    h = await startAis({ now: new Date(now) });
    const tpp = h.tpp();
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    const answer = await tpp.get(
      path(OLA_CARD),
      { bookingStatus: 'booked' },
      { 'x-accept-fix': fix },
    );
    expect(answer.status, answer.text).toBe(200);
    return answer.body.cardTransactions.booked.find(
      (t: { cardTransactionId: string }) => t.cardTransactionId === 'ct-0005',
    );
  }

  it('before 05-Sep-2024 transactionAmount and originalAmount are switched unless the fix is asked for', async () => {
    const legacy = await foreignAt('2024-09-04T12:00:00Z', 'amount-as-string');
    expect([legacy.transactionAmount.currency, legacy.originalAmount.currency]).toEqual([
      'EUR',
      'NOK',
    ]);
    await h.close();
    const asked = await foreignAt(
      '2024-09-04T12:00:00Z',
      'amount-as-string,cardaccount-switch-originalamount-and-transactionamount',
    );
    expect([asked.transactionAmount.currency, asked.originalAmount.currency]).toEqual([
      'NOK',
      'EUR',
    ]);
  });

  it('from 05-Sep-2024 the correct mapping is the default', async () => {
    const fixed = await foreignAt('2024-09-05T00:00:01Z', 'amount-as-string');
    expect([fixed.transactionAmount.currency, fixed.originalAmount.currency]).toEqual([
      'NOK',
      'EUR',
    ]);
  });

  it('before 01-Aug-2020 amounts are JSON numbers unless amount-as-string is asked for', async () => {
    const legacy = await foreignAt('2020-07-31T12:00:00Z', 'longer-names');
    expect(legacy.originalAmount).toEqual({ amount: -408.68, currency: 'NOK' });
    await h.close();
    const asked = await foreignAt('2020-07-31T12:00:00Z', 'amount-as-string');
    expect(asked.originalAmount).toEqual({ amount: '-408.68', currency: 'NOK' });
  });

  it('card transactions created in the sandbox show in the production read (one ledger)', async () => {
    const tpp = await olaCard();
    const created = await tpp.call('POST', `/v1/sandbox/card-accounts/${OLA_CARD}/transactions`, {
      body: [
        {
          cardTransactionId: 'created-in-sandbox',
          terminalId: 'T1',
          bookingDate: dayBefore(1),
          transactionDate: dayBefore(1),
          transactionAmount: { currency: 'NOK', amount: -10_000 },
          originalAmount: { currency: 'SEK', amount: -10_500 },
          merchantCategoryCode: '5812',
          cardAcceptorId: 'ACQ1',
          cardAcceptorAddress: { city: 'Stockholm', country: 'SE' },
          maskedPan: '525412******3241',
          transactionDetails: 'Purchase Kafé, Stockholm',
          invoiced: 'false',
          proprietaryBankTransactionCode: 'PURCHASE',
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const [first] = (await read(tpp, OLA_CARD, { bookingStatus: 'booked' })).body.cardTransactions
      .booked;
    expect(first).toMatchObject({
      cardTransactionId: 'created-in-sandbox',
      transactionAmount: { amount: '-100.00', currency: 'NOK' },
      originalAmount: { amount: '-105.00', currency: 'SEK' },
    });
  });
});
