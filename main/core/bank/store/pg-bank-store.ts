/**
 * The bank's state in PostgreSQL (issue #30 item 2, `workbench bank --db postgres://…`): one
 * database serves one sandbox through any number of bank processes.
 *
 * Each process keeps the whole state in memory (entities through the change tracker, the ledger
 * in an in-memory SQLite database, as a bank without a file) and PostgreSQL holds it for all:
 *
 * - every row carries the version of the commit that wrote it, from one sequence; the
 *   `bank_settings` row `version` is the last committed one;
 * - a request (or an admin API call) runs under a transaction-scoped advisory lock
 *   (pg_advisory_xact_lock): it first pulls the rows written since this process last looked
 *   (`version > seen`), runs the bank's synchronous pipeline, writes the rows it changed under a
 *   new version, and commits; so requests of all processes are one serial history, the batch
 *   runs once (its last run is in the behaviour row) and a consent made through one process is
 *   authorised through another's SCA pages;
 * - a collection whose members moved (a splice, a reset) is written whole and marked in
 *   `bank_collections`; a process that sees the mark reads that collection again;
 * - the ledger's changes are caught by triggers on the local tables and written as rows of
 *   `bank_ledger` (the local row as JSON; NULL when deleted);
 * - the virtual clock's settings are the `bank_settings` row `clock`.
 *
 * The request log, the console events and the TPP findings are shared on a connection of
 * their own (pg-shared-log.ts).
 */
import type pg from 'pg';
import type { VirtualClock, VirtualClockSettings } from '../../clock.js';
import type { SqliteDatabase } from '../../persistence/sqlite-file.js';
import { LedgerStore } from '../domain/ledger-store.js';
import type { DomainState } from '../domain/model.js';
import {
  ChangeTracker,
  ENTITY_COLLECTIONS,
  rowsOf,
  type EntityCollection,
} from './change-tracker.js';
import { PG_MIGRATIONS, migratePostgres } from './pg-schema.js';

/** The advisory lock every request of every process of one sandbox takes (any fixed number). */
const SANDBOX_LOCK = 7_300_301;
const LEDGER_TABLES = ['account_transactions', 'card_transactions'] as const;

export class PgBankStore {
  private tracker!: ChangeTracker;
  /** The last committed version this process has pulled. */
  private seen = 0;
  private clockShared = '';
  private readonly ledger: LedgerStore;
  private readonly local: SqliteDatabase;

  private constructor(
    private readonly client: pg.Client,
    private readonly clock: VirtualClock,
    /** For messages: the URL without its password. */
    readonly where: string,
    /** The URL it was opened with: the shared log (pg-shared-log.ts) opens its own connection. */
    readonly url: string,
  ) {
    this.ledger = LedgerStore.inMemory();
    this.local = this.ledger.db;
    this.local.exec(
      `CREATE TEMP TABLE ledger_changes (tbl TEXT, seq INTEGER, PRIMARY KEY (tbl, seq))`,
    );
    for (const table of LEDGER_TABLES)
      for (const [event, row] of [
        ['INSERT', 'NEW'],
        ['UPDATE', 'NEW'],
        ['DELETE', 'OLD'],
      ] as const)
        this.local.exec(`CREATE TEMP TRIGGER ${table}_${event.toLowerCase()}_change
          AFTER ${event} ON main.${table} BEGIN
          INSERT OR IGNORE INTO ledger_changes VALUES ('${table}', ${row}.seq); END`);
  }

  /** Connects and brings the database's schema up to date (PG_MIGRATIONS, under a lock). */
  static async open(url: string, clock: VirtualClock): Promise<PgBankStore> {
    const where = url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
    // Loaded here, not at start: only a bank on PostgreSQL needs the driver (about 14 MB).
    const { default: driver } = await import('pg');
    const client = new driver.Client({ connectionString: url });
    await client.connect().catch((error: Error) => {
      throw new Error(`cannot reach the PostgreSQL database ${where}: ${error.message}`);
    });
    await migratePostgres(client, PG_MIGRATIONS);
    return new PgBankStore(client, clock, where, url);
  }

  /** The state the bank works on: the database's, or `initial` written as the first. */
  async start(initial: () => DomainState): Promise<void> {
    await this.begin(false);
    await this.commitWith(async () => {
      const { rows } = await this.client.query(`SELECT 1 FROM bank_entities LIMIT 1`);
      if (rows.length > 0) return this.loadAll();
      this.adopt(initial());
      this.clockShared = '';
      await this.writeChanges();
    });
  }

  get view(): DomainState {
    return this.tracker.view;
  }

  raw(): DomainState {
    return this.tracker.raw;
  }

