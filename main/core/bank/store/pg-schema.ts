/**
 * The bank's PostgreSQL schema (pg-bank-store.ts), as numbered migrations like the SQLite file's
 * (domain/schema.ts): a database lacking a step gets it, one transaction each, under an advisory
 * lock so that two bank processes starting at once migrate once. Never edit a released step.
 */
import type pg from 'pg';

export interface PgMigration {
  version: number;
  summary: string;
  sql: string;
}

/**
 * The advisory locks of a sandbox's database, one list so that no two share a number (a lock
 * taken for one purpose would otherwise wait for, or exclude, another).
 */
export const PG_LOCKS = {
  /** Held while migrating. */
  migration: 7_300_300,
  /** Every change of the sandbox's state, by any process (pg-bank-store.ts). */
  sandbox: 7_300_301,
  /** The processes serving the sandbox, one alone or all shared (pg-membership.ts). */
  members: 7_300_302,
  /** Writing the TPP findings' checkpoint (pg-shared-findings.ts). */
  findings: 7_300_303,
} as const;

/**
 * How long a change waits for the sandbox's lock before it gives up (SQLSTATE 55P03, answered 503
 * with Retry-After, §7): a process that holds the lock and does not go on (stopped, paused, an
 * operator's session) costs the others at most this wait per request, never a stall.
 */
export const LOCK_WAIT_MS = 2_000;

/**
 * The lease of a change (pg-connection.ts): a transaction of a bank's connection left idle
 * longer (its process stopped or paused while it holds the sandbox's lock) is ended by the
 * server, which lets the lock go for the others; the process, when it runs again, finds its
 * connection gone, answers that change 503 (nothing of it was committed) and connects again.
 */
export const LEASE_MS = 5_000;
/**
 * The read lease of a process (pg-member-lease.ts): while it holds one, and no version it was
 * told of is newer than its state, it answers reads without asking the database. A writer waits
 * for every other holder to acknowledge its version, at most until that holder's lease runs out:
 * so this, plus the lock's wait, bounds what a stopped member costs a change of the others.
 */
export const MEMBER_LEASE_MS = 900;
/** The lease of an admin API change, which may parse a snapshot of hundreds of MiB meanwhile. */
export const ADMIN_LEASE_MS = 60_000;

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    summary:
      'entities, ledger rows and settings, each with the version of the commit that wrote it',
    // The sequence bank_version is no longer read: under the sandbox's lock a commit's version is
    // the latest plus one (pg-bank-store.ts). A released step stays as it was.
    sql: `
      CREATE SEQUENCE bank_version;
      CREATE TABLE bank_entities (
        collection TEXT NOT NULL,
        position INTEGER NOT NULL,
        record TEXT NOT NULL,
        version BIGINT NOT NULL,
        PRIMARY KEY (collection, position)
      );
      CREATE INDEX bank_entities_version ON bank_entities (version);
      CREATE TABLE bank_collections (
        collection TEXT PRIMARY KEY,
        rewritten BIGINT NOT NULL
      );
      CREATE TABLE bank_ledger (
        tbl TEXT NOT NULL,
        seq BIGINT NOT NULL,
        row TEXT,
        version BIGINT NOT NULL,
        PRIMARY KEY (tbl, seq)
      );
      CREATE INDEX bank_ledger_version ON bank_ledger (version);
      CREATE TABLE bank_settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        version BIGINT NOT NULL
      );`,
  },
  {
    version: 2,
    summary:
      'the request log, the console events and the TPP findings checkpoint of every process (pg-shared-log.ts)',
    sql: `
      CREATE TABLE bank_exchanges (
        id BIGSERIAL PRIMARY KEY,
        arrived_at TIMESTAMPTZ NOT NULL,
        record TEXT NOT NULL,
        judgement TEXT,
        judged BOOLEAN NOT NULL DEFAULT false
      );
      CREATE INDEX bank_exchanges_arrival ON bank_exchanges (arrived_at, id);
      CREATE INDEX bank_exchanges_unjudged ON bank_exchanges (arrived_at, id) WHERE NOT judged;
      CREATE TABLE bank_console_events (
        id BIGSERIAL PRIMARY KEY,
        arrived_at TIMESTAMPTZ NOT NULL,
        record TEXT NOT NULL
      );
      CREATE INDEX bank_console_events_arrival ON bank_console_events (arrived_at, id);
      CREATE TABLE bank_findings_checkpoint (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        state TEXT NOT NULL,
        cleared_at TIMESTAMPTZ
      );`,
  },
  {
    version: 3,
    summary:
      'the read leases of the processes serving the sandbox, each with the last version it acknowledged (pg-member-lease.ts)',
    sql: `
      CREATE TABLE bank_members (
        member TEXT PRIMARY KEY,
        expires TIMESTAMPTZ NOT NULL,
        acked BIGINT NOT NULL
      );
      -- The version row always exists: a renewal locks it to be ordered against every commit.
      INSERT INTO bank_settings (name, value, version) VALUES ('version', '0', 0)
        ON CONFLICT (name) DO NOTHING;`,
  },
  {
    version: 4,
    summary:
      'the certificates the request log stores once, named by key from each exchange that carries one (pg-shared-certificates.ts)',
    sql: `
      CREATE TABLE bank_certificates (
        key TEXT PRIMARY KEY,
        certificate TEXT NOT NULL
      );`,
  },
];

/** Applies the steps the database lacks; refuses a database of a newer schema. */
export async function migratePostgres(
  client: pg.Client,
  migrations: readonly PgMigration[],
): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [PG_LOCKS.migration]);
    await client.query(`CREATE TABLE IF NOT EXISTS bank_schema (version INTEGER NOT NULL)`);
    const { rows } = await client.query<{ version: number }>(
      `SELECT coalesce(max(version), 0) AS version FROM bank_schema`,
    );
    const current = rows[0]!.version;
    const latest = migrations.at(-1)!.version;
    if (current > latest)
      throw new Error(
        `the PostgreSQL database has schema version ${current}, newer than this bank's ${latest}`,
      );
    for (const step of migrations.filter((migration) => migration.version > current)) {
      await client.query(step.sql);
      await client.query(`INSERT INTO bank_schema (version) VALUES ($1)`, [step.version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
