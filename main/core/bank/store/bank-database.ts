/**
 * The bank's durable state in one SQLite database file (design property 10 of
 * docs/architecture.md): a request that changes the state is one transaction, and its answer
 * goes out
 * after the commit. A failed commit is rolled back in the file and in memory, so it changes
 * nothing and the request can be sent again.
 *
 * Small entities are rows of `bank_entities` (collection, position, JSON). The live state is
 * handed out through a change tracker (change-tracker.ts): a commit writes the rows of the
 * entities that were written to, and nothing else is serialised. Transactions
 * are written by the ledger store as they are posted, inside the same transaction.
 */
import { WalSync } from '../../persistence/wal-sync.js';
import {
  openDatabaseFile,
  DatabaseFileError,
  type SqliteDatabase,
} from '../../persistence/sqlite-file.js';
import type { VirtualClock, VirtualClockSettings } from '../../clock.js';
import type { DomainState } from '../domain/model.js';
import { ChangeTracker } from './change-tracker.js';
import type { PagingOptions } from './paged-rows.js';
import {
  ENTITY_COLLECTIONS,
  PAGED_COLLECTIONS,
  PAGED_ENTITIES_KEPT,
  rowsOf,
  type EntityCollection,
} from './entity-rows.js';
import { LedgerStore } from '../domain/ledger-store.js';
import { BANK_MIGRATIONS, keyedRowPositions } from '../domain/schema.js';

/** The page cache of the database file's connection, in KiB. */
const PAGE_CACHE_KIB = 16 * 1024;

export interface BankDatabaseOptions {
  now?: () => Date;
  /**
   * The bank's virtual clock, kept as state like the PostgreSQL store's (pg-bank-store.ts): its
   * settings (offset, or the instant it stands at) are restored when the state is loaded and
   * written by the commit of a change that moved it; a rolled-back change puts it back.
   */
  clock?: VirtualClock;
  /**
   * Tests: every commit also compares the whole state with what the file holds and throws when
   * a change escaped the tracker (a write the tracker did not see). Costs what tracking saves.
   */
  verifyTracking?: boolean;
  /** Entities of each paged collection kept between requests (tests: a small bound). */
  pagedEntitiesKept?: number;
}

/** What the commits of this database wrote, for tests and the benchmark. */
export interface CommitCounters {
  /** Transactions begun: a read begins none (beginOnWrite). */
  transactions: number;
  commits: number;
  rowsWritten: number;
  rowsSerialised: number;
  /**
   * Time the event loop spent in commit(), in microseconds: the soak's commit share. Wall clock,
   * an upper bound on its CPU (the commit is synchronous and its fsync runs off the loop);
   * process.cpuUsage() twice a commit cost about as much as an empty commit.
   */
  busyMicros: number;
}

export class BankDatabase {
  readonly ledger: LedgerStore;
  readonly counters: CommitCounters = {
    transactions: 0,
    commits: 0,
    rowsWritten: 0,
    rowsSerialised: 0,
    busyMicros: 0,
  };
  /** verifyTracking: the writes the tracker missed (each also failed its commit). */
  readonly trackingMisses: string[] = [];
  private tracker: ChangeTracker | undefined;
  private readonly upsert;
  private readonly removeCollection;
  private readonly wal: WalSync | undefined;
  /** Rows this connection has written (ledger triggers included), for the sync's coverage. */
  private readonly writes;
  private readonly transaction;
  private readonly readSetting;
  private readonly writeSetting;
  /** The clock's settings as last committed (or found at the first load, when none were). */
  private clockCommitted = '';
  /** The connection's rows written when the open transaction began (endUnchanged). */
  private writesAtBegin = -1;
  /** A request's change is open (beginOnWrite): its transaction begins at its first write. */
  private changeOpen = false;
  /** The collections read from the file as they are asked for. */
  private readonly paging: PagingOptions;

