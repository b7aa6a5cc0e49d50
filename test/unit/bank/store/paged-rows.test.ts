/**
 * A bank on a SQLite file keeps its large collections in the file (store/paged-rows.ts): after a
 * load none of their entities is in the process, a read brings one in, and between requests no
 * more than the bound stay; what a request holds or wrote never goes before its commit, and what
 * went comes back as committed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import type { Consent, DomainState } from '../../../../main/core/bank/domain/model.js';
import { findConsent } from '../../../../main/core/bank/domain/access.js';
import { keyedRowLookup } from '../../../../main/core/bank/domain/schema.js';
import { BankDatabase } from '../../../../main/core/bank/store/bank-database.js';
import { snapshotStateOf } from '../../../../main/core/bank/state.js';

const folders: string[] = [];
const databases: BankDatabase[] = [];
afterEach(() => {
  for (const database of databases.splice(0)) database.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const COUNT = 3_000;
const KEPT = 5;

/** A file holding COUNT consents (copies of one with its own id), reopened with a bound of KEPT. */
async function pagedBank() {
  const folder = mkdtempSync(join(tmpdir(), 'paged-rows-'));
  folders.push(folder);
  const path = join(folder, 'bank.db');
  const written = await BankDatabase.open(path);
  const state = buildInitialState(new Date('2025-03-14T10:00:00.000Z'));
  const consents = Array.from({ length: COUNT }, (_, index) => ({
    consentId: `consent-${index}`,
    consentStatus: 'valid',
    note: { index },
  })) as unknown as Consent[];
  written.begin();
  written.adopt({ ...state, consents, ledger: written.ledger });
  written.commit();
  written.close();
  const open = async () => {
    const database = await BankDatabase.open(path, { pagedEntitiesKept: KEPT });
    databases.push(database);
    const view = database.load();
    return { database, view, raw: database.raw() };
  };
  return { open, ...(await open()) };
}

type Row = { consentId: string; consentStatus: string; note: { index: number } };
const rowsOf = (state: DomainState) => state.consents as unknown as Row[];

