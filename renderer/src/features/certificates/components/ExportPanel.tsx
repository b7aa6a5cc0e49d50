import { useState } from 'react';
import type { KeystoreEntryView } from '../../../../../main/api/contract';
import { downloadBase64 } from '../../../lib/download';
import { useCertificatesStore } from '../../../state/certificates-store';
import { useKeyExport } from '../use-key-export';
import { KeyExportForm } from './KeyExportForm';

/**
 * Export: the certificate freely (PEM, DER); the private key only behind explicit steps, only
 * encrypted with a passphrase the user types twice that meets the rule (main enforces it too), and
 * only once the user confirmed it to main: a native dialog on the desktop, a code printed in the
 * web host's terminal otherwise. A CA's key also needs the CA's name typed.
 */
export function ExportPanel({ entry }: { entry: KeystoreEntryView }) {
  const { exportCertificate, busy } = useCertificatesStore();
  const [chain, setChain] = useState(false);
  const [keyOpen, setKeyOpen] = useState(false);
  const keyExport = useKeyExport(entry, () => setKeyOpen(false));
  const certificate = async (fmt: 'pem' | 'der') => {
    const file = await exportCertificate({
      handle: entry.handle,
      format: fmt,
      ...(fmt === 'pem' && chain ? { includeChain: true } : {}),
    });
    if (file) downloadBase64(file.fileName, file.base64, file.mimeType);
  };
  return (
    <div className="export">
      <h3>Export</h3>
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
          <KeyExportForm entry={entry} keyExport={keyExport} />
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
