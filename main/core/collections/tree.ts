/**
 * The folder tree of a collection: finding, adding, renaming, removing and moving items by id.
 * Every function returns a new collection and leaves its input as it was. Pure.
 */
import {
  CollectionFormatError,
  type Collection,
  type CollectionItem,
  type FolderItem,
  type SavedRequestItem,
} from './model.js';

/** Every item of the tree, depth first in order, with the folders it sits in. */
export function* walkItems(
  items: readonly CollectionItem[],
  parents: readonly FolderItem[] = [],
): Generator<{ item: CollectionItem; parents: readonly FolderItem[] }> {
  for (const item of items) {
    yield { item, parents };
    if (item.kind === 'folder') yield* walkItems(item.items, [...parents, item]);
  }
}

export function findItem(collection: Collection, id: string): CollectionItem | undefined {
  for (const { item } of walkItems(collection.items)) if (item.id === id) return item;
  return undefined;
}

/** Every saved request of the collection, in order. */
export function requestsOf(collection: Collection): SavedRequestItem[] {
  const found: SavedRequestItem[] = [];
  for (const { item } of walkItems(collection.items)) if (item.kind === 'request') found.push(item);
  return found;
}

function mapItems(
  items: readonly CollectionItem[],
  change: (item: CollectionItem) => CollectionItem | undefined,
): CollectionItem[] {
  const next: CollectionItem[] = [];
  for (const item of items) {
    const changed = change(item);
    if (!changed) continue;
    next.push(
      changed.kind === 'folder' ? { ...changed, items: mapItems(changed.items, change) } : changed,
    );
  }
  return next;
}

/** The collection with `item` added at the end of folder `folderId` (the top level for none). */
export function withItemIn(
  collection: Collection,
  folderId: string | undefined,
  item: CollectionItem,
): Collection {
  if (folderId === undefined) return { ...collection, items: [...collection.items, item] };
  const folder = findItem(collection, folderId);
  if (folder?.kind !== 'folder')
    throw new CollectionFormatError(`There is no folder ${folderId} in '${collection.name}'.`);
  return {
    ...collection,
    items: mapItems(collection.items, (i) =>
      i.id === folderId && i.kind === 'folder' ? { ...i, items: [...i.items, item] } : i,
    ),
  };
}

export function withoutItem(collection: Collection, id: string): Collection {
  if (!findItem(collection, id))
    throw new CollectionFormatError(`There is no item ${id} in '${collection.name}'.`);
  return { ...collection, items: mapItems(collection.items, (i) => (i.id === id ? undefined : i)) };
}

/** The collection with item `id` replaced by `item`, where it was. */
export function withItemReplaced(
  collection: Collection,
  id: string,
  item: CollectionItem,
): Collection {
  if (!findItem(collection, id))
    throw new CollectionFormatError(`There is no item ${id} in '${collection.name}'.`);
  return { ...collection, items: mapItems(collection.items, (i) => (i.id === id ? item : i)) };
}

export function withItemRenamed(collection: Collection, id: string, name: string): Collection {
  if (!findItem(collection, id))
    throw new CollectionFormatError(`There is no item ${id} in '${collection.name}'.`);
  return {
    ...collection,
    items: mapItems(collection.items, (i) => (i.id === id ? { ...i, name } : i)),
  };
}

/** The collection with item `id` moved to the end of folder `folderId` (the top level for none). */
export function withItemMoved(
  collection: Collection,
  id: string,
  folderId: string | undefined,
): Collection {
  const item = findItem(collection, id);
  if (!item) throw new CollectionFormatError(`There is no item ${id} in '${collection.name}'.`);
  if (folderId !== undefined && item.kind === 'folder') {
    // A folder cannot go into itself or into one of its own folders.
    for (const { item: inner } of walkItems([item]))
      if (inner.id === folderId)
        throw new CollectionFormatError(`The folder '${item.name}' cannot go inside itself.`);
  }
  return withItemIn(withoutItem(collection, id), folderId, item);
}
