import { useMemo, useState } from 'react';
import type { EndpointView } from '../../../../../main/api/contract';
import { endpointGroups, matchesEndpoint, readableHelp } from '../../../lib/endpoint-search';
import { useSettings } from '../../settings/store';
import { useComposerStore } from '../store';

/**
 * The bank's operations, searchable, grouped by area (production interface first, then sandbox
 * management), with the chosen one's help.
 */
export function EndpointPicker() {
  const { catalogue, draft, chooseEndpoint } = useComposerStore();
  const settings = useSettings();
  const [search, setSearch] = useState('');
  const endpoints = catalogue?.endpoints;
  const shown = useMemo(
    () => (endpoints ?? []).filter((e) => matchesEndpoint(e, search)),
    [endpoints, search],
  );
  if (!catalogue) return <p className="muted">Loading the endpoint catalogue…</p>;
  const chosen = catalogue.endpoints.find((e) => e.operationId === draft.operationId);
  // The chosen operation stays listed while a search hides it, so the picker never lies.
  const listed: EndpointView[] = chosen && !shown.includes(chosen) ? [chosen, ...shown] : shown;
  return (
    <div className="endpoint-picker">
      <div className="endpoint-picker-line">
        <label className="inline-field endpoint-search">
          <span>Find</span>
          <input
            type="search"
            value={search}
            placeholder="consent, transactions, POST…"
            data-testid="endpoint-search"
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              // Enter picks the only (or first) match.
              if (event.key === 'Enter' && shown[0]) {
                event.preventDefault();
                chooseEndpoint(shown[0].operationId, settings);
              }
            }}
          />
          <span className="muted" data-testid="endpoint-count">
            {shown.length} of {catalogue.endpoints.length}
          </span>
        </label>
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
