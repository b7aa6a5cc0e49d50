import { useState } from 'react';
import type { TargetView } from '../../../../../main/api/contract';
import { withPrivateKey, useCertificatesStore } from '../../../state/certificates-store';
import { targetInput, useTargetsStore, type TargetInput } from '../../../state/targets-store';

const NEW_TARGET: TargetInput = {
  name: '',
  mode: 'production',
  baseUrl: 'https://',
  defaultHeaders: {},
};

function headersText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([n, v]) => `${n}: ${v}`)
    .join('\n');
}

function parseHeaders(text: string): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const colon = line.indexOf(':');
    if (colon <= 0) return `'${line}' is not 'Name: value'.`;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Add an external target, or edit a target's certificates, extra CA and default headers. */
export function TargetForm({ target, onDone }: { target?: TargetView; onDone(): void }) {
  const { save, busy } = useTargetsStore();
  const entries = useCertificatesStore((s) => s.entries);
  const unlocked = useCertificatesStore((s) => s.status?.unlocked === true);
  const [form, setForm] = useState<TargetInput>(target ? targetInput(target) : NEW_TARGET);
  const [headers, setHeaders] = useState(headersText(form.defaultHeaders));
  const [problem, setProblem] = useState<string>();
  const embedded = target?.kind === 'embedded';
  const candidates = withPrivateKey(entries);
  const certificateField = (key: 'signingCertificate' | 'transportCertificate', label: string) => (
    <label className="field">
      <span>{label}</span>
      <select
        value={form[key] ?? ''}
        data-testid={`target-${key}`}
        disabled={!unlocked}
        onChange={(e) => {
          const { [key]: _previous, ...rest } = form;
          setForm(e.target.value ? { ...rest, [key]: e.target.value } : rest);
        }}
      >
        <option value="">— none —</option>
        {candidates.map((entry) => (
          <option key={entry.handle} value={entry.handle}>
            {entry.label} ({entry.kind})
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className="card form-grid"
      data-testid="target-form"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseHeaders(headers);
        if (typeof parsed === 'string') {
          setProblem(parsed);
          return;
        }
        setProblem(undefined);
        void save({ ...form, defaultHeaders: parsed }).then((ok) => ok && onDone());
      }}
    >
      <h3>{target ? `Edit ${target.name}` : 'Add an external target'}</h3>
      {!embedded && (
        <>
          <label className="field">
            <span>Name</span>
            <input
              required
              value={form.name}
              data-testid="target-name"
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          </label>
          <label className="field">
            <span>Base URL</span>
            <input
              required
              type="url"
              pattern="https?://.+"
              value={form.baseUrl ?? ''}
              data-testid="target-base-url"
              onChange={(e) => setForm({ ...form, baseUrl: e.target.value })}
            />
          </label>
          <label className="field">
            <span>Mode</span>
            <select
              value={form.mode}
              onChange={(e) => setForm({ ...form, mode: e.target.value as TargetInput['mode'] })}
            >
              <option value="production">production</option>
              <option value="sandbox">sandbox</option>
            </select>
          </label>
        </>
      )}
      {certificateField('signingCertificate', 'Signing certificate (QSealC, §5.2)')}
      {certificateField('transportCertificate', 'Transport certificate (QWAC, mTLS)')}
      {!unlocked && (
        <p className="muted">Unlock the keystore (Certificates) to choose certificates.</p>
      )}
      <label className="field wide">
        <span>Headers sent on every request (Name: value per line)</span>
        <textarea
          rows={3}
          value={headers}
          data-testid="target-headers"
          placeholder={'PSU-IP-Address: 192.0.2.10\nx-accept-fix: amount-as-string'}
          onChange={(e) => setHeaders(e.target.value)}
        />
      </label>
      <label className="field wide">
        <span>Extra CA certificates to trust for the bank's TLS (PEM)</span>
        <textarea
          rows={3}
          value={form.extraCaPem ?? ''}
          placeholder="-----BEGIN CERTIFICATE-----"
          onChange={(e) => {
            const { extraCaPem: _old, ...rest } = form;
            setForm(e.target.value.trim() ? { ...rest, extraCaPem: e.target.value } : rest);
          }}
        />
      </label>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy} data-testid="target-save">
          Save
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
