/**
 * The store side of the bank (design property 10 of docs/architecture.md): where the live state is
 * held,
 * and, with a database, how each request and console change becomes one committed transaction.
 *
 * Without a database the state is plain objects in memory. With one, the bank works on the
 * database's tracked view (store/change-tracker.ts): a commit writes the rows the change wrote,
 * and a request that wrote nothing commits an empty transaction.
 */
import { bankError } from '../../spec/errors.js';
import type { DomainState } from '../domain/model.js';
import { rejectionResponse } from '../listener/response.js';
import type { BankDatabase } from '../store/bank-database.js';
import type { PgBankStore } from '../store/pg-bank-store.js';
import { ADMIN_LEASE_MS, LOCK_WAIT_MS } from '../store/pg-schema.js';
import type { LedgerStore } from '../domain/ledger-store.js';
import { runSharedGroup, type SharedMember } from './shared-groups.js';
import { reject } from '../http/refusal.js';
import type { BankRequest, BankResponse } from '../http/messages.js';

/** One request waiting for its group's commit (pipeline.ts made `run`). */
export interface GroupMember<Run extends { failed: boolean; response: BankResponse }> {
  request: BankRequest;
  run: Run;
  answer(response: BankResponse): void;
}

export interface LiveStateOptions<Run> {
  database: BankDatabase | undefined;
  /** A PostgreSQL store shared with other bank processes (started: its state loaded). */
  shared?: PgBankStore | undefined;
  initialState: () => DomainState;
  /** Answers what a request's pipeline produced once its fate is known (log entry, findings). */
  settle(request: BankRequest, run: Run, response: BankResponse): void;
  /** An answer it makes here (503) as the request gets it: signed, or an SCA page's HTML. */
  unsavedAnswer(request: BankRequest, response: BankResponse): BankResponse;
}

/**
 * The live state and its commits. `state` is what the pipeline and console operations change;
 * `raw` is the same state without tracking, for snapshots and read-only questions.
 */
export class LiveState<Run extends { failed: boolean; response: BankResponse }> {
  state: DomainState;
  private readonly database: BankDatabase | undefined;
  private readonly shared: PgBankStore | undefined;
  /** Inside exclusive() on a shared store: console changes join its transaction. */
  private exclusiveDepth = 0;
  /**
   * With a database, requests run one at a time inside the open transaction (the stages and
   * handlers are synchronous today, so requests never interleave anyway; the queue keeps that
   * true should one ever await), and are answered after the commit that holds them. Group
   * commit: the requests whose pipelines ran in the same turn of the event loop share one commit
   * (one fsync), made by `setImmediate` once they have run. A failed commit rolls the whole group
   * back in the file and in memory, and each of its requests answers 503 (send again); so does a
   * group in which a handler threw (a bank bug): none of its changes is kept.
   */
  private queue: Promise<unknown> = Promise.resolve();
  private group: GroupMember<Run>[] = [];
  /** On a shared store: the requests of the next group (shared-groups.ts). */
  private sharedWaiting: SharedMember<Run>[] = [];
  private groupFailed = false;
  private commitScheduled = false;
  /** The latest group's answers, sent once its commit is on disk (flush waits for them). */
  private answered: Promise<void> = Promise.resolve();

  constructor(private readonly options: LiveStateOptions<Run>) {
    const database = (this.database = options.database);
    this.shared = options.shared;
    if (this.shared) this.state = this.shared.view;
    else if (database?.hasState()) this.state = database.load();
    else {
      database?.begin();
      this.state = this.adopt(options.initialState(), undefined);
      database?.commit();
      database?.syncNow();
    }
  }

  get durable(): boolean {
    return this.database !== undefined || this.shared !== undefined;
  }

  /** The live state without tracking (read it, never change it). */
  get raw(): DomainState {
    if (this.shared) return this.shared.raw();
    return this.database ? this.database.raw() : this.state;
  }

  /** `next` (a reset, an import, POST /v1/sandbox/initialize) becomes the live state. */
  replace(next: DomainState): void {
    if (this.shared) {
      this.shared.adopt(next);
      this.state = this.shared.view;
      return;
    }
    this.state = this.adopt(next, this.state.ledger);
  }

