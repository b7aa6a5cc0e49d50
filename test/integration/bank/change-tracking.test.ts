/**
 * Change tracking on a durable bank: a request writes exactly the rows it changed, a read makes no
 * commit and serialises nothing, and, with the verifying commit (every commit compares the whole state
 * with the file), the whole check catalogue — every domain path the suites drive: consents,
 * payments, SCA, sessions, baskets, the batch, the clock, the sandbox API — leaves no write the
 * tracker missed.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTppIdentity,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { createBank } from '../../../main/core/bank/index';
import { BankDatabase } from '../../../main/core/bank/store/bank-database';
import { VirtualClock } from '../../../main/core/clock';
import { runCatalogue } from './catalogue-run.js';
import { OLA, expectStatus, json, sct, startRig, type Rig } from '../concurrency/harness.js';

const HEADERS = {
  'x-accept-fix': 'amount-as-string',
  'X-PSU-IDENTITY': OLA.nationalIdentityNumber,
};

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('a request writes the rows it changed', () => {
  it('a signed GET makes no commit and serialises nothing; a payment POST writes its rows only', async () => {
    rig = await startRig({ store: 'database file' });
    const database = rig.store!.database;
    const created = await rig.send(
      'POST',
      '/v1/payments/sepa-credit-transfers',
      HEADERS,
      sct('12.00', 'one'),
    );
    expectStatus(created, 201);
    const paymentId = json(created).paymentId as string;
    await rig.bank.flush();
    const before = { ...database.counters };
    for (let round = 0; round < 5; round++)
      expectStatus(
        await rig.send('GET', `/v1/payments/sepa-credit-transfers/${paymentId}/status`),
        200,
      );
    await rig.bank.flush();
    // A request that wrote nothing ends its transaction empty: no commit at all.
    expect(database.counters.commits, 'a GET makes no commit').toBe(before.commits);
    // Its transaction would begin at its first write: it begins none.
    expect(database.counters.transactions, 'a GET begins no transaction').toBe(before.transactions);
    expect(
      database.counters.rowsSerialised - before.rowsSerialised,
      'a GET serialises nothing',
    ).toBe(0);
    expect(database.counters.rowsWritten - before.rowsWritten, 'a GET writes nothing').toBe(0);

    const paymentsBefore = rig.bank.state().payments.length;
    expectStatus(
      await rig.send('POST', '/v1/payments/sepa-credit-transfers', HEADERS, sct('13.00', 'two')),
      201,
    );
    await rig.bank.flush();
    // The payment's row, and no more than a handful besides (its authorisation, its session).
    const written = database.counters.rowsWritten - before.rowsWritten;
    expect(written).toBeGreaterThanOrEqual(1);
    expect(written).toBeLessThanOrEqual(3);
    expect(database.counters.transactions - before.transactions, 'the POST begins one').toBe(1);
    expect(rig.store!.committed().payments).toHaveLength(paymentsBefore + 1);
  });
});

describe('a read on a running bank clock', () => {
  it('makes no commit: the batch catch-up before it writes nothing while no run is due', async () => {
    rig = await startRig({ store: 'database file' });
    const database = rig.store!.database;
    rig.clock.resume();
    expectStatus(await rig.send('GET', '/v1/sandbox/customers'), 200);
    await rig.bank.flush();
    const commits = database.counters.commits;
    for (let round = 0; round < 3; round++)
      expectStatus(await rig.send('GET', '/v1/sandbox/customers'), 200);
    await rig.bank.flush();
    expect(database.counters.commits, 'a GET makes no commit').toBe(commits);
  });
});

describe('the verifying commit', () => {
  it('refuses a commit when a write escaped the tracker (a predicate that writes)', async () => {
    rig = await startRig({ store: 'database file' }); // the rig verifies its commits
    const database = rig.store!.database;
    expect(() =>
      rig!.bank.act((state) =>
        state.customers.some((customer) => {
          customer.name = `${customer.name} (written by a predicate)`;
          return false;
        }),
      ),
    ).toThrow(/change tracking missed a write: customers\[0\]/);
    expect(database.trackingMisses).toHaveLength(1);
    // Nothing of it was kept: the state is the file's again.
    expect(rig.bank.state().customers[0]!.name).not.toMatch(/predicate/);
  });
});

describe('no write escapes the tracker (verifying commits, whole catalogue)', () => {
  let identity: TppIdentity;
  beforeAll(async () => {
    identity = await createTppIdentity();
  });

  for (const mode of ['sandbox', 'production'] as const)
    it(`${mode}: every check passes on a durable bank and every commit matched the state`, async () => {
      const folder = mkdtempSync(join(tmpdir(), 'tracking-'));
      const database = await BankDatabase.open(join(folder, 'bank.db'), {
        verifyTracking: true,
        pagedEntitiesKept: 0,
      });
      const clock = new VirtualClock();
      const bank = createBank({ mode, clock, database });
      try {
        const { failed } = await runCatalogue(bank, clock, mode, identity);
        expect(database.trackingMisses).toEqual([]);
        expect(failed).toEqual([]);
        expect(database.counters.commits).toBeGreaterThan(100);
      } finally {
        database.close();
      }
    }, 600_000);
});
