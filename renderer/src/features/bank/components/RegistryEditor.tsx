import { useEffect, useState } from 'react';
import type { RegistryEntryView } from '../../../../../main/api/contract';
import { useBankStore } from '../../../state/bank-store';
import { TrustStoreEditor } from './TrustStoreEditor';

/** The production bank's TPP registry and trust store (§1: registered for the role, trusted CA). */
export function RegistryEditor() {
  const mode = 'production' as const;
  const { registry, loadRegistry } = useBankStore();
  useEffect(() => {
    void loadRegistry(mode);
  }, [loadRegistry]);
  const entries = registry[mode] ?? [];
  return (
    <section className="card registry" aria-labelledby="registry-title" data-testid="bank-registry">
      <h2 id="registry-title">Production registry and trust store</h2>
      <RegistryTable mode={mode} entries={entries} />
      {entries.length === 0 && <p className="muted">No TPP is registered.</p>}
      <RegistryEntryForm mode={mode} />
      <TrustStoreEditor mode={mode} />
    </section>
  );
}

/** The TPPs the bank's registry holds, each with the roles it is registered for. */
function RegistryTable({ mode, entries }: { mode: 'production'; entries: RegistryEntryView[] }) {
  const { removeRegistry, busy } = useBankStore();
  return (
    <table data-testid="registry-table">
      <thead>
        <tr>
          <th scope="col">organizationIdentifier</th>
          <th scope="col">Name</th>
          <th scope="col">Roles</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.organizationIdentifier} data-testid="registry-entry">
            <td>
              <code>{e.organizationIdentifier}</code>
            </td>
            <td>{e.name}</td>
            <td>{e.roles.join(', ')}</td>
            <td>
              <button
                type="button"
                className="icon"
                aria-label={`Remove ${e.organizationIdentifier}`}
                disabled={!!busy}
                onClick={() => void removeRegistry(mode, e.organizationIdentifier)}
              >
                ×
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Registers a TPP (organizationIdentifier, name) for AISP, PISP or both. */
function RegistryEntryForm({ mode }: { mode: 'production' }) {
  const { putRegistry, busy } = useBankStore();
  const [entry, setEntry] = useState({
    organizationIdentifier: '',
    name: '',
    aisp: true,
    pisp: false,
  });
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        const roles = [
          ...(entry.aisp ? ['AISP' as const] : []),
          ...(entry.pisp ? ['PISP' as const] : []),
        ];
        void putRegistry(mode, {
          organizationIdentifier: entry.organizationIdentifier,
          name: entry.name,
          roles,
        }).then(
          (ok) => ok && setEntry({ organizationIdentifier: '', name: '', aisp: true, pisp: false }),
        );
      }}
    >
      <label className="inline-field">
        <span>organizationIdentifier</span>
        <input
          required
          value={entry.organizationIdentifier}
          onChange={(e) => setEntry({ ...entry, organizationIdentifier: e.target.value })}
        />
      </label>
      <label className="inline-field">
        <span>Name</span>
        <input
          required
          value={entry.name}
          onChange={(e) => setEntry({ ...entry, name: e.target.value })}
        />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={entry.aisp}
          onChange={(e) => setEntry({ ...entry, aisp: e.target.checked })}
        />
        AISP
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={entry.pisp}
          onChange={(e) => setEntry({ ...entry, pisp: e.target.checked })}
        />
        PISP
      </label>
      <button type="submit" disabled={!!busy || (!entry.aisp && !entry.pisp)}>
        Register
      </button>
    </form>
  );
}
