/**
 * The bank's state in PostgreSQL (`workbench bank --db postgres://…`): one database serves one
 * sandbox through any number of bank processes.
 *
 * Each process keeps the state (entities through the change tracker, its large collections paged
 * to a local file, pg-local-rows.ts; the ledger in memory) and PostgreSQL holds it for all:
 *
 * - every row carries the version of the commit that wrote it; `bank_settings`'s `version` is
 *   the last committed one;
 * - a change (a group of requests, an admin API call) runs under a transaction-scoped advisory
 *   lock (pg_advisory_xact_lock): it first pulls the rows written since this process last looked
 *   (`version > seen`), runs the bank's synchronous pipeline, writes the rows it changed under
 *   the next version, and commits; so requests of all processes are one serial history, the
 *   batch runs once (its last run is in the behaviour row) and a consent made through one
 *   process is authorised through another's SCA pages;
 * - a group of reads takes no lock (engine/pg-request-groups.ts): it runs on this process's state
 *   while one query reads the committed version; when that is the version this process holds
 *   and the reads changed nothing, their answers are as of that moment. Behind it, reads that
 *   changed nothing take what others committed on one snapshot, without the lock (`catchUp`),
 *   and run again. Otherwise what they changed is undone (`discard`: the changed rows read
 *   again, the ledger back to its savepoint) and they run again under the lock;
 * - a collection whose members moved (a splice, a reset) is written whole and marked in
 *   `bank_collections`; a process that sees the mark reads that collection again;
 * - the ledger's changes are caught by triggers on the local tables and written as rows of
 *   `bank_ledger` (the local row as JSON; NULL when deleted);
 * - the virtual clock's settings are the `bank_settings` row `clock`;
 * - a process alone on the database reads without asking it (pg-membership.ts), and so does one
 *   holding a live read lease that was told of no newer version (pg-member-lease.ts): a commit
 *   is answered once every other live member acknowledged it;
 * - a connection the server ended is opened again by the next change, which reads the whole
 *   state again first (pg-connection.ts).
 *
 * The request log, the console events and the TPP findings are shared on a connection of
 * their own (pg-shared-log.ts).
 */
import type pg from 'pg';
import type { VirtualClock, VirtualClockSettings } from '../../clock.js';
import type { DomainState } from '../domain/model.js';
import { ChangeTracker } from './change-tracker.js';
import { ENTITY_COLLECTIONS, PAGED_ENTITIES_KEPT, type EntityCollection } from './entity-rows.js';
import { LocalRows } from './pg-local-rows.js';
import { LocalLedger } from './pg-local-ledger.js';
import { PgStateConnection, connect } from './pg-connection.js';
import { MemberLease, type PendingMember } from './pg-member-lease.js';
import { LEASE_MS, LOCK_WAIT_MS, PG_LOCKS } from './pg-schema.js';
import { writeChangedEntities, writeLedgerRows } from './pg-entity-writes.js';
import {
  beginSnapshot,
  readAllEntities,
  readChangesSince,
  readLedger,
  readRowsAt,
  readCollectionRows,
  readSettingSince,
  readVersion,
  type EntityRow,
  writeSetting,
  writeVersion,
} from './pg-state-rows.js';

const SANDBOX_LOCK = PG_LOCKS.sandbox;

export class PgBankStore {
  private tracker!: ChangeTracker;
  /** The last committed version this process has pulled. */
  private seen = 0;
  /** The committed version read by begin() under the lock: the next commit writes latest + 1. */
  private latest = 0;
  /** A discard failed (the database unreachable): the next change reads everything again. */
  private stale = false;
  private clockShared = '';
  private readonly ledger: LocalLedger;
  /** What the bench and the tests count: the reads that asked the database for its version. */
  readonly counters = { versionReads: 0 };
  private acks: Promise<void> = Promise.resolve(); // acknowledged()
  private generations = 0; // generation

  private constructor(
    private readonly connection: PgStateConnection,
    private readonly lease: MemberLease,
    private readonly clock: VirtualClock,
    /** For messages: the URL without its password. */
    readonly where: string,
    /** The URL it was opened with: the shared log (pg-shared-log.ts) opens its own connection. */
    readonly url: string,
    /** The paged collections' rows this process is not holding (pg-local-rows.ts). */
    private readonly local: LocalRows,
    private readonly kept: number,
  ) {
    this.ledger = new LocalLedger(where);
  }

