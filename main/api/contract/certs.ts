/**
 * The keystore and the workbench's certificates through the contract (design property 2 of
 * docs/architecture.md):
 * views carry handles, fingerprints and certificate details, never key material. A private key
 * leaves main only on explicit request and only encrypted under a passphrase the user gives.
 */
import { Type } from '@sinclair/typebox';
import { call, event } from './define.js';
import type { RegistryEntryView, TrustAnchorView } from './bank.js';

export type Psd2RoleName = 'PSP_AS' | 'PSP_PI' | 'PSP_AI' | 'PSP_IC';
/** What an entry is for, read from its certificate (CA flag, QcType web = QWAC, eseal = QSealC). */
export type CertificateKind = 'ca' | 'qwac' | 'qsealc' | 'other';

export interface CertificateWarningView {
  /** expired, not-yet-valid, weak-key, key-mismatch, missing-psd2-qcstatement, … */
  code: string;
  text: string;
}

export interface CertificateDetailsView {
  /** Upper-case hex, as keyId's SN (§5.2.3). */
  serialNumber: string;
  /** RFC 2253, as keyId's CA. */
  subject: string;
  issuer: string;
  commonName?: string;
  organizationName?: string;
  countryName?: string;
  organizationIdentifier?: string;
  notBefore: string;
  notAfter: string;
  isCa: boolean;
  keyUsage: string[];
  extendedKeyUsage: string[];
  subjectAltNames: string[];
  qualified: boolean;
  qcTypes: string[];
  psd2?: { roles: string[]; ncaName: string; ncaId: string };
  publicKey: { type: string; bits?: number; curve?: string };
  /** Colon-separated upper-case hex. */
  fingerprints: { sha1: string; sha256: string };
  warnings: CertificateWarningView[];
}

export interface KeystoreEntryView {
  handle: string;
  label: string;
  createdAt: string;
  kind: CertificateKind;
  hasPrivateKey: boolean;
  /** SHA-256 of the public key (SubjectPublicKeyInfo). */
  publicKeyFingerprint?: string;
  /** The entry's certificate first, then its chain. */
  certificates: CertificateDetailsView[];
}

export interface KeystoreStatusView {
  unlocked: boolean;
  /** 'passphrase': the web host asks once per launch; 'host': sealed by the host (Electron
   * safeStorage). */
  protection: 'passphrase' | 'host';
  /** True when a keystore file exists (the first unlock creates one). */
  exists: boolean;
  /** Where the keystore file lives; absent when it is kept in memory only. */
  location?: string;
  /** Something the user must know (a corrupt keystore moved aside). */
  notice?: string;
}

/** A file for the user to save (downloads in the web host). */
export interface FileView {
  fileName: string;
  mimeType: string;
  base64: string;
}

export interface BankRegistrationView {
  organizationIdentifier: string;
  name: string;
  roles: ('AISP' | 'PISP')[];
  registries: { sandbox: RegistryEntryView[]; production: RegistryEntryView[] };
  /** The production bank's trust store after adding the certificate's CA chain. */
  trustAnchors: TrustAnchorView[];
}

/**
 * How the user confirms a private key export, outside the view (main shows or prints it):
 * 'dialog' — a native dialog during certs.exportPrivateKey (desktop); 'terminal-token' — a one-time
 * code printed in the host's terminal, to be passed as `confirmation` (web host).
 */
export interface KeyExportConfirmationView {
  mode: 'dialog' | 'terminal-token';
  text: string;
}

/** A step of a long certificate operation, pushed while it runs. */
export interface CertificateProgressView {
  task: string;
  step: number;
  total: number;
  text: string;
}

const Handle = Type.String({ minLength: 1, maxLength: 200 });
const Label = Type.String({ minLength: 1, maxLength: 200 });
const NoArgs = Type.Object({}, { additionalProperties: false });
const Role = Type.Union([
  Type.Literal('PSP_AS'),
  Type.Literal('PSP_PI'),
  Type.Literal('PSP_AI'),
  Type.Literal('PSP_IC'),
]);
const Country = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' });
const ValidityDays = Type.Integer({ minimum: 1, maximum: 3650 });
/**
 * A passphrase that protects exported key material. The length is checked here; the whole rule
 * (main/shared/export-passphrase.ts) by the service, which says what is wrong.
 */
const ExportPassphrase = Type.String({ minLength: 12, maxLength: 1024 });
const KeyFormat = Type.Union([Type.Literal('pkcs8'), Type.Literal('pkcs12')]);

