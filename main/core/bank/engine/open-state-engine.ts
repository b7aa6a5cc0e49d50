/**
 * The one place the engine is chosen (state-engine.ts): from `--db`'s value, for every host (the
 * CLI's `workbench bank`, the soak), and from the store objects a caller of createBank already
 * opened.
 */
import type { VirtualClock } from '../../clock.js';
import { buildInitialState } from '../domain/initial-data.js';
import { LedgerStore } from '../domain/ledger-store.js';
import type { DomainState } from '../domain/model.js';
import { liveStateOf, type DomainSnapshot } from '../state.js';
import { BankDatabase } from '../store/bank-database.js';
import { PgBankStore } from '../store/pg-bank-store.js';
import type { BankMode } from '../../../shared/mode.js';
import { MemoryEngine } from './memory-engine.js';
import { PgEngine } from './pg-engine.js';
import { SqliteEngine } from './sqlite-engine.js';
import type { StateEngine } from './state-engine.js';

/** A `--db` naming a PostgreSQL database rather than a file (docs/ci.md). */
export const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export interface OpenStateEngineOptions {
  /** `--db`: a postgres:// URL (shared with other bank processes), a database file, or none. */
  db: string | undefined;
  mode: BankMode;
  /** The bank's clock: state kept with the rest in a database (a restart keeps where it was). */
  clock: VirtualClock;
  /** The state a new store starts from; the initial data (domain/initial-data.ts) by default. */
  initialState?: () => DomainState;
  /** `--state`: a new store starts from it instead; a store that holds a state keeps that. */
  snapshot?: DomainSnapshot;
  /**
   * With a database: the entities of each large collection kept in the process between
   * requests (store/entity-rows.ts PAGED_ENTITIES_KEPT by default; tests: 0, every one read
   * again from the file).
   */
  pagedEntitiesKept?: number;
}

export interface OpenedStateEngine {
  engine: StateEngine;
  /**
   * Whether the store was new (and took `snapshot` or the initial state) rather than loaded; a
   * PostgreSQL database says false (it takes no `--state`).
   */
  fresh: boolean;
  /** For messages: the file, or the URL without its password; undefined in memory. */
  where: string | undefined;
}

/**
 * Failing to reach or start a PostgreSQL database: the message names it (without the password).
 * A database file that cannot be used throws DatabaseFileError (persistence/sqlite-file.ts).
 */
export class StateStoreUnavailableError extends Error {
  override readonly name = 'StateStoreUnavailableError';
  constructor(cause: unknown) {
    super((cause as Error).message, { cause });
  }
}

export async function openStateEngine(options: OpenStateEngineOptions): Promise<OpenedStateEngine> {
  const { db, mode, clock, snapshot } = options;
  const initial = options.initialState ?? (() => buildInitialState(clock.now(), mode));
  const start = snapshot ? () => liveStateOf(snapshot, LedgerStore.inMemory()) : initial;
  if (db === undefined) return { engine: new MemoryEngine(start()), fresh: true, where: undefined };
  if (POSTGRES_URL.test(db)) {
    let store: PgBankStore | undefined;
    try {
      store = await PgBankStore.open(db, clock, options.pagedEntitiesKept);
      await store.start(start);
    } catch (error) {
      await store?.close().catch(() => undefined);
      throw new StateStoreUnavailableError(error);
    }
    return { engine: new PgEngine(store), fresh: false, where: store.where };
  }
  const kept = options.pagedEntitiesKept;
  const database = await BankDatabase.open(db, {
    clock,
    ...(kept !== undefined ? { pagedEntitiesKept: kept } : {}),
  });
  const fresh = !database.hasState();
  try {
    return { engine: new SqliteEngine(database, start), fresh, where: db };
  } catch (error) {
    database.close();
    throw error;
  }
}

/** The engine of createBank's options: the one given, or one over the store given, or memory. */
export function stateEngineOf(
  options: { engine?: StateEngine; database?: BankDatabase; sharedStore?: PgBankStore },
  initialState: () => DomainState,
): StateEngine {
  if (options.engine) return options.engine;
  if (options.sharedStore) return new PgEngine(options.sharedStore);
  if (options.database) return new SqliteEngine(options.database, initialState);
  return new MemoryEngine(initialState());
}
