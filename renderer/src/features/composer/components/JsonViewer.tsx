import { useMemo, useState } from 'react';
import { countMatches, listsIn, tableOf } from '../../../lib/json-view';
import { prettyJson } from '../../../lib/format';
import { useComposerStore, type ResponseViewMode } from '../store';
import { JsonTree } from './JsonTree';

interface JsonViewerProps {
  /** The parsed body; undefined when the body is not JSON (then only the text shows). */
  json: unknown;
  /** The body as text. */
  text: string;
  onLink(relation: string, href: string): void;
}

const MODES: { id: ResponseViewMode; label: string }[] = [
  { id: 'tree', label: 'Tree' },
  { id: 'table', label: 'Table' },
  { id: 'raw', label: 'Raw' },
];

/** The response body: a foldable, searchable tree; its lists as tables with counts; the raw text. */
export function JsonViewer({ json, text, onLink }: JsonViewerProps) {
  const chosen = useComposerStore((s) => s.responseView);
  const choose = useComposerStore((s) => s.setResponseView);
  const [search, setSearch] = useState('');
  const [listIndex, setListIndex] = useState(0);
  const lists = useMemo(() => (json === undefined ? [] : listsIn(json)), [json]);
  const matches = useMemo(() => countMatches(json, search), [json, search]);
  const mode: ResponseViewMode =
    json === undefined ? 'raw' : chosen === 'table' && lists.length === 0 ? 'tree' : chosen;
  const list = lists[Math.min(listIndex, lists.length - 1)];

  return (
    <div className="json-viewer">
      {json !== undefined && (
        <div className="json-toolbar" role="group" aria-label="Response body view">
          {MODES.map((m) => (
            <button
              key={m.id}
              type="button"
              className={mode === m.id ? 'tab tab-active' : 'tab'}
              aria-pressed={mode === m.id}
              data-testid={`response-view-${m.id}`}
              disabled={m.id === 'table' && lists.length === 0}
              title={m.id === 'table' && lists.length === 0 ? 'The body holds no list' : undefined}
              onClick={() => choose(m.id)}
            >
              {m.label}
            </button>
          ))}
          {mode === 'tree' && (
            <label className="inline-field json-search">
              <span className="visually-hidden">Search the body</span>
              <input
                type="search"
                placeholder="Search keys and values"
                value={search}
                data-testid="response-search"
                onChange={(e) => setSearch(e.target.value)}
              />
              {search.trim() && (
                <span className="muted" data-testid="response-search-count">
                  {matches} {matches === 1 ? 'match' : 'matches'}
                </span>
              )}
            </label>
          )}
        </div>
      )}
      {mode === 'tree' && <JsonTree value={json} search={search} onLink={onLink} />}
      {mode === 'table' && list && (
        <div className="json-table-view">
          <p className="json-table-caption">
            {lists.length > 1 ? (
              <label className="inline-field">
                <span>List</span>
                <select
                  value={String(lists.indexOf(list))}
                  data-testid="response-table-list"
                  onChange={(e) => setListIndex(Number(e.target.value))}
                >
                  {lists.map((l, i) => (
                    <option key={l.label} value={i}>
                      {l.label || 'the body'} ({l.items.length})
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <code>{list.label || 'the body'}</code>
            )}{' '}
            <strong data-testid="response-table-count">
              {list.items.length} {list.items.length === 1 ? 'item' : 'items'}
            </strong>
          </p>
          <ListTable items={list.items} />
        </div>
      )}
      {mode === 'raw' && (
        <pre
          className="response-body"
          data-testid="response-body"
          tabIndex={0}
          aria-label="Response body"
        >
          {json !== undefined ? prettyJson(json) : text}
        </pre>
      )}
    </div>
  );
}

function ListTable({ items }: { items: unknown[] }) {
  const table = useMemo(() => tableOf(items), [items]);
  return (
    <div className="table-scroll json-table-scroll" tabIndex={0} aria-label="Response as a table">
      <table className="json-table" data-testid="response-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            {table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((cells, index) => (
            <tr key={index} data-testid="response-table-row">
              <td className="muted">{index + 1}</td>
              {cells.map((cell, c) => (
                <td key={c} title={cell.length > 60 ? cell : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
