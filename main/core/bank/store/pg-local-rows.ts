/**
 * Where a bank process on PostgreSQL keeps the rows of its paged collections (store/paged-rows.ts):
 * a temporary SQLite database of its own. PostgreSQL cannot be read inside the synchronous
 * pipeline; this file can. It mirrors the committed rows this process knows of, no more: every
 * row it read (its start, another process's commit) and every row it committed goes here as
 * committed, so an entity forgotten is read back from here, and an entity is found by its id
 * from an index here (schema.ts ENTITY_KEY_FIELDS) instead of an index of every id in the
 * process. It is a cache, not a store, dropped with the process: SQLite makes an empty name a
 * file that is deleted as soon as it is opened, so a killed process leaves nothing behind; its
 * page cache is small, so the rows stay on disk.
 */
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { entityKeyIndexes, keyedRowPositions } from '../domain/schema.js';
import { PAGED_COLLECTIONS, type EntityCollection } from './entity-rows.js';
import type { PagingOptions, RowSource } from './paged-rows.js';

/** The local database's page cache, in KiB: the rows are read one page of them at a time. */
const LOCAL_CACHE_KIB = 2 * 1024;

/** One committed row of an entity, its record as JSON text. */
export interface CommittedRow {
  collection: string;
  position: number;
  record: string;
}

export class LocalRows implements RowSource {
  private readonly db = new Database('');
  private readonly upsert: Statement<[string, number, string]>;
  private readonly range: Statement<[string, number, number]>;
  private readonly dropRows: Statement<[string]>;
  private readonly dropRow: Statement<[string, number]>;
  readonly positionsWithKey: (
    collection: string,
    field: string,
    key: string,
  ) => readonly number[] | undefined;

  constructor() {
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.pragma(`cache_size = -${LOCAL_CACHE_KIB}`);
    // The bank file's table and id indexes (domain/schema.ts), so its lookups read here the same.
    this.db.exec(`CREATE TABLE bank_entities (
      collection TEXT NOT NULL, position INTEGER NOT NULL, record TEXT NOT NULL,
      PRIMARY KEY (collection, position)) WITHOUT ROWID`);
    for (const statement of entityKeyIndexes()) this.db.exec(statement);
    this.positionsWithKey = keyedRowPositions(this.db);
    this.upsert = this.db.prepare(
      `INSERT INTO bank_entities (collection, position, record) VALUES (?, ?, ?)
       ON CONFLICT (collection, position) DO UPDATE SET record = excluded.record`,
    );
    this.range = this.db.prepare(
      `SELECT position, record FROM bank_entities
       WHERE collection = ? AND position BETWEEN ? AND ? ORDER BY position`,
    );
    this.dropRows = this.db.prepare(`DELETE FROM bank_entities WHERE collection = ?`);
    this.dropRow = this.db.prepare(
      `DELETE FROM bank_entities WHERE collection = ? AND position = ?`,
    );
  }

  /** Whether `collection`'s rows are kept here. */
  pages(collection: string): boolean {
    return PAGED_COLLECTIONS.has(collection as EntityCollection);
  }

  /** The paging of a tracked state whose rows are kept here. */
  paging(kept: number): PagingOptions {
    return { collections: PAGED_COLLECTIONS, source: this, kept };
  }

  rows(collection: string, from: number, to: number): { position: number; record: string }[] {
    return this.range.all(collection, from, to) as { position: number; record: string }[];
  }

  /**
   * Rows as committed now (a row already at a position is replaced); those of a collection that
   * is not paged are passed over.
   */
  put(rows: readonly CommittedRow[]): void {
    if (rows.length === 0) return;
    this.db.transaction(() => {
      for (const row of rows)
        if (this.pages(row.collection)) this.upsert.run(row.collection, row.position, row.record);
    })();
  }

  /** A row that was never committed (a change undone). */
  remove(collection: string, position: number): void {
    this.dropRow.run(collection, position);
  }

  /** `collection` was rewritten whole: its rows go (the new ones follow, put()). */
  dropCollection(collection: string): void {
    this.dropRows.run(collection);
  }

  /** Forgets every row (the state is read whole again). */
  clear(): void {
    this.db.exec(`DELETE FROM bank_entities`);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
