import { useState } from 'react';
import { FileDrop } from '../../../components/FileDrop';
import { bytesToBase64 } from '../../../lib/base64';
import { readFileBytes } from '../../../lib/download';
import { useCertificatesStore } from '../../../state/certificates-store';

const MAX_BYTES = 512 * 1024;

/** PEM, DER or PKCS#12 by file picker or drop; the bytes go to main, which keeps any key. */
export function ImportForm() {
  const { importFile, busy } = useCertificatesStore();
  const [passphrase, setPassphrase] = useState('');
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string>();
  const take = async (file: File) => {
    setProblem(undefined);
    if (file.size > MAX_BYTES) {
      setProblem(`${file.name} is ${file.size} bytes; certificate files are far smaller.`);
      return;
    }
    const ok = await importFile({
      dataBase64: bytesToBase64(await readFileBytes(file)),
      fileName: file.name,
      ...(label.trim() ? { label: label.trim() } : {}),
      ...(passphrase ? { passphrase } : {}),
    });
    if (ok) {
      setPassphrase('');
      setLabel('');
    }
  };
  return (
    <div className="card form-grid" data-testid="import-form">
      <h2>Import a certificate</h2>
      <label className="field">
        <span>Label (optional)</span>
        <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={200} />
      </label>
      <label className="field">
        <span>Passphrase (PKCS#12 or encrypted key)</span>
        <input
          type="password"
          autoComplete="off"
          value={passphrase}
          data-testid="import-passphrase"
          onChange={(e) => setPassphrase(e.target.value)}
        />
      </label>
      <FileDrop
        label="Choose a PEM, DER or PKCS#12 file"
        accept=".pem,.crt,.cer,.der,.p12,.pfx,.key"
        disabled={!!busy}
        testId="import-file"
        onFile={(file) => void take(file)}
      />
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </div>
  );
}
