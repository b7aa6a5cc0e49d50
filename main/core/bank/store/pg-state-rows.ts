/**
 * The statements that write a shared sandbox's settings and its version (pg-bank-store.ts), each
 * row with the version of the commit that wrote it, and read a collection or a setting; the
 * entities and ledger rows a change writes are pg-entity-writes.ts's.
 */
import type pg from 'pg';
import type { EntityCollection } from './entity-rows.js';
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

/** One collection's records as committed, in order, with their positions. */
export async function readCollectionRows(
  client: pg.Client,
  name: EntityCollection,
): Promise<[object[], number[]]> {
  const { rows } = await client.query<{ position: number; record: string }>(
    `SELECT position, record FROM bank_entities WHERE collection = $1 ORDER BY position`,
    [name],
  );
  return [rows.map((row) => JSON.parse(row.record) as object), rows.map((row) => row.position)];
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

/** Every entity as committed, by collection, in order, with their positions (a whole load). */
export async function readAllEntities(client: pg.Client): Promise<{
  lists: Record<string, unknown[]>;
  positions: Map<EntityCollection, number[]>;
}> {
  const { rows } = await client.query<{
    collection: EntityCollection;
    position: number;
    record: string;
  }>(`SELECT collection, position, record FROM bank_entities ORDER BY collection, position`);
  const lists: Record<string, unknown[]> = {};
  const positions = new Map<EntityCollection, number[]>();
  for (const row of rows) {
    (lists[row.collection] ??= []).push(JSON.parse(row.record));
    let at = positions.get(row.collection);
    if (!at) positions.set(row.collection, (at = []));
    at.push(row.position);
  }
  return { lists, positions };
}
