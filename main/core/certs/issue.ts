/**
 * Issuing the workbench's certificates: a test CA (root + intermediate), TPP certificates (QWAC for
 * mTLS, QSealC for §5.2 signing) carrying the PSD2 QCStatement, and a server certificate for the
 * bank's optional HTTPS (§5.1).
 */
import type { KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { readCertificateFields, serialNumberHex } from '../signature/der.js';
import { formatRfc2253 } from '../signature/distinguished-name.js';
import {
  issueCertificate,
  rawExtension,
  type CertificateAuthority,
  type ExtensionSpec,
  type Validity,
} from './certificate-builder.js';
import { generateRsaKeyPair, type RsaKeyPair } from './keys.js';
import { organizationName, type NameInput, type OrganizationSubject } from './name.js';
import { toPem } from './pem.js';
import type { Psd2Role } from './psd2-roles.js';
import { QC_STATEMENTS_OID, encodeQcStatements, type QcType } from './qc-statements.js';

const { asn1 } = forge;

export interface IssuedCertificate {
  certificateDer: Buffer;
  certificatePem: string;
  privateKey: KeyObject;
  /** Upper-case hex, as keyId's SN. */
  serialNumber: string;
  /** RFC 2253 (OpenSSL form). */
  subject: string;
  issuer: string;
}

/** ETSI EN 319 411-2 policies: QCP-w for QWACs, QCP-l for seals of legal persons. */
export const CERTIFICATE_POLICIES = {
  qcpWeb: '0.4.0.194112.1.4',
  qcpLegal: '0.4.0.194112.1.1',
} as const;

function issued(certificateDer: Buffer, privateKey: KeyObject): IssuedCertificate {
  const fields = readCertificateFields(certificateDer);
  return {
    certificateDer,
    certificatePem: toPem(certificateDer),
    privateKey,
    serialNumber: serialNumberHex(fields.serialNumber),
    subject: formatRfc2253(fields.subject),
    issuer: formatRfc2253(fields.issuer),
  };
}

function policies(...oids: string[]): ExtensionSpec {
  return rawExtension(
    '2.5.29.32', // certificatePolicies (RFC 5280 §4.2.1.4)
    asn1.create(
      asn1.Class.UNIVERSAL,
      asn1.Type.SEQUENCE,
      true,
      oids.map((oid) =>
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
        ]),
      ),
    ),
  );
}

export interface TestCa {
  root: IssuedCertificate;
  intermediate: IssuedCertificate;
  /** The CA that issues end-entity certificates (the intermediate). */
  issuer: CertificateAuthority;
  /** Intermediate then root, PEM. */
  chainPem: string;
}

export interface TestCaOptions extends Validity {
  rootSubject?: OrganizationSubject | NameInput;
  intermediateSubject?: OrganizationSubject | NameInput;
  /** Reuse keys (tests generate them once). */
  rootKey?: RsaKeyPair;
  intermediateKey?: RsaKeyPair;
}

const nameOf = (subject: OrganizationSubject | NameInput): NameInput =>
  Array.isArray(subject)
    ? (subject as NameInput)
    : organizationName(subject as OrganizationSubject);

/** A root CA and an intermediate under it (RFC 5280 §4.2.1.9 / §4.2.1.3 CA extensions). */
export async function createTestCa(options: TestCaOptions = {}): Promise<TestCa> {
  const rootKey = options.rootKey ?? (await generateRsaKeyPair(3072));
  const intermediateKey = options.intermediateKey ?? (await generateRsaKeyPair());
  const validity = { ...options, validityDays: options.validityDays ?? 3650 };
  const rootDer = issueCertificate({
    ...validity,
    subject: nameOf(
      options.rootSubject ?? {
        commonName: 'PSD2 Workbench Test Root CA',
        organizationName: 'PSD2 Workbench',
        countryName: 'NO',
      },
    ),
    publicKey: rootKey.publicKey,
    selfSigningKey: rootKey.privateKey,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const root = issued(rootDer, rootKey.privateKey);
  const intermediateDer = issueCertificate({
    ...validity,
    subject: nameOf(
      options.intermediateSubject ?? {
        commonName: 'PSD2 Workbench Test Issuing CA',
        organizationName: 'PSD2 Workbench',
        countryName: 'NO',
      },
    ),
    publicKey: intermediateKey.publicKey,
    issuer: { certificateDer: rootDer, privateKey: rootKey.privateKey },
    extensions: [
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      {
        name: 'keyUsage',
        keyCertSign: true,
        cRLSign: true,
        digitalSignature: true,
        critical: true,
      },
    ],
  });
  const intermediate = issued(intermediateDer, intermediateKey.privateKey);
  return {
    root,
    intermediate,
    issuer: { certificateDer: intermediateDer, privateKey: intermediateKey.privateKey },
    chainPem: intermediate.certificatePem + root.certificatePem,
  };
}

export interface TppCertificateOptions extends Validity {
  issuer: CertificateAuthority;
  subject: OrganizationSubject & { organizationIdentifier: string };
  roles: readonly Psd2Role[];
  /** e.g. 'Finanstilsynet'. */
  ncaName: string;
  /** e.g. 'NO-FSA'. */
  ncaId: string;
  keyPair?: RsaKeyPair;
  serialNumber?: string;
  /** QWAC only: DNS names of the TPP (subjectAltName). */
  dnsNames?: readonly string[];
  /** QWAC only: IP addresses of the TPP (subjectAltName iPAddress, RFC 5280 §4.2.1.6). */
  ipAddresses?: readonly string[];
  /**
   * Where the issuing CA's certificate is published: an Authority Information Access extension
   * with one caIssuers access description (RFC 5280 §4.2.2.1).
   */
  caIssuersUrl?: string;
  /** Where the CA's CRL is published: a CRL Distribution Points extension (RFC 5280 §4.2.1.13). */
  crlUrl?: string;
}

const EXTENSION_OIDS = {
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  caIssuers: '1.3.6.1.5.5.7.48.2',
  cRLDistributionPoints: '2.5.29.31',
} as const;

/** GeneralName uniformResourceIdentifier: [6] IMPLICIT IA5String (RFC 5280 §4.2.1.6). */
const uriName = (url: string) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 6, false, url);

/**
 * AuthorityInfoAccessSyntax ::= SEQUENCE OF AccessDescription { accessMethod, accessLocation }
 * (RFC 5280 §4.2.2.1). Built by hand: forge encodes no authorityInfoAccess extension by name.
 */
export function authorityInfoAccessExtension(caIssuersUrl: string): ExtensionSpec {
  return rawExtension(
    EXTENSION_OIDS.authorityInfoAccess,
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(
          asn1.Class.UNIVERSAL,
          asn1.Type.OID,
          false,
          asn1.oidToDer(EXTENSION_OIDS.caIssuers).getBytes(),
        ),
        uriName(caIssuersUrl),
      ]),
    ]),
  );
}

