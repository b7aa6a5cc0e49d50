/**
 * The read lease of a bank process on a shared PostgreSQL sandbox (pg-bank-store.ts): how a
 * process that is not alone answers reads without asking the database, and still never answers
 * a read that started after a write was acknowledged (by any process) without that write.
 *
 * - Each process has a row in `bank_members`: its lease's expiry (the database's clock) and the
 *   last version it acknowledged. It renews the lease every MEMBER_LEASE_MS / 3 while it answers
 *   reads, on a connection of its own that LISTENs to `bank_versions`. One that answered no read
 *   for a whole lease (it takes only changes, or nothing) lets its lease run out, so the others'
 *   commits do not wait for it; its next read asks the database and renews.
 * - A renewal extends the lease only when the acknowledged version is at least the committed one,
 *   read with the version row locked (FOR SHARE): a commit updates that row, so a renewal either
 *   is committed before the commit's version exists or waits for it and sees it. A renewal that is
 *   refused gives the committed version, which the process notes before it acknowledges it.
 * - A commit notifies its version (pg-bank-store.ts). A process told of a version notes it first
 *   (its reads ask the database until its state is as new), then acknowledges it with a notice
 *   on `bank_acks` alone: no row written and no lock taken, so an acknowledgement never waits
 *   behind the next commit's update of the version row, and costs the database no write. The
 *   writer does not acknowledge its own version (nobody waits for it to), nor does a process
 *   whose lease the database's clock has surely ended (nobody waits for it either).
 * - After COMMIT, before its requests are answered, the writer waits until every other process
 *   whose lease is live has acknowledged its version (a notice heard, before or after it listed
 *   them), or that lease ran out. A lease cannot be renewed without acknowledging the version
 *   in its row, so the wait ends within MEMBER_LEASE_MS.
 * - A process reads without the round trip only while its lease is live by its own clock, counted
 *   from before the renewal was sent, less a margin: by the time the database's clock ends the
 *   lease (the writer stops waiting), the process has stopped. One that was stopped (SIGSTOP, a
 *   paused machine) finds its lease gone when it runs again and asks the database first.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { MEMBER_LEASE_MS } from './pg-schema.js';

/** The channel a commit announces its version on (pg-bank-store.ts). */
export const VERSIONS_CHANNEL = 'bank_versions';
const ACKS_CHANNEL = 'bank_acks';
/** Taken off the lease as this process counts it: the database ends it this much later. */
const MARGIN_MS = 150;
/** A timer may fire a little early against the database's clock, which has millisecond steps. */
const SLACK_MS = 2;
/** The members whose acknowledgements are kept at most (processes that joined and left). */
const HEARD_MEMBERS = 1_000;
/** Renewals sent back to back at most (a refused one is sent again at once). */
const RENEW_ROUNDS = 4;

/**
 * The renewal and acknowledgement in one statement: $1 the member, $2 the version acknowledged,
 * $3 the lease in ms. Answers whether the lease was renewed, and the committed version.
 */
const RENEW_SQL = `
  WITH committed AS (
    SELECT coalesce((SELECT value::bigint FROM bank_settings WHERE name = 'version' FOR SHARE), 0)
      AS version
  ), kept AS (
    INSERT INTO bank_members AS m (member, expires, acked)
    SELECT $1, CASE WHEN $2::bigint >= c.version
      THEN clock_timestamp() + $3::int * interval '1 millisecond' ELSE clock_timestamp() END,
      $2::bigint
    FROM committed c
    ON CONFLICT (member) DO UPDATE SET
      acked = greatest(m.acked, excluded.acked),
      expires = CASE WHEN greatest(m.acked, excluded.acked) >= (SELECT version FROM committed)
        THEN clock_timestamp() + $3::int * interval '1 millisecond' ELSE m.expires END
    RETURNING m.acked
  )
  SELECT k.acked >= c.version AS renewed, c.version::text AS committed,
    pg_notify('${ACKS_CHANNEL}', $1 || ':' || k.acked) AS told
  FROM kept k, committed c`;

/** An acknowledgement alone ($1 the member, $2 the version): a notice, nothing written. */
const ACK_SQL = `SELECT pg_notify('${ACKS_CHANNEL}', $1 || ':' || $2::bigint)`;

/** A member the writer waits for: its lease's time left on the database's clock. */
export interface PendingMember {
  member: string;
  left_ms: number;
}