export const certsCalls = {
  'keystore.status': call<KeystoreStatusView>()('Whether the keystore is unlocked.', NoArgs),
  'keystore.unlock': call<KeystoreStatusView>()(
    'Opens the keystore with its passphrase (once per launch); the first unlock creates it.',
    Type.Object(
      { passphrase: Type.String({ minLength: 1, maxLength: 1024 }) },
      { additionalProperties: false },
    ),
  ),
  'certs.list': call<KeystoreEntryView[]>()(
    'Every keystore entry: certificate details, no key material.',
    NoArgs,
  ),
  'certs.describe': call<KeystoreEntryView>()(
    'One keystore entry.',
    Type.Object({ handle: Handle }, { additionalProperties: false }),
  ),
  'certs.createCa': call<KeystoreEntryView>()(
    'Creates a test CA (root and issuing CA); the keystore keeps the issuing CA with its chain.',
    Type.Object(
      {
        label: Type.Optional(Label),
        commonName: Type.String({ minLength: 1, maxLength: 64 }),
        organizationName: Type.String({ minLength: 1, maxLength: 64 }),
        countryName: Country,
        validityDays: Type.Optional(ValidityDays),
      },
      { additionalProperties: false },
    ),
  ),
  'certs.issue': call<KeystoreEntryView>()(
    'Issues a QWAC (mTLS) or QSealC (§5.2 signing) with PSD2 roles from a CA in the keystore.',
    Type.Object(
      {
        issuerHandle: Handle,
        kind: Type.Union([Type.Literal('qwac'), Type.Literal('qsealc')]),
        label: Type.Optional(Label),
        commonName: Type.String({ minLength: 1, maxLength: 64 }),
        organizationName: Type.String({ minLength: 1, maxLength: 64 }),
        countryName: Country,
        organizationIdentifier: Type.String({
          pattern: '^PSD[A-Z]{2}-[A-Z]{2,8}-[A-Za-z0-9-]+$',
          description: 'ETSI TS 119 495: PSD<country>-<NCA>-<id>, e.g. PSDNO-FSA-123456',
        }),
        roles: Type.Array(Role, { minItems: 1, uniqueItems: true }),
        ncaName: Type.String({ minLength: 1, maxLength: 100 }),
        ncaId: Type.String({ pattern: '^[A-Z]{2}-[A-Z]{2,8}$', description: 'e.g. NO-FSA' }),
        validityDays: Type.Optional(ValidityDays),
        dnsNames: Type.Optional(
          Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 20 }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  'certs.import': call<KeystoreEntryView>()(
    'Imports PEM, DER or PKCS#12 (with its passphrase) as one keystore entry.',
    Type.Object(
      {
        dataBase64: Type.String({ minLength: 1, maxLength: 700_000, pattern: '^[A-Za-z0-9+/=]+$' }),
        fileName: Type.Optional(Type.String({ maxLength: 260 })),
        label: Type.Optional(Label),
        passphrase: Type.Optional(Type.String({ maxLength: 1024 })),
      },
      { additionalProperties: false },
    ),
  ),
  'certs.rename': call<KeystoreEntryView>()(
    'Renames a keystore entry.',
    Type.Object({ handle: Handle, label: Label }, { additionalProperties: false }),
  ),
  'certs.remove': call<KeystoreEntryView[]>()(
    'Removes a keystore entry (key and certificates).',
    Type.Object({ handle: Handle }, { additionalProperties: false }),
  ),
  'certs.exportCertificate': call<FileView>()(
    'The certificate of an entry as PEM (optionally with its chain) or DER.',
    Type.Object(
      {
        handle: Handle,
        format: Type.Union([Type.Literal('pem'), Type.Literal('der')]),
        includeChain: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
  'certs.requestKeyExport': call<KeyExportConfirmationView>()(
    'Starts the confirmation of a private key export that main obtains itself (web host: prints ' +
      'a one-time code in its terminal; desktop: a dialog follows on export).',
    Type.Object({ handle: Handle, format: KeyFormat }, { additionalProperties: false }),
  ),
  'certs.exportPrivateKey': call<FileView>()(
    'The private key, only encrypted (PBKDF2-HMAC-SHA256 600,000, AES-256): PKCS#8 (PEM) or ' +
      'PKCS#12 with the certificate chain and an HMAC-SHA256 MAC; only once the user confirmed ' +
      'it to main (certs.requestKeyExport). A CA key only when `caName` is the CA entry label.',
    Type.Object(
      {
        handle: Handle,
        format: KeyFormat,
        passphrase: ExportPassphrase,
        /** The one-time code the web host printed (terminal-token mode). */
        confirmation: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        /** A CA's key is exported only when asked for by name: the entry's label. */
        caName: Type.Optional(Label),
      },
      { additionalProperties: false },
    ),
  ),
  'certs.registerInBank': call<BankRegistrationView>()(
    'Registers the TPP of a certificate in both embedded banks (organizationIdentifier, roles ' +
      'PSP_AI → AISP, PSP_PI → PISP) and trusts its CA chain in the production bank.',
    Type.Object({ handle: Handle }, { additionalProperties: false }),
  ),
};

export const certsEvents = {
  'keystore.changed': event<KeystoreStatusView>(
    'The keystore was unlocked or its file moved aside.',
  ),
  'certs.changed': event<KeystoreEntryView[]>('Keystore entries were added, renamed or removed.'),
  'certs.progress': event<CertificateProgressView>('A step of certificate generation.'),
};