/**
 * CRLDistributionPoints ::= SEQUENCE OF DistributionPoint, here one point whose
 * distributionPoint [0] is a fullName [0] GeneralNames holding the URI (RFC 5280 §4.2.1.13). By
 * hand like the AIA, so both read the same; [0] of the CHOICE is constructed (explicit), fullName
 * replaces the SEQUENCE tag of GeneralNames (implicit).
 */
export function crlDistributionPointsExtension(crlUrl: string): ExtensionSpec {
  return rawExtension(
    EXTENSION_OIDS.cRLDistributionPoints,
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
          asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [uriName(crlUrl)]),
        ]),
      ]),
    ]),
  );
}

async function tppCertificate(
  options: TppCertificateOptions,
  kind: { qcType: QcType; extensions: ExtensionSpec[]; policy: string },
): Promise<IssuedCertificate> {
  const keyPair = options.keyPair ?? (await generateRsaKeyPair());
  const der = issueCertificate({
    ...options,
    subject: organizationName(options.subject),
    publicKey: keyPair.publicKey,
    extensions: [
      { name: 'basicConstraints', cA: false },
      ...kind.extensions,
      policies(kind.policy),
      ...(options.caIssuersUrl ? [authorityInfoAccessExtension(options.caIssuersUrl)] : []),
      ...(options.crlUrl ? [crlDistributionPointsExtension(options.crlUrl)] : []),
      {
        id: QC_STATEMENTS_OID,
        critical: false,
        value: encodeQcStatements({
          compliance: true,
          types: [kind.qcType],
          psd2: { roles: options.roles, ncaName: options.ncaName, ncaId: options.ncaId },
        }),
      },
    ],
  });
  return issued(der, keyPair.privateKey);
}

/** QWAC: TLS client authentication towards the bank (ETSI TS 119 495; QcType web). */
export function issueQwac(options: TppCertificateOptions): Promise<IssuedCertificate> {
  return tppCertificate(options, {
    qcType: 'web',
    policy: CERTIFICATE_POLICIES.qcpWeb,
    extensions: [
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true },
      ...(options.dnsNames?.length || options.ipAddresses?.length
        ? [
            {
              name: 'subjectAltName',
              altNames: [
                ...(options.dnsNames ?? []).map((value) => ({ type: 2, value })),
                ...(options.ipAddresses ?? []).map((ip) => ({ type: 7, ip })),
              ],
            },
          ]
        : []),
    ],
  });
}

/** QSealC: the §5.2 request-signing certificate (QcType eseal). */
export function issueQsealc(options: TppCertificateOptions): Promise<IssuedCertificate> {
  return tppCertificate(options, {
    qcType: 'eseal',
    policy: CERTIFICATE_POLICIES.qcpLegal,
    extensions: [
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    ],
  });
}

export interface ServerCertificateOptions extends Validity {
  issuer: CertificateAuthority;
  subject?: OrganizationSubject;
  dnsNames?: readonly string[];
  ipAddresses?: readonly string[];
  keyPair?: RsaKeyPair;
}

/** TLS server certificate for the embedded bank's optional HTTPS (§5.1). */
export async function issueServerCertificate(
  options: ServerCertificateOptions,
): Promise<IssuedCertificate> {
  const keyPair = options.keyPair ?? (await generateRsaKeyPair());
  const dnsNames = options.dnsNames ?? ['localhost'];
  const ipAddresses = options.ipAddresses ?? ['127.0.0.1'];
  const der = issueCertificate({
    ...options,
    subject: organizationName(
      options.subject ?? {
        commonName: dnsNames[0] ?? 'localhost',
        organizationName: 'PSD2 Workbench Bank',
        countryName: 'NO',
      },
    ),
    publicKey: keyPair.publicKey,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...dnsNames.map((value) => ({ type: 2, value })),
          ...ipAddresses.map((ip) => ({ type: 7, ip })),
        ],
      },
    ],
  });
  return issued(der, keyPair.privateKey);
}
