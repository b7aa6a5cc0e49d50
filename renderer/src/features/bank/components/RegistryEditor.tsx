import { useEffect, useState } from 'react';
import { formatDay } from '../../../lib/format';
import { useBankStore } from '../store';

/** The production bank's TPP registry and trust store (§1: registered for the role, trusted CA). */
export function RegistryEditor() {
  const mode = 'production' as const;
  const {
    registry,
    trustAnchors,
    loadRegistry,
    putRegistry,
    removeRegistry,
    addTrustAnchor,
    removeTrustAnchor,
    busy,
  } = useBankStore();
  const [entry, setEntry] = useState({
    organizationIdentifier: '',
    name: '',
    aisp: true,
    pisp: false,
  });
  const [pem, setPem] = useState('');
  useEffect(() => {
    void loadRegistry(mode);
  }, [loadRegistry]);
  const entries = registry[mode] ?? [];
  const anchors = trustAnchors[mode] ?? [];
  return (
    <section className="card registry" aria-labelledby="registry-title" data-testid="bank-registry">
      <h2 id="registry-title">Production registry and trust store</h2>
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
      {entries.length === 0 && <p className="muted">No TPP is registered.</p>}
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
            (ok) =>
              ok && setEntry({ organizationIdentifier: '', name: '', aisp: true, pisp: false }),
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
      <h3>Trusted CAs</h3>
      <ul className="anchors" data-testid="trust-anchors">
        {anchors.map((a) => (
          <li key={a.fingerprint256} data-testid="trust-anchor">
            {a.subject.replace(/\n/g, ', ')}{' '}
            <span className="muted">
              until {formatDay(a.validTo)} · <code className="fingerprint">{a.fingerprint256}</code>
            </span>
            <button
              type="button"
              className="icon"
              aria-label="Stop trusting this CA"
              disabled={!!busy}
              onClick={() => void removeTrustAnchor(mode, a.fingerprint256)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {anchors.length === 0 && (
        <p className="muted">No CA is trusted: production refuses every certificate.</p>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void addTrustAnchor(mode, pem).then((ok) => ok && setPem(''));
        }}
      >
        <label className="field">
          <span>CA certificate (PEM)</span>
          <textarea
            rows={4}
            value={pem}
            onChange={(e) => setPem(e.target.value)}
            required
            placeholder="-----BEGIN CERTIFICATE-----"
          />
        </label>
        <button type="submit" disabled={!!busy || !pem.trim()}>
          Trust this CA
        </button>
      </form>
    </section>
  );
}
