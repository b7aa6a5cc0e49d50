import { useEffect, type ReactNode } from 'react';
import { useCertificatesStore } from '../../../state/certificates-store';
import { isTypedSecret } from '../profile-form-model';
import { useTargetsStore, type ProfileFormInput } from '../../../state/targets-store';
import { useProfileForm, type ProfileText } from '../use-profile-form';
import { CredentialField } from './CredentialField';

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
export function NewProfileForm({ onDone }: { onDone(): void }) {
  const { createProfile, busy } = useTargetsStore();
  const entries = useCertificatesStore((s) => s.entries);
  const loadStatus = useCertificatesStore((s) => s.loadStatus);
  // The keystore's entries when it is unlocked; a locked one offers none and says so.
  useEffect(() => void loadStatus(), [loadStatus]);
  const {
    path,
    setPath,
    text,
    setText,
    signing,
    setSigning,
    tls,
    setTls,
    aisp,
    setAisp,
    privatePsus,
    setPrivatePsus,
    corporatePsus,
    setCorporatePsus,
    mode,
    setMode,
    scaMode,
    setScaMode,
    timeout,
    setTimeoutSeconds,
    ca,
    setCa,
    allows,
    setAllows,
    formInput,
  } = useProfileForm();
  const input: TextInput = (key, testId, placeholder, type = 'text') => (
    <input
      type={type}
      value={text[key]}
      data-testid={testId}
      autoComplete="off"
      {...(placeholder ? { placeholder } : {})}
      onChange={(e) => setText({ ...text, [key]: e.target.value })}
    />
  );

  return (
    <form
      className="card form-grid"
      data-testid="profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        void createProfile(path.trim(), formInput()).then((ok) => ok && onDone());
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
      <PsuFields
        privatePsus={privatePsus}
        setPrivatePsus={setPrivatePsus}
        corporatePsus={corporatePsus}
        setCorporatePsus={setCorporatePsus}
      />
      <ScaFields
        scaMode={scaMode}
        setScaMode={setScaMode}
        timeout={timeout}
        setTimeoutSeconds={setTimeoutSeconds}
      />
      <AllowsFieldset allows={allows} setAllows={setAllows} />
      <AdminFields input={input} adminToken={text.adminToken} />
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

/** The `<input>` of one text field. */
type TextInput = (
  key: keyof ProfileText,
  testId: string,
  placeholder?: string,
  type?: string,
) => ReactNode;

/** How the PSU side of SCA is completed (§5.3), and a person's time for one SCA when manual. */
function ScaFields({
  scaMode,
  setScaMode,
  timeout,
  setTimeoutSeconds,
}: {
  scaMode: ProfileFormInput['scaMode'];
  setScaMode(mode: ProfileFormInput['scaMode']): void;
  timeout: number;
  setTimeoutSeconds(seconds: number): void;
}) {
  return (
    <>
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
    </>
  );
}

/** What a run may do to the bank, each allowed until unticked. */
type RunAllows = Required<NonNullable<ProfileFormInput['allows']>>;

/** What a run may do to the bank: create sandbox data, reset it, delete payments. */
function AllowsFieldset({
  allows,
  setAllows,
}: {
  allows: RunAllows;
  setAllows(allows: RunAllows): void;
}) {
  return (
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
  );
}

/** The bank's admin API and its token: a typed token is written as an environment variable. */
function AdminFields({ input, adminToken }: { input: TextInput; adminToken: string }) {
  return (
    <>
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
          isTypedSecret(adminToken) ? 'password' : 'text',
        )}
      </Field>
      {isTypedSecret(adminToken) && (
        <p className="wide warn" data-testid="profile-form-secret-note">
          The token goes into the file as an environment variable, not as its value: the workbench
          keeps the value in memory until it stops. Set the variable the profile row names before
          the next launch (and for the command line).
        </p>
      )}
    </>
  );
}

/** The bank's test PSUs: private ones and corporate representatives, one a line. */
function PsuFields(props: {
  privatePsus: string;
  setPrivatePsus(lines: string): void;
  corporatePsus: string;
  setCorporatePsus(lines: string): void;
}) {
  return (
    <>
      <LinesField
        label="Private PSUs"
        hint="one a line: login, name, password (all optional but the login; the password is never written into the file)"
        value={props.privatePsus}
        testId="profile-form-psus-private"
        placeholder="01017012345, Kari Nordmann"
        onChange={props.setPrivatePsus}
      />
      <LinesField
        label="Corporate representatives"
        hint="one a line: login, agreement, name, password"
        value={props.corporatePsus}
        testId="profile-form-psus-corporate"
        placeholder="02028012345, Nordlys Rørlegger AS, Ola"
        onChange={props.setCorporatePsus}
      />
    </>
  );
}
