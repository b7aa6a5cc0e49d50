/** The folder tree of a saved collection, read for the Collections panel. Pure. */
import type { CollectionItemView, CollectionView, FolderView } from '../../../../main/api/contract';

/** Every folder of a collection with its path ("Consents / Status"), for choosing one. */
export function foldersOf(collection: CollectionView | undefined): { id: string; path: string }[] {
  const found: { id: string; path: string }[] = [];
  const walk = (items: CollectionView['items'], prefix: string) => {
    for (const item of items)
      if (item.kind === 'folder') {
        const path = `${prefix}${item.name}`;
        found.push({ id: item.id, path });
        walk((item as FolderView).items, `${path} / `);
      }
  };
  walk(collection?.items ?? [], '');
  return found;
}

/** How many saved requests the items hold, in every folder. */
export function countRequests(items: readonly CollectionItemView[]): number {
  return items.reduce(
    (n, item) => n + (item.kind === 'request' ? 1 : countRequests(item.items)),
    0,
  );
}

/**
 * More items (folders and requests) than this and a collection's tree is shown as a window of
 * rows, its folders collapsed: a team's collection of 20,000 requests would otherwise put every
 * row and its actions in the DOM at once (docs/collections.md, "Big collections").
 */
export const BIG_COLLECTION_ITEMS = 500;

/** How many folders and requests the items hold, in every folder. */
export function countItems(items: readonly CollectionItemView[]): number {
  return items.reduce(
    (n, item) => n + 1 + (item.kind === 'folder' ? countItems(item.items) : 0),
    0,
  );
}

/** One row of the tree as shown: an item, how deep it is and where among its siblings. */
export interface TreeRow {
  item: CollectionItemView;
  /** 1 for the collection's own items (aria-level). */
  level: number;
  /** The folders it is in, outermost first. */
  path: string[];
  /** Its place among its siblings, from 1, and their number (aria-posinset, aria-setsize). */
  position: number;
  siblings: number;
}

/** The rows of the tree with the folders in `expanded` open (by id), in the order shown. */
export function treeRows(
  items: readonly CollectionItemView[],
  expanded: ReadonlySet<string>,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (level: readonly CollectionItemView[], path: string[]) =>
    level.forEach((item, index) => {
      rows.push({
        item,
        level: path.length + 1,
        path,
        position: index + 1,
        siblings: level.length,
      });
      if (item.kind === 'folder' && expanded.has(item.id)) walk(item.items, [...path, item.name]);
    });
  walk(items, []);
  return rows;
}
