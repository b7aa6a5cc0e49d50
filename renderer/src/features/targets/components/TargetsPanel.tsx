import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useBankStore } from '../../../state/bank-store';
import { useCertificatesStore } from '../../../state/certificates-store';
import { useTargetsStore } from '../../../state/targets-store';
import { TargetForm } from './TargetForm';

/** The banks the client talks to; the embedded ones come from the Bank view. */
export function TargetsPanel() {
  const { view, setActive, remove, busy, error } = useTargetsStore();
  const entries = useCertificatesStore((s) => s.entries);
  const startBank = useBankStore((s) => s.start);
  const bankBusy = useBankStore((s) => s.busy);
  const [editing, setEditing] = useState<string | 'new'>();
  const label = (handle?: string) =>
    handle ? (entries.find((e) => e.handle === handle)?.label ?? handle) : '—';
  if (!view) return null;
  return (
    <section className="card targets" aria-labelledby="targets-title" data-testid="targets">
      <h2 id="targets-title">Targets</h2>
      <ErrorNotice error={error} doing="Changing the targets" />
      <table>
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Where</th>
            <th scope="col">Signing</th>
            <th scope="col">mTLS</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.targets.map((t) => (
            <tr key={t.id} data-testid="target-row" data-target={t.id}>
              <td>
                {t.name} <span className={`badge badge-${t.mode}`}>{t.mode}</span>
                {t.id === view.activeTargetId && <span className="badge badge-ok">active</span>}
              </td>
              <td>
                {t.baseUrl ? (
                  <code>{t.baseUrl}</code>
                ) : (
                  <>
                    <span className="muted">stopped </span>
                    <button
                      type="button"
                      disabled={!!bankBusy}
                      data-testid="target-start"
                      onClick={() => void startBank(t.mode)}
                    >
                      Start
                    </button>
                  </>
                )}
              </td>
              {t.kind === 'profile' ? (
                <td colSpan={2} className="muted" data-testid="target-profile-file">
                  profile <code>{t.profilePath}</code> (below)
                </td>
              ) : (
                <>
                  <td>{label(t.signingCertificate)}</td>
                  <td>{label(t.transportCertificate)}</td>
                </>
              )}
              <td>
                <div className="actions">
                  {t.id !== view.activeTargetId && (
                    <button type="button" disabled={busy} onClick={() => void setActive(t.id)}>
                      Make active
                    </button>
                  )}
                  {t.kind !== 'profile' && (
                    <button
                      type="button"
                      data-testid="target-edit"
                      onClick={() => setEditing(t.id)}
                    >
                      Edit
                    </button>
                  )}
                  {t.kind === 'external' && (
                    <button type="button" disabled={busy} onClick={() => void remove(t.id)}>
                      Remove
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing ? (
        <TargetForm
          key={editing}
          {...(editing !== 'new' ? { target: view.targets.find((t) => t.id === editing) } : {})}
          onDone={() => setEditing(undefined)}
        />
      ) : (
        <button type="button" data-testid="target-add" onClick={() => setEditing('new')}>
          Add an external target
        </button>
      )}
    </section>
  );
}
