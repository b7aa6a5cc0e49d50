import type { CertificateDetailsView } from '../../../../../main/api/contract';
import { formatInstant } from '../../../lib/format';

/** One certificate: identity in the forms keyId uses (§5.2.3), validity, PSD2 statement, key. */
export function CertificateDetails({
  certificate,
  chain = false,
}: {
  certificate: CertificateDetailsView;
  /** A CA of the chain: shown the same way, without the test ids of the entry's own certificate. */
  chain?: boolean;
}) {
  const id = (name: string) => (chain ? undefined : name);
  return (
    <>
      {certificate.warnings.length > 0 && (
        <ul className="notice notice-warn" data-testid={id('cert-warnings')} aria-label="Warnings">
          {certificate.warnings.map((w) => (
            <li key={w.code}>
              <strong>{w.code}</strong>: {w.text}
            </li>
          ))}
        </ul>
      )}
      <dl className="details">
        <dt>Serial (hex)</dt>
        <dd>
          <code data-testid={id('cert-serial')}>{certificate.serialNumber}</code>
        </dd>
        <dt>Subject (RFC 2253)</dt>
        <dd>
          <code data-testid={id('cert-subject')}>{certificate.subject}</code>
        </dd>
        <dt>Issuer (RFC 2253)</dt>
        <dd>
          <code data-testid={id('cert-issuer')}>{certificate.issuer}</code>
        </dd>
        <dt>Valid</dt>
        <dd>
          {formatInstant(certificate.notBefore)} — {formatInstant(certificate.notAfter)}
        </dd>
        {certificate.organizationIdentifier && (
          <>
            <dt>organizationIdentifier</dt>
            <dd>{certificate.organizationIdentifier}</dd>
          </>
        )}
        <dt>PSD2 roles</dt>
        <dd data-testid={id('cert-roles')}>{certificate.psd2?.roles.join(', ') ?? 'none'}</dd>
        {certificate.psd2 && (
          <>
            <dt>NCA</dt>
            <dd>
              {certificate.psd2.ncaName} ({certificate.psd2.ncaId})
            </dd>
          </>
        )}
        <dt>QcType</dt>
        <dd>
          {certificate.qcTypes.join(', ') || '—'}
          {certificate.qualified && ' (qualified)'}
        </dd>
        <dt>Key</dt>
        <dd>
          {certificate.publicKey.type}
          {certificate.publicKey.bits && ` ${certificate.publicKey.bits} bits`}
          {certificate.publicKey.curve && ` ${certificate.publicKey.curve}`}
        </dd>
        <dt>Key usage</dt>
        <dd>{[...certificate.keyUsage, ...certificate.extendedKeyUsage].join(', ') || '—'}</dd>
        {certificate.subjectAltNames.length > 0 && (
          <>
            <dt>Alternative names</dt>
            <dd>{certificate.subjectAltNames.join(', ')}</dd>
          </>
        )}
        <dt>SHA-256</dt>
        <dd>
          <code className="fingerprint">{certificate.fingerprints.sha256}</code>
        </dd>
        <dt>SHA-1</dt>
        <dd>
          <code className="fingerprint">{certificate.fingerprints.sha1}</code>
        </dd>
      </dl>
    </>
  );
}
