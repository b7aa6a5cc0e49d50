/**
 * A change that writes many rows to PostgreSQL (a start from a large state, an import) sends them
 * in statements of WRITE_BATCH rows (store/pg-entity-writes.ts): no statement carries the whole
 * state, and every row arrives, in its place and as written (each field a parameter).
 * Needs Debian's PostgreSQL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildInitialState } from '../../../main/core/bank/domain/initial-data.js';
import type { DomainState } from '../../../main/core/bank/domain/model.js';
import { PgBankStore } from '../../../main/core/bank/store/pg-bank-store.js';
import { WRITE_BATCH } from '../../../main/core/bank/store/pg-entity-writes.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';

const NOW = new Date('2025-03-14T10:00:00.000Z');

/** The initial state with `count` copies of its first customer, each with its own number. */
function stateWith(count: number): DomainState {
  const state = buildInitialState(NOW);
  const model = state.customers[0]!;
  for (let i = 0; i < count; i += 1)
    state.customers.push({ ...structuredClone(model), customerNumber: `bulk-${i}` });
  return state;
}

/** The most entity rows any statement sent while `work` runs carried (its VALUES rows). */
async function largestBatchDuring(work: () => Promise<void>): Promise<number> {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    const sizes = query.mock.calls.map((call) => {
      const text: unknown = call[0];
      if (typeof text !== 'string' || !text.includes('INSERT INTO bank_entities')) return 0;
      // A row is (collection, position, record, version), each a parameter: ($1, $2, $3, $4).
      return text.match(/\(\$\d+, \$\d+, \$\d+, \$\d+\)/g)?.length ?? 0;
    });
    return Math.max(0, ...sizes);
  } finally {
    query.mockRestore();
  }
}

describe.skipIf(!has('postgres'))('PostgreSQL writes a large change in batches', () => {
  let server: ThrowawayPostgres;

  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);

  afterAll(() => server?.stop());

  it('a start from a state larger than a batch: batched, and read back whole in order', async () => {
    const url = server.createDatabase('entity_writes_start');
    const count = 2 * WRITE_BATCH + 7;
    const initial = stateWith(count);
    const store = await PgBankStore.open(url, new VirtualClock());
    const largest = await largestBatchDuring(() => store.start(() => initial));
    await store.close();
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(WRITE_BATCH);

    const other = await PgBankStore.open(url, new VirtualClock());
    await other.start(() => buildInitialState(NOW));
    const read = other.raw().customers;
    expect(read).toHaveLength(initial.customers.length);
    expect(read.map((c) => c.customerNumber)).toEqual(
      initial.customers.map((c) => c.customerNumber),
    );
    expect(read.at(-1)).toEqual(initial.customers.at(-1));
    await other.close();
  }, 120_000);

  it('an imported state (adopt, then commit) is batched too', async () => {
    const url = server.createDatabase('entity_writes_adopt');
    const store = await PgBankStore.open(url, new VirtualClock());
    await store.start(() => buildInitialState(NOW));
    const next = stateWith(WRITE_BATCH + 1);
    const largest = await largestBatchDuring(async () => {
      await store.begin(true);
      store.adopt({ ...next, ledger: store.raw().ledger });
      await store.commit();
    });
    expect(largest).toBeLessThanOrEqual(WRITE_BATCH);
    const other = await PgBankStore.open(url, new VirtualClock());
    await other.start(() => buildInitialState(NOW));
    expect(other.raw().customers.map((c) => c.customerNumber)).toEqual(
      next.customers.map((c) => c.customerNumber),
    );
    await other.close();
    await store.close();
  }, 120_000);

  it('a row arrives as written: quotes, backslashes, escapes and characters beyond ASCII', async () => {
    const url = server.createDatabase('entity_writes_text');
    const initial = buildInitialState(NOW);
    const name = 'Åse "Bø" \\ \\u0000 \n\t 🙂 \u2028 {"a":[1]}';
    initial.customers[0] = { ...initial.customers[0]!, name };
    const store = await PgBankStore.open(url, new VirtualClock());
    await store.start(() => initial);
    await store.close();
    const other = await PgBankStore.open(url, new VirtualClock());
    await other.start(() => buildInitialState(NOW));
    expect(other.raw().customers[0]!.name).toBe(name);
    expect(other.raw().customers[0]).toEqual(initial.customers[0]);
    await other.close();
  }, 120_000);
});
