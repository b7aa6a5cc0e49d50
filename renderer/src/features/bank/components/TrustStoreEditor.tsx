import { useState } from 'react';
import { formatDay } from '../../../lib/format';
import { useBankStore } from '../../../state/bank-store';

/** The CAs the production bank trusts for client certificates (§1): listed, removed and added. */
export function TrustStoreEditor({ mode }: { mode: 'production' }) {
  const { trustAnchors, addTrustAnchor, removeTrustAnchor, busy } = useBankStore();
  const [pem, setPem] = useState('');
  const anchors = trustAnchors[mode] ?? [];
  return (
    <>
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
    </>
  );
}
