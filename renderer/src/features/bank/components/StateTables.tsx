import { useEffect, useRef, useState } from 'react';
import type { BankModeName } from '../../../../../main/api/contract';
import { stateTables, tableTitle } from '../log-filter';
import { useBankStore } from '../store';

const REFRESH_THROTTLE_MS = 1000;

/** Read-only tables of the bank state, refreshed (throttled) when the bank answers or changes. */
export function StateTables() {
  const [mode, setMode] = useState<BankModeName>('sandbox');
  const snapshot = useBankStore((s) => s.snapshots[mode]);
  const refresh = useBankStore((s) => s.refreshSnapshot);
  const logSize = useBankStore((s) => s.log.length);
  const status = useBankStore((s) => s.status[mode]);

  // Throttled: during a burst of requests the tables refresh once a second, not per request.
  const lastRefresh = useRef(0);
  useEffect(() => {
    const wait = Math.max(0, lastRefresh.current + REFRESH_THROTTLE_MS - Date.now());
    const timer = setTimeout(() => {
      lastRefresh.current = Date.now();
      void refresh(mode);
    }, wait);
    return () => clearTimeout(timer);
  }, [mode, logSize, status, refresh]);

  const tables = stateTables(snapshot);
  return (
    <section className="card state-tables" aria-labelledby="state-title" data-testid="bank-state">
      <h2 id="state-title">Bank state</h2>
      <div className="actions">
        <label className="inline-field">
          <span>Mode</span>
          <select value={mode} onChange={(e) => setMode(e.target.value as BankModeName)}>
            <option value="sandbox">sandbox</option>
            <option value="production">production</option>
          </select>
        </label>
        <button type="button" onClick={() => void refresh(mode)}>
          Refresh
        </button>
      </div>
      {tables.map((table) => (
        <details key={table.name} data-testid={`state-${table.name}`}>
          <summary>
            {tableTitle(table.name)} <span className="muted">({table.rows.length})</span>
          </summary>
          {table.rows.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <div className="table-scroll">
              <table className="state">
                <thead>
                  <tr>
                    {table.columns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row, index) => (
                    <tr key={index}>
                      {table.columns.map((c) => (
                        <td key={c} title={row[c]}>
                          {row[c]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </details>
      ))}
    </section>
  );
}
