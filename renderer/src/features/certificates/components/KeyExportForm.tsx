import type { KeystoreEntryView } from '../../../../../main/api/contract';
import {
  EXPORT_PASSPHRASE_MIN_LENGTH,
  EXPORT_PASSPHRASE_RULE,
} from '../../../../../main/shared/export-passphrase';
import type { useKeyExport } from '../use-key-export';

/** The private key's export, encrypted with a passphrase, after main's confirmation (use-key-export.ts). */
export function KeyExportForm({
  entry,
  keyExport,
}: {
  entry: KeystoreEntryView;
  /** The form's state lives in the panel (kept while the form is closed, as the format is). */
  keyExport: ReturnType<typeof useKeyExport>;
}) {
  const {
    busy,
    format,
    setFormat,
    passphrase,
    setPassphrase,
    repeat,
    setRepeat,
    caName,
    setCaName,
    code,
    setCode,
    confirmation,
    mismatch,
    weak,
    isCa,
    ready,
    close,
    submit,
  } = keyExport;
  return (
    <form
      className="card form-grid key-export"
      data-testid="export-key-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="warn">
        The private key leaves the workbench only encrypted with this passphrase. Anyone with the
        file and the passphrase can sign as this TPP.
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
            This is a CA: its key can issue certificates. Type its name, {entry.label}, to export it
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
            !!busy || !ready || (confirmation?.mode === 'terminal-token' && code.trim() === '')
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
  );
}
