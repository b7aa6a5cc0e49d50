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
import type { Statement } from 'better-sqlite3';
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

/**
 * The entity fields a bank database looks an entity up by (its id), per collection: a lookup by
 * id reads the one row from an index of the file instead of an index of every id in the process
 * (store/paged-rows.ts, docs/architecture.md "Memory"). Each is a partial expression index, so a
 * statement uses it only when it names the collection and the same expression
 * (`keyedRowLookup`). Migration 6 makes them; a field added here needs a later migration that
 * makes its index too (IF NOT EXISTS: on a new file migration 6 has made it already).
 */
export const ENTITY_KEY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  sessions: ['tppSessionId'],
  authorisations: ['authorisationId'],
  consents: ['consentId'],
  payments: ['paymentId'],
  baskets: ['basketId'],
};

/** The expression an index on an entity field is built on, and its lookups name. */
const keyedRowExpression = (field: string) => `json_extract(record, '$.${field}')`;

/**
 * The positions of the rows of `collection` whose `field` is the statement's parameter, through
 * the field's index. Unordered: `ORDER BY position` had SQLite walk the collection in its primary
 * key's order instead, parsing every row's JSON.
 */
export const keyedRowLookup = (collection: string, field: string) =>
  `SELECT position FROM bank_entities
   WHERE collection = '${collection}' AND ${keyedRowExpression(field)} = ?`;

/**
 * A lookup on `db`'s `bank_entities` through one statement per indexed field, prepared once:
 * the positions of `collection`'s rows whose `field` is `key`, in no order; undefined for a
 * field without an index (ENTITY_KEY_FIELDS). The collection is in each statement's text, not
 * a parameter, so SQLite uses the field's partial index.
 */
export function keyedRowPositions(
  db: SqliteDatabase,
): (collection: string, field: string, key: string) => number[] | undefined {
  const statements = new Map<string, Statement<[string]>>();
  for (const [collection, fields] of Object.entries(ENTITY_KEY_FIELDS))
    for (const field of fields)
      statements.set(
        `${collection}.${field}`,
        db.prepare<[string]>(keyedRowLookup(collection, field)).pluck(),
      );
  return (collection, field, key) =>
    statements.get(`${collection}.${field}`)?.all(key) as number[] | undefined;
}

/**
 * The statements that make the index of each ENTITY_KEY_FIELDS field on a `bank_entities` table
 * (the bank file's, and the local rows of a process on PostgreSQL, store/pg-local-rows.ts).
 */
export function entityKeyIndexes(): string[] {
  return Object.entries(ENTITY_KEY_FIELDS).flatMap(([collection, fields]) =>
    fields.map(
      (field) => `CREATE INDEX IF NOT EXISTS bank_entities_${collection}_${field}
                    ON bank_entities (${keyedRowExpression(field)})
                    WHERE collection = '${collection}'`,
    ),
  );
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
  {
    version: 6,
    summary: 'entities found by their id from an index of the file, not one in the process',
    up(db: SqliteDatabase) {
      for (const statement of entityKeyIndexes()) db.exec(statement);
    },
  },
];

export const BANK_SCHEMA_VERSION = BANK_MIGRATIONS.at(-1)!.version;
