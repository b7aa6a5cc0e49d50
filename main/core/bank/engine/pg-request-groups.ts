/**
 * How a bank on a shared PostgreSQL store (store/pg-bank-store.ts, pg-engine.ts) runs its
 * requests: in groups, like the SQLite file's group commit (sqlite-engine.ts), one group at a time
 * per process.
 * The requests that arrived while the previous group was with the database are the next group;
 * they share its round trips, and are answered when its fate is known.
 *
 * - A group that may write (anything but GET and HEAD) takes the sandbox's lock first: pull what
 *   other processes committed, run, write the rows it changed under the next version, commit.
 *   The lock is waited for at most LOCK_WAIT_MS from the arrival of the group's first request;
 *   a group that does not get it runs nothing and answers 503 (§7, send again).
 * - A group of reads takes no lock. Its pipelines run on this process's state while one query
 *   reads the committed version; when that is the version this process holds and the reads
 *   changed nothing, each answer is the state as of that read, after the request arrived: a
 *   consent created through another process a moment before is there. (The query is not sent
 *   by a process alone on the database, nor by one whose read lease is live and which was told
 *   of no newer version: store/pg-member-lease.ts.) A read that did write
 *   (the batch due on the bank clock, a §6.1 access counter) commits under the lock if nobody
 *   committed meanwhile. Reads that changed nothing on a state behind the committed one take
 *   what others committed on one snapshot, without the lock (PgBankStore.catchUp: a writer
 *   elsewhere never waits for a reader's catch-up), and run again on it. Otherwise the group's
 *   changes are undone (PgBankStore.discard, at the cost of the rows they touched) and it runs
 *   again under the lock.
 * - A failed commit, or a group in which a handler threw (a bank bug), keeps none of the group's
 *   changes: the bank bug's request answers its own 500, the others 503 (send again), as on
 *   SQLite.
 */
import type { PgBankStore } from '../store/pg-bank-store.js';
import { LOCK_WAIT_MS } from '../store/pg-schema.js';
import type { BankRequest } from '../http/messages.js';

/** One request waiting for its group: how to run its pipeline, and where its answer goes. */
export interface SharedMember<Run> {
  request: BankRequest;
  /** When it arrived (performance.now()): its wait for the sandbox's lock counts from then. */
  arrived: number;
  runPipeline(): Promise<Run>;
  /** The request's answer: its run's response, or the 503 of `failure`. */
  settle(run: Run, failure: unknown): void;
  /**
   * Answers 503 if `settle` never ran (a failure outside the pipelines, or a change that could
   * not begin: the database out of reach, its lock not given in time).
   */
  abandoned(error: unknown): void;
}

/** Methods that never change a resource (RFC 9110 §9.2.1): their group may go without the lock. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Raised for the other members of a group in which a handler threw. */
const GROUP_FAILED = new Error('a request of the same commit failed inside the bank');

/** Runs one group on `shared`; every member is settled exactly once, whatever fails. */
export async function runSharedGroup<Run extends { failed: boolean }>(
  shared: PgBankStore,
  members: readonly SharedMember<Run>[],
): Promise<void> {
  await (
    await startSharedGroup(shared, members)
  ).answered;
}

/** A group done with the database: its members are answered when `answered` resolves. */
export interface GroupAnswers {
  answered: Promise<void>;
}

/**
 * Runs one group on `shared`; resolves when the next group may run, with the promise of this
 * one's answers. Every member is settled exactly once, whatever fails, and only once every
 * version this process committed is acknowledged by the other members (store/pg-member-lease.ts):
 * the next group runs meanwhile, its answers after these.
 */
