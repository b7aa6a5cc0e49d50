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
