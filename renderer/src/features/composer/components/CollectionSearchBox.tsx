/**
 * One search box over every collection: the requests whose name, path, query, headers or body hold
 * the text, with their collection and folder, a window of rows at a time; choosing one opens it
 * in the composer as the tree's link does (docs/collections.md, "Finding a request").
 */
import { useEffect, useMemo, useState } from 'react';
import { VirtualList } from '../../../components/virtual-list';
import { searchCollections } from '../collection-search';
import { useCollectionsStore } from '../collections-store';

/** The height of a result row in px: a line of text. */
const SEARCH_ROW_HEIGHT = 30;
/** Typing waits this long for the next key before searching, so keys never wait for a search. */
const SEARCH_DELAY_MS = 200;

export function CollectionSearchBox() {
  const { collections, open } = useCollectionsStore();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const result = useMemo(() => searchCollections(collections, query), [collections, query]);
  const { matches, total } = result;
  return (
    <div className="collection-search" role="search">
      <label className="inline-field">
        <span>Find a request</span>
        <input
          type="search"
          value={text}
          data-testid="collection-search"
          placeholder="name, path, header, body text"
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {query.trim() !== '' && (
        <p className="muted" role="status" data-testid="collection-search-count">
          {total === 0
            ? 'No saved request holds that text.'
            : `${total} ${total === 1 ? 'request holds' : 'requests hold'} that text${total > matches.length ? `; the first ${matches.length} shown` : ''}.`}
        </p>
      )}
      {matches.length > 0 && (
        <VirtualList
          count={matches.length}
          rowHeight={SEARCH_ROW_HEIGHT}
          maxHeight={SEARCH_ROW_HEIGHT * 10}
          label="Requests found"
          row={(index) => {
            const match = matches[index]!;
            const where = [match.collection.name, match.folder].filter(Boolean).join(' / ');
            return (
              <li
                key={`${match.collection.name}\u0000${match.saved.id}`}
                data-testid="collection-search-result"
                data-request-name={match.saved.name}
              >
                <button
                  type="button"
                  className="link"
                  onClick={() => void open(match.collection, match.saved)}
                >
                  <code>{match.saved.request.method}</code> {match.saved.name}
                </button>
                <span className="muted">
                  {where} · in the {match.where}
                </span>
              </li>
            );
          }}
        />
      )}
    </div>
  );
}
