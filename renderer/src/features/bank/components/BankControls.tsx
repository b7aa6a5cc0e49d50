import { useState } from 'react';
import type { BankMode } from '../../../../../main/api/contract';
import { downloadText } from '../../../lib/download';
import { useBankStore } from '../../../state/bank-store';

/** One bank: running or not and where, start (optional port) / stop, reset, batch run, snapshots. */
export function BankControls({ mode }: { mode: BankMode }) {
  const { status, busy, start, stop, reset, runBatch, exportSnapshot, importSnapshot } =
    useBankStore();
  const [port, setPort] = useState('');
  const [snapshotProblem, setSnapshotProblem] = useState<string>();
  const current = status[mode];
  const running = current?.running === true;
  const portNumber = port.trim() === '' ? undefined : Number(port);
  const portValid =
    portNumber === undefined ||
    (Number.isInteger(portNumber) && portNumber >= 0 && portNumber <= 65535);
  return (
    <div className="card bank-card" data-testid={`bank-${mode}`}>
      <h2>
        {mode === 'sandbox' ? 'Sandbox' : 'Production'} bank{' '}
        <span
          className={`badge ${running ? 'badge-ok' : 'badge-stopped'}`}
          data-testid={`bank-${mode}-state`}
        >
          {running ? 'running' : 'stopped'}
        </span>
      </h2>
      {running ? (
        <p>
          <code data-testid={`bank-${mode}-url`}>{current?.url}</code>
          {current?.https && <span className="badge">HTTPS</span>}
        </p>
      ) : (
        <p className="muted">Its state is kept while it is stopped.</p>
      )}
      <div className="actions">
        {running ? (
          <button
            type="button"
            disabled={!!busy}
            data-testid={`bank-${mode}-stop`}
            onClick={() => void stop(mode)}
          >
            Stop
          </button>
        ) : (
          <>
            <label className="inline-field">
              <span>Port</span>
              <input
                className="port"
                inputMode="numeric"
                placeholder="any"
                value={port}
                aria-invalid={!portValid}
                onChange={(e) => setPort(e.target.value)}
              />
            </label>
            <button
              type="button"
              className="primary"
              disabled={!!busy || !portValid}
              data-testid={`bank-${mode}-start`}
              onClick={() => void start(mode, portNumber)}
            >
              Start
            </button>
          </>
        )}
        <button
          type="button"
          disabled={!!busy}
          onClick={() => void reset(mode)}
          data-testid={`bank-${mode}-reset`}
        >
          Reset
        </button>
        <button
          type="button"
          disabled={!!busy}
          onClick={() => void runBatch(mode)}
          data-testid={`bank-${mode}-run-batch`}
          title="Settle the authorised payments now (otherwise five times a day on the bank clock)"
        >
          Run batch now
        </button>
        <button
          type="button"
          disabled={!!busy}
          onClick={async () => {
            const snapshot = await exportSnapshot(mode);
            if (snapshot !== undefined) {
              const stamp = new Date().toISOString().replace(/[:.]/g, '-');
              downloadText(`bank-${mode}-${stamp}.json`, JSON.stringify(snapshot, null, 2));
            }
          }}
        >
          Export snapshot
        </button>
        <label className="button-like">
          Import snapshot…
          <input
            type="file"
            accept=".json,application/json"
            className="visually-hidden"
            disabled={!!busy}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setSnapshotProblem(undefined);
              try {
                await importSnapshot(mode, JSON.parse(await file.text()) as unknown);
              } catch (error) {
                setSnapshotProblem(`${file.name} is not JSON: ${(error as Error).message}`);
              }
            }}
          />
        </label>
      </div>
      {snapshotProblem && (
        <p role="alert" className="error">
          {snapshotProblem}
        </p>
      )}
    </div>
  );
}
