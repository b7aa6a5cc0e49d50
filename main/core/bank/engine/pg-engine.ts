/**
 * The state in a PostgreSQL database shared by bank processes (store/pg-bank-store.ts, started:
 * its state loaded). Requests run in groups (pg-request-groups.ts): the requests that arrive
 * while a group is with the database are the next group, run, committed and answered together.
 * A console change is made only inside `exclusive`: one transaction under the sandbox's lock.
 */
import type { DomainState } from '../domain/model.js';
import type { PgBankStore } from '../store/pg-bank-store.js';
import { ADMIN_LEASE_MS, LOCK_WAIT_MS } from '../store/pg-schema.js';
import type { BankRequest } from '../http/messages.js';
import { undoLedgerOnThrow } from './ledger-undo.js';
import { startSharedGroup, type SharedMember } from './pg-request-groups.js';
import type { EngineRun, RequestOutcome, StateEngine } from './state-engine.js';
import { UnsavedChangeError } from './unsaved-change.js';

export class PgEngine implements StateEngine {
  readonly kind = 'postgres';
  readonly durable = true;
  state: DomainState;
  /** Inside exclusive(): console changes join its transaction. */
  private exclusiveDepth = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** The requests of the next group. */
  private waiting: SharedMember<EngineRun>[] = [];

  constructor(readonly store: PgBankStore) {
    this.state = store.view;
  }

  get sharedUrl(): string {
    return this.store.url;
  }

  get generation(): number {
    return this.store.generation;
  }

  get raw(): DomainState {
    return this.store.raw();
  }

  replace(next: DomainState): void {
    this.store.adopt(next);
    this.state = this.store.view;
  }

  run<Run extends EngineRun>(
    request: BankRequest,
    runPipeline: () => Promise<Run>,
  ): Promise<RequestOutcome<Run>> {
    const store = this.store;
    return new Promise<RequestOutcome<Run>>((settle) => {
      this.waiting.push({
        request,
        arrived: performance.now(),
        runPipeline: async () => {
          this.state = store.view;
          return runPipeline();
        },
        settle: (run, failure) =>
          settle(
            failure === undefined ? { run: run as Run } : { run: run as Run, failure, kept: false },
          ),
        // A bank bug outside the pipelines: one answer per request all the same, never a hang
        // (a request already settled keeps its outcome: a promise settles once).
        abandoned: (failure) => settle({ failure, kept: false }),
      });
      if (this.waiting.length > 1) return; // its group is already in the queue
      this.queue = this.queue.then(async () => {
        const members = this.waiting;
        this.waiting = [];
        try {
          // The next group runs while these answers wait for the members' acknowledgements.
          const { answered } = await startSharedGroup(store, members);
          void answered.catch((error: unknown) => {
            for (const member of members) member.abandoned(error);
          });
        } catch (error) {
          await store.abandon().catch(() => undefined);
          for (const member of members) member.abandoned(error);
        }
        this.state = store.view;
      });
    });
  }

  /** After a failed change: the shared state as the database holds it. */
  private async readAgain(): Promise<void> {
    await this.store.abandon().catch(() => undefined);
    this.state = this.store.view;
  }

  /** `work` in a transaction of its own under the sandbox's lock; rolled back when it throws. */
  private async underLock<T>(work: () => T | Promise<T>): Promise<T> {
    // The database's own failures (out of reach, read-only, a permission refused, the lock
    // held too long) are the store's, not the call's: UnsavedChangeError, which the admin API
    // answers 503 with Retry-After, as SQLite's (§7: send it again).
    await this.store.begin(true, LOCK_WAIT_MS, ADMIN_LEASE_MS).catch((error: unknown) => {
      throw new UnsavedChangeError(error);
    });
    this.state = this.store.view;
    let result: T;
    this.exclusiveDepth += 1;
    try {
      result = await work();
    } catch (error) {
      await this.readAgain();
      throw error;
    } finally {
      this.exclusiveDepth -= 1;
    }
    try {
      await this.store.commit();
    } catch (error) {
      await this.readAgain();
      throw new UnsavedChangeError(error);
    }
    // Answered once every member acknowledged it (store/pg-member-lease.ts).
    await this.store.acknowledged();
    return result;
  }

  exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    const result = this.queue.then(() => this.underLock(work));
    this.queue = result.catch(() => undefined);
    return result;
  }

  change<T>(operation: () => T): T {
    if (this.exclusiveDepth === 0)
      throw new Error(
        'a bank on PostgreSQL changes its state only inside a transaction (bank.exclusive)',
      );
    return undoLedgerOnThrow(this.state.ledger, operation);
  }

  flush(): Promise<void> {
    // Inside exclusive() this process runs nothing else, and the queue waits for the caller.
    if (this.exclusiveDepth > 0) return Promise.resolve();
    return this.queue.then(() => undefined);
  }

  async close(): Promise<void> {
    await this.flush();
    await this.store.close();
  }
}
