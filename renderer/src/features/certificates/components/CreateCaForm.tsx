import { useState } from 'react';
import { useCertificatesStore } from '../../../state/certificates-store';

/** A test CA (root and issuing CA) made in main; the keystore keeps the issuing CA. */
export function CreateCaForm() {
  const { createCa, busy } = useCertificatesStore();
  const [form, setForm] = useState({
    commonName: 'Workbench Test CA',
    organizationName: 'PSD2 Workbench',
    countryName: 'NO',
    validityDays: 3650,
  });
  return (
    <form
      className="card form-grid"
      data-testid="create-ca-form"
      onSubmit={(event) => {
        event.preventDefault();
        void createCa(form);
      }}
    >
      <h2>Create a test CA</h2>
      <label className="field">
        <span>Common name</span>
        <input
          value={form.commonName}
          data-testid="ca-common-name"
          required
          maxLength={64}
          onChange={(e) => setForm({ ...form, commonName: e.target.value })}
        />
      </label>
      <label className="field">
        <span>Organisation</span>
        <input
          value={form.organizationName}
          data-testid="ca-organization"
          required
          maxLength={64}
          onChange={(e) => setForm({ ...form, organizationName: e.target.value })}
        />
      </label>
      <label className="field">
        <span>Country (ISO 3166)</span>
        <input
          value={form.countryName}
          data-testid="ca-country"
          required
          pattern="[A-Z]{2}"
          maxLength={2}
          onChange={(e) => setForm({ ...form, countryName: e.target.value.toUpperCase() })}
        />
      </label>
      <label className="field">
        <span>Valid for (days)</span>
        <input
          type="number"
          min={1}
          max={3650}
          value={form.validityDays}
          onChange={(e) => setForm({ ...form, validityDays: Number(e.target.value) })}
        />
      </label>
      <button type="submit" className="primary" disabled={!!busy} data-testid="create-ca">
        Create CA
      </button>
    </form>
  );
}
