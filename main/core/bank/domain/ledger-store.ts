/**
 * The ledger's transactions in SQLite (design property 10 of docs/architecture.md: reads go through
 * indexes). An
 * account's history can grow to hundreds of thousands of entries; a list read costs about its page,
 * not the history: the rows come from the index on (account, status, booking day, posting order)
 * and only the page's records are parsed. The same store serves a bank without a file (an
 * in-memory database) and a durable one (the database file, inside the request's transaction).
 *
 * Order everywhere (domain/ledger.ts): newest booking date first; on one date the later posting
 * first. `seq` is the posting order.
 *
 * It lives in domain/ (with the tables' migrations, schema.ts) because the live state holds it
 * (DomainState.ledger): the domain imports nothing of store/, which stores the domain.
 */
import type { Statement } from 'better-sqlite3';
import { openMemoryDatabase, type SqliteDatabase } from '../../persistence/sqlite-file.js';
import type { AccountTransactionRecord, CardTransactionRecord } from './transactions.js';
import { BANK_MIGRATIONS } from './schema.js';

export type EntryStatus = 'booked' | 'pending';

/** Which entries of one account a read wants; dates are inclusive `YYYY-MM-DD` booking dates. */
export interface LedgerQuery {
  accountId: string;
  status?: EntryStatus;
  fromDate?: string;
  toDate?: string;
  /** Leave out entries of these origins (account transactions only; sandbox faults use it). */
  excludeOrigins?: readonly string[];
  offset?: number;
  /** Absent: every entry from `offset` on. */
  limit?: number;
}

/** SQLite takes LIMIT -1 as "no limit"; JS callers say so with a huge number or nothing. */
const NO_LIMIT = -1;
const limitOf = (limit: number | undefined) =>
  limit === undefined || limit > 0x7fffffff ? NO_LIMIT : Math.max(0, Math.floor(limit));

const day = (date: string) => date.slice(0, 10);

interface QueryShape {
  sql: string;
  params: Record<string, string | number>;
}

function whereOf(query: LedgerQuery, origin: boolean): QueryShape {
  const clauses = ['account_id = @accountId'];
  const params: Record<string, string | number> = { accountId: query.accountId };
  if (query.status !== undefined) {
    clauses.push('status = @status');
    params.status = query.status;
  }
  if (query.fromDate !== undefined) {
    clauses.push('booking_day >= @fromDate');
    params.fromDate = query.fromDate;
  }
  if (query.toDate !== undefined) {
    clauses.push('booking_day <= @toDate');
    params.toDate = query.toDate;
  }
  if (origin && query.excludeOrigins?.length) {
    const names = query.excludeOrigins.map((_, index) => `@origin${index}`);
    clauses.push(`origin NOT IN (${names.join(', ')})`);
    query.excludeOrigins.forEach((value, index) => (params[`origin${index}`] = value));
  }
  return { sql: clauses.join(' AND '), params };
}

/**
 * A page in two steps: the posting numbers from the page index alone (an OFFSET skips index
 * entries, not table rows), then the records of the page by posting number.
 */
const pageSql = (table: string, where: string) =>
  `SELECT record FROM ${table} WHERE seq IN (
     SELECT seq FROM ${table} WHERE ${where}
     ORDER BY booking_day DESC, seq DESC LIMIT @limit OFFSET @offset)
   ORDER BY booking_day DESC, seq DESC`;

type TransactionTable = 'account_transactions' | 'card_transactions';

/** The per-day counts of each transaction table (schema.ts versions 3 and 4). */
const DAYS: Readonly<Record<TransactionTable, string>> = {
  account_transactions: 'account_transaction_days',
  card_transactions: 'card_transaction_days',
};

export class LedgerStore {
  /** Prepared statements by SQL text: a query shape is compiled once. */
  private readonly statements = new Map<string, Statement<unknown[]>>();
  /**
   * Called before every write: a bank on a database file opens a request's transaction only
   * when the request first writes (store/bank-database.ts `beginOnWrite`), so a read opens none.
   */
  beforeWrite: (() => void) | undefined;

  constructor(readonly db: SqliteDatabase) {}

  /** A ledger in its own in-memory database (a bank without a file, a data set being built). */
  static inMemory(): LedgerStore {
    return new LedgerStore(openMemoryDatabase(BANK_MIGRATIONS));
  }

