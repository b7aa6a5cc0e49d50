/**
 * A bank process on PostgreSQL keeps its large collections' rows in a local file of its own
 * (store/pg-local-rows.ts) and holds only what requests touch (store/paged-rows.ts): an entity it
 * forgot comes back as last committed, whether this process wrote it or another one did, and a
 * process started on the database reads the same. Needs Debian's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInitialState } from '../../../main/core/bank/domain/initial-data.js';
import type { Consent, DomainState } from '../../../main/core/bank/domain/model.js';
import { PgBankStore } from '../../../main/core/bank/store/pg-bank-store.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';

const NOW = new Date('2025-03-14T10:00:00.000Z');
const COUNT = 600;

type Row = { consentId: string; consentStatus: string };
const consentsOf = (state: DomainState) => state.consents as unknown as Row[];

function stateWithConsents(): DomainState {
  const state = buildInitialState(NOW);
  state.consents = Array.from({ length: COUNT }, (_, index) => ({
    consentId: `consent-${index}`,
    consentStatus: 'valid',
  })) as unknown as Consent[];
  return state;
}

/** A change of `store` under the lock: `write` on its view, then the commit. */
async function change(store: PgBankStore, write: (state: DomainState) => void): Promise<void> {
  await store.begin(true);
  write(store.view);
  await store.commit();
  await store.acknowledged();
}

describe.skipIf(!has('postgres'))('paged collections of a bank on PostgreSQL', () => {
  let server: ThrowawayPostgres;
  const stores: PgBankStore[] = [];

  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);

  afterAll(async () => {
    for (const store of stores) await store.close().catch(() => undefined);
    await server?.stop();
  });

  async function open(url: string): Promise<PgBankStore> {
    const store = await PgBankStore.open(url, new VirtualClock(), 0);
    stores.push(store);
    await store.start(stateWithConsents);
    return store;
  }

  it('an entity forgotten after its commit comes back as written, by this process or another', async () => {
    const url = server.createDatabase('paged_collections');
    const first = await open(url);
    const second = await open(url);

    // Read once from the local file (as it was at the start), then written and committed.
    first.quiesce();
    expect(consentsOf(first.raw())[3]!.consentStatus).toBe('valid');
    await change(first, (state) => void (consentsOf(state)[3]!.consentStatus = 'revokedByPsu'));
    const written = consentsOf(first.raw())[3]!;
    first.quiesce();
    const again = consentsOf(first.raw())[3]!;
    expect(again).not.toBe(written);
    expect(again.consentStatus).toBe('revokedByPsu');

    // Read along the whole collection (as an index is built): every row comes from the local file.
    first.quiesce();
    expect(consentsOf(first.raw()).filter((row) => row.consentStatus === 'valid')).toHaveLength(
      COUNT - 1,
    );

    await change(second, (state) => void (consentsOf(state)[5]!.consentStatus = 'expired'));
    await change(first, () => undefined);
    first.quiesce();
    expect(consentsOf(first.raw())[5]!.consentStatus).toBe('expired');
    expect(consentsOf(first.raw())[3]!.consentStatus).toBe('revokedByPsu');

    const third = await open(url);
    expect(consentsOf(third.raw()).map((row) => row.consentStatus)).toEqual(
      consentsOf(first.raw()).map((row) => row.consentStatus),
    );
  }, 120_000);
});
