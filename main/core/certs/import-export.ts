/**
 * Import PEM, DER and PKCS#12 into certificates (DER) and a private key (KeyObject); export
 * certificates as PEM or DER, and private keys ONLY encrypted (PKCS#8 with a passphrase, or
 * PKCS#12): key material never leaves main in the clear (design property 2 of
 * docs/architecture.md).
 */
import type { KeyObject } from 'node:crypto';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import forge from 'node-forge';
import { certificateDer } from '../signature/signing-certificate.js';
import {
  buildPkcs12,
  encryptPrivateKeyInfo,
  unlockPkcs12,
  type KeyProtectionCost,
} from './key-protection.js';
import { isPem, pemBlocks, toPem } from './pem.js';

export type CertificateImportErrorCode =
  'wrong-passphrase' | 'passphrase-required' | 'unrecognised' | 'malformed' | 'unsupported';

export class CertificateImportError extends Error {
  override readonly name = 'CertificateImportError';
  constructor(
    readonly code: CertificateImportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ImportedMaterial {
  /** DER, in the order found (PKCS#12: the key's certificate first). */
  certificates: Buffer[];
  privateKey: KeyObject | undefined;
  /** PKCS#12 friendlyName of the key or its certificate, when present. */
  friendlyName?: string;
}

const CERTIFICATE_LABELS = new Set(['CERTIFICATE', 'X509 CERTIFICATE', 'TRUSTED CERTIFICATE']);
const KEY_LABELS = new Set([
  'PRIVATE KEY',
  'ENCRYPTED PRIVATE KEY',
  'RSA PRIVATE KEY',
  'EC PRIVATE KEY',
]);

function privateKeyFromPem(text: string, passphrase: string | undefined): KeyObject {
  const encrypted = /ENCRYPTED/.test(text);
  if (encrypted && passphrase === undefined) {
    throw new CertificateImportError(
      'passphrase-required',
      'the private key is encrypted; give its passphrase',
    );
  }
  try {
    return createPrivateKey(encrypted ? { key: text, passphrase } : { key: text });
  } catch (error) {
    if (encrypted) {
      throw new CertificateImportError(
        'wrong-passphrase',
        'the private key could not be decrypted: the passphrase is wrong',
      );
    }
    throw new CertificateImportError(
      'malformed',
      `the private key cannot be read: ${(error as Error).message}`,
    );
  }
}

/** Certificates and at most one private key from PEM text. */
export function importPem(text: string, options: { passphrase?: string } = {}): ImportedMaterial {
  const certificates: Buffer[] = [];
  let privateKey: KeyObject | undefined;
  const blocks = pemBlocks(text);
  if (blocks.length === 0) throw new CertificateImportError('unrecognised', 'no PEM blocks found');
  for (const block of blocks) {
    if (CERTIFICATE_LABELS.has(block.label)) {
      try {
        new X509Certificate(block.der);
      } catch (error) {
        throw new CertificateImportError(
          'malformed',
          `a CERTIFICATE block is not a valid X.509 certificate: ${(error as Error).message}`,
        );
      }
      certificates.push(block.der);
    } else if (KEY_LABELS.has(block.label)) {
      if (privateKey)
        throw new CertificateImportError('unsupported', 'the PEM holds more than one private key');
      privateKey = privateKeyFromPem(block.text, options.passphrase);
    }
  }
  if (certificates.length === 0 && !privateKey) {
    throw new CertificateImportError(
      'unrecognised',
      `no certificate or private key in the PEM (blocks: ${blocks.map((b) => b.label).join(', ')})`,
    );
  }
  return { certificates, privateKey };
}

/** A DER certificate, or a DER PKCS#8 / PKCS#1 private key. */
export function importDer(bytes: Buffer): ImportedMaterial {
  try {
    new X509Certificate(bytes);
    return { certificates: [bytes], privateKey: undefined };
  } catch {
    // not a certificate; try a key
  }
  for (const type of ['pkcs8', 'pkcs1', 'sec1'] as const) {
    try {
      return {
        certificates: [],
        privateKey: createPrivateKey({ key: bytes, format: 'der', type }),
      };
    } catch {
      // next
    }
  }
  throw new CertificateImportError(
    'unrecognised',
    'the DER is neither an X.509 certificate nor an unencrypted private key (PKCS#12 needs its passphrase)',
  );
}

/** Certificates and the private key of a PKCS#12 (.p12/.pfx) file. */
export function importPkcs12(bytes: Buffer, passphrase: string): ImportedMaterial {
  // The MAC and the shrouded key in native crypto first: exports of ours carry 1,200,000 and
  // 600,000 iterations, minutes of work for the pure-JavaScript parser (key-protection.ts).
  const unlocked = unlockPkcs12(bytes, passphrase, (encrypted) => {
    try {
      return createPrivateKey({ key: encrypted, format: 'der', type: 'pkcs8', passphrase }).export({
        type: 'pkcs8',
        format: 'der',
      });
    } catch {
      return undefined;
    }
  });
  if (unlocked.check === 'wrong-passphrase') {
    throw new CertificateImportError(
      'wrong-passphrase',
      'PKCS#12: the passphrase is wrong (the integrity check failed)',
    );
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(unlocked.pfx.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (error) {
    const message = (error as Error).message;
    if (/MAC could not be verified|wrong password|Invalid password/i.test(message)) {
      throw new CertificateImportError(
        'wrong-passphrase',
        'PKCS#12: the passphrase is wrong (the integrity check failed)',
      );
    }
    throw new CertificateImportError('malformed', `PKCS#12 cannot be read: ${message}`);
  }
  const certificates: Buffer[] = [];
  let privateKey: KeyObject | undefined;
  let friendlyName: string | undefined;
  let keyLocalId: string | undefined;
  const certificatesWithIds: { der: Buffer; localKeyId: string | undefined }[] = [];
  for (const safe of p12.safeContents) {
    for (const bag of safe.safeBags) {
      const attributes = bag.attributes as Record<string, string[] | undefined>;
      friendlyName ??= attributes.friendlyName?.[0];
      const localKeyId = attributes.localKeyId?.[0];
      if (bag.type === forge.pki.oids.certBag) {
        const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
        certificatesWithIds.push({
          der: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
          localKeyId,
        });
      } else if (
        bag.type === forge.pki.oids.pkcs8ShroudedKeyBag ||
        bag.type === forge.pki.oids.keyBag
      ) {
        if (privateKey)
          throw new CertificateImportError(
            'unsupported',
            'PKCS#12 holds more than one private key',
          );
        const info = bag.key
          ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key))
          : bag.asn1;
        privateKey = createPrivateKey({
          key: Buffer.from(forge.asn1.toDer(info).getBytes(), 'binary'),
          format: 'der',
          type: 'pkcs8',
        });
        keyLocalId = localKeyId;
      }
    }
  }
  // The key's own certificate first, then the rest (chain) in file order.
  certificatesWithIds.sort(
    (a, b) =>
      Number(b.localKeyId !== undefined && b.localKeyId === keyLocalId) -
      Number(a.localKeyId !== undefined && a.localKeyId === keyLocalId),
  );
  certificates.push(...certificatesWithIds.map(({ der }) => der));
  if (privateKey && certificates.length > 0) {
    const own = certificates.findIndex((der) =>
      new X509Certificate(der).checkPrivateKey(privateKey!),
    );
    if (own > 0) certificates.unshift(...certificates.splice(own, 1));
  }
  return friendlyName === undefined
    ? { certificates, privateKey }
    : { certificates, privateKey, friendlyName };
}

/**
 * Any of the above: PEM text, a DER certificate or key, or PKCS#12 (which needs `passphrase`).
 */
export function importCertificateMaterial(
  input: string | Buffer,
  options: { passphrase?: string } = {},
): ImportedMaterial {
  if (typeof input === 'string' || isPem(input)) {
    return importPem(typeof input === 'string' ? input : input.toString('utf8'), options);
  }
  try {
    return importDer(input);
  } catch (error) {
    if (!(error instanceof CertificateImportError)) throw error;
  }
  if (options.passphrase === undefined) {
    throw new CertificateImportError(
      'passphrase-required',
      'not a PEM or DER certificate/key; if it is PKCS#12, give its passphrase',
    );
  }
  return importPkcs12(input, options.passphrase);
}

export function exportCertificate(certificate: string | Buffer, format: 'pem'): string;
export function exportCertificate(certificate: string | Buffer, format: 'der'): Buffer;
export function exportCertificate(
  certificate: string | Buffer,
  format: 'pem' | 'der',
): string | Buffer {
  const der = certificateDer(certificate);
  return format === 'pem' ? toPem(der) : der;
}

function requirePassphrase(passphrase: string): void {
  if (typeof passphrase !== 'string' || passphrase.length === 0) {
    throw new Error('a private key is only exported encrypted: give a non-empty passphrase');
  }
}

/**
 * PKCS#8 EncryptedPrivateKeyInfo, PEM or DER: PBES2 with PBKDF2-HMAC-SHA256 at 600,000 iterations
 * and AES-256-CBC (key-protection.ts; Node's own export would use 2,048 iterations). `cost` is
 * for tests only; without it the production cost applies.
 */
export function exportPrivateKeyEncrypted(
  key: KeyObject,
  passphrase: string,
  format: 'pem',
  cost?: KeyProtectionCost,
): string;
export function exportPrivateKeyEncrypted(
  key: KeyObject,
  passphrase: string,
  format: 'der',
  cost?: KeyProtectionCost,
): Buffer;
export function exportPrivateKeyEncrypted(
  key: KeyObject,
  passphrase: string,
  format: 'pem' | 'der' = 'pem',
  cost?: KeyProtectionCost,
): string | Buffer {
  requirePassphrase(passphrase);
  const der = encryptPrivateKeyInfo(key, passphrase, cost);
  return format === 'pem' ? toPem(der, 'ENCRYPTED PRIVATE KEY') : der;
}

/**
 * PKCS#12 with the key (PBES2: PBKDF2-HMAC-SHA256 600,000, AES-256-CBC), its certificate chain and
 * an HMAC-SHA256 MAC (key-protection.ts). `cost` is for tests only; without it the production
 * cost applies.
 */
export function exportPkcs12(options: {
  privateKey: KeyObject;
  certificates: readonly (string | Buffer)[];
  passphrase: string;
  friendlyName?: string;
  cost?: KeyProtectionCost;
}): Buffer {
  requirePassphrase(options.passphrase);
  return buildPkcs12({
    privateKey: options.privateKey,
    certificates: options.certificates.map((certificate) => certificateDer(certificate)),
    passphrase: options.passphrase,
    ...(options.friendlyName !== undefined ? { friendlyName: options.friendlyName } : {}),
    ...(options.cost !== undefined ? { cost: options.cost } : {}),
  });
}
