/**
 * domain/ledger-store.ts: a page at an offset starts from the booking day the offset falls on,
 * found from the entries per day (schema.ts `countsPerDay`, versions 3 and 4), and a list's count
 * sums the days. Every page and count must be the plain OFFSET walk's (§4.2.3: offset/limit
 * paging, newest day first, later posting first), whatever was inserted, deleted or changed since.
 */
import { describe, expect, it } from 'vitest';
import type {
  AccountTransactionRecord,
  CardTransactionRecord,
} from '../../../../main/core/bank/domain/model.js';
import { LedgerStore, type LedgerQuery } from '../../../../main/core/bank/domain/ledger-store.js';

const ACCOUNTS = ['acc-a', 'acc-b'];
const STATUSES = ['booked', 'pending'] as const;

/** A deterministic sequence (no Math.random: a failure must replay). */
function sequence(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
}

/** One transaction table as the tests drive it. */
interface Table {
  name: 'card_transactions' | 'account_transactions';
  idColumn: string;
  add(ledger: LedgerStore, id: string, accountId: string, status: string, day: string): void;
  list(ledger: LedgerStore, query: LedgerQuery): string[];
  count(ledger: LedgerStore, query: Omit<LedgerQuery, 'offset' | 'limit'>): number;
  /** Removes every entry of an account. */
  removeAll(ledger: LedgerStore, accountId: string): void;
  /** Changes an entry's status and booking day as the bank does (the batch books a pending one). */
  rebook(ledger: LedgerStore, id: string, status: string, day: string): void;
}

const CARD: Table = {
  name: 'card_transactions',
  idColumn: 'card_transaction_id',
  add: (ledger, id, accountId, status, day) =>
    ledger.addCardTransaction({
      accountId,
      cardTransactionId: id,
      status,
      bookingDate: day,
      transactionDate: day,
    } as unknown as CardTransactionRecord),
  list: (ledger, query) => ledger.cardTransactions(query).map((e) => e.cardTransactionId),
  count: (ledger, query) => ledger.countCardTransactions(query),
  removeAll: (ledger, accountId) => ledger.removeTransactionsOf([], [accountId]),
  // No bank operation changes a card row; the trigger is checked with plain SQL.
  rebook: (ledger, id, status, day) =>
    ledger.db
      .prepare(
        `UPDATE card_transactions SET status = ?, booking_day = ? WHERE card_transaction_id = ?`,
      )
      .run(status, day, id),
};

const ACCOUNT: Table = {
  name: 'account_transactions',
  idColumn: 'id',
  add: (ledger, id, accountId, status, day) =>
    ledger.addAccountTransaction({
      id,
      accountId,
      status,
      bookingDate: day,
      origin: 'sandbox',
    } as unknown as AccountTransactionRecord),
  list: (ledger, query) => ledger.accountTransactions(query).map((e) => e.id),
  count: (ledger, query) => ledger.countAccountTransactions(query),
  removeAll: (ledger, accountId) => ledger.removeTransactionsOf([accountId], []),
  rebook: (ledger, id, status, day) => {
    const entry = ledger.accountTransaction(id)!;
    ledger.updateAccountTransaction({
      ...entry,
      status,
      bookingDate: day,
    } as AccountTransactionRecord);
  },
};

/** The page by the plain walk: every entry of the account and status, sorted, filtered, sliced. */
function expectedPage(ledger: LedgerStore, table: Table, query: LedgerQuery): string[] {
  const rows = ledger.db
    .prepare(
      `SELECT ${table.idColumn}, booking_day FROM ${table.name}
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

/** The counts per day as the rows give them, and as the days table keeps them. */
function dayCounts(ledger: LedgerStore, table: Table) {
  const read = (sql: string) => ledger.db.prepare(sql).raw().all();
  return {
    kept: read(
      `SELECT account_id, status, booking_day, entries FROM ${table.name.replace(/s$/, '')}_days
       ORDER BY 1, 2, 3`,
    ),
    counted: read(
      `SELECT account_id, status, booking_day, count(*) FROM ${table.name}
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
  };
}

