/**
 * Where a bank process on PostgreSQL keeps the rows of its paged collections (store/paged-rows.ts)
 * that it is not holding as entities: a temporary SQLite database of its own. PostgreSQL cannot
 * be read inside the synchronous pipeline; this file can. It is a cache of committed rows, not a
 * store: it holds what the process read at its start and what it forgot since (each entity
 * written as it is forgotten, unless it is unchanged since it was read here), and it is dropped
 * with the process. SQLite makes an empty name a file that is deleted as soon as it is opened, so
 * a killed process leaves nothing behind; its page cache is small, so the rows stay on disk.
 */
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { PAGED_COLLECTIONS, type EntityCollection } from './entity-rows.js';
import type { PagingOptions, RowSource } from './paged-rows.js';

/** The local database's page cache, in KiB: the rows are read one page of them at a time. */
const LOCAL_CACHE_KIB = 2 * 1024;

export class LocalRows implements RowSource {
  private readonly db = new Database('');
  private readonly upsert: Statement<[string, number, string]>;
  private readonly range: Statement<[string, number, number]>;

  constructor() {
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.pragma(`cache_size = -${LOCAL_CACHE_KIB}`);
    this.db.exec(`CREATE TABLE local_rows (
      collection TEXT NOT NULL, position INTEGER NOT NULL, record TEXT NOT NULL,
      PRIMARY KEY (collection, position)) WITHOUT ROWID`);
    this.upsert = this.db.prepare(
      `INSERT INTO local_rows (collection, position, record) VALUES (?, ?, ?)
       ON CONFLICT (collection, position) DO UPDATE SET record = excluded.record`,
    );
    this.range = this.db.prepare(
      `SELECT position, record FROM local_rows
       WHERE collection = ? AND position BETWEEN ? AND ? ORDER BY position`,
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

  keep(collection: string, rows: readonly { position: number; record: string }[]): void {
    if (rows.length === 0) return;
    this.db.transaction(() => {
      for (const row of rows) this.upsert.run(collection, row.position, row.record);
    })();
  }

  /** Forgets every row (the state is read whole again). */
  clear(): void {
    this.db.exec(`DELETE FROM local_rows`);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
