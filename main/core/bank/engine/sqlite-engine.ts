/**
 * The state in a SQLite database file (store/bank-database.ts): the bank works on the database's
 * tracked view (store/change-tracker.ts); a commit writes the rows the change wrote. A request
 * that wrote nothing, run when no other request waits for a commit, makes none: its transaction,
 * begun only at its first write, was never begun, and it is answered once the commits it may
 * have read are on disk.
 *
 * Requests run one at a time inside the open transaction (the stages and handlers are synchronous
 * today, so requests never interleave anyway; the queue keeps that true should one ever await),
 * and are answered after the commit that holds them. Group commit: the requests whose pipelines
 * ran in the same turn of the event loop share one commit (one fsync), made by `setImmediate` once
 * they have run. A failed commit rolls the whole group back in the file and in memory, and each of
 * its requests answers 503 (send again); so does a group in which a handler threw (a bank bug):
 * none of its changes is kept. `exclusive` takes its turn in the same queue: no request runs
 * while its work does (as on PostgreSQL).
 */
import type { DomainState } from '../domain/model.js';
import type { BankDatabase } from '../store/bank-database.js';
import type { BankRequest } from '../http/messages.js';
import { undoLedgerOnThrow } from './ledger-undo.js';
import type { EngineRun, RequestOutcome, StateEngine } from './state-engine.js';
import { UnsavedChangeError } from './unsaved-change.js';

/** One request waiting for its group's commit. */
interface GroupMember {
  run: EngineRun;
  settle(outcome: RequestOutcome<EngineRun>): void;
}

export class SqliteEngine implements StateEngine {
  readonly kind = 'sqlite';
  readonly durable = true;
  readonly generation = 0;
  readonly sharedUrl = undefined;
  state: DomainState;
  private queue: Promise<unknown> = Promise.resolve();
  private group: GroupMember[] = [];
  private groupFailed = false;
  private commitScheduled = false;
  /** Inside exclusive(): the queue waits for its work. */
  private exclusiveDepth = 0;
  /** The latest group's answers, sent once its commit is on disk (flush waits for them). */
  private answered: Promise<void> = Promise.resolve();

  /** The state `database` holds; a new file starts from `initialState`, committed and on disk. */
  constructor(
    readonly database: BankDatabase,
    initialState: () => DomainState,
  ) {
    if (database.hasState()) this.state = database.load();
    else {
      database.begin();
      this.state = this.adopt(initialState());
      database.commit();
      database.syncNow();
    }
  }

  get raw(): DomainState {
    return this.database.raw();
  }

  replace(next: DomainState): void {
    this.state = this.adopt(next);
  }

  /**
   * `next` made the bank's state on the database's ledger (its transactions copied in, its
   * entities written whole at the next commit).
   */
  private adopt(next: DomainState): DomainState {
    const database = this.database;
    if (next.ledger === database.ledger) return database.adopt(next);
    const { ledger, ...small } = next;
    database.ledger.replaceAll(ledger.allAccountTransactions(), ledger.allCardTransactions());
    ledger.close();
    return database.adopt({ ...small, ledger: database.ledger });
  }

  run<Run extends EngineRun>(
    _request: BankRequest,
    runPipeline: () => Promise<Run>,
  ): Promise<RequestOutcome<Run>> {
    return new Promise<RequestOutcome<Run>>((settle) => {
      this.queue = this.queue.then(async () => {
        const database = this.database;
        // The transaction begins at the request's first write: a read opens none.
        database.beginOnWrite();
        const run = await runPipeline();
        // A request that wrote nothing, with no uncommitted request before it, makes no commit.
        // It may have read the earlier groups' commits: it is answered once they are on disk.
        if (!run.failed && this.group.length === 0 && database.endUnchanged())
          return this.answerAfterSync(run, settle as GroupMember['settle']);
        if (run.failed) this.groupFailed = true;
        this.group.push({ run, settle: settle as GroupMember['settle'] });
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
    const database = this.database;
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
    const settleAll = (syncFailure?: unknown) => {
      for (const { run, settle } of members)
        if (failure !== undefined) settle({ run, failure, kept: false });
        else if (syncFailure !== undefined) settle({ run, failure: syncFailure, kept: true });
        else settle({ run });
    };
    // Durable before answered: the group's commit, and every earlier one its requests may have
    // read, is on disk when its answers go out (persistence/wal-sync.ts). The next group's
    // requests run meanwhile.
    const synced = database.synced();
    if (!synced) return settleAll();
    this.answered = synced.then(
      () => settleAll(),
      (error: unknown) => settleAll(error),
    );
  }

  /**
   * Settles a request that committed nothing once every commit made so far is on disk; when that
   * sync fails, as a request of the synced group would be (kept, not confirmed on disk).
   */
  private answerAfterSync(run: EngineRun, settle: GroupMember['settle']): void {
    const synced = this.database.synced();
    if (!synced) return settle({ run });
    this.answered = synced.then(
      () => settle({ run }),
      (error: unknown) => settle({ run, failure: error, kept: true }),
    );
  }

  change<T>(operation: () => T): T {
    const database = this.database;
    // Requests waiting for their group's commit are committed first: the console change is
    // then a transaction of its own, committed before the call returns.
    if (this.group.length > 0) this.commitGroup();
    // Inside a request's open change it joins that one's transaction, begun now: the savepoint
    // that undoes its ledger rows must not be the transaction itself.
    if (database.inChange) {
      database.begin();
      return undoLedgerOnThrow(database.ledger, operation);
    }
    database.begin();
    let result: T;
    try {
      result = undoLedgerOnThrow(database.ledger, operation);
      database.commit();
    } catch (error) {
      this.state = database.rollback();
      throw storageFault(error) ? new UnsavedChangeError(error) : error;
    }
    database.syncNow();
    return result;
  }

  exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      this.exclusiveDepth += 1;
      try {
        return await work();
      } finally {
        this.exclusiveDepth -= 1;
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  flush(): Promise<void> {
    const answered = () => {
      if (this.group.length > 0) this.commitGroup();
      return this.answered;
    };
    // Inside exclusive() the requests that ran before it are the ones in progress: the queue
    // waits for the caller.
    if (this.exclusiveDepth > 0) return answered();
    return this.queue.then(answered);
  }

  async close(): Promise<void> {
    await this.flush();
    this.database.close();
  }
}

/** An error of the database file itself (full disk, read-only file, I/O), not of the change. */
function storageFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}
