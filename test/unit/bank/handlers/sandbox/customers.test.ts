/**
 * GET /v1/sandbox/customers (main/core/bank/handlers/sandbox/customers.ts) is a pure read: the
 * bank makes its answer once while the state stays as it was (answers/read-answers.ts), and
 * again after a request, a console change or a reset changed it, in memory and on SQLite.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Bank } from '../../../../../main/core/bank/index.js';
import { countedReadsBank } from '../../counted-reads.js';
import { createPki, signedRequest, type Pki } from '../../fixtures.js';

const NOW = new Date('2025-03-14T10:00:00.000Z');
/** A CORPORATE customer of the sandbox data, owner of one agreement. */
const NORDLYS = '20000001';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});
let bank: Bank | undefined;
afterEach(async () => {
  await bank?.close();
  bank = undefined;
});

/** A sandbox bank whose customer list counts its handler's calls; SQLite when `db`. */
async function startBank(db: boolean) {
  const started = await countedReadsBank(new Set(['listSandboxCustomers']), { db, now: NOW });
  bank = started.bank;
  return started;
}

async function customers(target = '/v1/sandbox/customers') {
  const answer = await bank!.handle(
    signedRequest(pki, { method: 'GET', path: target, headers: { 'X-Request-ID': randomUUID() } }),
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The names of the agreements Nordlys is listed with, as the answer text says. */
const nordlysAgreements = (text: string) =>
  (JSON.parse(text) as { customerNumber: string; agreements: { name: string }[] }[])
    .find((customer) => customer.customerNumber === NORDLYS)!
    .agreements.map((agreement) => agreement.name);

describe.each([
  ['in memory', false],
  ['on SQLite', true],
])('GET /v1/sandbox/customers %s', (_where, db) => {
  it('is answered from the kept answer, byte for byte, while nothing changes', async () => {
    const { counter } = await startBank(db);
    const first = await customers();
    expect(await customers()).toBe(first);
    expect(counter.calls).toBe(1);
    // Another page is another answer.
    expect(JSON.parse(await customers('/v1/sandbox/customers?limit=1'))).toHaveLength(1);
    expect(counter.calls).toBe(2);
  });

  it('answers anew after a request changed the state (a new agreement, §4.3)', async () => {
    const { counter } = await startBank(db);
    expect(nordlysAgreements(await customers())).not.toContain('Nordlys, payroll');
    const created = await bank!.handle(
      signedRequest(pki, {
        method: 'POST',
        path: '/v1/sandbox/agreements',
        headers: { 'X-Request-ID': randomUUID(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Nordlys, payroll', owner: NORDLYS, engagements: [] }),
      }),
    );
    expect(created.status).toBe(201);
    expect(nordlysAgreements(await customers())).toContain('Nordlys, payroll');
    expect(counter.calls).toBe(2);
  });

  it('answers anew after a console change and after a reset', async () => {
    await startBank(db);
    const initial = await customers();
    bank!.act((state) => {
      state.customers[0]!.name = 'Renamed by act';
    });
    expect(await customers()).toContain('Renamed by act');
    bank!.update((state) => {
      state.customers[0]!.name = 'Renamed by update';
    });
    expect(await customers()).toContain('Renamed by update');
    bank!.reset();
    expect(await customers()).toBe(initial);
  });
});