export class MemberLease {
  /** This process's row. */
  readonly id = randomBytes(12).toString('hex');
  private client: pg.Client | undefined;
  /** Until when (performance.now()) reads may go without the round trip. */
  private deadline = 0;
  /**
   * By when (performance.now()) the database's clock has surely ended this process's lease:
   * counted from after the renewal's answer came, plus the margin. Past it no writer waits for
   * this process, so it acknowledges nothing: an idle member costs a commit no notices.
   */
  private leaseEndsBy = 0;
  /** The newest version this process was told of; its reads ask until its state is as new. */
  private notified = 0;
  /** The version the next renewal acknowledges (never above `notified`). */
  private target = 0;
  private sending = false;
  private again = false;
  private acking = false;
  /** When a read last asked fresh() (performance.now()): the lease is renewed while reads come. */
  private lastRead = performance.now();
  /** The version this process is committing (committing()). */
  private own: number | undefined;
  private ackAgain = false;
  /**
   * The newest version each member was heard acknowledging: a writer that lists the members
   * still to acknowledge after the notice came counts it all the same.
   */
  private readonly heard = new Map<string, number>();
  private connecting: Promise<void> | undefined;
  private closed = false;
  private readonly timer: NodeJS.Timeout;
  /** Writers waiting for acknowledgements: each is told of every one. */
  private readonly listeners = new Set<(member: string, acked: number) => void>();

  private constructor(
    private readonly url: string,
    private readonly connect: (url: string) => Promise<pg.Client>,
  ) {
    this.timer = setInterval(() => {
      // A process that answered no read for a whole lease lets it run out: no writer waits for
      // it then (its next read asks the database, and renews).
      if (performance.now() - this.lastRead <= MEMBER_LEASE_MS) void this.renew();
    }, MEMBER_LEASE_MS / 3);
    this.timer.unref();
  }

  /** Joins with a lease of its own (on a connection of its own); `connect` opens one. */
  static async open(url: string, connect: (url: string) => Promise<pg.Client>) {
    const lease = new MemberLease(url, connect);
    await lease.renew();
    return lease;
  }

  /** Whether a read on a state as of `seen` may be answered without asking the database. */
  fresh(seen: number): boolean {
    const now = performance.now();
    this.lastRead = now;
    // A lease let run out while no read came (or lost): this read asks, the next ones need not.
    if (now >= this.deadline) void this.renew();
    return this.client !== undefined && now < this.deadline && this.notified <= seen;
  }

  /**
   * The query that follows a COMMIT of `version` (same round trip): the other members with a
   * live lease that have not acknowledged it.
   */
  pendingSql(version: number): string {
    return `SELECT member, ceil(extract(epoch FROM expires - clock_timestamp()) * 1000)::int AS left_ms
      FROM bank_members WHERE member <> '${this.id}' AND acked < ${Math.trunc(version)}
      AND expires > clock_timestamp()`;
  }

  /**
   * After the commit of `version`: returns once every member of `pending` (pendingSql's answer)
   * acknowledged it or its lease ran out; never rejects. Asks again after a lease ran out (a
   * renewal sent before the commit may have extended it); when it cannot ask, it waits out a
   * whole lease, after which no lease can be live without acknowledging the version.
   */
  async settle(version: number, pending: PendingMember[]): Promise<void> {
    const committedAt = performance.now();
    let members = pending;
    while (members.length > 0) {
      const expired = await this.acknowledged(version, members);
      if (!expired) return;
      try {
        if (!this.client) throw new Error('the lease connection is lost');
        members = (await this.client.query<PendingMember>(this.pendingSql(version))).rows;
      } catch {
        const left = committedAt + MEMBER_LEASE_MS + SLACK_MS - performance.now();
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        return;
      }
    }
  }

  /**
   * This process is committing `version` (undefined: its commit failed). The notice of it is not
   * acknowledged (the writer never waits for itself); the timer's renewal still takes it in.
   */
  committing(version: number | undefined): void {
    this.own = version;
  }

  /** `earlier`, then settle(version, pending): the acknowledgements of every commit so far. */
  async settleAfter(earlier: Promise<void>, version: number, pending: PendingMember[]) {
    await Promise.all([earlier, this.settle(version, pending)]);
  }

