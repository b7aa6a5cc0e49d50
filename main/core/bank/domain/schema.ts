/**
 * The bank database's schema, as numbered migrations (persistence/sqlite-file.ts applies the ones
 * a file lacks, one transaction each). Never edit a released step: add the next one.
 *
 * - Small entities (customers, consents, payments, …) are one row each: the collection, the
 *   position in it (the bank's order), and the record as JSON.
 * - Transactions, the collections that grow without bound, are rows with the columns reads filter
 *   and sort on, and the record as JSON. `seq` is the posting order: "on one date the later
 *   posting first" (domain/ledger.ts) is `booking_day DESC, seq DESC`.
 */
import type { Migration, SqliteDatabase } from '../../persistence/sqlite-file.js';

/**
 * `<table>_days`: the entries of a transaction table per account, status and booking day. A page
 * at a deep offset walked every index entry before it (tens of thousands); with the counts the
 * ledger finds the day the offset falls on from a few rows and walks only inside it
 * (ledger-store.ts). Triggers keep the counts: every insert, delete and status or day change of a
 * row moves them, whoever writes it. A day whose count reaches zero is removed.
 */
function countsPerDay(table: 'card_transactions' | 'account_transactions'): string {
  const days = `${table.replace(/s$/, '')}_days`;
  const increment = (row: 'NEW') => `
    INSERT INTO ${days} (account_id, status, booking_day, entries)
      VALUES (${row}.account_id, ${row}.status, ${row}.booking_day, 1)
      ON CONFLICT (account_id, status, booking_day) DO UPDATE SET entries = entries + 1;`;
  const decrement = (row: 'OLD') => `
    UPDATE ${days} SET entries = entries - 1
      WHERE account_id = ${row}.account_id AND status = ${row}.status
        AND booking_day = ${row}.booking_day;
    DELETE FROM ${days}
      WHERE account_id = ${row}.account_id AND status = ${row}.status
        AND booking_day = ${row}.booking_day AND entries = 0;`;
  return `
    CREATE TABLE ${days} (
      account_id TEXT NOT NULL,
      status TEXT NOT NULL,
      booking_day TEXT NOT NULL,
      entries INTEGER NOT NULL,
      PRIMARY KEY (account_id, status, booking_day)
    ) WITHOUT ROWID;
    INSERT INTO ${days} (account_id, status, booking_day, entries)
      SELECT account_id, status, booking_day, count(*) FROM ${table}
      GROUP BY account_id, status, booking_day;
    CREATE TRIGGER ${days}_insert AFTER INSERT ON ${table} BEGIN ${increment('NEW')} END;
    CREATE TRIGGER ${days}_delete AFTER DELETE ON ${table} BEGIN ${decrement('OLD')} END;
    CREATE TRIGGER ${days}_update AFTER UPDATE OF account_id, status, booking_day ON ${table}
    BEGIN ${decrement('OLD')} ${increment('NEW')} END;`;
}

export const BANK_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    summary: 'entities, account and card transactions with their per-status page indexes',
    up(db: SqliteDatabase) {
      db.exec(`
        CREATE TABLE bank_entities (
          collection TEXT NOT NULL,
          position INTEGER NOT NULL,
          record TEXT NOT NULL,
          PRIMARY KEY (collection, position)
        ) WITHOUT ROWID;
        CREATE TABLE account_transactions (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL,
          status TEXT NOT NULL,
          booking_day TEXT NOT NULL,
          origin TEXT NOT NULL,
          record TEXT NOT NULL
        );
        CREATE INDEX account_transactions_page
          ON account_transactions (account_id, status, booking_day, seq);
        CREATE TABLE card_transactions (
          seq INTEGER PRIMARY KEY,
          account_id TEXT NOT NULL,
          card_transaction_id TEXT NOT NULL,
          status TEXT NOT NULL,
          booking_day TEXT NOT NULL,
          record TEXT NOT NULL,
          UNIQUE (account_id, card_transaction_id)
        );
        CREATE INDEX card_transactions_page
          ON card_transactions (account_id, status, booking_day, seq);
      `);
    },
  },
  {
    version: 2,
    summary: 'index for account transaction lists of every status (the sandbox list, §4.3 rule 1)',
    up(db: SqliteDatabase) {
      // Version 1 sorted such lists through a temporary B-tree over the account's whole history.
      db.exec(`CREATE INDEX account_transactions_by_day
                 ON account_transactions (account_id, booking_day, seq)`);
    },
  },
  {
    version: 3,
    summary: 'card transactions counted per account, status and booking day (deep pages, §4.2.3)',
    up(db: SqliteDatabase) {
      db.exec(countsPerDay('card_transactions'));
    },
  },
  {
    version: 4,
    summary: 'account transactions counted per account, status and booking day (deep pages)',
    up(db: SqliteDatabase) {
      db.exec(countsPerDay('account_transactions'));
    },
  },
  {
    version: 5,
    summary: 'bank settings kept as state: the virtual clock (store/bank-database.ts)',
    up(db: SqliteDatabase) {
      db.exec(
        `CREATE TABLE bank_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID`,
      );
    },
  },
];

export const BANK_SCHEMA_VERSION = BANK_MIGRATIONS.at(-1)!.version;
