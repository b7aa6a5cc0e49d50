/**
 * The rows a change of the PostgreSQL store writes (pg-bank-store.ts): entities of one collection
 * and ledger rows, in statements of WRITE_BATCH rows each, each field a parameter (pg-values.ts).
 */
import type pg from 'pg';
import type { ChangeTracker } from './change-tracker.js';
import { rowsOf, type EntityCollection } from './entity-rows.js';
import type { LedgerRow } from './pg-local-ledger.js';
import type { CommittedRow, LocalRows } from './pg-local-rows.js';
import { valuesList } from './pg-values.js';

/**
 * Rows per INSERT when a change writes many (an import, a reset, a start from a large state): a
 * statement's rows' JSON and the message it sends are held for one batch at a time, never for
 * the whole state, and no statement keeps the transaction idle for long (pg-schema.ts LEASE_MS).
 * 100 rows (about 120 KB at 1.2 KB a payment) keep the message under V8's large-object size, so
 * a batch's strings die young: a 100k-entity import peaked at 760 MB RSS in 11 s, against
 * 1,120 MB in 21 s with 1,000 rows a statement (docs/performance.md "Memory").
 */
export const WRITE_BATCH = 100;

/**
 * `entities` of `name`, at `positions` (one each, in the same order), under `version`; `sent`
 * takes each batch's rows as written (the process's local rows, pg-local-rows.ts).
 */
export async function writeEntities(
  client: pg.Client,
  name: EntityCollection,
  positions: Iterator<number>,
  entities: readonly object[],
  version: number,
  sent?: (rows: CommittedRow[]) => void,
): Promise<void> {
  for (let from = 0; from < entities.length; from += WRITE_BATCH) {
    const batch = entities.slice(from, from + WRITE_BATCH);
    const written = batch.map((entity) => ({
      collection: name,
      position: positions.next().value as number,
      record: JSON.stringify(entity),
    }));
    sent?.(written);
    const values: unknown[] = [];
    const rows = valuesList(
      written.map((row) => [name, row.position, row.record, version]),
      values,
    );
    await client.query(
      `INSERT INTO bank_entities (collection, position, record, version) VALUES ${rows}
       ON CONFLICT (collection, position) DO UPDATE SET record = excluded.record, version = excluded.version`,
      values,
    );
  }
}

/**
 * The whole of collection `name` under `version`, its old rows removed; `bank_collections` marks
 * it, so another process reads it again whole.
 */
export async function rewriteCollection(
  client: pg.Client,
  name: EntityCollection,
  entities: readonly object[],
  version: number,
  sent?: (rows: CommittedRow[]) => void,
): Promise<void> {
  await client.query(`DELETE FROM bank_entities WHERE collection = $1`, [name]);
  await writeEntities(client, name, entities.keys(), entities, version, sent);
  await client.query(
    `INSERT INTO bank_collections (collection, rewritten) VALUES ($1, $2)
     ON CONFLICT (collection) DO UPDATE SET rewritten = excluded.rewritten`,
    [name, version],
  );
}

/**
 * The entity rows a change wrote (`tracker.changes()`), under `version`: each collection rewritten
 * whole, then the dirty rows of the others. `local` takes the rows as they are sent, before the
 * COMMIT (pg-local-rows.ts): a change that does not commit is undone there as in the process.
 */
export async function writeChangedEntities(
  client: pg.Client,
  tracker: ChangeTracker,
  version: number,
  local: Pick<LocalRows, 'put' | 'dropCollection'>,
): Promise<void> {
  const { rewritten, dirty } = tracker.changes();
  const sent = (rows: CommittedRow[]) => local.put(rows);
  for (const name of rewritten) {
    // A paged collection's entities are read before its rows go.
    const items = Array.from(rowsOf(tracker.raw[name]));
    local.dropCollection(name);
    await rewriteCollection(client, name, items, version, sent);
  }
  const byCollection = new Map<EntityCollection, [number[], object[]]>();
  for (const [entity, row] of dirty) {
    if (rewritten.has(row.collection)) continue;
    let lists = byCollection.get(row.collection);
    if (!lists) byCollection.set(row.collection, (lists = [[], []]));
    lists[0].push(row.position);
    lists[1].push(entity);
  }
  for (const [name, [positions, entities]] of byCollection)
    await writeEntities(client, name, positions.values(), entities, version, sent);
}

/** The local ledger's changed rows (NULL: deleted), under `version`. */
export async function writeLedgerRows(
  client: pg.Client,
  rows: readonly LedgerRow[],
  version: number,
): Promise<void> {
  for (let from = 0; from < rows.length; from += WRITE_BATCH) {
    const batch = rows.slice(from, from + WRITE_BATCH);
    const values: unknown[] = [];
    const list = valuesList(
      batch.map((row) => [row.tbl, row.seq, row.row, version]),
      values,
    );
    await client.query(
      `INSERT INTO bank_ledger (tbl, seq, row, version) VALUES ${list}
       ON CONFLICT (tbl, seq) DO UPDATE SET row = excluded.row, version = excluded.version`,
      values,
    );
  }
}
