import type { KeystoreEntryView } from '../../../../../main/api/contract';
import type { CredentialInput } from '../../../../../main/api/contract';

/** How the form holds one credential before it is sent: which source, and both sources' values. */
export interface CredentialDraft {
  source: 'files' | 'keystore';
  certificate: string;
  key: string;
  keystore: string;
}

export const emptyCredential = (): CredentialDraft => ({
  source: 'files',
  certificate: '',
  key: '',
  keystore: '',
});

/** The credential the draft names, or none when its chosen source is left empty. */
export function credentialOf(draft: CredentialDraft): CredentialInput | undefined {
  if (draft.source === 'keystore') return draft.keystore ? { keystore: draft.keystore } : undefined;
  const certificate = draft.certificate.trim();
  const key = draft.key.trim();
  // Half a pair is sent as it is: main refuses it naming what is missing.
  return certificate || key ? { certificate: certificate || ' ', key: key || ' ' } : undefined;
}

/**
 * One certificate with its key: an entry of the keystore (Certificates view; the key stays there)
 * or PEM files named by path. Test ids: `profile-form-<id>-source`, `-keystore`, `-cert`, `-key`.
 */
export function CredentialField(props: {
  id: string;
  legend: string;
  hint?: string;
  value: CredentialDraft;
  entries: KeystoreEntryView[];
  onChange(value: CredentialDraft): void;
}) {
  const { id, value, onChange } = props;
  const usable = props.entries.filter((e) => e.hasPrivateKey && e.kind !== 'ca');
  return (
    <fieldset className="wide credential" data-testid={`profile-form-${id}`}>
      <legend>{props.legend}</legend>
      {props.hint && <small className="muted">{props.hint}</small>}
      <label className="inline-field">
        <span>From</span>
        <select
          value={value.source}
          data-testid={`profile-form-${id}-source`}
          onChange={(e) =>
            onChange({ ...value, source: e.target.value as CredentialDraft['source'] })
          }
        >
          <option value="files">PEM files</option>
          <option value="keystore">the keystore (Certificates)</option>
        </select>
      </label>
      {value.source === 'keystore' ? (
        <label className="field">
          <span>Keystore entry</span>
          <select
            value={value.keystore}
            data-testid={`profile-form-${id}-keystore`}
            onChange={(e) => onChange({ ...value, keystore: e.target.value })}
          >
            <option value="">— choose —</option>
            {usable.map((entry) => (
              <option key={entry.handle} value={entry.label}>
                {entry.label}
              </option>
            ))}
          </select>
          {usable.length === 0 && (
            <small className="muted">
              No entry with a private key: unlock the keystore or add one in Certificates.
            </small>
          )}
        </label>
      ) : (
        (
          [
            ['certificate', 'Certificate (PEM)', 'cert', 'qsealc.pem'],
            ['key', 'Key (PEM)', 'key', 'qsealc.key.pem'],
          ] as const
        ).map(([field, label, suffix, placeholder]) => (
          <label key={field} className="field">
            <span>{label}</span>
            <input
              value={value[field]}
              placeholder={placeholder}
              data-testid={`profile-form-${id}-${suffix}`}
              onChange={(e) => onChange({ ...value, [field]: e.target.value })}
            />
          </label>
        ))
      )}
    </fieldset>
  );
}
