import { useEffect, useState, type ReactNode } from 'react';
import { useCertificatesStore } from '../../certificates/store';
import { isTypedSecret, pathsOf, psusOf } from '../profile-form-model';
import { useTargetsStore, type ProfileFormInput } from '../store';
import { CredentialField, credentialOf, emptyCredential } from './CredentialField';

type Text = {
  name: string;
  baseUrl: string;
  bankSigningCert: string;
  bankCa: string;
  adminUrl: string;
  adminToken: string;
};

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

/** A text area of one entry a line. */
function LinesField(props: {
  label: string;
  hint: string;
  value: string;
  testId: string;
  placeholder?: string;
  onChange(value: string): void;
}) {
  return (
    <Field label={props.label} hint={props.hint}>
      <textarea
        value={props.value}
        rows={2}
        data-testid={props.testId}
        {...(props.placeholder ? { placeholder: props.placeholder } : {})}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

/**
 * A new target profile from a form: main checks it against the profile schema and reads every file
 * and keystore entry it names before it writes the file, so what is written is a profile a run
 * (and `workbench run --target-file`) can use. A secret typed here is never written: the file
 * names a WORKBENCH_PROFILE_* variable, and the row says which one to set.
 */
export function ProfileForm({ onDone }: { onDone(): void }) {
  const { createProfile, busy } = useTargetsStore();
  const entries = useCertificatesStore((s) => s.entries);
  const loadStatus = useCertificatesStore((s) => s.loadStatus);
  // The keystore's entries when it is unlocked; a locked one offers none and says so.
  useEffect(() => void loadStatus(), [loadStatus]);
  const [path, setPath] = useState('');
  const [text, setText] = useState<Text>({
    name: '',
    baseUrl: 'https://',
    bankSigningCert: '',
    bankCa: '',
    adminUrl: '',
    adminToken: '',
  });
  const [signing, setSigning] = useState(emptyCredential);
  const [tls, setTls] = useState(emptyCredential);
  const [aisp, setAisp] = useState(emptyCredential);
  const [privatePsus, setPrivatePsus] = useState('');
  const [corporatePsus, setCorporatePsus] = useState('');
  const [mode, setMode] = useState<ProfileFormInput['mode']>('sandbox');
  const [scaMode, setScaMode] = useState<ProfileFormInput['scaMode']>('headless');
  const [timeout, setTimeoutSeconds] = useState(300);
  const [ca, setCa] = useState('');
  const [allows, setAllows] = useState({
    createSandboxData: true,
    resetSandbox: true,
    deletePayments: true,
  });
  const input = (key: keyof Text, testId: string, placeholder?: string, type = 'text') => (
    <input
      type={type}
      value={text[key]}
      data-testid={testId}
      autoComplete="off"
      {...(placeholder ? { placeholder } : {})}
      onChange={(e) => setText({ ...text, [key]: e.target.value })}
    />
  );
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);

  function form(): ProfileFormInput {
    const caPaths = pathsOf(ca);
    const tlsClient = credentialOf(tls);
    const aispOnlySigning = credentialOf(aisp);
    const psus = psusOf(privatePsus, corporatePsus);
    const fields = {
      name: optional(text.name),
      bankSigningCert: optional(text.bankSigningCert),
      bankCa: optional(text.bankCa),
      adminUrl: optional(text.adminUrl),
      adminToken: optional(text.adminToken),
    };
    return {
      baseUrl: text.baseUrl.trim(),
      mode,
      // An empty signing credential is sent as files with blank paths: main names what is missing.
      signing: credentialOf(signing) ?? { certificate: ' ', key: ' ' },
      ...(tlsClient ? { tlsClient } : {}),
      ...(aispOnlySigning ? { aispOnlySigning } : {}),
      ...(psus ? { psus } : {}),
      scaMode,
      ...(scaMode === 'manual' ? { manualTimeoutSeconds: timeout } : {}),
      ...(caPaths.length > 0 ? { ca: caPaths } : {}),
      allows,
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
        Relative certificate paths are read from the profile file&apos;s folder; a keystore entry is
        named by its label and its key stays in the keystore (the command line opens it with
        WORKBENCH_KEYSTORE_PASSPHRASE). Secrets are never written into the file: it names an
        environment variable (<code>{'${env:WORKBENCH_PROFILE_NAME}'}</code>) instead.
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
      <CredentialField
        id="sign"
        legend="Signing certificate (QSealC, §5.2)"
        value={signing}
        entries={entries}
        onChange={setSigning}
      />
      <CredentialField
        id="tls"
        legend="mTLS certificate (QWAC, §5.1)"
        hint="optional"
        value={tls}
        entries={entries}
        onChange={setTls}
      />
      <CredentialField
        id="aisp"
        legend="AISP-only TPP (its QSealC)"
        hint="optional: a second TPP registered for account information only"
        value={aisp}
        entries={entries}
        onChange={setAisp}
      />
      <LinesField
        label="CA certificates to trust"
        hint="one path per line; optional"
        value={ca}
        testId="profile-form-ca"
        onChange={setCa}
      />
      <Field
        label="Bank's response-signing certificate (PEM)"
        hint="optional (§5.2.7): a signed answer by any other certificate fails"
      >
        {input('bankSigningCert', 'profile-form-bank-signing-cert', 'bank-signing.pem')}
      </Field>
      <Field label="CA of the bank's signing certificate (PEM)" hint="optional, instead or besides">
        {input('bankCa', 'profile-form-bank-ca', 'bank-ca.pem')}
      </Field>
      <LinesField
        label="Private PSUs"
        hint="one a line: login, name, password (all optional but the login; the password is never written into the file)"
        value={privatePsus}
        testId="profile-form-psus-private"
        placeholder="01017012345, Kari Nordmann"
        onChange={setPrivatePsus}
      />
      <LinesField
        label="Corporate representatives"
        hint="one a line: login, agreement, name, password"
        value={corporatePsus}
        testId="profile-form-psus-corporate"
        placeholder="02028012345, Nordlys Rørlegger AS, Ola"
        onChange={setCorporatePsus}
      />
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
      <Field
        label="Admin token"
        hint="the token, or ${env:WORKBENCH_PROFILE_NAME}; never written into the file"
      >
        {input(
          'adminToken',
          'profile-form-admin-token',
          '${env:WORKBENCH_PROFILE_ADMIN_TOKEN}',
          isTypedSecret(text.adminToken) ? 'password' : 'text',
        )}
      </Field>
      {isTypedSecret(text.adminToken) && (
        <p className="wide warn" data-testid="profile-form-secret-note">
          The token goes into the file as an environment variable, not as its value: the workbench
          keeps the value in memory until it stops. Set the variable the profile row names before
          the next launch (and for the command line).
        </p>
      )}
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
