/**
 * The scripts an import kept for a saved request: the collection's, each enclosing folder's and
 * the request's own, outermost first (the order a client that runs them would). Shown read-only:
 * the workbench never runs them. Pure.
 */
import type { CollectionItemView, CollectionView } from '../../../../main/api/contract';

export type KeptScripts = NonNullable<CollectionView['scripts']>;

export interface ScriptsSection {
  /** "the collection", "folder Consents", "this request". */
  where: string;
  scripts: KeptScripts;
}

/** The kept scripts on the way to request `id`, or none when nothing on that way has any. */
export function scriptsOfSaved(collection: CollectionView, id: string): ScriptsSection[] {
  const find = (
    items: readonly CollectionItemView[],
    above: ScriptsSection[],
  ): ScriptsSection[] | undefined => {
    for (const item of items) {
      const own = item.scripts?.length ? [{ where: '', scripts: item.scripts }] : [];
      if (item.kind === 'request' && item.id === id)
        return [...above, ...own.map((s) => ({ ...s, where: 'this request' }))];
      if (item.kind === 'folder') {
        const found = find(item.items, [
          ...above,
          ...own.map((s) => ({ ...s, where: `folder ${item.name}` })),
        ]);
        if (found) return found;
      }
    }
    return undefined;
  };
  const top = collection.scripts?.length
    ? [{ where: 'the collection', scripts: collection.scripts }]
    : [];
  return find(collection.items, top) ?? [];
}