  private constructor(
    readonly db: SqliteDatabase,
    /** The file, for messages. */
    readonly path: string,
    private readonly verifyTracking: boolean,
    private readonly clock: VirtualClock | undefined,
    pagedEntitiesKept: number,
  ) {
    // SQLite's default page cache (2 MB) is smaller than the page index of a 100k-entry account
    // (about 4 MB): a deep page's OFFSET walk (§4.2.3 offset paging) pushed the page's own rows
    // out, and they were read again from the file. 16 MiB keeps both; it is filled only as used.
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    this.wal = WalSync.attach(db, path);
    this.writes = db.prepare(`SELECT total_changes()`).pluck();
    // Prepared once: every request begins and commits (exec would compile them each time).
    this.transaction = { begin: db.prepare('BEGIN'), commit: db.prepare('COMMIT') };
    this.ledger = new LedgerStore(db);
    this.ledger.beforeWrite = () => {
      if (this.changeOpen) this.begin();
    };
    this.upsert = db.prepare<[string, number, string]>(
      `INSERT INTO bank_entities (collection, position, record) VALUES (?, ?, ?)
       ON CONFLICT (collection, position) DO UPDATE SET record = excluded.record`,
    );
    this.removeCollection = db.prepare<[string]>(`DELETE FROM bank_entities WHERE collection = ?`);
    const pagedRows = db.prepare<[string, number, number]>(
      `SELECT position, record FROM bank_entities
       WHERE collection = ? AND position BETWEEN ? AND ? ORDER BY position`,
    );
    this.paging = {
      collections: PAGED_COLLECTIONS,
      kept: pagedEntitiesKept,
      source: {
        rows: (collection, from, to) =>
          pagedRows.all(collection, from, to) as { position: number; record: string }[],
        positionsWithKey: keyedRowPositions(db),
      },
    };
    this.readSetting = db
      .prepare<[string]>(`SELECT value FROM bank_settings WHERE name = ?`)
      .pluck();
    this.writeSetting = db.prepare<[string, string]>(
      `INSERT INTO bank_settings (name, value) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
    );
  }

  /**
   * Opens (or creates) the database file: leftover temporary files are removed, an unreadable
   * file is moved aside and refused (DatabaseFileError), an older schema is migrated.
   */
  static async open(path: string, options: BankDatabaseOptions = {}): Promise<BankDatabase> {
    const db = await openDatabaseFile(path, {
      migrations: BANK_MIGRATIONS,
      what: 'the bank database',
      ...(options.now ? { now: options.now } : {}),
    });
    return new BankDatabase(
      db,
      path,
      options.verifyTracking ?? false,
      options.clock,
      options.pagedEntitiesKept ?? PAGED_ENTITIES_KEPT,
    );
  }

  /** Whether the file holds a state yet (a new file does not). */
  hasState(): boolean {
    return this.db.prepare(`SELECT 1 FROM bank_entities LIMIT 1`).get() !== undefined;
  }

  /** The live state the file holds, as the tracked view the bank works on. */
  load(): DomainState {
    // Row by row: only one row's JSON text is held at a time, never the whole state's beside
    // the entities parsed from it. A paged collection's rows are only counted: their entities
    // are read when asked for.
    const rows = this.db
      .prepare(
        `SELECT collection, position,
           CASE WHEN collection IN (${[...PAGED_COLLECTIONS].map((name) => `'${name}'`).join(', ')})
           THEN NULL ELSE record END AS record
         FROM bank_entities ORDER BY collection, position`,
      )
      .iterate() as IterableIterator<{
      collection: string;
      position: number;
      record: string | null;
    }>;
    const state = { ledger: this.ledger } as Record<string, unknown>;
    const positions = new Map<EntityCollection, number[]>();
    for (const name of ENTITY_COLLECTIONS) {
      state[name] = [];
      positions.set(name, []);
    }
    for (const row of rows) {
      const name = row.collection as EntityCollection;
      if (!positions.has(name))
        throw new DatabaseFileError(
          `the bank database ${this.path} holds an unknown collection '${row.collection}'`,
        );
      if (row.record !== null) (state[name] as unknown[]).push(JSON.parse(row.record));
      positions.get(name)!.push(row.position);
    }
    state.behaviour = (state.behaviour as unknown[])[0];
    if (state.behaviour === undefined)
      throw new DatabaseFileError(`the bank database ${this.path} holds no bank behaviour row`);
    this.tracker = new ChangeTracker(state as DomainState, positions, this.paging);
    this.loadClock();
    return this.tracker.view;
  }

  /** The clock as committed (a restart, a rollback); at the first load of a file without one, as is. */
  private loadClock(): void {
    const clock = this.clock;
    if (!clock) return;
    const value = (this.readSetting.get('clock') as string | undefined) ?? this.clockCommitted;
    if (value !== '') clock.restore(JSON.parse(value) as VirtualClockSettings);
    this.clockCommitted = value !== '' ? value : clock.settingsJson();
  }

  /**
   * `state` (on this database's ledger) becomes the live state, written whole at the next commit:
   * the first state of a new file, a reset, an import. Returns its tracked view.
   */
  adopt(state: DomainState): DomainState {
    this.tracker = new ChangeTracker(state, undefined, this.paging);
    this.tracker.rewriteAll();
    return this.tracker.view;
  }

  /** How many entities of a paged collection are in the process now (tests, the bench). */
  loadedCount(name: EntityCollection): number | undefined {
    return this.live().loadedCount(name);
  }

  /** The live state itself, untracked: for snapshots and reads that must not cost tracking. */
  raw(): DomainState {
    return this.live().raw;
  }

  private live(): ChangeTracker {
    if (!this.tracker) throw new Error('the bank database has no live state: load() or adopt()');
    return this.tracker;
  }

  /**
   * Resolves when every commit made so far is on disk; undefined when they all are already
   * (or without background sync).
   */
  synced(): Promise<void> | undefined {
    return this.wal?.waitFor(this.writes.get() as number);
  }

  /** The same, before returning (a console change). */
  syncNow(): void {
    this.wal?.syncNow();
  }

  /** Starts the transaction of one change (a request, a console action) unless one is open. */
  begin(): void {
    this.changeOpen = true;
    if (this.db.inTransaction) return;
    this.transaction.begin.run();
    this.counters.transactions += 1;
    this.writesAtBegin = this.writes.get() as number;
  }

  /**
   * Opens the change of one request, whose transaction begins at its first ledger row (or at its
   * commit): a read writes no row, so it costs no BEGIN, no COMMIT and no count of the rows
   * written. Nothing else writes to the file between (requests run one at a time), so its reads
   * outside a transaction see what one would.
   */
  beginOnWrite(): void {
    this.changeOpen = true;
  }

  /** Whether a change is open, its transaction begun or not (a console change joins it). */
  get inChange(): boolean {
    return this.changeOpen || this.db.inTransaction;
  }

  /**
   * Ends the open transaction when it wrote nothing (no entity, no ledger row, no clock setting)
   * and returns true: there is nothing to commit. Otherwise returns false and leaves it open.
   */
  endUnchanged(): boolean {
    const { rewritten, dirty } = this.live().changes();
    if (rewritten.size > 0 || dirty.size > 0) return false;
    const begun = this.db.inTransaction;
    if (begun && this.writes.get() !== this.writesAtBegin) return false;
    if (this.clock && this.clock.settingsJson() !== this.clockCommitted) return false;
    if (begun) this.transaction.commit.run();
    this.changeOpen = false;
    this.live().quiesce();
    return true;
  }

  /**
   * Writes the rows of the entities changed since the last commit and commits, with the ledger
   * rows the change posted. A change that wrote nothing writes nothing (a read-only transaction
   * commits nothing). Throws (after rolling the file back) when the commit fails; the caller
   * then takes `rollback()`'s state.
   */
  commit(): void {
    const tracker = this.live();
    const { rewritten, dirty } = tracker.changes();
    const started = performance.now();
    try {
      // The entities' rows and the clock's setting are one transaction with the ledger's rows.
      this.begin();
      this.changeOpen = false;
      for (const name of rewritten) {
        // A paged collection's entities are read before its rows go.
        const items = Array.from(rowsOf(tracker.raw[name]));
        this.removeCollection.run(name);
        items.forEach((item, position) => this.write(name, position, item));
      }
      for (const [entity, row] of dirty)
        if (!rewritten.has(row.collection)) this.write(row.collection, row.position, entity);
      const clock = this.clock && this.clock.settingsJson();
      if (clock !== undefined && clock !== this.clockCommitted)
        this.writeSetting.run('clock', clock);
      if (this.verifyTracking) this.verify(tracker);
      // After a failed sync nothing is committed: the file may not hold what it said it held.
      this.wal?.check();
      if (this.db.inTransaction) this.transaction.commit.run();
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    } finally {
      this.counters.busyMicros += (performance.now() - started) * 1000;
    }
    this.counters.commits += 1;
    if (this.clock) this.clockCommitted = this.clock.settingsJson();
    tracker.settle();
    tracker.quiesce();
  }

  private write(name: EntityCollection, position: number, entity: object): void {
    this.counters.rowsSerialised += 1;
    this.counters.rowsWritten += 1;
    this.upsert.run(name, position, JSON.stringify(entity));
  }

  /** Tests: the file holds exactly the live state; else a write escaped the tracker. */
  private verify(tracker: ChangeTracker): void {
    const rows = this.db
      .prepare(`SELECT collection, record FROM bank_entities ORDER BY collection, position`)
      .all() as { collection: string; record: string }[];
    const stored = new Map<string, string[]>();
    for (const row of rows) {
      let list = stored.get(row.collection);
      if (!list) stored.set(row.collection, (list = []));
      list.push(row.record);
    }
    for (const name of ENTITY_COLLECTIONS) {
      const live = rowsOf(tracker.raw[name]).map((item) => JSON.stringify(item));
      const file = stored.get(name) ?? [];
      const at = live.findIndex((text, index) => text !== file[index]);
      if (at < 0 && file.length === live.length) continue;
      const miss = `change tracking missed a write: ${name}[${at >= 0 ? at : live.length}] differs from the committed row`;
      this.trackingMisses.push(miss);
      throw new Error(miss);
    }
  }

  /** Abandons the open change: the file and the returned state are as last committed. */
  rollback(): DomainState {
    this.changeOpen = false;
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    return this.load();
  }

  close(): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    this.wal?.close();
    if (this.db.open) this.db.close();
  }
}
