/**
 * A bank process on PostgreSQL keeps its large collections' rows in a local file of its own
 * (store/pg-local-rows.ts) and holds only what requests touch (store/paged-rows.ts): an entity it
 * forgot comes back as last committed, whether this process wrote it or another one did, and a
 * process started on the database reads the same. Needs Debian's PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findConsent } from '../../../main/core/bank/domain/access.js';
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

  async function open(url: string, kept = 0): Promise<PgBankStore> {
    const store = await PgBankStore.open(url, new VirtualClock(), kept);
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

  it('writes a collection shortened whole, its entities read before their rows go', async () => {
    const url = server.createDatabase('paged_shortened');
    const first = await open(url);
    const second = await open(url);
    first.quiesce();
    // Shortening marks the collection rewritten without reading the entities that stay.
    await change(first, (state) => void (consentsOf(state).length = COUNT - 100));
    first.quiesce();
    const ids = (store: PgBankStore) => consentsOf(store.raw()).map((row) => row.consentId);
    expect(ids(first)).toHaveLength(COUNT - 100);
    expect(ids(first).at(-1)).toBe(`consent-${COUNT - 101}`);
    await change(second, () => undefined);
    expect(ids(second)).toEqual(ids(first));
  }, 120_000);

  it('finds an entity by its id in the local file, reading that row alone, whoever committed it', async () => {
    const url = server.createDatabase('paged_lookups');
    const first = await open(url);
    // Keeps what the local file answered by id (a bound above 0), until a commit says otherwise.
    const keeping = await open(url, 5);
    const second = await open(url);
    const status = (store: PgBankStore, id: string) => findConsent(store.view, id)?.consentStatus;

    first.quiesce();
    expect(status(first, 'consent-123')).toBe('valid');
    // Only the entity found came into the process: no index of every id was built.
    expect(first.loadedCount('consents')).toBe(1);

    // Asked before it exists, then made by another process.
    expect(status(keeping, 'consent-elsewhere')).toBeUndefined();
    await change(second, (state) =>
      consentsOf(state).push({ consentId: 'consent-elsewhere', consentStatus: 'received' }),
    );
    for (const store of [first, keeping]) {
      await change(store, () => undefined);
      store.quiesce();
      expect(status(store, 'consent-elsewhere')).toBe('received');
    }

    // Made and committed here, then forgotten: found again from the local file.
    await change(first, (state) =>
      consentsOf(state).push({ consentId: 'consent-here', consentStatus: 'received' }),
    );
    first.quiesce();
    expect(first.loadedCount('consents')).toBe(0);
    expect(status(first, 'consent-here')).toBe('received');
    expect(first.loadedCount('consents')).toBe(1);

    // Another process moves every consent one place (the collection is written whole).
    expect(status(keeping, 'consent-5')).toBe('valid');
    await change(second, (state) => void consentsOf(state).splice(0, 1));
    await change(keeping, () => undefined);
    keeping.quiesce();
    expect(status(keeping, 'consent-0')).toBeUndefined();
    const moved = findConsent(keeping.view, 'consent-5') as unknown as Row;
    expect(consentsOf(keeping.view).indexOf(moved)).toBe(4);
    expect(status(keeping, 'consent-here')).toBe('received');
  }, 120_000);
});
