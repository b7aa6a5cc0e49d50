/**
 * Describes any certificate (PEM or DER) for the UI, the CLI and the keystore listing: identity in
 * the forms §5.2.3 keyId uses, validity, PSD2 roles and NCA from the QCStatement, key, fingerprints
 * and warnings. node:crypto parses (so EC and other non-RSA certificates work too); extensions are
 * read from the DER.
 */
import { X509Certificate, type KeyObject } from 'node:crypto';
import {
  DerTag,
  decodeOid,
  readCertificateFields,
  readDer,
  readDerChildren,
  serialNumberHex,
} from '../signature/der.js';
import { formatRfc2253, readNameAttributes } from '../signature/distinguished-name.js';
import { certificateDer } from '../signature/signing-certificate.js';
import { toPrivateKeyObject } from './keys.js';
import { ORGANIZATION_IDENTIFIER_OID } from './name.js';
import {
  QC_STATEMENTS_OID,
  decodeQcStatements,
  type DecodedPsd2Statement,
  type QcType,
} from './qc-statements.js';

export type CertificateWarningCode =
  | 'expired'
  | 'not-yet-valid'
  | 'weak-key'
  | 'key-mismatch'
  | 'missing-psd2-qcstatement'
  | 'malformed-qcstatements'
  | 'missing-organization-identifier'
  | 'organization-identifier-format'
  | 'nca-mismatch'
  | 'self-signed';

export interface CertificateWarning {
  code: CertificateWarningCode;
  text: string;
}

export interface CertificateDescription {
  /** Upper-case hex, as `openssl x509 -serial` and keyId's SN. */
  serialNumber: string;
  /** RFC 2253 as `openssl x509 -nameopt RFC2253` (keyId's CA is `issuer`). */
  subject: string;
  issuer: string;
  commonName: string | undefined;
  organizationName: string | undefined;
  countryName: string | undefined;
  organizationIdentifier: string | undefined;
  /** ISO 8601. */
  notBefore: string;
  notAfter: string;
  isCa: boolean;
  /** Its own issuer, signed with its own key (a root CA, or a certificate made with `req -x509`). */
  selfSigned: boolean;
  pathLength: number | undefined;
  keyUsage: string[];
  extendedKeyUsage: string[];
  subjectAltNames: string[];
  /** QCStatements: EU qualified (QcCompliance) and the QcType (web = QWAC, eseal = QSealC). */
  qualified: boolean;
  qcTypes: QcType[];
  psd2: DecodedPsd2Statement | undefined;
  publicKey: { type: string; bits: number | undefined; curve: string | undefined };
  /** Colon-separated upper-case hex, as `openssl x509 -fingerprint`. */
  fingerprints: { sha1: string; sha256: string };
  warnings: CertificateWarning[];
}

export interface DescribeOptions {
  /** Reference instant for expired / not-yet-valid; default the real time. */
  now?: Date;
  /** When given, checked against the certificate's public key. */
  privateKey?: KeyObject | string | Buffer;
  /** PSD2 checks (QCStatement, organizationIdentifier) on end-entity certificates; default true. */
  psd2Checks?: boolean;
}

const KEY_USAGE_BITS = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
];
const EXTENDED_KEY_USAGES: Readonly<Record<string, string>> = {
  '1.3.6.1.5.5.7.3.1': 'serverAuth',
  '1.3.6.1.5.5.7.3.2': 'clientAuth',
  '1.3.6.1.5.5.7.3.3': 'codeSigning',
  '1.3.6.1.5.5.7.3.4': 'emailProtection',
  '1.3.6.1.5.5.7.3.8': 'timeStamping',
  '1.3.6.1.5.5.7.3.9': 'OCSPSigning',
};
/** ETSI TS 119 495 §5.2.1: "PSD" + ISO 3166 country + "-" + NCA id (2–8 chars) + "-" + PSP id. */
const PSD2_ORGANIZATION_IDENTIFIER = /^PSD([A-Z]{2})-([A-Z]{2,8})-(.+)$/;

