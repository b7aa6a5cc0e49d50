/**
 * Where the bank's live state is held and how a change to it is kept (design property 10 of
 * docs/architecture.md): one interface, three engines. `createBank` (bank.ts) talks to this
 * interface only; `openStateEngine` (open-state-engine.ts) chooses the engine from `--db`.
 *
 * - memory-engine.ts: plain objects and an in-memory ledger; nothing to commit.
 * - sqlite-engine.ts: a database file; requests are group-committed, answered once on disk.
 * - pg-engine.ts: a PostgreSQL database shared by bank processes; requests run in groups under
 *   the sandbox's lock (pg-request-groups.ts).
 */
import type { DomainState } from '../domain/model.js';
import type { BankRequest } from '../http/messages.js';

export type StateEngineKind = 'memory' | 'sqlite' | 'postgres';

/** What a request's pipeline made: whether it failed inside the bank (a bank bug). */
export interface EngineRun {
  failed: boolean;
}

/**
 * How a request's change ended. `failure` undefined: kept (committed, on disk where there is
 * one). Otherwise nothing of it was kept (§7: send it again), or, `kept`, it was committed but
 * could not be confirmed on disk. `run` is missing when its pipeline never ran or its group was
 * abandoned before its fate was known.
 */
export type RequestOutcome<Run extends EngineRun> =
  | { run: Run; failure?: undefined; kept?: undefined }
  | { run?: Run; failure: unknown; kept: boolean };

export interface StateEngine {
  readonly kind: StateEngineKind;
  /** Whether a change is kept in a database: then an answer waits for its commit. */
  readonly durable: boolean;
  /** The PostgreSQL URL the state is shared on with other bank processes (pg-engine.ts). */
  readonly sharedUrl: string | undefined;
  /**
   * Moves on each time the live state takes what other processes committed, or goes back to
   * it (a shared store's pull, catch-up or discard): an answer made from the state before
   * (answers/read-answers.ts) no longer holds. Always 0 where no other process writes.
   */
  readonly generation: number;
  /** The live state the pipeline and console changes change (a database's tracked view). */
  readonly state: DomainState;
  /** The same state without tracking, for snapshots and read-only questions: never change it. */
  readonly raw: DomainState;
  /** `next` (a reset, an import, POST /v1/sandbox/initialize) becomes the live state. */
  replace(next: DomainState): void;
  /**
   * Runs one request's pipeline in the engine's request group and resolves when its change's
   * fate is known: a group in which a pipeline failed keeps none of its changes, nor does one
   * whose commit failed.
   */
  run<Run extends EngineRun>(
    request: BankRequest,
    runPipeline: () => Promise<Run>,
  ): Promise<RequestOutcome<Run>>;
  /**
   * A console change (act, update, import, reset): on a database one transaction of its own,
   * committed (and on disk) before it returns. When `operation` throws, the ledger rows it wrote
   * are undone (update works on a draft of the entities), and on a database nothing of it is kept;
   * a change the database could not save throws UnsavedChangeError.
   */
  change<T>(operation: () => T): T;
  /**
   * Runs `work` (an admin API call) alone on the latest state: on PostgreSQL one transaction
   * under the sandbox's lock, with what other processes committed pulled first.
   */
  exclusive<T>(work: () => T | Promise<T>): Promise<T>;
  /** Resolves when every request in progress is answered (and committed). */
  flush(): Promise<void>;
  /** Flushes, then lets the database go; the engine is not used after. */
  close(): Promise<void>;
}