  /**
   * `next` made the bank's state: on the database's ledger when there is one (its transactions
   * copied in, its entities written whole at the next commit), else the in-memory ledger it
   * brings replaces the previous one.
   */
  private adopt(next: DomainState, previous: LedgerStore | undefined): DomainState {
    const database = this.database;
    if (database) {
      if (next.ledger === database.ledger) return database.adopt(next);
      const { ledger, ...small } = next;
      database.ledger.replaceAll(ledger.allAccountTransactions(), ledger.allCardTransactions());
      ledger.close();
      return database.adopt({ ...small, ledger: database.ledger });
    }
    if (previous && previous !== next.ledger) previous.close();
    return next;
  }

  /** Runs one request's pipeline inside the open transaction; answers after its commit. */
  enqueue(request: BankRequest, runPipeline: () => Promise<Run>): Promise<BankResponse> {
    if (this.shared) return this.enqueueShared(this.shared, request, runPipeline);
    const database = this.database!;
    return new Promise<BankResponse>((answer) => {
      this.queue = this.queue.then(async () => {
        database.begin();
        const run = await runPipeline();
        if (run.failed) this.groupFailed = true;
        this.group.push({ request, run, answer });
        if (!this.commitScheduled) {
          this.commitScheduled = true;
          setImmediate(() => {
            if (this.commitScheduled) this.commitGroup();
          });
        }
      });
    });
  }

  private commitGroup(): void {
    const database = this.database!;
    this.commitScheduled = false;
    const members = this.group;
    this.group = [];
    let failure: unknown;
    if (this.groupFailed) {
      this.state = database.rollback();
      failure = new Error('a request of the same commit failed inside the bank');
    } else {
      try {
        database.commit();
      } catch (error) {
        this.state = database.rollback();
        failure = error;
      }
    }
    this.groupFailed = false;
    const answerAll = (syncFailure?: unknown) => {
      for (const member of members)
        if (failure !== undefined) this.answer(member, failure);
        else this.answer(member, syncFailure, syncFailure !== undefined);
    };
    // Durable before answered: the group's commit, and every earlier one its requests may have
    // read, is on disk when its answers go out (persistence/wal-sync.ts). The next group's
    // requests run meanwhile.
    const synced = database.synced();
    if (!synced) return answerAll();
    this.answered = synced.then(
      () => answerAll(),
      (error: unknown) => answerAll(error),
    );
  }

  /**
   * A request's answer: its own, or 503 when its change could not be committed (or, `kept`,
   * was committed but could not be confirmed on disk).
   */
  private answer({ request, run, answer }: GroupMember<Run>, failure: unknown, kept = false): void {
    const response =
      failure === undefined || run.failed
        ? run.response
        : this.options.unsavedAnswer(request, unsavedChangeResponse(request, failure, kept));
    this.options.settle(request, run, response);
    answer(response);
  }

  /**
   * On a shared store, the requests that arrive while a group is with the database are the next
   * group (shared-groups.ts): run, committed and answered together.
   */
  private enqueueShared(
    shared: PgBankStore,
    request: BankRequest,
    runPipeline: () => Promise<Run>,
  ): Promise<BankResponse> {
    return new Promise<BankResponse>((answer) => {
      const settle = (run: Run, failure: unknown) => {
        this.answer({ request, run, answer }, failure);
      };
      this.sharedWaiting.push({
        request,
        arrived: performance.now(),
        runPipeline: async () => {
          this.state = shared.view;
          return runPipeline();
        },
        settle,
        abandoned: (error: unknown) => {
          // A bank bug outside the pipelines: one answer per request all the same, never a hang
          // (a request already answered keeps its answer: a promise settles once).
          answer(this.options.unsavedAnswer(request, unsavedChangeResponse(request, error, false)));
        },
      });
      if (this.sharedWaiting.length > 1) return; // its group is already in the queue
      this.queue = this.queue.then(async () => {
        const members = this.sharedWaiting;
        this.sharedWaiting = [];
        try {
          await runSharedGroup(shared, members);
        } catch (error) {
          await shared.abandon().catch(() => undefined);
          for (const member of members) member.abandoned(error);
        }
        this.state = shared.view;
      });
    });
  }

  /** After a failed change: the shared state as the database holds it. */
  private async readAgain(shared: PgBankStore): Promise<void> {
    await shared.abandon().catch(() => undefined);
    this.state = shared.view;
  }

