import type { KeystoreEntryView } from '../../../../../main/api/contract';
import { formatDay } from '../../../lib/format';
import { useCertificatesStore } from '../../../state/certificates-store';

export const KIND_LABELS: Record<KeystoreEntryView['kind'], string> = {
  ca: 'CA',
  qwac: 'QWAC',
  qsealc: 'QSealC',
  other: 'Certificate',
};

/** Every keystore entry: what it is, for whom, until when, and whether something is wrong. */
export function EntryList() {
  const { entries, entriesLoaded, selected, select } = useCertificatesStore();
  if (!entriesLoaded)
    return (
      <p className="muted" data-testid="cert-entries-loading">
        Reading the keystore…
      </p>
    );
  if (entries.length === 0) {
    return <p className="muted">No certificates yet: create a test CA or import one.</p>;
  }
  return (
    <table className="entries" data-testid="cert-entries">
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">Kind</th>
          <th scope="col">organizationIdentifier</th>
          <th scope="col">Roles</th>
          <th scope="col">Valid until</th>
          <th scope="col">Warnings</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const certificate = entry.certificates[0];
          const warnings = certificate?.warnings.length ?? 0;
          return (
            <tr
              key={entry.handle}
              data-testid="cert-entry"
              data-kind={entry.kind}
              aria-selected={entry.handle === selected}
              className={entry.handle === selected ? 'selected' : undefined}
            >
              <td>
                <button type="button" className="link" onClick={() => select(entry.handle)}>
                  {entry.label}
                </button>
                {!entry.hasPrivateKey && <span className="badge">certificate only</span>}
              </td>
              <td>
                <span className={`badge badge-kind-${entry.kind}`}>{KIND_LABELS[entry.kind]}</span>
              </td>
              <td>{certificate?.organizationIdentifier ?? '—'}</td>
              <td>{certificate?.psd2?.roles.join(', ') ?? '—'}</td>
              <td>{certificate ? formatDay(certificate.notAfter) : '—'}</td>
              <td className={warnings ? 'warn' : 'muted'}>{warnings || 'none'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
