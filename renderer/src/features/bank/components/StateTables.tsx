import { useEffect, useRef, useState } from 'react';
import type { BankMode } from '../../../../../main/api/contract';
import { consoleTables, filterRows, type ConsoleTable, type RowAction } from '../console-tables';
import { useBankStore } from '../../../state/bank-store';
import { SandboxActionForm, type SandboxActionRequest } from './SandboxActionForm';

/**
 * A resource id: one line cut short, whole in its tooltip and found by the filter, rather than
 * broken every few characters in a narrow column (1024-pixel screens).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REFRESH_THROTTLE_MS = 1000;

/** Sandbox API operations (§4.3) that add records without a row to act on. */
const ADD_ACTIONS: SandboxActionRequest[] = [
  { operationId: 'createSandboxAccount', label: 'Add account (and its owner’s access)' },
  { operationId: 'createSandboxCardAccount', label: 'Add card account' },
  { operationId: 'createSandboxAgreement', label: 'Add agreement' },
  { operationId: 'fillSandboxFixedTestData', label: 'Add the fixed test customers' },
];

/**
 * The bank state as human tables with a filter and row actions: revoke a consent, block a card
 * account (bank-side changes), or a sandbox API request on the row (seen in the request log).
 * Refreshed (throttled) when the bank answers, changes or its clock moves.
 */
export function StateTables() {
  const [mode, setMode] = useState<BankMode>('sandbox');
  const [tableName, setTableName] = useState('consents');
  const [filter, setFilter] = useState('');
  const [action, setAction] = useState<SandboxActionRequest>();
  const snapshot = useBankStore((s) => s.snapshots[mode]);
  const sessions = useBankStore((s) => s.sessions[mode]);
  const refresh = useBankStore((s) => s.refreshSnapshot);
  const logSize = useBankStore((s) => s.log.length);
  const status = useBankStore((s) => s.status[mode]);
  const clock = useBankStore((s) => s.clock?.view);

  // Throttled: during a burst of requests the tables refresh once a second, not per request.
  const lastRefresh = useRef(0);
  useEffect(() => {
    const wait = Math.max(0, lastRefresh.current + REFRESH_THROTTLE_MS - Date.now());
    const timer = setTimeout(() => {
      lastRefresh.current = Date.now();
      void refresh(mode);
    }, wait);
    return () => clearTimeout(timer);
  }, [mode, logSize, status, clock, refresh]);

  const tables = consoleTables(snapshot, sessions ?? []);
  const table = tables.find((t) => t.name === tableName) ?? tables[0];
  return (
    <section className="card state-tables" aria-labelledby="state-title" data-testid="bank-state">
      <h2 id="state-title">Bank state</h2>
      <div className="actions">
        <label className="inline-field">
          <span>Mode</span>
          <select value={mode} onChange={(e) => setMode(e.target.value as BankMode)}>
            <option value="sandbox">sandbox</option>
            <option value="production">production</option>
          </select>
        </label>
        <label className="inline-field">
          <span>Table</span>
          <select
            value={table?.name ?? ''}
            data-testid="state-table-picker"
            onChange={(e) => setTableName(e.target.value)}
          >
            {tables.map((t) => (
              <option key={t.name} value={t.name}>
                {t.title} ({t.rows.length})
              </option>
            ))}
          </select>
        </label>
        <input
          type="search"
          placeholder="Filter rows"
          aria-label="Filter rows"
          data-testid="state-filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <button type="button" onClick={() => void refresh(mode)}>
          Refresh
        </button>
      </div>
      {mode === 'sandbox' ? (
        <div className="actions" role="group" aria-label="Add through the sandbox API">
          {ADD_ACTIONS.map((add) => (
            <button
              key={add.operationId}
              type="button"
              data-testid={`add-${add.operationId}`}
              onClick={() => setAction(add)}
            >
              {add.label}
            </button>
          ))}
        </div>
      ) : null}
      {action ? (
        <SandboxActionForm
          action={action}
          onClose={() => setAction(undefined)}
          onSent={() => void refresh(mode)}
        />
      ) : null}
      {table ? (
        <StateTable
          table={table}
          filter={filter}
          mode={mode}
          onSandboxAction={(a) => setAction(a)}
        />
      ) : (
        <p className="muted">No state yet.</p>
      )}
    </section>
  );
}

function StateTable({
  table,
  filter,
  mode,
  onSandboxAction,
}: {
  table: ConsoleTable;
  filter: string;
  mode: BankMode;
  onSandboxAction: (action: SandboxActionRequest) => void;
}) {
  const rows = filterRows(table.rows, filter);
  const hasActions = table.rows.some((r) => r.actions.length > 0);
  if (rows.length === 0)
    return (
      <p className="muted">{table.rows.length === 0 ? 'None.' : 'No row matches the filter.'}</p>
    );
  return (
    <div className="table-scroll">
      <table className="state" data-testid={`state-${table.name}`}>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
            {hasActions ? (
              <th scope="col" className="actions-column">
                Actions
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="state-row" data-row-id={row.id}>
              {table.columns.map((c) => (
                <td
                  key={c.key}
                  title={row.cells[c.key]}
                  data-col={c.key}
                  className={UUID.test(row.cells[c.key] ?? '') ? 'id-cell' : undefined}
                >
                  {row.cells[c.key]}
                </td>
              ))}
              {hasActions ? (
                <td className="row-actions">
                  {row.actions.map((a) => (
                    <RowActionButton
                      key={a.label}
                      action={a}
                      mode={mode}
                      onSandboxAction={onSandboxAction}
                    />
                  ))}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowActionButton({
  action,
  mode,
  onSandboxAction,
}: {
  action: RowAction;
  mode: BankMode;
  onSandboxAction: (action: SandboxActionRequest) => void;
}) {
  const revokeConsent = useBankStore((s) => s.revokeConsent);
  const setCardStatus = useBankStore((s) => s.setCardStatus);
  if (action.kind === 'sandbox' && mode !== 'sandbox') return null;
  const onClick = () => {
    switch (action.kind) {
      case 'revokeConsent':
        return void revokeConsent(mode, action.consentId);
      case 'cardStatus':
        return void setCardStatus(mode, action.cardAccountId, action.status);
      case 'sandbox':
        return onSandboxAction({
          operationId: action.operationId,
          label: action.label,
          resourceId: action.resourceId,
        });
    }
  };
  return (
    <button
      type="button"
      className="small"
      data-testid={`row-action-${action.label}`}
      onClick={onClick}
    >
      {action.label}
    </button>
  );
}
