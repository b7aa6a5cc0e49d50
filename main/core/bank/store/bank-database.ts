/**
 * The bank's durable state in one SQLite database file (ARCHITECTURE property 10, issue "The bank
 * at scale" §1): a request that changes the state is one transaction, and its answer goes out
 * after the commit. A failed commit is rolled back in the file and in memory, so it changes
 * nothing and the request can be sent again.
 *
 * Small entities are rows of `bank_entities` (collection, position, JSON). At commit, each entity
 * is serialised and compared with what the file holds (a cache of the committed JSON); only the
 * changed rows are written. Transactions are written by the ledger store as they are posted,
 * inside the same transaction.
 */
import {
  openDatabaseFile,
  DatabaseFileError,
  type SqliteDatabase,
} from '../../persistence/sqlite-file.js';
import { DomainSnapshotSchema, type DomainEntities, type DomainState } from '../domain/model.js';
import { LedgerStore } from './ledger-store.js';
import { BANK_MIGRATIONS } from './schema.js';

type SmallName = keyof DomainEntities;

/** Every collection of the state but the transactions (which live in their own tables). */
const SMALL_NAMES = Object.keys(DomainSnapshotSchema.properties).filter(
  (name) => name !== 'accountTransactions' && name !== 'cardTransactions',
) as SmallName[];

/** The page cache of the database file's connection, in KiB. */
const PAGE_CACHE_KIB = 16 * 1024;

/** `behaviour` is one object; the collections are arrays. Both are stored as rows. */
const rowsOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

export class BankDatabase {
  readonly ledger: LedgerStore;
  /** The JSON of every committed entity row, by collection: what the file holds. */
  private committed = new Map<SmallName, string[]>();
  private readonly upsert;
  private readonly truncate;

  private constructor(
    readonly db: SqliteDatabase,
    /** The file, for messages. */
    readonly path: string,
  ) {
    // SQLite's default page cache (2 MB) is smaller than the page index of a 100k-entry account
    // (about 4 MB): a deep page's OFFSET walk (§4.2.3 offset paging) pushed the page's own rows
    // out, and they were read again from the file. 16 MiB keeps both; it is filled only as used.
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    this.ledger = new LedgerStore(db);
    this.upsert = db.prepare<[string, number, string]>(
      `INSERT INTO bank_entities (collection, position, record) VALUES (?, ?, ?)
       ON CONFLICT (collection, position) DO UPDATE SET record = excluded.record`,
    );
    this.truncate = db.prepare<[string, number]>(
      `DELETE FROM bank_entities WHERE collection = ? AND position >= ?`,
    );
  }

  /**
   * Opens (or creates) the database file: leftover temporary files are removed, an unreadable
   * file is moved aside and refused (DatabaseFileError), an older schema is migrated.
   */
  static async open(path: string, now?: () => Date): Promise<BankDatabase> {
    const db = await openDatabaseFile(path, {
      migrations: BANK_MIGRATIONS,
      what: 'the bank database',
      ...(now ? { now } : {}),
    });
    return new BankDatabase(db, path);
  }

  /** Whether the file holds a state yet (a new file does not). */
  hasState(): boolean {
    return this.db.prepare(`SELECT 1 FROM bank_entities LIMIT 1`).get() !== undefined;
  }

  /** The live state the file holds. */
  load(): DomainState {
    const rows = this.db
      .prepare(`SELECT collection, record FROM bank_entities ORDER BY collection, position`)
      .all() as { collection: string; record: string }[];
    const committed = new Map<SmallName, string[]>();
    for (const row of rows) {
      const name = row.collection as SmallName;
      if (!SMALL_NAMES.includes(name))
        throw new DatabaseFileError(
          `the bank database ${this.path} holds an unknown collection '${row.collection}'`,
        );
      let list = committed.get(name);
      if (!list) committed.set(name, (list = []));
      list.push(row.record);
    }
    this.committed = committed;
    return this.stateFromCommitted();
  }

  /** The small entities as last committed, as new objects, on this database's ledger. */
  private stateFromCommitted(): DomainState {
    const state = { ledger: this.ledger } as Record<string, unknown>;
    for (const name of SMALL_NAMES) {
      const records = (this.committed.get(name) ?? []).map((text) => JSON.parse(text) as unknown);
      state[name] = name === 'behaviour' ? records[0] : records;
    }
    if (state.behaviour === undefined)
      throw new DatabaseFileError(`the bank database ${this.path} holds no bank behaviour row`);
    return state as DomainState;
  }

  /** Starts the transaction of one change (a request, a console action) unless one is open. */
  begin(): void {
    if (!this.db.inTransaction) this.db.exec('BEGIN');
  }

  /**
   * Writes the entities that changed since the last commit and commits, with the ledger rows the
   * change posted. Throws (after rolling the file back) when the commit fails; the caller then
   * takes `rollback()`'s state.
   */
  commit(state: DomainState): void {
    const changes: [SmallName, string[]][] = [];
    try {
      for (const name of SMALL_NAMES) {
        const before = this.committed.get(name) ?? [];
        const items = rowsOf(state[name]);
        let after: string[] | undefined;
        for (let position = 0; position < items.length; position += 1) {
          const text = JSON.stringify(items[position]);
          if (text === before[position]) continue;
          after ??= before.slice(0, items.length);
          after[position] = text;
          this.upsert.run(name, position, text);
        }
        if (before.length > items.length) {
          this.truncate.run(name, items.length);
          after ??= before.slice(0, items.length);
        }
        if (after) changes.push([name, after]);
      }
      if (this.db.inTransaction) this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
    for (const [name, after] of changes) this.committed.set(name, after);
  }

  /** Abandons the open change: the file and the returned state are as last committed. */
  rollback(): DomainState {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    return this.stateFromCommitted();
  }

  close(): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    if (this.db.open) this.db.close();
  }
}
