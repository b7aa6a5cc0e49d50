/**
 * The change tracker (store/change-tracker.ts) reports exactly the entities a
 * change wrote to, through every way the domain writes (a field, a nested field, a nested array,
 * a delete, a push, a replacement by index, a loop over a collection, the result of a lookup), and
 * marks a collection rewritten when its members move; a read reports nothing.
 */
import { describe, expect, it } from 'vitest';
import { ChangeTracker } from '../../../../main/core/bank/store/change-tracker.js';
import type { DomainState } from '../../../../main/core/bank/domain/model.js';

interface Item {
  id: string;
  status: string;
  access?: { accounts: { iban: string }[] };
  note?: string;
}

function tracked(count = 4) {
  const consents: Item[] = Array.from({ length: count }, (_, index) => ({
    id: `c${index}`,
    status: 'received',
    access: { accounts: [{ iban: `NO${index}` }] },
  }));
  const raw = {
    consents,
    payments: [] as Item[],
    sessions: [{ id: 's0', status: 'valid' }] as Item[],
    behaviour: { riskPolicy: { mode: 'always', thresholdMinor: 0 }, faultProfiles: [] },
    ledger: {},
  };
  const tracker = new ChangeTracker(raw as unknown as DomainState);
  const view = tracker.view as unknown as typeof raw;
  const dirty = () =>
    [...tracker.changes().dirty.values()].map((row) => `${row.collection}@${row.position}`).sort();
  const rewritten = () => [...tracker.changes().rewritten].sort();
  return { raw, tracker, view, dirty, rewritten };
}

