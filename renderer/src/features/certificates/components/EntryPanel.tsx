import { useState } from 'react';
import type { KeystoreEntryView } from '../../../../../main/api/contract';
import { useCertificatesStore } from '../../../state/certificates-store';
import { CertificateDetails } from './CertificateDetails';
import { KIND_LABELS } from './EntryList';
import { ExportPanel } from './ExportPanel';
import { TargetAssignment } from './TargetAssignment';

/** The selected entry: its certificate and chain, and what can be done with it. */
export function EntryPanel({ entry }: { entry: KeystoreEntryView }) {
  const { registerInBank, registration, busy, remove } = useCertificatesStore();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [own, ...chain] = entry.certificates;
  const tpp = own?.organizationIdentifier && (entry.kind === 'qsealc' || entry.kind === 'qwac');
  return (
    <section className="card entry-panel" aria-labelledby="entry-title" data-testid="cert-details">
      <h2 id="entry-title">
        {entry.label}{' '}
        <span className={`badge badge-kind-${entry.kind}`}>{KIND_LABELS[entry.kind]}</span>
      </h2>
      <p className="muted">
        Handle <code>{entry.handle}</code>
        {entry.publicKeyFingerprint && (
          <>
            {' '}
            · public key SHA-256 <code className="fingerprint">{entry.publicKeyFingerprint}</code>
          </>
        )}
      </p>
      {tpp && (
        <div className="register">
          <button
            type="button"
            className="primary"
            disabled={!!busy}
            data-testid="register-in-bank"
            onClick={() => void registerInBank(entry.handle)}
          >
            Register in the embedded bank
          </button>
          <span className="muted">
            {' '}
            Registers {own.organizationIdentifier} for its roles in both banks and trusts its CA in
            production.
          </span>
          {registration && registration.organizationIdentifier === own.organizationIdentifier && (
            <p className="ok" data-testid="registration-result">
              Registered as {registration.roles.join(', ')}; production trusts{' '}
              {registration.trustAnchors.length} CA certificate(s).
            </p>
          )}
        </div>
      )}
      <TargetAssignment entry={entry} />
      {own && <CertificateDetails certificate={own} />}
      {chain.length > 0 && (
        <details>
          <summary>Chain ({chain.length})</summary>
          {chain.map((certificate) => (
            <div key={certificate.fingerprints.sha256} className="chain-entry">
              <h3>{certificate.commonName ?? certificate.subject}</h3>
              <CertificateDetails certificate={certificate} chain />
            </div>
          ))}
        </details>
      )}
      <ExportPanel entry={entry} />
      <div className="danger-zone">
        {confirmRemove ? (
          <>
            <span className="warn">Remove {entry.label} and its private key? </span>
            <button
              type="button"
              onClick={() => void remove(entry.handle)}
              data-testid="remove-confirm"
            >
              Remove
            </button>
            <button type="button" onClick={() => setConfirmRemove(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" className="link" onClick={() => setConfirmRemove(true)}>
            Remove from the keystore…
          </button>
        )}
      </div>
    </section>
  );
}
