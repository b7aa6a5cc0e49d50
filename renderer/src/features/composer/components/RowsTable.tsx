import { useComposerStore } from '../store';

interface RowsTableProps {
  list: 'query' | 'headers';
  title: string;
  /** Names to suggest (the endpoint's optional headers, the query parameters). */
  suggestions?: string[];
}

/** Query parameters or request headers: name, value, on/off (typing a value ticks it), remove. */
export function RowsTable({ list, title, suggestions = [] }: RowsTableProps) {
  const rows = useComposerStore((s) => s.draft[list]);
  const { addRow, updateRow, removeRow } = useComposerStore();
  const datalist = `${list}-names`;
  return (
    <fieldset className="rows" data-testid={`${list}-rows`}>
      <legend>{title}</legend>
      <datalist id={datalist}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {rows.length === 0 && <p className="muted">None.</p>}
      {rows.map((r) => (
        <div className="row" key={r.id} data-testid={`${list}-row`} data-name={r.name}>
          <input
            type="checkbox"
            checked={r.enabled}
            aria-label={`Send ${r.name || 'this row'}`}
            title={r.enabled ? 'Sent with the request' : 'Not sent; typing a value ticks it'}
            onChange={(event) => updateRow(list, r.id, { enabled: event.target.checked })}
          />
          <input
            className="row-name"
            value={r.name}
            list={datalist}
            placeholder="name"
            aria-label={`${title}: name`}
            onChange={(event) => updateRow(list, r.id, { name: event.target.value })}
          />
          <input
            className="row-value"
            value={r.value}
            placeholder="value"
            aria-label={`${r.name || title}: value`}
            data-testid={`${list}-value-${r.name}`}
            onChange={(event) => updateRow(list, r.id, { value: event.target.value })}
          />
          {r.note && <span className="muted row-note">{r.note}</span>}
          <button
            type="button"
            className="icon"
            aria-label={`Remove ${r.name || 'this row'}`}
            onClick={() => removeRow(list, r.id)}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="link" onClick={() => addRow(list)}>
        + Add {list === 'query' ? 'a parameter' : 'a header'}
      </button>
    </fieldset>
  );
}