function verifiesWith(x509: X509Certificate, key: KeyObject): boolean {
  try {
    return x509.verify(key);
  } catch {
    return false;
  }
}

/**
 * Whether the certificate is a CA that issues certificates: basicConstraints cA, and not a
 * self-signed certificate without keyCertSign (that one is a TPP's own, listed as such).
 */
export function issuesCertificates(description: CertificateDescription): boolean {
  return (
    description.isCa && !(description.selfSigned && !description.keyUsage.includes('keyCertSign'))
  );
}

/** basicConstraints (RFC 5280 §4.2.1.9): whether a CA, and its path length. */
function basicConstraintsOf(value: Buffer | undefined): { isCa: boolean; pathLength?: number } {
  let isCa = false;
  let pathLength: number | undefined;
  if (value) {
    for (const child of readDerChildren(readDer(value))) {
      if (child.tag === DerTag.BOOLEAN) isCa = child.content[0] !== 0;
      if (child.tag === DerTag.INTEGER)
        pathLength = child.content.readUIntBE(0, child.content.length);
    }
  }
  return { isCa, pathLength };
}

/** keyUsage (RFC 5280 §4.2.1.3): the names of the bits set. */
function keyUsageOf(value: Buffer | undefined): string[] {
  const keyUsage: string[] = [];
  if (value) {
    const bits = readDer(value).content.subarray(1);
    KEY_USAGE_BITS.forEach((name, bit) => {
      if ((bits[bit >> 3] ?? 0) & (0x80 >> (bit & 7))) keyUsage.push(name);
    });
  }
  return keyUsage;
}

/** extKeyUsage (RFC 5280 §4.2.1.12): the purposes' names, or their OIDs when unnamed. */
function extendedKeyUsageOf(value: Buffer | undefined): string[] {
  if (!value) return [];
  return readDerChildren(readDer(value)).map((oid) => {
    const dotted = decodeOid(oid.content);
    return EXTENDED_KEY_USAGES[dotted] ?? dotted;
  });
}

/**
 * The PSD2 warnings of a certificate a TPP presents (ETSI TS 119 495): its QCStatement and its
 * organizationIdentifier, and whether the two name the same NCA.
 */
function psd2Warnings(
  psd2: DecodedPsd2Statement | undefined,
  organizationIdentifier: string | undefined,
): CertificateWarning[] {
  const warnings: CertificateWarning[] = [];
  if (!psd2) {
    warnings.push({
      code: 'missing-psd2-qcstatement',
      text: 'no PSD2 QCStatement (ETSI TS 119 495, OID 0.4.0.19495.2): the certificate names no PSD2 roles',
    });
  }
  if (organizationIdentifier === undefined) {
    warnings.push({
      code: 'missing-organization-identifier',
      text: 'subject has no organizationIdentifier (2.5.4.97), e.g. PSDNO-FSA-123456 (ETSI TS 119 495 §5.2.1)',
    });
  } else {
    const match = PSD2_ORGANIZATION_IDENTIFIER.exec(organizationIdentifier);
    if (!match) {
      warnings.push({
        code: 'organization-identifier-format',
        text: `organizationIdentifier '${organizationIdentifier}' is not PSD<country>-<NCA>-<id> (ETSI TS 119 495 §5.2.1)`,
      });
    } else if (psd2 && psd2.ncaId !== `${match[1]}-${match[2]}`) {
      warnings.push({
        code: 'nca-mismatch',
        text: `QCStatement NCAId '${psd2.ncaId}' does not match organizationIdentifier's '${match[1]}-${match[2]}'`,
      });
    }
  }
  return warnings;
}