  /** `work` in a transaction of its own under the sandbox's lock; rolled back when it throws. */
  private async underLock<T>(shared: PgBankStore, work: () => T | Promise<T>): Promise<T> {
    // The database's own failures (out of reach, read-only, a permission refused, the lock
    // held too long) are the store's, not the call's: UnsavedChangeError, which the admin API
    // answers 503 with Retry-After, as SQLite's (§7: send it again).
    await shared.begin(true, LOCK_WAIT_MS, ADMIN_LEASE_MS).catch((error: unknown) => {
      throw new UnsavedChangeError(error);
    });
    this.state = shared.view;
    let result: T;
    this.exclusiveDepth += 1;
    try {
      result = await work();
    } catch (error) {
      await this.readAgain(shared);
      throw error;
    } finally {
      this.exclusiveDepth -= 1;
    }
    try {
      await shared.commit();
    } catch (error) {
      await this.readAgain(shared);
      throw new UnsavedChangeError(error);
    }
    return result;
  }

  /**
   * Runs `work` (the admin API's handling of one call) with the latest state of a shared store,
   * as one transaction; elsewhere it just runs it.
   */
  exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    const shared = this.shared;
    if (!shared) return Promise.resolve().then(work);
    const result = this.queue.then(() => this.underLock(shared, work));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A console change (act, update, import, reset) on the live state. With a database it is one
   * transaction of its own, committed before the call returns; a failed commit leaves the state
   * as it was and throws. Inside a request's open transaction it joins that one.
   */
  change<T>(operation: () => T): T {
    if (this.shared) {
      if (this.exclusiveDepth === 0)
        throw new Error(
          'a bank on PostgreSQL changes its state only inside a transaction (bank.exclusive)',
        );
      return operation();
    }
    const database = this.database;
    if (!database) return operation();
    // Requests waiting for their group's commit are committed first: the console change is
    // then a transaction of its own, committed before the call returns.
    if (this.group.length > 0) this.commitGroup();
    if (database.db.inTransaction) return operation();
    database.begin();
    let result: T;
    try {
      result = operation();
      database.commit();
    } catch (error) {
      this.state = database.rollback();
      throw storageFault(error) ? new UnsavedChangeError(error) : error;
    }
    database.syncNow();
    return result;
  }

  /** Resolves when every request in progress is answered (and committed). */
  flush(): Promise<void> {
    // Inside exclusive() this process runs nothing else, and the queue waits for the caller.
    if (this.exclusiveDepth > 0) return Promise.resolve();
    return this.queue.then(() => {
      if (this.group.length > 0) this.commitGroup();
      return this.answered;
    });
  }
}

/** An error of the database file itself (full disk, read-only file, I/O), not of the change. */
function storageFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

/**
 * A console change (reset, import, act, update) that the database could not save: nothing of it
 * was kept, and the same change may be made again. The admin API answers it 503, as the PSD2
 * routes answer a request whose commit failed.
 */
export class UnsavedChangeError extends Error {
  override readonly name = 'UnsavedChangeError';
  /**
   * The database's error code (SQLITE_FULL, SQLITE_READONLY, …; PostgreSQL's SQLSTATE, or the
   * socket's ECONNREFUSED); UNREACHABLE when the cause names none (no connection was made).
   */
  readonly code: string;
  constructor(cause: unknown) {
    const code = String((cause as { code?: unknown } | null)?.code ?? 'UNREACHABLE');
    super(
      `the bank could not save this change (${code}: ${(cause as Error).message}); nothing was changed, try again`,
      { cause },
    );
    this.code = code;
  }
}

/**
 * §7: the change could not be committed (a full disk, a read-only file). Nothing of it was kept,
 * so the same request can be sent again; 503 says so, as Retry-After does. SYSTEM_ERROR is the
 * spec's code for a bank-side failure (§7.2 allows no other).
 */
function unsavedChangeResponse(request: BankRequest, error: unknown, kept: boolean): BankResponse {
  const cause = (error as { code?: string }).code ?? (error as Error).message;
  const outcome = kept
    ? 'the change was written but could not be confirmed on disk; read the resource before sending it again'
    : 'nothing was changed, send the request again';
  const response = rejectionResponse(
    request,
    reject(
      'persistence.commit-failed',
      bankError('SYSTEM_ERROR', `the bank could not save this change (${cause}); ${outcome}`, {
        status: 503,
      }),
    ),
  );
  return { ...response, headers: { ...response.headers, 'retry-after': '1' } };
}