export async function startSharedGroup<Run extends { failed: boolean }>(
  shared: PgBankStore,
  members: readonly SharedMember<Run>[],
): Promise<GroupAnswers> {
  // No request of an earlier group holds a view now: its entities may be forgotten.
  shared.quiesce();
  // A stuck holder of the lock costs each request at most LOCK_WAIT_MS from its arrival, however
  // many groups wait before it (store/pg-bank-store.ts).
  const deadline = Math.min(...members.map((member) => member.arrived)) + LOCK_WAIT_MS;
  const budget = () => deadline - performance.now();
  const reads = members.every((member) => SAFE_METHODS.has(member.request.method));
  if (reads) {
    const answered = await tryWithoutLock(shared, members, budget);
    if (answered) return answered;
  } else {
    try {
      await shared.begin(true, budget());
    } catch (error) {
      // Out of reach, or the lock not given in time: nothing ran and nothing of this process
      // changed (its reads go on without the lock); each answers 503, send again.
      for (const member of members) member.abandoned(error);
      return { answered: Promise.resolve() };
    }
  }
  const runs = await runAll(members);
  let failure: unknown = runs.some((run) => run.failed) ? GROUP_FAILED : undefined;
  if (failure === undefined) await shared.commit().catch((error: unknown) => (failure = error));
  return settleAll(members, runs, failure, shared, budget);
}

/**
 * The group of reads without the lock. Its answers when it was done; false when it must run
 * again under the lock (which is then held, with this process's state as committed).
 */
async function tryWithoutLock<Run extends { failed: boolean }>(
  shared: PgBankStore,
  members: readonly SharedMember<Run>[],
  budget: () => number,
): Promise<GroupAnswers | false> {
  const settle = (runs: readonly Run[], failure: unknown) =>
    settleAll(members, runs, failure, shared, budget);
  shared.open();
  // Sent before the pipelines run; read after: the two overlap.
  const committed = shared.committedVersion().then(
    (version) => ({ version }),
    (error: unknown) => ({ error }),
  );
  let runs = await runAll(members);
  const read = await committed;
  if ('error' in read) return settle(runs, read.error);
  if (runs.some((run) => run.failed)) return settle(runs, GROUP_FAILED);
  let current = shared.holds(read.version);
  if (!current && !shared.changed()) {
    // Behind, and the reads changed nothing: they run again on a snapshot read after they
    // arrived, without the lock (a writer elsewhere does not wait for this catch-up).
    try {
      await shared.catchUp();
    } catch (error) {
      return settle(runs, error);
    }
    runs = await runAll(members);
    if (runs.some((run) => run.failed)) return settle(runs, GROUP_FAILED);
    current = true;
  }
  if (current) {
    if (!shared.changed()) return settle(runs, undefined);
    // The reads wrote: kept when nobody committed since, as one change under the lock.
    try {
      current = await shared.begin(false, budget());
    } catch (error) {
      return settle(runs, error);
    }
    if (current) {
      let failure: unknown;
      await shared.commit().catch((error: unknown) => (failure = error));
      return settle(runs, failure);
    }
  } else {
    try {
      await shared.begin(false, budget());
    } catch (error) {
      return settle(runs, error);
    }
  }
  // Another process committed meanwhile: these answers may be stale; run again on its state.
  try {
    await shared.discard();
  } catch (error) {
    return settle(runs, error);
  }
  return false;
}

async function runAll<Run>(members: readonly SharedMember<Run>[]): Promise<Run[]> {
  const runs: Run[] = [];
  // One at a time: each request sees what the one before it changed, as a serial history.
  for (const member of members) runs.push(await member.runPipeline());
  return runs;
}

/**
 * Answers every member once what this process committed is acknowledged (the promise returned);
 * with a failure, the group's changes are undone first.
 */
async function settleAll<Run extends { failed: boolean }>(
  members: readonly SharedMember<Run>[],
  runs: readonly Run[],
  failure: unknown,
  shared: PgBankStore,
  budget: () => number,
): Promise<GroupAnswers> {
  if (failure !== undefined) await shared.abandon(budget()).catch(() => undefined);
  const answered = shared.acknowledged().then(() => {
    for (const [index, member] of members.entries()) member.settle(runs[index]!, failure);
  });
  return { answered };
}