describe('paged collections of a bank on a SQLite file', () => {
  it('holds none after a load, reads one when asked, and keeps at most the bound between requests', async () => {
    const { database, view } = await pagedBank();
    expect(database.loadedCount('consents')).toBe(0);
    expect(view.consents).toHaveLength(COUNT);
    expect(rowsOf(view)[1234]!.consentId).toBe('consent-1234');
    expect(database.loadedCount('consents')).toBe(1);
    expect(database.endUnchanged()).toBe(true);
    // A read along the whole collection (an index built, a filter) reads it in pages and lets
    // go of what it read before, holding no views.
    let seen = 0;
    const raw = rowsOf(database.raw());
    for (let index = 0; index < raw.length; index += 1)
      if (raw[index]!.note.index === index) seen++;
    expect(seen).toBe(COUNT);
    expect(database.loadedCount('consents')).toBeLessThan(COUNT / 2);
    expect(database.endUnchanged()).toBe(true);
    expect(database.loadedCount('consents')).toBeLessThanOrEqual(KEPT);
  });

  it('gives a request the same entity each time while it holds its view, and lets it go after', async () => {
    const { database, view } = await pagedBank();
    const first = rowsOf(view)[7]!;
    for (const row of rowsOf(database.raw())) void row.consentId;
    expect(rowsOf(view)[7]).toBe(first);
    expect(database.endUnchanged()).toBe(true);
    for (const row of rowsOf(database.raw())) void row.consentId;
    expect(database.endUnchanged()).toBe(true);
    // A new request: the entity was read again from its row, equal and not the same object.
    const again = rowsOf(view)[7]!;
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('keeps a written entity until its commit, and reads it back as committed', async () => {
    const { database, view, open } = await pagedBank();
    database.beginOnWrite();
    rowsOf(view)[42]!.consentStatus = 'revokedByPsu';
    const added = { consentId: 'consent-new', consentStatus: 'received', note: { index: COUNT } };
    (view.consents as unknown as Row[]).push(added);
    for (const row of rowsOf(database.raw())) void row.consentId;
    expect(rowsOf(database.raw())[42]!.consentStatus).toBe('revokedByPsu');
    database.commit();
    expect(database.loadedCount('consents')).toBeLessThanOrEqual(KEPT);
    expect(rowsOf(view)[42]!.consentStatus).toBe('revokedByPsu');
    expect(rowsOf(view)[COUNT]).toEqual(added);
    database.close();
    databases.splice(databases.indexOf(database), 1);
    const reopened = await open();
    expect(rowsOf(reopened.view)[42]!.consentStatus).toBe('revokedByPsu');
    expect(rowsOf(reopened.view)[COUNT]!.consentId).toBe('consent-new');
  });

  it('rewrites a collection whose members moved, in their new order', async () => {
    const { database, view, open } = await pagedBank();
    database.beginOnWrite();
    const removed = (view.consents as unknown as Row[]).splice(10, 2);
    expect(removed.map((row) => row.consentId)).toEqual(['consent-10', 'consent-11']);
    database.commit();
    expect(database.loadedCount('consents')).toBeLessThanOrEqual(KEPT);
    const ids = (state: DomainState) => rowsOf(state).map((row) => row.consentId);
    expect(ids(view).slice(9, 12)).toEqual(['consent-9', 'consent-12', 'consent-13']);
    expect(view.consents).toHaveLength(COUNT - 2);
    const reopened = await open();
    expect(ids(reopened.view)).toEqual(ids(view));
  });

  it('finds an entity by its id from the file, reading that row alone', async () => {
    const { database, view } = await pagedBank();
    expect(findConsent(view, 'consent-1234')?.consentStatus).toBe('valid');
    expect(findConsent(view, 'consent-none')).toBeUndefined();
    // Only the entity found came into the process: no index of every id was built.
    expect(database.loadedCount('consents')).toBe(1);
    expect(database.endUnchanged()).toBe(true);
    // The lookup reads the field's index, not every row of the table.
    const plan = database.db
      .prepare(`EXPLAIN QUERY PLAN ${keyedRowLookup('consents', 'consentId')}`)
      .all('consent-1') as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('bank_entities_consents_consentId');
  });

  it('finds by id what a request added, what it moved, and not what it removed, before the commit', async () => {
    const { database, view } = await pagedBank();
    database.beginOnWrite();
    const added = { consentId: 'consent-new', consentStatus: 'received', note: { index: COUNT } };
    (view.consents as unknown as Row[]).push(added);
    expect(findConsent(view, 'consent-new')?.consentStatus).toBe('received');
    database.commit();
    expect(database.endUnchanged()).toBe(true);
    expect(findConsent(view, 'consent-new')?.consentStatus).toBe('received');
    expect(findConsent(view, 'consent-2999')?.consentStatus).toBe('valid');
    expect((findConsent(view, 'consent-11') as unknown as Row).note.index).toBe(11);
    expect(database.endUnchanged()).toBe(true);
    database.beginOnWrite();
    (view.consents as unknown as Row[]).splice(10, 1);
    expect(findConsent(view, 'consent-10')).toBeUndefined();
    expect((findConsent(view, 'consent-11') as unknown as Row).note.index).toBe(11);
    database.commit();
    expect(findConsent(view, 'consent-10')).toBeUndefined();
    expect(rowsOf(view).indexOf(findConsent(view, 'consent-11') as unknown as Row)).toBe(10);
  });

  it('gives a snapshot every entity, as a plain copy', async () => {
    const { database } = await pagedBank();
    const snapshot = snapshotStateOf(database.raw());
    expect(snapshot.consents).toHaveLength(COUNT);
    expect((snapshot.consents[2999] as unknown as Row).note.index).toBe(2999);
    expect(Object.getPrototypeOf(snapshot.consents)).toBe(Array.prototype);
  });
});