  private statement(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[]>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** The statement of a write, once the transaction it belongs to is open. */
  private writeStatement(sql: string): Statement<unknown[]> {
    this.beforeWrite?.();
    return this.statement(sql);
  }

  private records<T>(sql: string, params: Record<string, string | number>): T[] {
    const rows = this.statement(sql).pluck().all(params) as string[];
    return rows.map((record) => JSON.parse(record) as T);
  }

  // ---- account transactions ---------------------------------------------------------------------

  addAccountTransaction(entry: AccountTransactionRecord): void {
    this.writeStatement(
      `INSERT INTO account_transactions (id, account_id, status, booking_day, origin, record)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      entry.id,
      entry.accountId,
      entry.status,
      day(entry.bookingDate),
      entry.origin,
      JSON.stringify(entry),
    );
  }

  /** Writes a changed entry back under its id (the batch run books a pending one). */
  updateAccountTransaction(entry: AccountTransactionRecord): void {
    this.writeStatement(
      `UPDATE account_transactions SET status = ?, booking_day = ?, record = ? WHERE id = ?`,
    ).run(entry.status, day(entry.bookingDate), JSON.stringify(entry), entry.id);
  }

  removeAccountTransaction(id: string): void {
    this.writeStatement(`DELETE FROM account_transactions WHERE id = ?`).run(id);
  }

  accountTransaction(id: string): AccountTransactionRecord | undefined {
    const record = this.statement(`SELECT record FROM account_transactions WHERE id = ?`)
      .pluck()
      .get(id) as string | undefined;
    return record === undefined ? undefined : (JSON.parse(record) as AccountTransactionRecord);
  }

  accountTransactions(query: LedgerQuery): AccountTransactionRecord[] {
    return this.page('account_transactions', query, true);
  }

  countAccountTransactions(query: Omit<LedgerQuery, 'offset' | 'limit'>): number {
    return this.count('account_transactions', query, true);
  }

  // ---- card transactions ------------------------------------------------------------------------

  addCardTransaction(entry: CardTransactionRecord): void {
    this.writeStatement(
      `INSERT INTO card_transactions (account_id, card_transaction_id, status, booking_day, record)
       VALUES (?, ?, ?, ?, ?)`,
    ).run(
      entry.accountId,
      entry.cardTransactionId,
      entry.status,
      day(entry.bookingDate),
      JSON.stringify(entry),
    );
  }

  hasCardTransaction(accountId: string, cardTransactionId: string): boolean {
    return (
      this.statement(
        `SELECT 1 FROM card_transactions WHERE account_id = ? AND card_transaction_id = ?`,
      ).get(accountId, cardTransactionId) !== undefined
    );
  }

  cardTransactions(query: LedgerQuery): CardTransactionRecord[] {
    return this.page('card_transactions', query, false);
  }

  countCardTransactions(query: Omit<LedgerQuery, 'offset' | 'limit' | 'excludeOrigins'>): number {
    return this.count('card_transactions', query, false);
  }

  // ---- pages and counts -------------------------------------------------------------------------

  /**
   * The per-day counts (schema.ts `countsPerDay`) answer for a list of one status; they do not
   * know a transaction's origin, so a list that leaves origins out walks the rows.
   */
  private countedPerDay(query: Omit<LedgerQuery, 'offset' | 'limit'>, origin: boolean): boolean {
    return query.status !== undefined && !(origin && query.excludeOrigins?.length);
  }

  private page<T>(table: TransactionTable, query: LedgerQuery, origin: boolean): T[] {
    const offset = query.offset ?? 0;
    const start =
      offset > 0 && this.countedPerDay(query, origin)
        ? this.pageStart(table, query, offset)
        : undefined;
    // From the day the offset falls on: only the entries of that day before it are walked.
    const where = whereOf(start ? { ...query, toDate: start.day } : query, origin);
    return this.records(pageSql(table, where.sql), {
      ...where.params,
      limit: limitOf(query.limit),
      offset: start ? start.offset : offset,
    });
  }

  /**
   * The booking day a page at `offset` starts on (newest day first, as the list), and the offset
   * inside the list from that day on: the entries per day are summed until the offset is reached.
   * Undefined when the offset is past the last entry.
   */
  private pageStart(
    table: TransactionTable,
    query: LedgerQuery,
    offset: number,
  ): { day: string; offset: number } | undefined {
    const where = whereOf(query, false);
    const days = this.statement(
      `SELECT booking_day, entries FROM ${DAYS[table]} WHERE ${where.sql}
       ORDER BY booking_day DESC`,
    )
      .raw()
      .iterate(where.params) as IterableIterator<[string, number]>;
    let before = 0;
    for (const [day, entries] of days) {
      // Leaving the loop closes the iterator, so the connection is free for the page query.
      if (before + entries > offset) return { day, offset: offset - before };
      before += entries;
    }
    return undefined;
  }

  private count(
    table: TransactionTable,
    query: Omit<LedgerQuery, 'offset' | 'limit'>,
    origin: boolean,
  ): number {
    // With one status the entries per day hold the answer: a few rows instead of the history.
    const counted = this.countedPerDay(query, origin);
    const where = whereOf(query, origin && !counted);
    return this.statement(
      counted
        ? `SELECT coalesce(sum(entries), 0) FROM ${DAYS[table]} WHERE ${where.sql}`
        : `SELECT count(*) FROM ${table} WHERE ${where.sql}`,
    )
      .pluck()
      .get(where.params) as number;
  }

  // ---- whole ledger -----------------------------------------------------------------------------

  /** Removes every entry of these accounts and card accounts (the fixed test data is replaced). */
  removeTransactionsOf(accountIds: readonly string[], cardAccountIds: readonly string[]): void {
    const account = this.writeStatement(`DELETE FROM account_transactions WHERE account_id = ?`);
    const card = this.writeStatement(`DELETE FROM card_transactions WHERE account_id = ?`);
    for (const id of accountIds) account.run(id);
    for (const id of cardAccountIds) card.run(id);
  }

  /** Every entry in posting order (a snapshot export). */
  allAccountTransactions(): AccountTransactionRecord[] {
    return this.records(`SELECT record FROM account_transactions ORDER BY seq`, {});
  }

  allCardTransactions(): CardTransactionRecord[] {
    return this.records(`SELECT record FROM card_transactions ORDER BY seq`, {});
  }

  /** Replaces the whole ledger (an import or a reset), in posting order. */
  replaceAll(
    accountTransactions: readonly AccountTransactionRecord[],
    cardTransactions: readonly CardTransactionRecord[],
  ): void {
    const run = () => {
      this.statement(`DELETE FROM account_transactions`).run();
      this.statement(`DELETE FROM card_transactions`).run();
      for (const entry of accountTransactions) this.addAccountTransaction(entry);
      for (const entry of cardTransactions) this.addCardTransaction(entry);
    };
    // Inside a request's transaction the rows join it; alone they are one transaction.
    this.beforeWrite?.();
    if (this.db.inTransaction) run();
    else this.db.transaction(run)();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
