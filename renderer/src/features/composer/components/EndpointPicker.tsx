import { useSettings } from '../../settings/store';
import { useComposerStore } from '../store';

/** The bank's operations, production interface first, then sandbox management. */
export function EndpointPicker() {
  const { catalogue, draft, chooseEndpoint } = useComposerStore();
  const settings = useSettings();
  if (!catalogue) return <p className="muted">Loading the endpoint catalogue…</p>;
  const groups = [
    { id: 'production', label: 'Production interface' },
    { id: 'sandbox', label: 'Sandbox management' },
  ] as const;
  const chosen = catalogue.endpoints.find((e) => e.operationId === draft.operationId);
  return (
    <div className="endpoint-picker">
      <label className="inline-field">
        <span>Endpoint</span>
        <select
          data-testid="endpoint-picker"
          value={draft.operationId ?? ''}
          onChange={(event) => chooseEndpoint(event.target.value, settings)}
        >
          <option value="">— choose an operation —</option>
          {groups.map((group) => (
            <optgroup key={group.id} label={group.label}>
              {catalogue.endpoints
                .filter((e) => e.group === group.id)
                .map((e) => (
                  <option key={e.operationId} value={e.operationId}>
                    {e.method} {e.pathTemplate} — {e.summary}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      {chosen && (
        <p className="muted endpoint-description" data-testid="endpoint-description">
          <span className="badge">{chosen.tag}</span>
          {chosen.tppRole && <span className="badge">{chosen.tppRole}</span>}
          {chosen.acceptFix.required && (
            <span className="badge">
              x-accept-fix{chosen.acceptFix.value ? `: ${chosen.acceptFix.value}` : ''}
            </span>
          )}{' '}
          {chosen.description}
        </p>
      )}
    </div>
  );
}
