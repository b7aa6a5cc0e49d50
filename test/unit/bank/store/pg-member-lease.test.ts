/**
 * The read lease's acknowledgements (store/pg-member-lease.ts), on a fake connection: a version
 * notice is acknowledged with a notice alone (no row written, no lock), the writer does not
 * acknowledge its own commit nor once its lease is surely over, and a writer counts an acknowledgement it heard before it listed the
 * members still to acknowledge.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberLease, VERSIONS_CHANNEL } from '../../../../main/core/bank/store/pg-member-lease.js';
import { MEMBER_LEASE_MS } from '../../../../main/core/bank/store/pg-schema.js';

/** A lease connection that records its statements; renewals are granted. */
class FakeClient extends EventEmitter {
  readonly statements: { text: string; values: unknown[] }[] = [];
  /** While set, a renewal is answered only once it resolves. */
  renewals: Promise<void> | undefined;
  async query(text: string, values: unknown[] = []) {
    this.statements.push({ text, values });
    if (/INSERT INTO bank_members/.test(text)) {
      await this.renewals;
      return { rows: [{ renewed: true, committed: '0' }] };
    }
    return { rows: [] };
  }
  async end() {}
  tell(channel: string, payload: string) {
    this.emit('notification', { channel, payload, processId: 1 });
  }
  /** The acknowledgements sent: [member, version]. */
  acknowledgements() {
    return this.statements
      .filter((statement) => /^SELECT pg_notify/.test(statement.text))
      .map((statement) => statement.values);
  }
}

/** Lets the lease's promise chains run (no timers involved). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the read lease’s acknowledgements', () => {
  let lease: MemberLease | undefined;
  afterEach(async () => {
    await lease?.close();
    lease = undefined;
  });

  async function open() {
    const client = new FakeClient();
    lease = await MemberLease.open('postgres://fake', async () => client as unknown as pg.Client);
    return { lease, client };
  }

  it('acknowledges a version notice with a notice alone: no row written, no lock taken', async () => {
    const { lease, client } = await open();
    const before = client.statements.length;
    client.tell(VERSIONS_CHANNEL, '7');
    await settled();
    const sent = client.statements.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).not.toMatch(/bank_members|FOR SHARE|bank_settings/);
    expect(client.acknowledgements()).toEqual([[lease.id, 7]]);
    // Noted before acknowledged: reads on an older state ask the database.
    expect(lease.fresh(6)).toBe(false);
  });

  it('does not acknowledge the notice of its own commit, and acknowledges the next writer’s', async () => {
    const { lease, client } = await open();
    lease.committing(8);
    client.tell(VERSIONS_CHANNEL, '8');
    await settled();
    expect(client.acknowledgements()).toEqual([]);
    client.tell(VERSIONS_CHANNEL, '9');
    await settled();
    expect(client.acknowledgements()).toEqual([[lease.id, 9]]);
  });

  // A writer waits only for members whose lease is live on the database's clock: the notices of
  // an idle member, to every member at every commit, would cost the others for nothing.
  it('acknowledges nothing once its lease has surely run out on the database’s clock', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const { lease, client } = await open();
      vi.advanceTimersByTime(MEMBER_LEASE_MS);
      client.tell(VERSIONS_CHANNEL, '5');
      await settled();
      // Its own clock ended the lease first; the database's may not have: still acknowledged.
      expect(client.acknowledgements()).toEqual([[lease.id, 5]]);
      vi.advanceTimersByTime(MEMBER_LEASE_MS);
      client.tell(VERSIONS_CHANNEL, '6');
      await settled();
      expect(client.acknowledgements()).toEqual([[lease.id, 5]]);
      // Still noted: a read on an older state asks the database.
      expect(lease.fresh(5)).toBe(false);
      // A renewal on its way may extend the lease before the next commit: that one is
      // acknowledged.
      let answer = () => {};
      client.renewals = new Promise((resolve) => (answer = resolve));
      expect(lease.fresh(6)).toBe(false);
      client.tell(VERSIONS_CHANNEL, '7');
      await settled();
      expect(client.acknowledgements()).toEqual([
        [lease.id, 5],
        [lease.id, 7],
      ]);
      answer();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a writer counts an acknowledgement heard before it listed the members', async () => {
    const { lease, client } = await open();
    client.tell('bank_acks', 'peer:12');
    // Listed after the notice came, with a lease far from running out: settled at once (before
    // the fix it waited for that lease to run out).
    await expect(lease.settle(12, [{ member: 'peer', left_ms: 3_600_000 }])).resolves.toBe(
      undefined,
    );
  });
});