  /**
   * Connects, brings the database's schema up to date (PG_MIGRATIONS, under a lock) and joins the
   * sandbox's processes (pg-connection.ts).
   */
  static async open(
    url: string,
    clock: VirtualClock,
    /** Entities of each paged collection kept in the process between groups (tests: 0). */
    kept = PAGED_ENTITIES_KEPT,
  ): Promise<PgBankStore> {
    const where = url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
    const connection = await PgStateConnection.open(url, where);
    // Its own connection: a renewal or an acknowledgement never waits behind a change.
    const lease = await MemberLease.open(url, (to) => connect(to, where));
    return new PgBankStore(connection, lease, clock, where, url, new LocalRows(), kept);
  }

  private get client(): pg.Client {
    return this.connection.client;
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

  /** Whether this process is alone on the database (pg-membership.ts). */
  get solo(): boolean {
    return this.connection.membership.solo;
  }

  get view(): DomainState {
    return this.tracker.view;
  }

  /** Moves each time the state takes what others committed, or goes back to what was committed. */
  get generation(): number {
    return this.generations;
  }

  raw(): DomainState {
    return this.tracker.raw;
  }

  /** A whole new state (reset, import): on the local ledger, written whole at the commit. */
  adopt(state: DomainState): void {
    const { ledger, ...small } = state;
    this.ledger.replaceWith(ledger);
    this.tracker = new ChangeTracker(
      { ...small, ledger: this.ledger.store },
      undefined,
      this.local.paging(this.kept),
    );
    this.tracker.rewriteAll();
  }

  /**
   * Opens the transaction of one change under the sandbox's lock (one round trip: BEGIN, the
   * lock, the committed version), then, `pull`, takes what others committed. Answers whether
   * nobody had committed since this process last looked. The lock is waited for at most
   * `waitMs` (LOCK_WAIT_MS); then it throws, with nothing of this process changed. `leaseMs`:
   * how long the change may stay idle before the server ends it (pg-schema.ts LEASE_MS).
   */
  async begin(pull = true, waitMs = LOCK_WAIT_MS, leaseMs = LEASE_MS): Promise<boolean> {
    // A connection opened again: what this process holds is read again whole.
    if (await this.connection.ensure()) this.stale = true;
    // lock_timeout 0 would mean no limit: a spent budget still waits a millisecond, no more.
    const wait = Math.max(1, Math.round(waitMs));
    const results = (await this.client
      .query(
        `BEGIN; SELECT set_config('lock_timeout', '${wait}', true),
           set_config('idle_in_transaction_session_timeout', '${Math.round(leaseMs)}', true);
         SELECT pg_advisory_xact_lock(${SANDBOX_LOCK});
         SELECT value FROM bank_settings WHERE name = 'version'`,
      )
      .catch(async (error: unknown) => {
        await this.client.query('ROLLBACK').catch(() => undefined);
        throw error;
      })) as unknown as pg.QueryResult<{ value: string }>[];
    this.latest = Number(results[3]?.rows[0]?.value ?? 0);
    const current = this.latest === this.seen && !this.stale;
    if (pull) {
      if (this.stale) await this.loadAll();
      else await this.pull();
    }
    this.open();
    return current;
  }

  /**
   * The committed version, read without a lock or a transaction (a group of reads); a process
   * alone on the database (pg-membership.ts), or holding a live read lease and told of no newer
   * version (pg-member-lease.ts), holds it without asking.
   */
  async committedVersion(): Promise<number> {
    if (await this.connection.ensure()) this.stale = true;
    const holds = this.connection.membership.solo || this.lease.fresh(this.seen);
    if (holds && !this.stale) return this.seen;
    this.counters.versionReads += 1;
    // Named: the server parses and plans it once per connection (about half its round trip).
    const { rows } = await this.client.query<{ value: string }>({
      name: 'bank_committed_version',
      text: `SELECT value FROM bank_settings WHERE name = 'version'`,
    });
    return Number(rows[0]?.value ?? 0);
  }

  /**
   * Takes what others committed without the sandbox's lock, on one snapshot (REPEATABLE READ: the
   * version and the rows agree), for reads that changed nothing on a state behind: their next run
   * is as of a version read after they arrived, and no writer waits for this catch-up.
   */
  async catchUp(): Promise<void> {
    if (await this.connection.ensure()) this.stale = true;
    try {
      this.latest = await beginSnapshot(this.client, LEASE_MS);
      this.ledger.undo();
      if (this.stale) await this.loadAll();
      else await this.pull();
      await this.client.query('COMMIT');
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      this.stale = true;
      throw error;
    } finally {
      this.open();
    }
  }

  /** Between groups: the views handed out go, and the paged collections down to their bound. */
  quiesce(): void {
    this.tracker.quiesce();
  }

  /** How many entities of a paged collection are in the process (tests, the bench). */
  loadedCount(name: EntityCollection): number | undefined {
    return this.tracker.loadedCount(name);
  }

  /** Whether `version` is the one this process's state is as of. */
  holds(version: number): boolean {
    return version === this.seen && !this.stale;
  }

  /** Opens the local ledger's savepoint of a change (discard() goes back to it). */
  open(): void {
    this.ledger.open();
  }

  /** Whether the change in progress wrote anything (entities, ledger rows or the clock). */
  changed(): boolean {
    const { rewritten, dirty } = this.tracker.changes();
    if (rewritten.size > 0 || dirty.size > 0 || this.ledger.changed()) return true;
    return this.clock.settingsJson() !== this.clockShared;
  }

  /**
   * Writes what this change wrote and commits; throws after rolling back (then abandon()).
   * Nothing it wrote may be answered before acknowledged() (pg-member-lease.ts).
   */
  async commit(): Promise<void> {
    let version: number | undefined;
    // The members still to acknowledge are asked in the COMMIT's round trip, after it.
    const pending = await this.commitWith(
      async () => {
        version = await this.writeChanges();
        this.lease.committing(version);
      },
      () => (version === undefined ? 'COMMIT' : `COMMIT; ${this.lease.pendingSql(version)}`),
    ).catch((error: unknown) => {
      this.lease.committing(undefined);
      throw error;
    });
    if (version !== undefined) this.acks = this.lease.settleAfter(this.acks, version, pending);
  }

  /**
   * Resolves once every other member with a live read lease acknowledged every version this
   * process committed so far, or its lease ran out: then a read anywhere sees them. Never
   * rejects. The next change need not wait for it; the answers do.
   */
  acknowledged(): Promise<void> {
    return this.acks;
  }

  /** `work`, then COMMIT (`commitSql`); ROLLBACK and the error when either fails. */
  private async commitWith(
    work: () => Promise<void>,
    commitSql = () => 'COMMIT',
  ): Promise<PendingMember[]> {
    let results: pg.QueryResult<PendingMember> | pg.QueryResult<PendingMember>[];
    try {
      await work();
      results = await this.client.query<PendingMember>(commitSql());
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    this.tracker.settle();
    this.ledger.forgetChanges();
    // The change is committed: its savepoint goes.
    this.ledger.release();
    return Array.isArray(results) ? (results[1]?.rows ?? []) : [];
  }

  /**
   * Abandons the change (its transaction, if open, is rolled back): this process's state is the
   * database's again, at its latest version. When the database cannot be reached, or its lock
   * not taken in `waitMs`, the next change reads everything again first.
   */
  async abandon(waitMs = LOCK_WAIT_MS): Promise<void> {
    await this.client.query('ROLLBACK').catch(() => undefined);
    try {
      await this.begin(false, waitMs);
      await this.discard();
      await this.client.query('COMMIT');
      this.ledger.release();
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      this.stale = true;
      throw error;
    }
  }

  /**
   * Under the lock (begin(false)): undoes what this process changed and did not commit, then
   * takes what others committed. Costs the rows the change touched, not the state: each changed
   * entity is read again as committed (a new one, never committed, leaves its collection), a
   * rewritten collection is read whole, the ledger goes back to the change's savepoint and the
   * clock to the shared one (pull restores only a newer one).
   */
  async discard(): Promise<void> {
    this.generations += 1;
    if (this.stale) {
      await this.loadAll();
      this.open();
      return;
    }
    this.ledger.undo();
    const { rewritten, dirty } = this.tracker.changes();
    for (const name of rewritten) await this.readCollection(name);
    const touched = [...dirty.values()].filter((row) => !rewritten.has(row.collection));
    const found = await readRowsAt(this.client, touched);
    const committed = new Set(found.rows.map((row) => `${row.collection}/${row.position}`));
    for (const row of touched)
      if (!committed.has(`${row.collection}/${row.position}`)) {
        this.tracker.dropRow(row.collection, row.position);
        this.local.remove(row.collection, row.position);
      }
    this.take(found.rows);
    this.tracker.forget();
    await this.pull();
    if (this.clockShared !== '' && this.clock.settingsJson() !== this.clockShared)
      this.clock.restore(JSON.parse(this.clockShared) as VirtualClockSettings);
    this.open();
  }

  async close(): Promise<void> {
    await this.lease.close();
    await this.connection.end();
    this.ledger.close();
    this.local.close();
  }

  /** The rows other processes committed since `seen` (under the lock: begin() read `latest`). */
  private async pull(): Promise<void> {
    const latest = this.latest;
    if (latest === this.seen) return;
    this.generations += 1;
    const { whole, rows, ledger } = await readChangesSince(this.client, this.seen);
    for (const name of whole) await this.readCollection(name);
    this.take(rows.filter((row) => !whole.has(row.collection)));
    for (const row of ledger) this.ledger.apply(row);
    this.ledger.forgetChanges();
    await this.pullClock(this.seen);
    this.seen = latest;
  }

  /** Rows as committed, read from the database: the local rows and the tracked state take them. */
  private take(rows: readonly EntityRow[]): void {
    this.local.put(rows);
    for (const row of rows)
      this.tracker.applyRow(row.collection, row.position, JSON.parse(row.record) as object);
  }

  /** One collection again, whole, as committed. */
  private async readCollection(name: EntityCollection): Promise<void> {
    const rows = await readCollectionRows(this.client, name);
    this.local.dropCollection(name);
    this.local.put(rows);
    this.tracker.replaceCollection(
      name,
      rows.map((row) => JSON.parse(row.record) as object),
      rows.map((row) => row.position),
    );
  }

  private async pullClock(since: number): Promise<void> {
    const clock = await readSettingSince(this.client, 'clock', since);
    if (clock === undefined) return;
    this.clock.restore(JSON.parse(clock) as VirtualClockSettings);
    this.clockShared = clock;
  }

  /** Everything again (a start, after the database was out of reach): entities, ledger, clock. */
  private async loadAll(): Promise<void> {
    this.ledger.undo();
    const latest = await readVersion(this.client);
    this.local.clear();
    const paging = this.local.paging(this.kept);
    const { lists, positions } = await readAllEntities(this.client, this.local);
    const state = { ...lists, ledger: this.ledger.store } as Record<string, unknown>;
    state.behaviour = (state.behaviour as unknown[] | undefined)?.[0];
    if (state.behaviour === undefined)
      throw new Error(`the PostgreSQL database ${this.where} holds no bank behaviour row`);
    for (const name of ENTITY_COLLECTIONS) if (name !== 'behaviour') state[name] ??= [];
    this.ledger.clear();
    for (const row of await readLedger(this.client)) this.ledger.apply(row);
    this.ledger.forgetChanges();
    this.tracker = new ChangeTracker(state as DomainState, positions, paging);
    await this.pullClock(-1);
    this.seen = this.latest = latest;
    this.stale = false;
  }

  /** The rows of this change, under a new version (returned); nothing when it changed nothing. */
  private async writeChanges(): Promise<number | undefined> {
    const { rewritten, dirty } = this.tracker.changes();
    const ledger = this.ledger.changedRows();
    const clock = this.clock.settingsJson();
    if (
      rewritten.size === 0 &&
      dirty.size === 0 &&
      ledger.length === 0 &&
      clock === this.clockShared
    )
      return undefined;
    // Under the lock nobody else commits: the next version is the one after the latest.
    const version = this.latest + 1;
    await writeChangedEntities(this.client, this.tracker, version, this.local);
    await writeLedgerRows(this.client, ledger, version);
    if (clock !== this.clockShared) {
      await writeSetting(this.client, 'clock', clock, version);
      this.clockShared = clock;
    }
    await writeVersion(this.client, version);
    this.seen = this.latest = version;
    return version;
  }
}
