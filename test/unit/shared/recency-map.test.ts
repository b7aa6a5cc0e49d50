import { describe, expect, it } from 'vitest';
import { RecencyMap } from '../../../main/shared/recency-map.js';

const filled = (keys: string[], limit?: number) => {
  const map = new RecencyMap<string, number>(limit);
  keys.forEach((key, index) => map.set(key, index));
  return map;
};

describe('RecencyMap', () => {
  it('keeps its entries oldest first and lets the oldest go past its limit', () => {
    const map = filled(['a', 'b', 'c', 'd', 'e'], 4);
    expect([...map.keys()]).toEqual(['b', 'c', 'd', 'e']);
    expect(map.has('a')).toBe(false);
    expect([...map]).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 3],
      ['e', 4],
    ]);
  });

  it('moves an entry of the older half to the newest place when it is used', () => {
    const map = filled(['a', 'b', 'c', 'd']);
    expect(map.get('a')).toBe(0);
    expect([...map.keys()]).toEqual(['b', 'c', 'd', 'a']);
    expect(map.touch('b')).toBe(true);
    expect([...map.keys()]).toEqual(['c', 'd', 'a', 'b']);
  });

  // Moving a key is a delete and a set, and a JS Map keeps the deleted entry in that key's hash
  // chain: a key moved on every use would make each lookup of it walk every move before.
  it('leaves an entry of the newer half where it is, however often it is used', () => {
    const map = filled(['a', 'b', 'c', 'd']);
    for (let use = 0; use < 100; use += 1) expect(map.get('c')).toBe(2);
    expect([...map.keys()]).toEqual(['a', 'b', 'c', 'd']);
    map.set('c', 20);
    expect([...map]).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 20],
      ['d', 3],
    ]);
  });

  it('keeps an entry used once for every half of its size of other changes, at the limit', () => {
    const map = new RecencyMap<number, number>(10);
    map.set(-1, -1);
    for (let key = 0; key < 1000; key += 1) {
      map.set(key, key);
      if (key % 5 === 0) expect(map.get(-1)).toBe(-1);
    }
    expect(map.size).toBe(10);
    expect(map.has(-1)).toBe(true);
  });

  it('peeks without counting a use, and deletes and clears', () => {
    const map = filled(['a', 'b', 'c']);
    expect(map.peek('a')).toBe(0);
    expect(map.touch('z')).toBe(false);
    expect([...map.keys()]).toEqual(['a', 'b', 'c']);
    expect(map.delete('b')).toBe(true);
    expect([...map.keys()]).toEqual(['a', 'c']);
    map.clear();
    expect(map.size).toBe(0);
  });
});
