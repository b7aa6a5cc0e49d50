import { useState } from 'react';
import type {
  KeyExportConfirmationView,
  KeystoreEntryView,
} from '../../../../../main/api/contract';
import {
  EXPORT_PASSPHRASE_MIN_LENGTH,
  EXPORT_PASSPHRASE_RULE,
  exportPassphraseProblem,
} from '../../../../../main/shared/export-passphrase';
import { downloadBase64 } from '../../../lib/download';
import { useCertificatesStore } from '../store';

/**
 * Export: the certificate freely (PEM, DER); the private key only behind explicit steps, only
 * encrypted with a passphrase the user types twice that meets the rule (main enforces it too), and
 * only once the user confirmed it to main: a native dialog on the desktop, a code printed in the
 * web host's terminal otherwise. A CA's key also needs the CA's name typed.
 */
export function ExportPanel({ entry }: { entry: KeystoreEntryView }) {
  const { exportCertificate, requestKeyExport, exportPrivateKey, busy } = useCertificatesStore();
  const [chain, setChain] = useState(false);
  const [keyOpen, setKeyOpen] = useState(false);
  const [format, setFormat] = useState<'pkcs8' | 'pkcs12'>('pkcs12');
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [caName, setCaName] = useState('');
  const [code, setCode] = useState('');
  const [confirmation, setConfirmation] = useState<KeyExportConfirmationView>();
  const certificate = async (fmt: 'pem' | 'der') => {
    const file = await exportCertificate({
      handle: entry.handle,
      format: fmt,
      ...(fmt === 'pem' && chain ? { includeChain: true } : {}),
    });
    if (file) downloadBase64(file.fileName, file.base64, file.mimeType);
  };
  const mismatch = repeat !== '' && repeat !== passphrase;
  const weak = passphrase === '' ? undefined : exportPassphraseProblem(passphrase);
  const isCa = entry.kind === 'ca';
  const ready = !mismatch && repeat !== '' && !weak && (!isCa || caName === entry.label);
  const close = () => {
    setPassphrase('');
    setRepeat('');
    setCaName('');
    setCode('');
    setConfirmation(undefined);
    setKeyOpen(false);
  };
  const exportKey = async (typedCode?: string) => {
    const file = await exportPrivateKey({
      handle: entry.handle,
      format,
      passphrase,
      ...(typedCode ? { confirmation: typedCode } : {}),
      ...(isCa ? { caName } : {}),
    });
    if (file) {
      downloadBase64(file.fileName, file.base64, file.mimeType);
      close();
    } else if (typedCode) {
      // A code serves one attempt: ask for a new one.
      setCode('');
      setConfirmation(undefined);
    }
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
          <form
            className="card form-grid key-export"
            data-testid="export-key-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!ready) return;
              if (confirmation?.mode === 'terminal-token') {
                if (code.trim() !== '') void exportKey(code);
                return;
              }
              void requestKeyExport({ handle: entry.handle, format }).then((asked) => {
                if (!asked) return;
                // Desktop: main shows its dialog during the export call itself.
                if (asked.mode === 'dialog') void exportKey();
                else setConfirmation(asked);
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
                disabled={!!confirmation}
                onChange={(e) => setFormat(e.target.value as 'pkcs8' | 'pkcs12')}
              >
                <option value="pkcs12">PKCS#12 (.p12, key and chain)</option>
                <option value="pkcs8">PKCS#8 (encrypted PEM key)</option>
              </select>
            </label>
            <label className="field">
              <span>Passphrase ({EXPORT_PASSPHRASE_RULE})</span>
              <input
                type="password"
                autoComplete="new-password"
                minLength={EXPORT_PASSPHRASE_MIN_LENGTH}
                required
                readOnly={!!confirmation}
                value={passphrase}
                aria-invalid={!!weak}
                data-testid="export-key-passphrase"
                onChange={(e) => setPassphrase(e.target.value)}
              />
            </label>
            {weak && <p className="error">{weak}</p>}
            <label className="field">
              <span>Repeat the passphrase</span>
              <input
                type="password"
                autoComplete="new-password"
                required
                readOnly={!!confirmation}
                value={repeat}
                aria-invalid={mismatch}
                data-testid="export-key-repeat"
                onChange={(e) => setRepeat(e.target.value)}
              />
            </label>
            {mismatch && <p className="error">The passphrases differ.</p>}
            {isCa && (
              <label className="field">
                <span>
                  This is a CA: its key can issue certificates. Type its name, {entry.label}, to
                  export it
                </span>
                <input
                  value={caName}
                  readOnly={!!confirmation}
                  data-testid="export-key-ca-name"
                  onChange={(e) => setCaName(e.target.value)}
                />
              </label>
            )}
            {confirmation?.mode === 'terminal-token' && (
              <label className="field">
                <span>{confirmation.text}</span>
                <input
                  autoComplete="off"
                  spellCheck={false}
                  value={code}
                  data-testid="export-key-code"
                  onChange={(e) => setCode(e.target.value)}
                />
              </label>
            )}
            <div className="actions">
              <button
                type="submit"
                className="primary"
                disabled={
                  !!busy ||
                  !ready ||
                  (confirmation?.mode === 'terminal-token' && code.trim() === '')
                }
                data-testid="export-key"
              >
                {confirmation ? 'Confirm and export' : 'Export the encrypted key'}
              </button>
              <button type="button" onClick={close}>
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
