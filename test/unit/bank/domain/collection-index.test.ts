/**
 * The bank's lookups by key (domain/collection-index.ts) answer what a walk of the
 * collection would, however the collection changed — appended to, replaced whole, a record
 * replaced in place, spliced or rewritten through the change tracker, rows another process
 * committed — and hand out the tracker's views, so a write to what a lookup found is tracked.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  KeyIndex,
  OpenSet,
  replaceAt,
} from '../../../../main/core/bank/domain/collection-index.js';
import { ChangeTracker } from '../../../../main/core/bank/store/change-tracker.js';
import type { DomainState } from '../../../../main/core/bank/domain/model.js';

interface Item {
  id: string;
  owner: string;
  status: string;
}

const byId = new KeyIndex<Item>((item) => item.id);
const byOwner = new KeyIndex<Item>((item) => item.owner);
const open = new OpenSet<Item>((item) => item.status !== 'final');

const items = (count: number, owner = 'a'): Item[] =>
  Array.from({ length: count }, (_, index) => ({ id: `i${index}`, owner, status: 'open' }));

/** What a walk finds: the reference every lookup is compared with. */
const walk = (list: Item[], owner: string) => list.filter((item) => item.owner === owner);

describe('lookups by key', () => {
  it('finds by key in array order and follows appends, whole replacement and in-place swaps', () => {
    const list = items(5);
    expect(byId.first(list, 'i3')).toBe(list[3]);
    expect(byId.first(list, 'nope')).toBeUndefined();
    list.push({ id: 'i5', owner: 'b', status: 'open' }, { id: 'i3', owner: 'b', status: 'x' });
    expect(byId.first(list, 'i5')).toBe(list[5]);
    expect(byId.last(list, 'i3')).toBe(list[6]);
    expect(byId.first(list, 'i3', (item) => item.status === 'x')).toBe(list[6]);
    expect(byOwner.all(list, 'b')).toEqual(walk(list, 'b'));
    // An in-place replacement with another key: the domain's write point says so (replaceAt).
    replaceAt(list, 0, { id: 'i0', owner: 'b', status: 'open' });
    expect(byOwner.all(list, 'b')).toEqual(walk(list, 'b'));
    expect(byOwner.all(list, 'a')).toEqual(walk(list, 'a'));
    // A key given in place at a write point that says so (rekeyed) moves the entity.
    list[2]!.owner = 'z';
    byOwner.rekeyed(list, 2);
    expect(byOwner.all(list, 'z')).toEqual([list[2]]);
    expect(byOwner.all(list, 'a')).toEqual(walk(list, 'a'));
    // Shorter (a removal nobody announced): rebuilt.
    list.splice(1, 2);
    expect(byOwner.all(list, 'a')).toEqual(walk(list, 'a'));
    expect(byId.first(list, 'i1')).toBeUndefined();
    expect(byId.position(list, 'i4')).toBe(list.findIndex((item) => item.id === 'i4'));
    // A reordering of the same length: a hit that no longer carries its key rebuilds.
    list.reverse();
    expect(byId.first(list, 'i4')).toBe(list.find((item) => item.id === 'i4'));
    // A new array (reset, import, load) starts its own index.
    const fresh = items(2, 'c');
    expect(byOwner.all(fresh, 'c')).toHaveLength(2);
    expect(byOwner.all(fresh, 'a')).toEqual([]);
  });

  it('moves a position between a key held once and a key held many times, both ways', () => {
    const list = items(3);
    list[0]!.owner = 'b';
    list[1]!.owner = 'b';
    const owners = new KeyIndex<Item>((item) => item.owner);
    expect(owners.all(list, 'b')).toEqual([list[0], list[1]]);
    expect(owners.all(list, 'a')).toEqual([list[2]]);
    // b held twice → once; a held once → twice, in array order.
    list[1]!.owner = 'a';
    owners.rekeyed(list, 1);
    expect(owners.all(list, 'b')).toEqual([list[0]]);
    expect(owners.all(list, 'a')).toEqual([list[1], list[2]]);
    expect(owners.position(list, 'a')).toBe(1);
    // b held once → none; a key with no entity left answers nothing.
    list[0]!.owner = 'a';
    owners.rekeyed(list, 0);
    expect(owners.all(list, 'b')).toEqual([]);
    expect(owners.first(list, 'b')).toBeUndefined();
    expect(owners.last(list, 'a')).toBe(list[2]);
    expect(owners.all(list, 'a')).toEqual(list);
  });

  it('holds an id held by one entity without an array of its own', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const count = 50_000;
    const list = items(count);
    const heapUsed = () => (gc(), gc(), process.memoryUsage().heapUsed);
    const empty = heapUsed();
    // The index lives as long as its array (a side table keyed by it).
    const ids = new KeyIndex<Item>((item) => item.id);
    expect(ids.position(list, `i${count - 1}`)).toBe(count - 1);
    const full = heapUsed();
    expect(ids.position(list, 'i0')).toBe(0);
    // A map entry and a slot of the key table: about 50 bytes an entity; an array for each id's
    // positions was 180 bytes more.
    expect((full - empty) / count).toBeLessThan(120);
  });

  it('keeps the open members only, and sees appended and re-opened ones', () => {
    const list = items(4);
    list[1]!.status = 'final';
    expect(open.members(list).map((item) => item.id)).toEqual(['i0', 'i2', 'i3']);
    list[0]!.status = 'final';
    list.push({ id: 'i4', owner: 'a', status: 'open' });
    expect(open.members(list).map((item) => item.id)).toEqual(['i2', 'i3', 'i4']);
    // A row another process committed may be open again: it is a new object at its position.
    replaceAt(list, 1, { id: 'i1', owner: 'a', status: 'open' });
    expect(open.members(list).map((item) => item.id)).toEqual(['i1', 'i2', 'i3', 'i4']);
  });
});