  /** A whole new state (reset, import): on the local ledger, written whole at the commit. */
  adopt(state: DomainState): void {
    const { ledger, ...small } = state;
    if (ledger !== this.ledger) {
      this.ledger.replaceAll(ledger.allAccountTransactions(), ledger.allCardTransactions());
      ledger.close();
    }
    this.tracker = new ChangeTracker({ ...small, ledger: this.ledger });
    this.tracker.rewriteAll();
  }

  /** Opens the transaction of one change under the sandbox's lock, with what others committed. */
  async begin(pull = true): Promise<void> {
    await this.client.query('BEGIN');
    await this.client.query('SELECT pg_advisory_xact_lock($1)', [SANDBOX_LOCK]);
    if (pull) await this.pull();
  }

  /** Writes what this change wrote and commits; throws after rolling back (then rollback()). */
  commit(): Promise<void> {
    return this.commitWith(() => this.writeChanges());
  }

  /** `work`, then COMMIT; ROLLBACK and the error when either fails. */
  private async commitWith(work: () => Promise<void>): Promise<void> {
    try {
      await work();
      await this.client.query('COMMIT');
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    this.tracker.settle();
    this.local.exec('DELETE FROM ledger_changes');
  }

  /** Abandons the change: the database is as before, and this process reads it again whole. */
  async rollback(): Promise<void> {
    await this.client.query('ROLLBACK').catch(() => undefined);
    await this.client.query('BEGIN');
    try {
      await this.loadAll();
    } finally {
      await this.client.query('COMMIT');
    }
  }

  async close(): Promise<void> {
    await this.client.end();
    this.ledger.close();
  }

  /** The rows other processes committed since `seen`. */
  private async pull(): Promise<void> {
    const latest = await this.version();
    if (latest === this.seen) return;
    const since = [this.seen];
    const rewritten = await this.client.query<{ collection: EntityCollection }>(
      `SELECT collection FROM bank_collections WHERE rewritten > $1`,
      since,
    );
    const whole = new Set(rewritten.rows.map((row) => row.collection));
    for (const name of whole) {
      const { rows } = await this.client.query<{ position: number; record: string }>(
        `SELECT position, record FROM bank_entities WHERE collection = $1 ORDER BY position`,
        [name],
      );
      this.tracker.replaceCollection(
        name,
        rows.map((row) => JSON.parse(row.record) as object),
        rows.map((row) => row.position),
      );
    }
    const changed = await this.client.query<{
      collection: EntityCollection;
      position: number;
      record: string;
    }>(
      `SELECT collection, position, record FROM bank_entities WHERE version > $1
       ORDER BY collection, position`,
      since,
    );
    for (const row of changed.rows)
      if (!whole.has(row.collection))
        this.tracker.applyRow(row.collection, row.position, JSON.parse(row.record) as object);
    const ledger = await this.client.query<{ tbl: string; seq: string; row: string | null }>(
      `SELECT tbl, seq, row FROM bank_ledger WHERE version > $1 ORDER BY version, seq`,
      since,
    );
    for (const row of ledger.rows) this.applyLedgerRow(row.tbl, Number(row.seq), row.row);
    this.local.exec('DELETE FROM ledger_changes');
    await this.pullClock(this.seen);
    this.seen = latest;
  }

  private async version(): Promise<number> {
    const { rows } = await this.client.query<{ value: string }>(
      `SELECT value FROM bank_settings WHERE name = 'version'`,
    );
    return rows[0] ? Number(rows[0].value) : 0;
  }

  private async pullClock(since: number): Promise<void> {
    const { rows } = await this.client.query<{ value: string }>(
      `SELECT value FROM bank_settings WHERE name = 'clock' AND version > $1`,
      [since],
    );
    if (!rows[0]) return;
    this.clock.restore(JSON.parse(rows[0].value) as VirtualClockSettings);
    this.clockShared = rows[0].value;
  }

  /** Everything again (a start, a rolled back change): entities, ledger, clock. */
  private async loadAll(): Promise<void> {
    const latest = await this.version();
    const { rows } = await this.client.query<{
      collection: EntityCollection;
      position: number;
      record: string;
    }>(`SELECT collection, position, record FROM bank_entities ORDER BY collection, position`);
    const state = { ledger: this.ledger } as Record<string, unknown>;
    const positions = new Map<EntityCollection, number[]>();
    for (const row of rows) {
      let list = state[row.collection] as unknown[] | undefined;
      if (!list) state[row.collection] = list = [];
      list.push(JSON.parse(row.record));
      let at = positions.get(row.collection);
      if (!at) positions.set(row.collection, (at = []));
      at.push(row.position);
    }
    state.behaviour = (state.behaviour as unknown[] | undefined)?.[0];
    if (state.behaviour === undefined)
      throw new Error(`the PostgreSQL database ${this.where} holds no bank behaviour row`);
    for (const name of ENTITY_COLLECTIONS) if (name !== 'behaviour') state[name] ??= [];
    this.local.exec('DELETE FROM account_transactions; DELETE FROM card_transactions');
    const ledger = await this.client.query<{ tbl: string; seq: string; row: string | null }>(
      `SELECT tbl, seq, row FROM bank_ledger WHERE row IS NOT NULL ORDER BY tbl, seq`,
    );
    for (const row of ledger.rows) this.applyLedgerRow(row.tbl, Number(row.seq), row.row);
    this.local.exec('DELETE FROM ledger_changes');
    this.tracker = new ChangeTracker(state as DomainState, positions);
    await this.pullClock(-1);
    this.seen = latest;
  }

  private applyLedgerRow(table: string, seq: number, row: string | null): void {
    if (!(LEDGER_TABLES as readonly string[]).includes(table))
      throw new Error(`the PostgreSQL database ${this.where} holds a ledger row of '${table}'`);
    if (row === null) {
      this.local.prepare(`DELETE FROM ${table} WHERE seq = ?`).run(seq);
      return;
    }
    const values = JSON.parse(row) as Record<string, unknown>;
    const columns = Object.keys(values).filter((name) => /^[a-z_]+$/.test(name));
    const updates = columns
      .filter((name) => name !== 'seq')
      .map((name) => `${name} = excluded.${name}`);
    this.local
      .prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})
         ON CONFLICT (seq) DO UPDATE SET ${updates.join(', ')}`,
      )
      .run(values);
  }

  /** The rows of this change, under a new version; nothing at all when it changed nothing. */
  private async writeChanges(): Promise<void> {
    const { rewritten, dirty } = this.tracker.changes();
    const ledger = this.local.prepare(`SELECT tbl, seq FROM ledger_changes`).all() as {
      tbl: string;
      seq: number;
    }[];
    const clock = JSON.stringify(this.clock.settings());
    if (
      rewritten.size === 0 &&
      dirty.size === 0 &&
      ledger.length === 0 &&
      clock === this.clockShared
    )
      return;
    const version = Number(
      (await this.client.query<{ v: string }>(`SELECT nextval('bank_version') AS v`)).rows[0]!.v,
    );
    for (const name of rewritten) {
      await this.client.query(`DELETE FROM bank_entities WHERE collection = $1`, [name]);
      const items = rowsOf(this.tracker.raw[name]);
      await this.upsertEntities(
        name,
        items.map((_, index) => index),
        items.map((item) => JSON.stringify(item)),
        version,
      );
      await this.client.query(
        `INSERT INTO bank_collections (collection, rewritten) VALUES ($1, $2)
         ON CONFLICT (collection) DO UPDATE SET rewritten = excluded.rewritten`,
        [name, version],
      );
    }
    const byCollection = new Map<EntityCollection, [number[], string[]]>();
    for (const [entity, row] of dirty) {
      if (rewritten.has(row.collection)) continue;
      let lists = byCollection.get(row.collection);
      if (!lists) byCollection.set(row.collection, (lists = [[], []]));
      lists[0].push(row.position);
      lists[1].push(JSON.stringify(entity));
    }
    for (const [name, [positions, records]] of byCollection)
      await this.upsertEntities(name, positions, records, version);
    if (ledger.length > 0) {
      const rows = ledger.map(
        (change) =>
          this.local.prepare(`SELECT * FROM ${change.tbl} WHERE seq = ?`).get(change.seq) as
            object | undefined,
      );
      await this.client.query(
        `INSERT INTO bank_ledger (tbl, seq, row, version)
         SELECT tbl, seq, row, $4 FROM unnest($1::text[], $2::bigint[], $3::text[]) AS t (tbl, seq, row)
         ON CONFLICT (tbl, seq) DO UPDATE SET row = excluded.row, version = excluded.version`,
        [
          ledger.map((change) => change.tbl),
          ledger.map((change) => change.seq),
          rows.map((row) => (row === undefined ? null : JSON.stringify(row))),
          version,
        ],
      );
    }
    if (clock !== this.clockShared) {
      await this.setting('clock', clock, version);
      this.clockShared = clock;
    }
    await this.setting('version', String(version), version);
    this.seen = version;
  }

  private async upsertEntities(
    name: EntityCollection,
    positions: number[],
    records: string[],
    version: number,
  ): Promise<void> {
    await this.client.query(
      `INSERT INTO bank_entities (collection, position, record, version)
       SELECT $1, position, record, $4 FROM unnest($2::int[], $3::text[]) AS t (position, record)
       ON CONFLICT (collection, position) DO UPDATE SET record = excluded.record, version = excluded.version`,
      [name, positions, records, version],
    );
  }

  private async setting(name: string, value: string, version: number): Promise<void> {
    await this.client.query(
      `INSERT INTO bank_settings (name, value, version) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, version = excluded.version`,
      [name, value, version],
    );
  }
}
