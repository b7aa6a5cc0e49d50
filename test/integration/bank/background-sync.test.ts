/**
 * Durable answers with the fsync off the event loop (persistence/wal-sync.ts, docs/reliability.md
 * "Durability"): the bank commits with synchronous=NORMAL and answers a request only after an
 * fdatasync of the WAL that began after its commit; a request that wrote nothing and read nothing
 * unsynced costs no fsync; a failed fdatasync answers 503 saying the change may have been kept,
 * and every later change 503 (the file is failed until the bank restarts).
 */
import type * as Fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OLA, sct, startRig, type Rig } from '../concurrency/harness.js';

type Callback = (error: NodeJS.ErrnoException | null) => void;
const sync = vi.hoisted(() => ({
  /** The fdatasync calls waiting to complete (the test completes them). */
  held: [] as { complete: (error?: Error) => void }[],
  hold: false,
  calls: 0,
}));

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof Fs>();
  return {
    ...actual,
    fdatasync: (fd: number, callback: Callback) => {
      sync.calls += 1;
      if (!sync.hold) return actual.fdatasync(fd, callback);
      sync.held.push({
        complete: (error) =>
          error ? callback(Object.assign(error, { code: 'EIO' })) : actual.fdatasync(fd, callback),
      });
    },
  };
});

const EXEMPT = { 'x-accept-fix': 'amount-as-string', 'X-PSU-IDENTITY': OLA.nationalIdentityNumber };
const turns = async (count: number) => {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

let rig: Rig | undefined;
afterEach(async () => {
  sync.hold = false;
  for (const waiting of sync.held.splice(0)) waiting.complete();
  await rig?.close();
  rig = undefined;
});

describe('answers after the commit is on disk', () => {
  it('holds a payment answer until the fdatasync after its commit completes', async () => {
    rig = await startRig({ store: 'database file' });
    const r = rig;
    expect(r.store!.database.db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    sync.hold = true;
    const request = await r.signed(
      'POST',
      '/v1/payments/sepa-credit-transfers',
      EXEMPT,
      sct('7.00', 'Held'),
    );
    let answered = false;
    const answer = r.bank.handle(request).then((response) => ((answered = true), response));
    await turns(5);
    // Committed (a reader of the file sees it) but not yet synced: not answered.
    expect(r.store!.committed().payments.some((p) => p.details)).toBe(true);
    expect([answered, sync.held.length]).toEqual([false, 1]);
    sync.held.shift()!.complete();
    const response = await answer;
    expect(response.status).toBe(201);
    // A read of what is on disk writes nothing and waits for no fsync.
    const calls = sync.calls;
    const paymentId = JSON.parse(response.body).paymentId as string;
    const read = await r.bank.handle(
      await r.signed('GET', `/v1/payments/sepa-credit-transfers/${paymentId}/status`),
    );
    expect([read.status, sync.calls]).toEqual([200, calls]);
  });

  it('holds a read that commits nothing until the earlier write it may have read is on disk', async () => {
    rig = await startRig({ store: 'database file' });
    const r = rig;
    const read = await r.signed('GET', '/v1/sandbox/customers');
    const post = await r.signed(
      'POST',
      '/v1/payments/sepa-credit-transfers',
      EXEMPT,
      sct('9.00', 'Read after'),
    );
    sync.hold = true;
    const answered: string[] = [];
    const note = (what: string) => (response: { status: number }) => {
      answered.push(`${what} ${response.status}`);
      return response;
    };
    const write = r.bank.handle(post).then(note('write'));
    // The same turn: the read runs before the write's group is committed.
    const sameTurn = r.bank.handle(read).then(note('read in its turn'));
    await turns(5);
    // A later turn: the write is committed (the read sees it), not yet on disk.
    expect(r.store!.committed().payments.some((p) => p.details)).toBe(true);
    const later = r.bank.handle(read).then(note('read after'));
    await turns(5);
    expect([answered, sync.held.length]).toEqual([[], 1]);
    sync.held.shift()!.complete();
    await Promise.all([write, sameTurn, later]);
    expect(answered).toEqual(['write 201', 'read in its turn 200', 'read after 200']);
  });

  it('answers 503 when the fdatasync fails, and refuses every later change', async () => {
    rig = await startRig({ store: 'database file' });
    const r = rig;
    sync.hold = true;
    const send = async (reference: string) =>
      r.bank.handle(
        await r.signed(
          'POST',
          '/v1/payments/sepa-credit-transfers',
          EXEMPT,
          sct('8.00', reference),
        ),
      );
    const first = send('Lost sync');
    await turns(5);
    sync.held.shift()!.complete(new Error('input/output error'));
    const refused = await first;
    expect(refused.status).toBe(503);
    const message = JSON.parse(refused.body).tppMessages[0];
    expect(message).toMatchObject({ code: 'SYSTEM_ERROR' });
    expect(message.text).toContain('SQLITE_IOERR_FSYNC');
    expect(message.text).toContain('could not be confirmed on disk');
    sync.hold = false;
    const later = await send('After the failure');
    expect(later.status).toBe(503);
    expect(JSON.parse(later.body).tppMessages[0].text).toContain('nothing was changed');
  });
});
