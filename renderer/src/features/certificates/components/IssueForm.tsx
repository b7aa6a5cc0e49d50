import { useState } from 'react';
import type { Psd2RoleName } from '../../../../../main/api/contract';
import { issuers, useCertificatesStore } from '../../../state/certificates-store';

const ROLES: { role: Psd2RoleName; label: string }[] = [
  { role: 'PSP_AI', label: 'PSP_AI — account information (AISP)' },
  { role: 'PSP_PI', label: 'PSP_PI — payment initiation (PISP)' },
  { role: 'PSP_IC', label: 'PSP_IC — card-based payment instruments' },
  { role: 'PSP_AS', label: 'PSP_AS — account servicing' },
];

type Kinds = 'both' | 'qsealc' | 'qwac';

/** TPP certificates with PSD2 roles (ETSI TS 119 495): QSealC signs (§5.2), QWAC is for mTLS. */
export function IssueForm() {
  const { entries, issue, busy } = useCertificatesStore();
  const cas = issuers(entries);
  const [issuerHandle, setIssuer] = useState('');
  const [kinds, setKinds] = useState<Kinds>('both');
  const [form, setForm] = useState({
    commonName: 'Workbench Test TPP',
    organizationName: 'Workbench Test TPP AS',
    countryName: 'NO',
    organizationIdentifier: 'PSDNO-FSA-123456789',
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
    validityDays: 365,
  });
  const [roles, setRoles] = useState<Psd2RoleName[]>(['PSP_AI', 'PSP_PI']);
  const issuer = issuerHandle || cas[0]?.handle || '';

  if (cas.length === 0) {
    return (
      <div className="card">
        <h2>Issue TPP certificates</h2>
        <p className="muted">Create or import a CA with its private key first.</p>
      </div>
    );
  }
  const submit = async () => {
    const wanted: ('qsealc' | 'qwac')[] = kinds === 'both' ? ['qsealc', 'qwac'] : [kinds];
    for (const kind of wanted) {
      if (!(await issue({ ...form, issuerHandle: issuer, kind, roles }))) break;
    }
  };
  const field = (key: keyof typeof form, label: string, extra: Record<string, unknown> = {}) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={form[key]}
        data-testid={`issue-${key}`}
        required
        onChange={(e) =>
          setForm({
            ...form,
            [key]: typeof form[key] === 'number' ? Number(e.target.value) : e.target.value,
          })
        }
        {...extra}
      />
    </label>
  );
  return (
    <form
      className="card form-grid"
      data-testid="issue-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>Issue TPP certificates</h2>
      <label className="field">
        <span>Issuing CA</span>
        <select
          value={issuer}
          data-testid="issue-issuer"
          onChange={(e) => setIssuer(e.target.value)}
        >
          {cas.map((ca) => (
            <option key={ca.handle} value={ca.handle}>
              {ca.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Certificates</span>
        <select
          value={kinds}
          data-testid="issue-kind"
          onChange={(e) => setKinds(e.target.value as Kinds)}
        >
          <option value="both">QSealC and QWAC</option>
          <option value="qsealc">QSealC (request signing, §5.2)</option>
          <option value="qwac">QWAC (mTLS, §5.1)</option>
        </select>
      </label>
      {field('commonName', 'Common name', { maxLength: 64 })}
      {field('organizationName', 'Organisation', { maxLength: 64 })}
      {field('countryName', 'Country', { pattern: '[A-Z]{2}', maxLength: 2 })}
      {field('organizationIdentifier', 'organizationIdentifier', {
        pattern: 'PSD[A-Z]{2}-[A-Z]{2,8}-[A-Za-z0-9\\-]+',
        title: 'PSD<country>-<NCA>-<id>, e.g. PSDNO-FSA-123456',
      })}
      {field('ncaName', 'NCA name')}
      {field('ncaId', 'NCA id', { pattern: '[A-Z]{2}-[A-Z]{2,8}', title: 'e.g. NO-FSA' })}
      {field('validityDays', 'Valid for (days)', { type: 'number', min: 1, max: 3650 })}
      <fieldset className="roles">
        <legend>PSD2 roles</legend>
        {ROLES.map(({ role, label }) => (
          <label key={role} className="checkbox">
            <input
              type="checkbox"
              data-testid={`issue-role-${role}`}
              checked={roles.includes(role)}
              onChange={(e) =>
                setRoles(e.target.checked ? [...roles, role] : roles.filter((r) => r !== role))
              }
            />
            {label}
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        className="primary"
        disabled={!!busy || roles.length === 0}
        data-testid="issue-submit"
      >
        Issue
      </button>
    </form>
  );
}
