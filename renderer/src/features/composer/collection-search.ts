/**
 * Finding a saved request among every collection by its name, method and path, its query, its
 * header names and values, and its body text (docs/collections.md, "Finding a request"). Over the
 * collections the panel holds already: no call to the host per keystroke. The text searched is
 * the request as saved, `{{name}}` references unresolved, so a secret's value (sealed in a
 * target, docs/variables.md) is never searched nor shown; collection variables are not searched.
 * Pure.
 */
import type { CollectionView, SavedRequestView } from '../../../../main/api/contract';

export interface SearchMatch {
  collection: CollectionView;
  saved: SavedRequestView;
  /** The folders it is in, "Area 3 / Folder 31"; empty at the top level. */
  folder: string;
  /** Where the text was found: "name", "path", "header X-Trace-Tag", "body". */
  where: string;
}

export interface SearchResult {
  matches: SearchMatch[];
  /** Every match, when more than the matches kept. */
  total: number;
}

/** The most matches kept for the list; the count says how many more there are. */
export const MAX_SEARCH_MATCHES = 1000;

/** Each part of a request that is searched, lower-cased, by where it is. */
function parts(saved: SavedRequestView): [string, string][] {
  const { request } = saved;
  const found: [string, string][] = [
    ['name', saved.name],
    ['path', `${request.method} ${request.path}`],
  ];
  for (const [key, value] of Object.entries(request.query ?? {}))
    found.push(['query', `${key}=${value}`]);
  for (const [key, value] of Object.entries(request.headers ?? {}))
    found.push([`header ${key}`, `${key}: ${value ?? ''}`]);
  if (request.body) found.push(['body', request.body]);
  return found.map(([where, text]) => [where, text.toLowerCase()]);
}

/** A saved request's parts, made once per saved request (a change replaces the object). */
const searched = new WeakMap<SavedRequestView, [string, string][]>();

function partsOf(saved: SavedRequestView) {
  let found = searched.get(saved);
  if (!found) searched.set(saved, (found = parts(saved)));
  return found;
}

/** The requests whose text holds `query` (case-insensitive), in the order of the tree. */
export function searchCollections(
  collections: readonly CollectionView[],
  query: string,
  limit = MAX_SEARCH_MATCHES,
): SearchResult {
  const needle = query.trim().toLowerCase();
  const matches: SearchMatch[] = [];
  let total = 0;
  if (!needle) return { matches, total };
  const walk = (collection: CollectionView, items: CollectionView['items'], folder: string) => {
    for (const item of items) {
      if (item.kind === 'folder') {
        walk(collection, item.items, folder ? `${folder} / ${item.name}` : item.name);
        continue;
      }
      const hit = partsOf(item).find(([, text]) => text.includes(needle));
      if (!hit) continue;
      total += 1;
      if (matches.length < limit) matches.push({ collection, saved: item, folder, where: hit[0] });
    }
  };
  for (const collection of collections) walk(collection, collection.items, '');
  return { matches, total };
}