describe('change tracker', () => {
  it('reports nothing for reads: lookups, loops, nested reads, copies', () => {
    const { view, dirty, rewritten } = tracked();
    const found = view.consents.find((c) => c.id === 'c2')!;
    expect(found.access!.accounts[0]!.iban).toBe('NO2');
    expect(view.consents.filter((c) => c.status === 'received')).toHaveLength(4);
    for (const consent of view.consents) void consent.access?.accounts.length;
    view.consents.forEach((consent) => void consent.status);
    expect({ ...found }.id).toBe('c2');
    expect(JSON.parse(JSON.stringify(view.consents[1]))).toMatchObject({ id: 'c1' });
    expect(view.consents.some((c) => c.id === 'c3')).toBe(true);
    expect(view.consents.indexOf(found)).toBe(2);
    void view.behaviour.riskPolicy.mode;
    expect([dirty(), rewritten()]).toEqual([[], []]);
  });

  it('marks the entity a field, nested field, nested array or delete wrote to, and no other', () => {
    const { view, dirty, tracker } = tracked();
    view.consents.find((c) => c.id === 'c1')!.status = 'valid';
    expect(dirty()).toEqual(['consents@1']);
    tracker.settle();
    view.consents[2]!.access!.accounts[0]!.iban = 'NO99';
    expect(dirty()).toEqual(['consents@2']);
    tracker.settle();
    view.consents[3]!.access!.accounts.push({ iban: 'NO7' });
    expect(dirty()).toEqual(['consents@3']);
    tracker.settle();
    delete view.consents[0]!.access;
    expect(dirty()).toEqual(['consents@0']);
    tracker.settle();
    view.behaviour.riskPolicy.thresholdMinor = 100;
    expect(dirty()).toEqual(['behaviour@0']);
  });

  it('marks what a loop or a filtered list wrote to', () => {
    const { view, dirty, tracker } = tracked();
    for (const consent of view.consents) if (consent.id === 'c3') consent.status = 'expired';
    expect(dirty()).toEqual(['consents@3']);
    tracker.settle();
    view.consents.forEach((consent, index) => {
      if (index === 0) consent.note = 'x';
    });
    view.consents.filter((c) => c.id === 'c1').forEach((consent) => (consent.status = 'valid'));
    expect(dirty()).toEqual(['consents@0', 'consents@1']);
  });

  it('gives an entity read again after quiesce() the view it had, which still marks its writes', () => {
    const { view, dirty, tracker } = tracked();
    const first = view.consents[1]!;
    const access = first.access!;
    tracker.quiesce();
    expect(view.consents[1]).toBe(first);
    expect(view.consents[1]!.access).toBe(access);
    expect(dirty()).toEqual([]);
    view.consents[1]!.access!.accounts[0]!.iban = 'NO42';
    expect(dirty()).toEqual(['consents@1']);
  });

  it('writing the value a field holds is no change', () => {
    const { view, dirty } = tracked();
    view.consents[1]!.status = 'received';
    expect(dirty()).toEqual([]);
  });

  it('gives a pushed entity a new row after the last, and a replacement its predecessor’s', () => {
    const { view, dirty, tracker, raw, rewritten } = tracked();
    view.payments.push({ id: 'p0', status: 'RCVD' });
    view.consents.push({ id: 'c4', status: 'received' });
    expect(dirty()).toEqual(['consents@4', 'payments@0']);
    tracker.settle();
    view.sessions[0] = { id: 's0', status: 'replaced' };
    expect(dirty()).toEqual(['sessions@0']);
    expect(rewritten()).toEqual([]);
    // What is stored through a view is plain data: no view inside the raw state.
    view.payments.push({ id: 'p1', status: 'RCVD', access: view.consents[0]!.access! });
    expect(() => structuredClone(raw.payments)).not.toThrow();
  });

  it('a replacement of an entity written in the same change leaves one dirty row, the new one', () => {
    // completeSca: one SCA marks the PSU's other session replaced, the next one of the same
    // commit replaces that session's record; the commit writes each row once (PostgreSQL's
    // upsert refuses a row twice in one statement, SQLSTATE 21000).
    const { view, tracker, dirty, raw } = tracked();
    const session = view.sessions[0]!;
    session.status = 'replaced';
    view.sessions[0] = { id: 's0', status: 'valid' };
    expect(dirty()).toEqual(['sessions@0']);
    const [entity] = [...tracker.changes().dirty.keys()];
    expect(entity).toMatchObject({ status: 'valid' });
    // The record it replaced left the collection: writing to it changes no row.
    session.note = 'detached';
    expect(dirty()).toEqual(['sessions@0']);
    // The behaviour row likewise.
    tracker.settle();
    (view.behaviour as { faultProfiles: string[] }).faultProfiles = ['slow'];
    view.behaviour = { ...raw.behaviour, faultProfiles: [] };
    expect(dirty()).toEqual(['behaviour@0']);
  });

  it('marks a collection rewritten when its members move or go', () => {
    const { view, rewritten, tracker } = tracked();
    view.consents.splice(1, 1);
    expect(rewritten()).toEqual(['consents']);
    tracker.settle();
    view.sessions = view.sessions.filter((s) => s.id !== 's0');
    view.consents.sort((a, b) => b.id.localeCompare(a.id));
    expect(rewritten()).toEqual(['consents', 'sessions']);
    tracker.settle();
    view.consents.length = 0;
    expect(rewritten()).toEqual(['consents']);
  });

  it('after a rewrite, rows are numbered from 0 again and appends follow them', () => {
    const { view, dirty, tracker } = tracked(3);
    view.consents.shift();
    tracker.settle();
    view.consents.push({ id: 'c9', status: 'received' });
    view.consents[0]!.status = 'valid';
    expect(dirty()).toEqual(['consents@0', 'consents@2']);
  });
});

describe('change tracker at scale', () => {
  it('takes a collection of 300,000 stored rows, and appends after the last', () => {
    const count = 300_000;
    const consents = Array.from({ length: count }, (_, index) => ({ id: `c${index}` }));
    const positions = consents.map((_, index) => index * 2);
    const raw = { consents, behaviour: {}, ledger: {} } as unknown as DomainState;
    const tracker = new ChangeTracker(raw, new Map([['consents', positions]]));
    const view = tracker.view as unknown as { consents: { id: string }[] };
    view.consents.push({ id: 'new' });
    expect([...tracker.changes().dirty.values()]).toEqual([
      { collection: 'consents', position: 2 * count - 1 },
    ]);
    tracker.settle();
    // Another process rewrote the collection (the PostgreSQL store's pull): as many rows again.
    const again = Array.from({ length: count }, (_, index) => ({ id: `d${index}` }));
    tracker.replaceCollection('consents', again, positions);
    view.consents.push({ id: 'after' });
    expect([...tracker.changes().dirty.values()]).toEqual([
      { collection: 'consents', position: 2 * count - 1 },
    ]);
  });
});
