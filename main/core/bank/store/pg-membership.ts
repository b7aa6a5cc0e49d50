/**
 * Whether a bank process is the only one serving its PostgreSQL sandbox (pg-bank-store.ts).
 *
 * A read needs one round trip to learn whether another process committed since this one last
 * looked (engine/pg-request-groups.ts). A process that knows it is alone needs none: its own state
 * is the database's. That knowledge comes from a session-level advisory lock, MEMBERS:
 *
 * - a process that takes MEMBERS exclusively when it joins is alone ("solo");
 * - any other takes it shared. One that finds a solo process announces itself on the channel
 *   `bank_members` and waits for the lock: the solo process, told, stops serving reads without
 *   the round trip first, then takes MEMBERS shared and lets the exclusive hold go. So the new
 *   process serves and commits nothing until every read elsewhere checks what it commits.
 * - A process never becomes solo again once others have joined (it cannot tell they left).
 *
 * A solo process that does not let go in JOIN_TIMEOUT (its connection lost, say) makes the new
 * one fail to start, naming the database, rather than serve beside it.
 */
import type pg from 'pg';
import { PG_LOCKS } from './pg-schema.js';

const MEMBERS_LOCK = PG_LOCKS.members;
const CHANNEL = 'bank_members';
/** Tries at letting go, 100 ms apart (well within JOIN_TIMEOUT). */
const SHARE_ATTEMPTS = 20;
/** How long a joining process waits for a solo one to let go. */
const JOIN_TIMEOUT = '10s';

export class SandboxMembership {
  private alone = false;

  private constructor(private readonly client: pg.Client) {}

  /** Joins the sandbox on `client` (before this process reads or writes any of its state). */
  static async join(client: pg.Client, where: string): Promise<SandboxMembership> {
    const membership = new SandboxMembership(client);
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && membership.alone) void membership.share();
    });
    await client.query(`LISTEN ${CHANNEL}`);
    const { rows } = await client.query<{ alone: boolean }>(
      `SELECT pg_try_advisory_lock(${MEMBERS_LOCK}) AS alone`,
    );
    if (rows[0]?.alone) {
      membership.alone = true;
      return membership;
    }
    await client.query(`NOTIFY ${CHANNEL}, 'join'`);
    try {
      await client.query(
        `SET lock_timeout = '${JOIN_TIMEOUT}'; SELECT pg_advisory_lock_shared(${MEMBERS_LOCK}); RESET lock_timeout`,
      );
    } catch (error) {
      throw new Error(
        `another bank process serves the PostgreSQL database ${where} alone and did not make room in ${JOIN_TIMEOUT} (${(error as Error).message})`,
      );
    }
    return membership;
  }

  /** Whether this process is the only one: its state is the database's without asking. */
  get solo(): boolean {
    return this.alone;
  }

  /** Another process is joining: reads check from now on, then the exclusive hold goes. */
  private async share(): Promise<void> {
    this.alone = false;
    // The statements join whatever this connection runs; inside a change that failed they are
    // refused until its ROLLBACK, so they are tried again a moment later. A connection that is
    // gone took its locks with it.
    for (let attempt = 0; attempt < SHARE_ATTEMPTS; attempt += 1) {
      const done = await this.client
        .query(
          `SELECT pg_advisory_lock_shared(${MEMBERS_LOCK}); SELECT pg_advisory_unlock(${MEMBERS_LOCK})`,
        )
        .then(
          () => true,
          () => false,
        );
      if (done) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
