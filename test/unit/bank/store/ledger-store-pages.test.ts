/**
 * store/ledger-store.ts: a card page at an offset starts from the booking day the offset falls on,
 * found from the entries per day (card_transaction_days, schema.ts version 3). Every page must be
 * the one the plain OFFSET walk gives (§4.2.3: offset/limit paging, newest day first, later
 * posting first), whatever was inserted, deleted or changed since.
 */
import { describe, expect, it } from 'vitest';
import type { CardTransactionRecord } from '../../../../main/core/bank/domain/model.js';
import { LedgerStore, type LedgerQuery } from '../../../../main/core/bank/store/ledger-store.js';

const CARDS = ['card-a', 'card-b'];
const STATUSES = ['booked', 'pending'] as const;

/** A deterministic sequence (no Math.random: a failure must replay). */
function sequence(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
}

function cardEntry(id: string, accountId: string, status: string, day: string) {
  return {
    accountId,
    cardTransactionId: id,
    status,
    bookingDate: day,
    transactionDate: day,
  } as unknown as CardTransactionRecord;
}

/** The page by the plain walk: every entry of the account and status, sorted, filtered, sliced. */
function expectedPage(ledger: LedgerStore, query: LedgerQuery): string[] {
  const rows = ledger.db
    .prepare(
      `SELECT card_transaction_id, booking_day FROM card_transactions
       WHERE account_id = ? AND status = ? ORDER BY booking_day DESC, seq DESC`,
    )
    .raw()
    .all(query.accountId, query.status) as [string, string][];
  return rows
    .filter(([, day]) => query.fromDate === undefined || day >= query.fromDate)
    .filter(([, day]) => query.toDate === undefined || day <= query.toDate)
    .slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? Infinity))
    .map(([id]) => id);
}

/** The counts per day as the rows give them, and as card_transaction_days keeps them. */
function dayCounts(ledger: LedgerStore) {
  const read = (sql: string) => ledger.db.prepare(sql).raw().all();
  return {
    kept: read(
      `SELECT account_id, status, booking_day, entries FROM card_transaction_days
       ORDER BY 1, 2, 3`,
    ),
    counted: read(
      `SELECT account_id, status, booking_day, count(*) FROM card_transactions
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
  };
}

const ids = (entries: CardTransactionRecord[]) => entries.map((entry) => entry.cardTransactionId);

function checkPages(ledger: LedgerStore, next: (n: number) => number, rounds: number): void {
  for (let round = 0; round < rounds; round++) {
    const from = next(3) === 0 ? `2025-01-${String(1 + next(20)).padStart(2, '0')}` : undefined;
    const to = next(3) === 0 ? `2025-01-${String(10 + next(20)).padStart(2, '0')}` : undefined;
    const query: LedgerQuery = {
      accountId: CARDS[next(2)]!,
      status: STATUSES[next(2)]!,
      offset: next(4) === 0 ? 0 : next(700),
      limit: 1 + next(60),
      ...(from ? { fromDate: from } : {}),
      ...(to ? { toDate: to } : {}),
    };
    expect(ids(ledger.cardTransactions(query)), JSON.stringify(query)).toEqual(
      expectedPage(ledger, query),
    );
    const { offset: _offset, limit: _limit, ...all } = query;
    expect(ledger.countCardTransactions(all), JSON.stringify(all)).toBe(
      expectedPage(ledger, all).length,
    );
  }
}

describe('card pages at an offset (entries per booking day)', () => {
  it('are the pages of the plain walk, after inserts, deletes and changed rows', () => {
    const ledger = LedgerStore.inMemory();
    const next = sequence(7);
    let n = 0;
    const add = (count: number) => {
      for (let i = 0; i < count; i++) {
        const day = `2025-01-${String(1 + next(30)).padStart(2, '0')}`;
        ledger.addCardTransaction(
          cardEntry(`tx-${n++}`, CARDS[next(2)]!, STATUSES[next(3) === 0 ? 1 : 0], day),
        );
      }
    };
    add(1_500);
    checkPages(ledger, next, 150);
    // Deletes: one card account's entries go (the fixed test data is replaced), more come.
    ledger.removeTransactionsOf([], ['card-a']);
    add(400);
    checkPages(ledger, next, 100);
    // Changed rows: a status and a booking day moved by hand; the counts follow.
    ledger.db.exec(
      `UPDATE card_transactions SET status = 'booked' WHERE status = 'pending' AND seq % 2 = 0`,
    );
    ledger.db.exec(
      `UPDATE card_transactions SET booking_day = '2025-01-31' WHERE seq % 7 = 0 AND status = 'booked'`,
    );
    checkPages(ledger, next, 100);
    const { kept, counted } = dayCounts(ledger);
    expect(kept).toEqual(counted);
    ledger.close();
  });

  it('keeps one count per account, status and day, equal to its entries, and none of zero', () => {
    const ledger = LedgerStore.inMemory();
    for (let i = 0; i < 30; i++)
      ledger.addCardTransaction(cardEntry(`t${i}`, 'card-a', 'booked', `2025-01-0${1 + (i % 3)}`));
    ledger.removeTransactionsOf([], ['card-a']);
    ledger.addCardTransaction(cardEntry('t-last', 'card-a', 'pending', '2025-01-05'));
    const counts = ledger.db
      .prepare(`SELECT account_id, status, booking_day, entries FROM card_transaction_days`)
      .raw()
      .all();
    expect(counts).toEqual([['card-a', 'pending', '2025-01-05', 1]]);
    ledger.close();
  });

  it('a row moved to a newer day moves the day a page starts on', () => {
    const ledger = LedgerStore.inMemory();
    for (let i = 0; i < 10; i++)
      ledger.addCardTransaction(cardEntry(`t${i}`, 'card-a', 'booked', `2025-01-0${1 + (i % 2)}`));
    ledger.db.exec(`UPDATE card_transactions SET booking_day = '2025-01-03' WHERE seq <= 4`);
    const query = { accountId: 'card-a', status: 'booked' as const, offset: 3, limit: 3 };
    expect(ids(ledger.cardTransactions(query))).toEqual(expectedPage(ledger, query));
    expect(ids(ledger.cardTransactions(query))).toEqual(['t0', 't9', 't7']);
    ledger.close();
  });

  it('an offset past the last entry gives an empty page', () => {
    const ledger = LedgerStore.inMemory();
    for (let i = 0; i < 10; i++)
      ledger.addCardTransaction(cardEntry(`t${i}`, 'card-a', 'booked', '2025-01-01'));
    expect(
      ledger.cardTransactions({ accountId: 'card-a', status: 'booked', offset: 10, limit: 5 }),
    ).toEqual([]);
    expect(
      ids(ledger.cardTransactions({ accountId: 'card-a', status: 'booked', offset: 9, limit: 5 })),
    ).toEqual(['t0']);
    ledger.close();
  });
});
