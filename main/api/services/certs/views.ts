/** What the renderer sees of keystore entries and certificates: details only, never key material. */
import {
  issuesCertificates,
  type CertificateDescription,
  type KeystoreEntry,
} from '../../../core/certs/index.js';
import type {
  CertificateDetailsView,
  CertificateKind,
  KeystoreEntryView,
} from '../../contract/index.js';

export function kindOf(certificate: CertificateDescription | undefined): CertificateKind {
  if (!certificate) return 'other';
  if (issuesCertificates(certificate)) return 'ca';
  if (certificate.qcTypes.includes('web')) return 'qwac';
  if (certificate.qcTypes.includes('eseal')) return 'qsealc';
  return 'other';
}

function detailsView(description: CertificateDescription): CertificateDetailsView {
  return {
    serialNumber: description.serialNumber,
    subject: description.subject,
    issuer: description.issuer,
    ...(description.commonName !== undefined ? { commonName: description.commonName } : {}),
    ...(description.organizationName !== undefined
      ? { organizationName: description.organizationName }
      : {}),
    ...(description.countryName !== undefined ? { countryName: description.countryName } : {}),
    ...(description.organizationIdentifier !== undefined
      ? { organizationIdentifier: description.organizationIdentifier }
      : {}),
    notBefore: description.notBefore,
    notAfter: description.notAfter,
    isCa: description.isCa,
    keyUsage: description.keyUsage,
    extendedKeyUsage: description.extendedKeyUsage,
    subjectAltNames: description.subjectAltNames,
    qualified: description.qualified,
    qcTypes: description.qcTypes,
    ...(description.psd2
      ? {
          psd2: {
            roles: description.psd2.roles.map((role) => role.name),
            ncaName: description.psd2.ncaName,
            ncaId: description.psd2.ncaId,
          },
        }
      : {}),
    publicKey: {
      type: description.publicKey.type,
      ...(description.publicKey.bits !== undefined ? { bits: description.publicKey.bits } : {}),
      ...(description.publicKey.curve !== undefined ? { curve: description.publicKey.curve } : {}),
    },
    fingerprints: { ...description.fingerprints },
    warnings: description.warnings.map((warning) => ({ ...warning })),
  };
}

/** The renderer's view of an entry: details only, never key material. */
export function entryView(entry: KeystoreEntry): KeystoreEntryView {
  return {
    handle: entry.handle,
    label: entry.label,
    createdAt: entry.createdAt,
    kind: kindOf(entry.certificates[0]),
    hasPrivateKey: entry.hasPrivateKey,
    ...(entry.publicKey ? { publicKeyFingerprint: entry.publicKey.sha256Fingerprint } : {}),
    certificates: entry.certificates.map(detailsView),
  };
}
