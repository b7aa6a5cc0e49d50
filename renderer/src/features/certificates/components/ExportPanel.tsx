import { useState } from 'react';
import type { KeystoreEntryView } from '../../../../../main/api/contract';
import { downloadBase64 } from '../../../lib/download';
import { useCertificatesStore } from '../store';

/**
 * Export: the certificate freely (PEM, DER); the private key only behind an explicit step, only
 * encrypted with a passphrase the user types twice (PKCS#8 or PKCS#12).
 */
export function ExportPanel({ entry }: { entry: KeystoreEntryView }) {
  const { exportCertificate, exportPrivateKey, busy } = useCertificatesStore();
  const [chain, setChain] = useState(false);
  const [keyOpen, setKeyOpen] = useState(false);
  const [format, setFormat] = useState<'pkcs8' | 'pkcs12'>('pkcs12');
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const certificate = async (fmt: 'pem' | 'der') => {
    const file = await exportCertificate({
      handle: entry.handle,
      format: fmt,
      ...(fmt === 'pem' && chain ? { includeChain: true } : {}),
    });
    if (file) downloadBase64(file.fileName, file.base64, file.mimeType);
  };
  const mismatch = repeat !== '' && repeat !== passphrase;
  return (
    <div className="export">
      <h4>Export</h4>
      <div className="actions">
        <button
          type="button"
          disabled={!!busy}
          data-testid="export-pem"
          onClick={() => void certificate('pem')}
        >
          Certificate (PEM)
        </button>
        <button
          type="button"
          disabled={!!busy}
          data-testid="export-der"
          onClick={() => void certificate('der')}
        >
          Certificate (DER)
        </button>
        <label className="checkbox">
          <input type="checkbox" checked={chain} onChange={(e) => setChain(e.target.checked)} />
          with its CA chain (PEM)
        </label>
      </div>
      {entry.hasPrivateKey &&
        (keyOpen ? (
          <form
            className="card form-grid key-export"
            data-testid="export-key-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (mismatch || passphrase.length < 8) return;
              void exportPrivateKey({ handle: entry.handle, format, passphrase }).then((file) => {
                if (!file) return;
                downloadBase64(file.fileName, file.base64, file.mimeType);
                setPassphrase('');
                setRepeat('');
                setKeyOpen(false);
              });
            }}
          >
            <p className="warn">
              The private key leaves the workbench only encrypted with this passphrase. Anyone with
              the file and the passphrase can sign as this TPP.
            </p>
            <label className="field">
              <span>Format</span>
              <select
                value={format}
                onChange={(e) => setFormat(e.target.value as 'pkcs8' | 'pkcs12')}
              >
                <option value="pkcs12">PKCS#12 (.p12, key and chain)</option>
                <option value="pkcs8">PKCS#8 (encrypted PEM key)</option>
              </select>
            </label>
            <label className="field">
              <span>Passphrase (at least 8 characters)</span>
              <input
                type="password"
                autoComplete="new-password"
                minLength={8}
                required
                value={passphrase}
                data-testid="export-key-passphrase"
                onChange={(e) => setPassphrase(e.target.value)}
              />
            </label>
            <label className="field">
              <span>Repeat the passphrase</span>
              <input
                type="password"
                autoComplete="new-password"
                required
                value={repeat}
                aria-invalid={mismatch}
                data-testid="export-key-repeat"
                onChange={(e) => setRepeat(e.target.value)}
              />
            </label>
            {mismatch && <p className="error">The passphrases differ.</p>}
            <div className="actions">
              <button
                type="submit"
                className="primary"
                disabled={!!busy || mismatch || passphrase.length < 8}
                data-testid="export-key"
              >
                Export the encrypted key
              </button>
              <button type="button" onClick={() => setKeyOpen(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            className="link"
            data-testid="export-key-open"
            onClick={() => setKeyOpen(true)}
          >
            Export the private key (encrypted)…
          </button>
        ))}
    </div>
  );
}
