/**
 * The statements that write a shared sandbox's settings and its version (pg-bank-store.ts), each
 * row with the version of the commit that wrote it, and read a collection or a setting; the
 * entities and ledger rows a change writes are pg-entity-writes.ts's.
 */
import type pg from 'pg';
import type { EntityCollection } from './entity-rows.js';
import type { LocalRows } from './pg-local-rows.js';
import type { LedgerRow } from './pg-local-ledger.js';
import { VERSIONS_CHANNEL } from './pg-member-lease.js';

/** A `bank_settings` row, written under `version`. */
export async function writeSetting(
  client: pg.Client,
  name: string,
  value: string,
  version: number,
): Promise<void> {
  await client.query(
    `INSERT INTO bank_settings (name, value, version) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value, version = excluded.version`,
    [name, value, version],
  );
}

/**
 * The committed version becomes `version`, announced to every member at the COMMIT
 * (pg-member-lease.ts: a member notes it before its reads go without asking again).
 */
export async function writeVersion(client: pg.Client, version: number): Promise<void> {
  await client.query(
    `WITH written AS (
       INSERT INTO bank_settings (name, value, version) VALUES ('version', $1, $2)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, version = excluded.version
       RETURNING value)
     SELECT pg_notify('${VERSIONS_CHANNEL}', value) FROM written`,
    [String(version), version],
  );
}

/** The committed version as this statement sees it (0 on an empty database). */
export async function readVersion(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ value: string }>(
    `SELECT value FROM bank_settings WHERE name = 'version'`,
  );
  return rows[0] ? Number(rows[0].value) : 0;
}

/**
 * Opens a read-only transaction on one snapshot (REPEATABLE READ: what it reads agrees with the
 * version it answers), ended by the server when idle over `idleMs` (a stopped process).
 */
export async function beginSnapshot(client: pg.Client, idleMs: number): Promise<number> {
  await client.query(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
    SELECT set_config('idle_in_transaction_session_timeout', '${Math.round(idleMs)}', true)`);
  return readVersion(client);
}

/** One collection's rows as committed, in order. */
export async function readCollectionRows(
  client: pg.Client,
  name: EntityCollection,
): Promise<EntityRow[]> {
  const { rows } = await client.query<EntityRow>(
    `SELECT collection, position, record FROM bank_entities WHERE collection = $1
     ORDER BY position`,
    [name],
  );
  return rows;
}

/** A `bank_settings` row's value when a commit after `since` wrote it. */
export async function readSettingSince(
  client: pg.Client,
  name: string,
  since: number,
): Promise<string | undefined> {
  const { rows } = await client.query<{ value: string }>(
    `SELECT value FROM bank_settings WHERE name = $1 AND version > $2`,
    [name, since],
  );
  return rows[0]?.value;
}

/** One committed row of an entity. */
export interface EntityRow {
  collection: EntityCollection;
  position: number;
  record: string;
}

/** Rows a whole load reads a statement. */
const LOAD_PAGE = 2_000;

/**
 * Every entity as committed, by collection, in order, with their positions (a whole load). The
 * rows of a collection `local` pages go to it as text, unparsed: only their positions are listed.
 */
export async function readAllEntities(
  client: pg.Client,
  local?: Pick<LocalRows, 'pages' | 'put'>,
): Promise<{
  lists: Record<string, unknown[]>;
  positions: Map<EntityCollection, number[]>;
}> {
  const lists: Record<string, unknown[]> = {};
  const positions = new Map<EntityCollection, number[]>();
  // In pages of LOAD_PAGE rows, each page's texts gone before the next: the whole state's text is
  // never held at once. The caller reads under the sandbox's lock or on one snapshot (catchUp),
  // so no commit moves the rows between two pages.
  let after: { collection: string; position: number } = { collection: '', position: -1 };
  for (;;) {
    const { rows } = await client.query<EntityRow>(
      `SELECT collection, position, record FROM bank_entities
       WHERE (collection, position) > ($1, $2) ORDER BY collection, position LIMIT ${LOAD_PAGE}`,
      [after.collection, after.position],
    );
    for (const row of rows) {
      if (local?.pages(row.collection)) lists[row.collection] ??= [];
      else (lists[row.collection] ??= []).push(JSON.parse(row.record));
      let at = positions.get(row.collection);
      if (!at) positions.set(row.collection, (at = []));
      at.push(row.position);
    }
    local?.put(rows);
    if (rows.length < LOAD_PAGE) break;
    after = rows.at(-1)!;
  }
  return { lists, positions };
}

/** The ledger's rows as committed (a whole load), by table and order. */
export async function readLedger(client: pg.Client): Promise<LedgerRow[]> {
  const { rows } = await client.query<LedgerRow>(
    `SELECT tbl, seq::int AS seq, row FROM bank_ledger WHERE row IS NOT NULL ORDER BY tbl, seq`,
  );
  return rows;
}

/** The committed rows at these places (those a discarded change touched; a new one has none). */
export async function readRowsAt(
  client: pg.Client,
  places: readonly { collection: EntityCollection; position: number }[],
): Promise<pg.QueryResult<EntityRow>> {
  return client.query<EntityRow>(
    `SELECT e.collection, e.position, e.record FROM bank_entities e
     JOIN unnest($1::text[], $2::int[]) AS t (collection, position) USING (collection, position)`,
    [places.map((row) => row.collection), places.map((row) => row.position)],
  );
}

/**
 * What commits after `since` wrote: the collections they rewrote whole, the entity rows (in
 * order) and the ledger rows (in commit order).
 */
export async function readChangesSince(
  client: pg.Client,
  since: number,
): Promise<{ whole: Set<EntityCollection>; rows: EntityRow[]; ledger: LedgerRow[] }> {
  const rewritten = await client.query<{ collection: EntityCollection }>(
    `SELECT collection FROM bank_collections WHERE rewritten > $1`,
    [since],
  );
  const changed = await client.query<EntityRow>(
    `SELECT collection, position, record FROM bank_entities WHERE version > $1
     ORDER BY collection, position`,
    [since],
  );
  const ledger = await client.query<LedgerRow>(
    `SELECT tbl, seq::int AS seq, row FROM bank_ledger WHERE version > $1 ORDER BY version, seq`,
    [since],
  );
  return {
    whole: new Set(rewritten.rows.map((row) => row.collection)),
    rows: changed.rows,
    ledger: ledger.rows,
  };
}
