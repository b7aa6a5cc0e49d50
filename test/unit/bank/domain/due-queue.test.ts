/**
 * domain/collection-index.ts DueQueue: the entities of a collection by when they are due, earliest
 * first, kept with the collection as it changes (appended to, a record replaced, replaced whole or
 * spliced, another basis for the times), each entity queued once.
 */
import { describe, expect, it } from 'vitest';
import {
  DueQueue,
  collectionChanged,
  replaceAt,
} from '../../../../main/core/bank/domain/collection-index.js';

interface Item {
  id: string;
  due?: number;
}

const queue = new DueQueue<Item>(
  (item) => item.due,
  (item) => item.id,
);

/** Takes everything due by `until`, in order, putting nothing back. */
function drain(list: Item[], until: number, basis = 'b'): string[] {
  const taken: string[] = [];
  for (let next = queue.take(list, until, basis); next; next = queue.take(list, until, basis))
    taken.push(`${next.item.id}@${next.at}`);
  return taken;
}

describe('DueQueue', () => {
  it('hands out what is due by a time, earliest first, ties by the tie-break', () => {
    const list: Item[] = [
      { id: 'c', due: 30 },
      { id: 'b', due: 10 },
      { id: 'never' },
      { id: 'a', due: 10 },
      { id: 'late', due: 99 },
    ];
    expect(drain(list, 50)).toEqual(['a@10', 'b@10', 'c@30']);
    // Taken out: not handed out again until put back; what is not yet due stays.
    expect(drain(list, 50)).toEqual([]);
    list.push({ id: 'appended', due: 5 });
    expect(drain(list, 100)).toEqual(['appended@5', 'late@99']);
  });

  it('puts an entity back once, at the earlier of two times; a sooner change is taken', () => {
    const list: Item[] = [{ id: 'x', due: 10 }];
    const taken = queue.take(list, 10, 'b')!;
    queue.put(list, taken.position, 40);
    queue.put(list, taken.position, 60); // later than queued: the lower bound stays
    expect(drain(list, 100)).toEqual(['x@40']);
    queue.put(list, 0, 70);
    list[0]!.due = 20;
    queue.changed(list, 0); // brought forward in place
    expect(drain(list, 100)).toEqual(['x@20']);
  });

  it('follows a replaced record, a collection changed in place, and another basis', () => {
    const list: Item[] = [
      { id: 'p', due: 50 },
      { id: 'q', due: 60 },
    ];
    expect(drain(list, 0)).toEqual([]); // indexed
    replaceAt(list, 0, { id: 'p2', due: 5 });
    expect(drain(list, 10)).toEqual(['p2@5']);
    list.splice(0, 1, { id: 'r', due: 1 });
    collectionChanged(list);
    expect(drain(list, 10)).toEqual(['r@1']);
    // The times were exact for basis 'b'; another basis starts again from the bounds.
    expect(drain(list, 100, 'other')).toEqual(['r@1', 'q@60']);
  });
});
