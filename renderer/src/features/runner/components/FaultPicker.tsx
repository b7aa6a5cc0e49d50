import { useState } from 'react';
import { useRunnerStore } from '../store';

/**
 * Fault profiles: rules the embedded bank breaks on purpose for a run, to prove the checks of
 * those rules fail. Searchable by rule id and effect; any number can be on.
 */
export function FaultPicker({ disabled }: { disabled: boolean }) {
  const faults = useRunnerStore((s) => s.faults);
  const chosen = useRunnerStore((s) => s.options.faultProfiles);
  const toggleFault = useRunnerStore((s) => s.toggleFault);
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  const shown = needle
    ? faults.filter(
        (f) => f.ruleId.toLowerCase().includes(needle) || f.effect.toLowerCase().includes(needle),
      )
    : faults;
  return (
    <details className="fault-picker" data-testid="fault-picker">
      <summary>
        Fault profiles{' '}
        {chosen.length > 0 ? (
          <span className="badge badge-warn" data-testid="fault-count">
            {chosen.length} on
          </span>
        ) : (
          <span className="muted">(none: the bank behaves as the spec says)</span>
        )}
      </summary>
      {chosen.length > 0 && (
        <ul className="fault-chosen" aria-label="Fault profiles on" data-testid="fault-chosen">
          {chosen.map((ruleId) => (
            <li key={ruleId}>
              <code>{ruleId}</code>
              <button
                type="button"
                className="icon"
                aria-label={`Turn off ${ruleId}`}
                disabled={disabled}
                onClick={() => toggleFault(ruleId, false)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="inline-field">
        <span>Search</span>
        <input
          type="search"
          value={text}
          placeholder="rule id or effect…"
          data-testid="fault-search"
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <span className="muted">
        {' '}
        {shown.length} of {faults.length}
      </span>
      <ul className="fault-options" aria-label="Fault profiles">
        {shown.map((fault) => (
          <li key={fault.ruleId}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={chosen.includes(fault.ruleId)}
                disabled={disabled}
                data-testid={`fault-option-${fault.ruleId}`}
                onChange={(e) => toggleFault(fault.ruleId, e.target.checked)}
              />
              <code>{fault.ruleId}</code>
              <span className="muted">{fault.effect}</span>
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="muted">No fault profile matches.</li>}
      </ul>
    </details>
  );
}
