import { useState, type ReactNode } from 'react';
import { useTargetsStore, type ProfileFormInput } from '../store';

type Text = Pick<
  ProfileFormInput,
  'name' | 'baseUrl' | 'signingCertificate' | 'signingKey' | 'tlsCertificate' | 'tlsKey'
> & { adminUrl: string; adminToken: string };

const SCA_MODES: { value: ProfileFormInput['scaMode']; label: string }[] = [
  { value: 'headless', label: "headless: the workbench bank's pages over HTTP" },
  { value: 'browser', label: 'browser: the same steps in Chromium' },
  { value: 'manual', label: 'manual: a person completes SCA, the check waits' },
  { value: 'none', label: 'none: checks that need SCA are skipped' },
];

function Field(props: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="field">
      <span>{props.label}</span>
      {props.children}
      {props.hint && <small className="muted">{props.hint}</small>}
    </label>
  );
}

/**
 * A new target profile from a form: main checks it against the profile schema and reads every file
 * it names before it writes the file, so what is written is a profile a run can use.
 */
export function ProfileForm({ onDone }: { onDone(): void }) {
  const { createProfile, busy } = useTargetsStore();
  const [path, setPath] = useState('');
  const [text, setText] = useState<Text>({
    name: '',
    baseUrl: 'https://',
    signingCertificate: '',
    signingKey: '',
    tlsCertificate: '',
    tlsKey: '',
    adminUrl: '',
    adminToken: '',
  });
  const [mode, setMode] = useState<ProfileFormInput['mode']>('sandbox');
  const [scaMode, setScaMode] = useState<ProfileFormInput['scaMode']>('headless');
  const [timeout, setTimeoutSeconds] = useState(300);
  const [ca, setCa] = useState('');
  const [allows, setAllows] = useState({
    createSandboxData: true,
    resetSandbox: true,
    deletePayments: true,
  });
  const input = (key: keyof Text, testId: string, placeholder?: string) => (
    <input
      value={text[key] ?? ''}
      data-testid={testId}
      {...(placeholder ? { placeholder } : {})}
      onChange={(e) => setText({ ...text, [key]: e.target.value })}
    />
  );
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

  function form(): ProfileFormInput {
    const caPaths = ca
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const fields = {
      name: optional(text.name),
      tlsCertificate: optional(text.tlsCertificate),
      tlsKey: optional(text.tlsKey),
      adminUrl: optional(text.adminUrl),
      adminToken: optional(text.adminToken),
    };
    return {
      baseUrl: text.baseUrl.trim(),
      mode,
      signingCertificate: text.signingCertificate.trim(),
      signingKey: text.signingKey.trim(),
      scaMode,
      ...(scaMode === 'manual' ? { manualTimeoutSeconds: timeout } : {}),
      ...(caPaths.length > 0 ? { ca: caPaths } : {}),
      allows,
      // Empty fields are left out: main refuses half an mTLS or admin pair, naming it.
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    };
  }

  return (
    <form
      className="card form-grid"
      data-testid="profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        void createProfile(path.trim(), form()).then((ok) => ok && onDone());
      }}
    >
      <h3>Create a target profile</h3>
      <p className="wide muted">
        Relative certificate paths are read from the profile file&apos;s folder. A secret may be
        written as <code>{'${env:WORKBENCH_PROFILE_NAME}'}</code>: it is read from the environment
        when the profile is read, the file keeps no secret, and reports show it as [redacted]. A
        profile used here reads only variables whose names begin with WORKBENCH_PROFILE_.
      </p>
      <Field label="Profile file (full path, new)">
        <input
          value={path}
          placeholder="/home/me/bank-profile.json"
          data-testid="profile-form-path"
          onChange={(e) => setPath(e.target.value)}
        />
      </Field>
      <Field label="Name">{input('name', 'profile-form-name', 'shown in reports')}</Field>
      <Field label="Bank URL">{input('baseUrl', 'profile-form-url')}</Field>
      <Field label="Mode">
        <select
          value={mode}
          data-testid="profile-form-mode"
          onChange={(e) => setMode(e.target.value as ProfileFormInput['mode'])}
        >
          <option value="sandbox">sandbox</option>
          <option value="production">production</option>
        </select>
      </Field>
      <Field label="Signing certificate (QSealC, PEM)">
        {input('signingCertificate', 'profile-form-sign-cert', 'qsealc.pem')}
      </Field>
      <Field label="Signing key (PEM)">
        {input('signingKey', 'profile-form-sign-key', 'qsealc.key.pem')}
      </Field>
      <Field label="mTLS certificate (QWAC, PEM)" hint="optional; with its key">
        {input('tlsCertificate', 'profile-form-tls-cert', 'qwac.pem')}
      </Field>
      <Field label="mTLS key (PEM)">
        {input('tlsKey', 'profile-form-tls-key', 'qwac.key.pem')}
      </Field>
      <Field label="CA certificates to trust" hint="one path per line; optional">
        <textarea
          value={ca}
          rows={2}
          data-testid="profile-form-ca"
          onChange={(e) => setCa(e.target.value)}
        />
      </Field>
      <Field label="SCA">
        <select
          value={scaMode}
          data-testid="profile-form-sca"
          onChange={(e) => setScaMode(e.target.value as ProfileFormInput['scaMode'])}
        >
          {SCA_MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </Field>
      {scaMode === 'manual' && (
        <Field label="Time for one SCA (s)">
          <input
            type="number"
            min={10}
            max={3600}
            value={timeout}
            data-testid="profile-form-sca-timeout"
            onChange={(e) => setTimeoutSeconds(Math.round(Number(e.target.value)) || 300)}
          />
        </Field>
      )}
      <fieldset className="wide">
        <legend>What a run may do to the bank</legend>
        {(
          [
            ['createSandboxData', 'create sandbox data'],
            ['resetSandbox', 'reset the sandbox'],
            ['deletePayments', 'delete payments'],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="inline-field">
            <input
              type="checkbox"
              checked={allows[key]}
              data-testid={`profile-form-allows-${key}`}
              onChange={(e) => setAllows({ ...allows, [key]: e.target.checked })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <Field label="Admin API URL" hint="a workbench bank's /admin; optional">
        {input('adminUrl', 'profile-form-admin-url', 'http://127.0.0.1:8080/admin')}
      </Field>
      <Field label="Admin token" hint="literal, or ${env:WORKBENCH_PROFILE_ADMIN_TOKEN}">
        {input('adminToken', 'profile-form-admin-token', '${env:WORKBENCH_PROFILE_ADMIN_TOKEN}')}
      </Field>
      <div className="actions wide">
        <button
          type="submit"
          className="primary"
          disabled={busy || !path.trim()}
          data-testid="profile-form-save"
        >
          Write and add the profile
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
