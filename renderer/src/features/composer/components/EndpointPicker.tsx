import { useMemo, useState } from 'react';
import type { EndpointView } from '../../../../../main/api/contract';
import {
  endpointGroups,
  findBoxKey,
  matchesEndpoint,
  readableHelp,
} from '../../../lib/endpoint-search';
import { useSettings } from '../../../state/settings-store';
import { useComposerStore } from '../store';

/** How many matches the find box lists under it; the select below lists them all. */
const LISTED_MATCHES = 8;

/**
 * The bank's operations, searchable, grouped by area (production interface first, then sandbox
 * management), with the chosen one's help. While the find box has text its matches are listed
 * under it, one highlighted: the arrows move the highlight, Enter or a click picks it.
 */
export function EndpointPicker() {
  const { catalogue, draft, chooseEndpoint } = useComposerStore();
  const settings = useSettings();
  const [search, setSearch] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const endpoints = catalogue?.endpoints;
  const shown = useMemo(
    () => (endpoints ?? []).filter((e) => matchesEndpoint(e, search)),
    [endpoints, search],
  );
  if (!catalogue) return <p className="muted">Loading the endpoint catalogue…</p>;
  const chosen = catalogue.endpoints.find((e) => e.operationId === draft.operationId);
  // The chosen operation stays listed while a search hides it, so the picker never lies.
  const listed: EndpointView[] = chosen && !shown.includes(chosen) ? [chosen, ...shown] : shown;
  const matchList = search.trim() !== '' && shown.length > 0;
  const active = Math.min(highlighted, shown.length - 1);
  const pick = (endpoint: EndpointView) => {
    chooseEndpoint(endpoint.operationId, settings);
    setSearch('');
  };
  return (
    <div className="endpoint-picker">
      <div className="endpoint-picker-line">
        <div className="endpoint-search-box">
          <label className="inline-field endpoint-search">
            <span>Find</span>
            <input
              type="search"
              role="combobox"
              aria-expanded={matchList}
              aria-controls="endpoint-matches"
              aria-autocomplete="list"
              {...(matchList && shown[active]
                ? { 'aria-activedescendant': `endpoint-match-${shown[active].operationId}` }
                : {})}
              value={search}
              placeholder="consent, transactions, POST…"
              data-testid="endpoint-search"
              onChange={(event) => {
                setSearch(event.target.value);
                setHighlighted(0);
              }}
              onKeyDown={(event) => {
                const action = findBoxKey(event, active, shown.length);
                if (action.kind === 'none') return;
                event.preventDefault();
                if (action.kind === 'highlight') setHighlighted(action.index);
                else if (action.kind === 'clear') setSearch('');
                else pick(shown[action.index]!);
              }}
            />
            <span className="muted" data-testid="endpoint-count">
              {shown.length} of {catalogue.endpoints.length}
            </span>
          </label>
          {matchList && (
            <ul
              id="endpoint-matches"
              role="listbox"
              aria-label="Matching operations"
              className="endpoint-matches"
              data-testid="endpoint-matches"
            >
              {shown.slice(0, Math.max(LISTED_MATCHES, active + 1)).map((e, index) => (
                <li
                  key={e.operationId}
                  id={`endpoint-match-${e.operationId}`}
                  role="option"
                  aria-selected={index === active}
                  data-testid="endpoint-match"
                  data-operation-id={e.operationId}
                  className={index === active ? 'highlighted' : undefined}
                  // Picked on mouse down, before the find box loses focus.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(e);
                  }}
                >
                  <code>
                    {e.method} {e.pathTemplate}
                  </code>{' '}
                  <span className="muted">{e.summary}</span>
                </li>
              ))}
              {shown.length > Math.max(LISTED_MATCHES, active + 1) && (
                <li role="presentation" className="muted">
                  {shown.length - Math.max(LISTED_MATCHES, active + 1)} more in the list
                </li>
              )}
            </ul>
          )}
        </div>
        <label className="inline-field endpoint-select">
          <span>Endpoint</span>
          <select
            data-testid="endpoint-picker"
            value={draft.operationId ?? ''}
            onChange={(event) => chooseEndpoint(event.target.value, settings)}
          >
            <option value="">— choose an operation —</option>
            {endpointGroups(listed).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.endpoints.map((e) => (
                  <option key={e.operationId} value={e.operationId}>
                    {e.summary} — {e.method} {e.pathTemplate}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      </div>
      {chosen && (
        <p className="muted endpoint-description" data-testid="endpoint-description">
          <span className="badge">{chosen.tag}</span>
          {chosen.tppRole && <span className="badge">{chosen.tppRole}</span>}
          {chosen.acceptFix.required && (
            <span className="badge">
              x-accept-fix{chosen.acceptFix.value ? `: ${chosen.acceptFix.value}` : ''}
            </span>
          )}{' '}
          {readableHelp(chosen.description)}
        </p>
      )}
    </div>
  );
}
