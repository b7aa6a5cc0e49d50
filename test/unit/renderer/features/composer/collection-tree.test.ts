import { describe, expect, it } from 'vitest';
import type { CollectionItemView, SavedRequestView } from '../../../../../main/api/contract';
import {
  BIG_COLLECTION_ITEMS,
  countItems,
  treeRows,
} from '../../../../../renderer/src/features/composer/collection-tree';

const request = (id: string): SavedRequestView => ({
  kind: 'request',
  id,
  name: id,
  request: { method: 'GET', path: `/v1/${id}` },
  savedAt: '2026-11-29T09:00:00.000Z',
});
const folder = (id: string, items: CollectionItemView[]): CollectionItemView => ({
  kind: 'folder',
  id,
  name: `Folder ${id}`,
  items,
});

const items = [folder('a', [request('a1'), folder('b', [request('b1')])]), request('top')];
const shown = (expanded: string[]) =>
  treeRows(items, new Set(expanded)).map((row) => [
    row.item.id,
    row.level,
    row.position,
    row.siblings,
  ]);

describe('treeRows', () => {
  it('shows a collapsed folder as one row and none of its items', () => {
    expect(shown([])).toEqual([
      ['a', 1, 1, 2],
      ['top', 1, 2, 2],
    ]);
  });

  it('shows the items of open folders under them, one level deeper, with their folder path', () => {
    expect(shown(['a', 'b'])).toEqual([
      ['a', 1, 1, 2],
      ['a1', 2, 1, 2],
      ['b', 2, 2, 2],
      ['b1', 3, 1, 1],
      ['top', 1, 2, 2],
    ]);
    expect(treeRows(items, new Set(['a', 'b']))[3]!.path).toEqual(['Folder a', 'Folder b']);
    // An open folder inside a closed one stays hidden.
    expect(shown(['b']).map(([id]) => id)).toEqual(['a', 'top']);
  });
});

describe('countItems', () => {
  it('counts folders and requests at every depth, to tell a big collection', () => {
    expect(countItems(items)).toBe(5);
    const big = Array.from({ length: BIG_COLLECTION_ITEMS + 1 }, (_, i) => request(`r${i}`));
    expect(countItems(big)).toBeGreaterThan(BIG_COLLECTION_ITEMS);
  });
});