const dayOf = (next: (n: number) => number) => `2025-01-${String(1 + next(30)).padStart(2, '0')}`;

function checkPages(
  ledger: LedgerStore,
  table: Table,
  next: (n: number) => number,
  rounds: number,
) {
  for (let round = 0; round < rounds; round++) {
    const from = next(3) === 0 ? `2025-01-${String(1 + next(20)).padStart(2, '0')}` : undefined;
    const to = next(3) === 0 ? `2025-01-${String(10 + next(20)).padStart(2, '0')}` : undefined;
    const all = {
      accountId: ACCOUNTS[next(2)]!,
      status: STATUSES[next(2)]!,
      ...(from ? { fromDate: from } : {}),
      ...(to ? { toDate: to } : {}),
    };
    const query: LedgerQuery = {
      ...all,
      offset: next(4) === 0 ? 0 : next(700),
      limit: 1 + next(60),
    };
    expect(table.list(ledger, query), JSON.stringify(query)).toEqual(
      expectedPage(ledger, table, query),
    );
    expect(table.count(ledger, all), JSON.stringify(all)).toBe(
      expectedPage(ledger, table, all).length,
    );
  }
  const { kept, counted } = dayCounts(ledger, table);
  expect(kept).toEqual(counted);
}

describe.each([CARD, ACCOUNT])('pages at an offset of $name (entries per day)', (table) => {
  it('are the pages of the plain walk, after inserts, deletes and changed rows', () => {
    const ledger = LedgerStore.inMemory();
    const next = sequence(7);
    let n = 0;
    const add = (count: number) => {
      for (let i = 0; i < count; i++)
        table.add(
          ledger,
          `tx-${n++}`,
          ACCOUNTS[next(2)]!,
          STATUSES[next(3) === 0 ? 1 : 0],
          dayOf(next),
        );
    };
    add(1_500);
    checkPages(ledger, table, next, 150);
    // Deletes: one account's entries go (the fixed test data is replaced), more come.
    table.removeAll(ledger, 'acc-a');
    add(400);
    checkPages(ledger, table, next, 100);
    // Changed rows: statuses and booking days move (the batch books pending entries).
    for (let i = 0; i < 300; i++) {
      const id = `tx-${next(n)}`;
      const exists = ledger.db
        .prepare(`SELECT 1 FROM ${table.name} WHERE ${table.idColumn} = ?`)
        .get(id);
      if (exists) table.rebook(ledger, id, STATUSES[next(2)]!, dayOf(next));
    }
    checkPages(ledger, table, next, 150);
    ledger.close();
  });

  it('a row moved to a newer day moves the day a page starts on', () => {
    const ledger = LedgerStore.inMemory();
    for (let i = 0; i < 10; i++)
      table.add(ledger, `t${i}`, 'acc-a', 'booked', `2025-01-0${1 + (i % 2)}`);
    for (let i = 0; i < 5; i++) table.rebook(ledger, `t${i}`, 'booked', '2025-01-03');
    const query = { accountId: 'acc-a', status: 'booked' as const, offset: 3, limit: 3 };
    expect(table.list(ledger, query)).toEqual(expectedPage(ledger, table, query));
    expect(table.list(ledger, query)).toEqual(['t1', 't0', 't9']);
    ledger.close();
  });

  it('keeps no count of zero, and an offset past the last entry gives an empty page', () => {
    const ledger = LedgerStore.inMemory();
    for (let i = 0; i < 10; i++) table.add(ledger, `t${i}`, 'acc-a', 'booked', '2025-01-01');
    expect(table.list(ledger, { accountId: 'acc-a', status: 'booked', offset: 10 })).toEqual([]);
    expect(table.list(ledger, { accountId: 'acc-a', status: 'booked', offset: 9 })).toEqual(['t0']);
    table.removeAll(ledger, 'acc-a');
    table.add(ledger, 't-last', 'acc-a', 'pending', '2025-01-05');
    expect(dayCounts(ledger, table).kept).toEqual([['acc-a', 'pending', '2025-01-05', 1]]);
    ledger.close();
  });
});
