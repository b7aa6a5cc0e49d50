/**
 * What the certificate stage needs from a TPP certificate: the subject's organizationIdentifier
 * (OID 2.5.4.97, the registry key) and the PSD2 roles of its QCStatement (ETSI TS 119 495), read
 * with main/core/certs' describeCertificate (no parser of our own). Roles are taken by OID.
 */
import { describeCertificate } from '../../certs/describe.js';
import { psd2RoleOfOid } from '../../certs/psd2-roles.js';
import type { SigningCertificate } from '../../signature/index.js';
import type { Psd2CertificateRole } from '../../spec/enums.js';

export interface CertificateInspection {
  organizationIdentifier: string | undefined;
  /** PSD2 roles by OID; empty when the certificate has no PSD2 QCStatement. */
  roles: Psd2CertificateRole[];
  /** Set when the QCStatements extension is present but cannot be decoded. */
  qcStatementsError?: string;
  /**
   * What says whether it may authenticate a TLS client (§5.1: the QWAC): its QcTypes (`web` for a
   * QWAC, `eseal` for a QSealC) and extended key usages (`clientAuth`). Absent when the inspector
   * does not read them; then the check is not made.
   */
  tlsClient?: { qcTypes: readonly string[]; extendedKeyUsage: readonly string[] };
}

export type CertificateInspector = (certificate: SigningCertificate) => CertificateInspection;

export function inspectTppCertificate(certificate: SigningCertificate): CertificateInspection {
  const description = describeCertificate(certificate.x509, { psd2Checks: false });
  const roles = (description.psd2?.roles ?? [])
    .map((role) => psd2RoleOfOid(role.oid))
    .filter((role): role is Psd2CertificateRole => role !== undefined);
  const inspection: CertificateInspection = {
    organizationIdentifier: description.organizationIdentifier,
    roles: [...new Set(roles)],
    tlsClient: { qcTypes: description.qcTypes, extendedKeyUsage: description.extendedKeyUsage },
  };
  const malformed = description.warnings.find(
    (warning) => warning.code === 'malformed-qcstatements',
  );
  if (malformed) inspection.qcStatementsError = malformed.text;
  return inspection;
}

/** Memoises an inspector per parsed certificate (the signature cache hands out the same object). */
export function cachedInspector(inspect: CertificateInspector): CertificateInspector {
  const cache = new WeakMap<SigningCertificate, CertificateInspection>();
  return (certificate) => {
    let inspection = cache.get(certificate);
    if (!inspection) {
      inspection = inspect(certificate);
      cache.set(certificate, inspection);
    }
    return inspection;
  };
}