describe('lookups through the change tracker', () => {
  function tracked() {
    const raw = {
      consents: items(4),
      behaviour: { riskPolicy: { mode: 'always', thresholdMinor: 0 }, faultProfiles: [] },
      ledger: {},
    };
    const tracker = new ChangeTracker(raw as unknown as DomainState);
    const view = tracker.view as unknown as typeof raw;
    const dirty = () =>
      [...tracker.changes().dirty.values()].map((row) => `${row.collection}@${row.position}`);
    return { raw, tracker, view, dirty };
  }

  it('returns the entity view: a write to what a lookup found is tracked', () => {
    const { view, dirty, raw } = tracked();
    const found = byId.first(view.consents, 'i2')!;
    expect(found).not.toBe(raw.consents[2]);
    found.status = 'final';
    expect(dirty()).toEqual(['consents@2']);
    expect(raw.consents[2]!.status).toBe('final');
    expect(open.members(view.consents).map((item) => item.id)).toEqual(['i0', 'i1', 'i3']);
  });

  it('follows splices, sorts, replacements by index and rows another process committed', () => {
    const { view, tracker, raw } = tracked();
    expect(byOwner.all(view.consents, 'a')).toHaveLength(4);
    view.consents.splice(0, 1, { id: 'n0', owner: 'b', status: 'open' });
    expect(byOwner.all(view.consents, 'b').map((item) => item.id)).toEqual(['n0']);
    view.consents.sort((x, y) => y.id.localeCompare(x.id));
    expect(byId.position(view.consents, 'n0')).toBe(0);
    view.consents[1] = { id: 'r1', owner: 'c', status: 'open' };
    expect(byOwner.all(view.consents, 'c').map((item) => item.id)).toEqual(['r1']);
    tracker.settle();
    // Another process replaced row 2 and rewrote the collection (pg-bank-store.ts pulls).
    tracker.applyRow('consents', 2, { id: 'p2', owner: 'd', status: 'open' });
    expect(byOwner.all(view.consents, 'd').map((item) => item.id)).toEqual(['p2']);
    tracker.replaceCollection(
      'consents',
      [
        { id: 'z0', owner: 'e', status: 'open' },
        { id: 'z1', owner: 'e', status: 'final' },
        { id: 'z2', owner: 'e', status: 'open' },
        { id: 'z3', owner: 'e', status: 'open' },
      ],
      [0, 1, 2, 3],
    );
    expect(raw.consents).toHaveLength(4);
    expect(byOwner.all(view.consents, 'e')).toHaveLength(4);
    expect(byOwner.all(view.consents, 'd')).toEqual([]);
    expect(open.members(view.consents).map((item) => item.id)).toEqual(['z0', 'z2', 'z3']);
  });
});