export function describeCertificate(
  input: string | Buffer | X509Certificate,
  options: DescribeOptions = {},
): CertificateDescription {
  const x509 =
    input instanceof X509Certificate ? input : new X509Certificate(certificateDer(input));
  const fields = readCertificateFields(x509.raw);
  const subjectAttributes = readNameAttributes(fields.subject);
  const firstOf = (oid: string): string | undefined =>
    subjectAttributes.find((attribute) => attribute.oid === oid)?.text;
  const extension = (oid: string): Buffer | undefined =>
    fields.extensions.find((candidate) => candidate.oid === oid)?.value;

  const { isCa, pathLength } = basicConstraintsOf(extension('2.5.29.19'));
  const keyUsage = keyUsageOf(extension('2.5.29.15'));
  const extendedKeyUsage = extendedKeyUsageOf(extension('2.5.29.37'));

  const selfSigned =
    fields.subject.der.equals(fields.issuer.der) && verifiesWith(x509, x509.publicKey);

  const warnings: CertificateWarning[] = [];
  let qualified = false;
  let qcTypes: QcType[] = [];
  let psd2: DecodedPsd2Statement | undefined;
  const qcStatements = extension(QC_STATEMENTS_OID);
  if (qcStatements) {
    try {
      const decoded = decodeQcStatements(qcStatements);
      qualified = decoded.compliance;
      qcTypes = decoded.types;
      psd2 = decoded.psd2;
    } catch (error) {
      warnings.push({
        code: 'malformed-qcstatements',
        text: `QCStatements extension cannot be decoded: ${(error as Error).message}`,
      });
    }
  }

  const publicKey = x509.publicKey;
  const keyType = publicKey.asymmetricKeyType ?? 'unknown';
  const bits = publicKey.asymmetricKeyDetails?.modulusLength;
  const organizationIdentifier = firstOf(ORGANIZATION_IDENTIFIER_OID);

  const now = options.now ?? new Date();
  if (now.getTime() > fields.notAfter.getTime()) {
    warnings.push({ code: 'expired', text: `expired on ${fields.notAfter.toISOString()}` });
  }
  if (now.getTime() < fields.notBefore.getTime()) {
    warnings.push({
      code: 'not-yet-valid',
      text: `not valid before ${fields.notBefore.toISOString()}`,
    });
  }
  if ((keyType === 'rsa' || keyType === 'rsa-pss') && bits !== undefined && bits < 2048) {
    warnings.push({ code: 'weak-key', text: `RSA key has ${bits} bits; use at least 2048` });
  }
  if (options.privateKey !== undefined) {
    let matches = false;
    try {
      matches = x509.checkPrivateKey(toPrivateKeyObject(options.privateKey));
    } catch {
      matches = false;
    }
    if (!matches) {
      warnings.push({
        code: 'key-mismatch',
        text: "the private key does not belong to this certificate's public key",
      });
    }
  }
  // A self-signed certificate that may not sign certificates (no keyCertSign, what `openssl req
  // -x509` makes) issues nothing: it is a TPP's own certificate, so the PSD2 checks apply to it.
  const selfSignedEndEntity = selfSigned && !keyUsage.includes('keyCertSign');
  if (selfSignedEndEntity && options.psd2Checks !== false) {
    warnings.push({
      code: 'self-signed',
      text: 'self-signed and not a CA that issues certificates (no keyCertSign): no bank trusts it as a QWAC or QSealC, which a qualified trust service provider issues (ETSI TS 119 495)',
    });
  }
  if ((!isCa || selfSignedEndEntity) && options.psd2Checks !== false)
    warnings.push(...psd2Warnings(psd2, organizationIdentifier));

  return {
    serialNumber: serialNumberHex(fields.serialNumber),
    subject: formatRfc2253(fields.subject),
    issuer: formatRfc2253(fields.issuer),
    commonName: firstOf('2.5.4.3'),
    organizationName: firstOf('2.5.4.10'),
    countryName: firstOf('2.5.4.6'),
    organizationIdentifier,
    notBefore: fields.notBefore.toISOString(),
    notAfter: fields.notAfter.toISOString(),
    isCa,
    selfSigned,
    pathLength,
    keyUsage,
    extendedKeyUsage,
    subjectAltNames: x509.subjectAltName ? x509.subjectAltName.split(', ') : [],
    qualified,
    qcTypes,
    psd2,
    publicKey: {
      type: keyType,
      bits,
      curve: publicKey.asymmetricKeyDetails?.namedCurve,
    },
    fingerprints: { sha1: x509.fingerprint, sha256: x509.fingerprint256 },
    warnings,
  };
}