  /** Leaves the sandbox: writers stop waiting for this process at once. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    await client.query(`DELETE FROM bank_members WHERE member = $1`, [this.id]).catch(() => 0);
    await client.end().catch(() => undefined);
  }

  /** True when a member's lease ran out before it acknowledged `version`. */
  private acknowledged(version: number, members: PendingMember[]): Promise<boolean> {
    const waiting = new Set(
      members
        .filter((member) => (this.heard.get(member.member) ?? 0) < version)
        .map((member) => member.member),
    );
    if (waiting.size === 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      let expired = false;
      const timers: NodeJS.Timeout[] = [];
      const done = (member: string) => {
        if (!waiting.delete(member) || waiting.size > 0) return;
        this.listeners.delete(listener);
        for (const timer of timers) clearTimeout(timer);
        resolve(expired);
      };
      const listener = (member: string, acked: number) => {
        if (acked >= version) done(member);
      };
      this.listeners.add(listener);
      for (const member of members.filter((pending) => waiting.has(pending.member)))
        timers.push(
          setTimeout(
            () => {
              expired = true;
              done(member.member);
            },
            Math.max(0, member.left_ms) + SLACK_MS,
          ),
        );
    });
  }

  private async ensureClient(): Promise<pg.Client | undefined> {
    if (this.client || this.closed) return this.client;
    this.connecting ??= this.open_().finally(() => (this.connecting = undefined));
    await this.connecting;
    return this.client;
  }

  private async open_(): Promise<void> {
    const client = await this.connect(this.url);
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.deadline = 0;
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => this.told(message));
    try {
      // The rows of processes long gone (a crash leaves its row) go; a live one renews its own.
      await client.query(`LISTEN ${VERSIONS_CHANNEL}; LISTEN ${ACKS_CHANNEL};
        DELETE FROM bank_members WHERE expires < clock_timestamp() - interval '1 hour'`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
  }

  private told(message: pg.Notification): void {
    if (message.channel === VERSIONS_CHANNEL) {
      const version = Number(message.payload);
      this.note(version);
      // Its own commit, or a lease surely over with no renewal on its way (one may extend it
      // before this version's commit, and the writer waits for it then): no writer waits.
      const leased = this.sending || performance.now() < this.leaseEndsBy;
      if (version !== this.own && leased) void this.acknowledge();
    } else if (message.channel === ACKS_CHANNEL) {
      const [member = '', text = ''] = (message.payload ?? '').split(':');
      const acked = Number(text);
      if (!Number.isSafeInteger(acked)) return;
      // Members that left stay here; forgetting them all at a bound only makes a writer wait.
      if (this.heard.size >= HEARD_MEMBERS) this.heard.clear();
      this.heard.set(member, Math.max(this.heard.get(member) ?? 0, acked));
      for (const listener of [...this.listeners]) listener(member, acked);
    }
  }

  /**
   * Acknowledges `target` with a notice only: no row written and no lock taken, so it never
   * waits behind a commit holding the version row. The writer hears it (or finds it in `heard`);
   * the lease itself is extended by the timer's renewal, which still needs the version row.
   * One at a time, the last version sent again after.
   */
  private async acknowledge(): Promise<void> {
    if (this.acking) {
      this.ackAgain = true;
      return;
    }
    this.acking = true;
    try {
      do {
        this.ackAgain = false;
        const client = await this.ensureClient();
        if (!client) return;
        await client.query(ACK_SQL, [this.id, this.target]);
      } while (this.ackAgain);
    } catch {
      // The connection lost: the writers stop waiting once this lease ran out.
    } finally {
      this.acking = false;
    }
  }

  /** A version this process was told of: noted before it can be acknowledged. */
  private note(version: number): void {
    if (!Number.isSafeInteger(version)) return;
    this.notified = Math.max(this.notified, version);
    this.target = Math.max(this.target, version);
  }

  /** Renews (acknowledging `target`); one at a time, the last request sent again after. */
  private async renew(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    try {
      // Bounded: under a stream of commits the next notification renews again anyway.
      for (let round = 0; round < RENEW_ROUNDS; round += 1) {
        this.again = false;
        const client = await this.ensureClient();
        if (!client) return;
        const sent = performance.now();
        const { rows } = await client.query<{ renewed: boolean; committed: string }>(RENEW_SQL, [
          this.id,
          this.target,
          MEMBER_LEASE_MS,
        ]);
        const row = rows[0];
        if (row?.renewed) {
          this.deadline = sent + MEMBER_LEASE_MS - MARGIN_MS;
          this.leaseEndsBy = performance.now() + MEMBER_LEASE_MS + MARGIN_MS;
        } else if (row) {
          // Refused: the committed version is newer; noted, then acknowledged.
          this.note(Number(row.committed));
          this.again = true;
        }
        if (!this.again) return;
      }
    } catch {
      // The connection lost or the database out of reach: reads ask it until a renewal passes.
      this.deadline = 0;
    } finally {
      this.sending = false;
    }
  }
}
