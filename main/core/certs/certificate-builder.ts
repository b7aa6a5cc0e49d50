/**
 * Builds and signs one X.509 certificate. forge builds the TBSCertificate; node:crypto signs it
 * (fast, and forge never needs the private key). Subject and issuer are our own DER (name.ts), so
 * the issuer is byte-identical to the CA's subject — what chain building and keyId's CA comparison
 * (§5.2.3) rely on. Key identifiers follow RFC 5280 §4.2.1.1–2.
 */
import { createHash, sign, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { readCertificateFields, readDer, readDerChildren } from '../signature/der.js';
import { toForgePublicKey, toPublicKeyObject } from './keys.js';
import { encodeName, type NameInput } from './name.js';
import { randomSerialNumber } from './serial-number.js';

export interface CertificateAuthority {
  certificateDer: Buffer;
  privateKey: KeyObject;
}

export interface Validity {
  /** Default: now − 5 minutes (clock skew). */
  notBefore?: Date;
  /** Default: notBefore + validityDays. */
  notAfter?: Date;
  /** Default 365 (CA: 3650). */
  validityDays?: number;
  /** Reference instant for the defaults; default the real time. */
  now?: Date;
}

/** A forge extension object, or a raw one: `{ id, critical?, value: <DER binary string> }`. */
export type ExtensionSpec = Record<string, unknown> &
  ({ name: string } | { id: string; value: string });

export interface CertificateSpec extends Validity {
  subject: NameInput;
  publicKey: KeyObject;
  /** Omit for a self-signed certificate (then `selfSigningKey` is required). */
  issuer?: CertificateAuthority;
  selfSigningKey?: KeyObject;
  /** Upper-case hex; default a random 16-byte positive serial. */
  serialNumber?: string;
  extensions: ExtensionSpec[];
}

const DAY = 24 * 60 * 60 * 1000;
const { asn1 } = forge;
const OIDS = {
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
};

function validityOf(validity: Validity, defaultDays: number): { notBefore: Date; notAfter: Date } {
  const now = validity.now ?? new Date();
  const notBefore = validity.notBefore ?? new Date(now.getTime() - 5 * 60 * 1000);
  const notAfter =
    validity.notAfter ??
    new Date(notBefore.getTime() + (validity.validityDays ?? defaultDays) * DAY);
  if (notAfter.getTime() <= notBefore.getTime())
    throw new Error('certificate notAfter must follow notBefore');
  return { notBefore, notAfter };
}

/** RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey BIT STRING's value. */
export function keyIdentifierOf(publicKey: KeyObject): Buffer {
  const spki = readDer(toPublicKeyObject(publicKey).export({ type: 'spki', format: 'der' }));
  const bitString = readDerChildren(spki)[1]!;
  return createHash('sha1').update(bitString.content.subarray(1)).digest();
}

function subjectKeyIdentifierOf(certificateDer: Buffer): Buffer {
  const extension = readCertificateFields(certificateDer).extensions.find(
    (candidate) => candidate.oid === OIDS.subjectKeyIdentifier,
  );
  if (extension) return readDer(extension.value).content;
  return keyIdentifierOf(new X509Certificate(certificateDer).publicKey);
}

function normaliseSerial(hex: string): string {
  let serial = hex.replace(/[^0-9A-Fa-f]/g, '').toUpperCase();
  if (serial.length % 2) serial = '0' + serial;
  if (parseInt(serial.slice(0, 2), 16) & 0x80) serial = '00' + serial; // keep it positive
  return serial;
}

export const rawExtension = (
  id: string,
  value: forge.asn1.Asn1,
  critical = false,
): ExtensionSpec => ({
  id,
  critical,
  value: asn1.toDer(value).getBytes(),
});

/** Builds and signs a certificate; returns its DER. */
export function issueCertificate(spec: CertificateSpec): Buffer {
  const signingKey = spec.issuer?.privateKey ?? spec.selfSigningKey;
  if (!signingKey) throw new Error('issueCertificate: give an issuer or a selfSigningKey');
  const subjectDer = encodeName(spec.subject);
  const issuerDer = spec.issuer
    ? readCertificateFields(spec.issuer.certificateDer).subject.der
    : subjectDer;
  const { notBefore, notAfter } = validityOf(spec, 365);

  const subjectKeyId = keyIdentifierOf(spec.publicKey);
  const authorityKeyId = spec.issuer
    ? subjectKeyIdentifierOf(spec.issuer.certificateDer)
    : subjectKeyId;
  const keyIdentifiers: ExtensionSpec[] = [
    rawExtension(
      OIDS.subjectKeyIdentifier,
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.OCTETSTRING,
        false,
        subjectKeyId.toString('binary'),
      ),
    ),
    rawExtension(
      OIDS.authorityKeyIdentifier,
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, authorityKeyId.toString('binary')),
      ]),
    ),
  ];

  const certificate = forge.pki.createCertificate();
  certificate.publicKey = toForgePublicKey(spec.publicKey);
  certificate.serialNumber = normaliseSerial(spec.serialNumber ?? randomSerialNumber());
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = notAfter;
  certificate.setExtensions([...spec.extensions, ...keyIdentifiers]);
  certificate.siginfo.algorithmOid = OIDS.sha256WithRSAEncryption;
  // getTBSCertificate exists in forge but not in @types/node-forge.
  const pki = forge.pki as typeof forge.pki & {
    getTBSCertificate(certificate: forge.pki.Certificate): forge.asn1.Asn1;
  };
  const tbs = pki.getTBSCertificate(certificate);
  const tbsFields = tbs.value as forge.asn1.Asn1[];
  // [0] version, serial, signature, issuer(3), validity, subject(5), spki, extensions
  tbsFields[3] = asn1.fromDer(issuerDer.toString('binary'));
  tbsFields[5] = asn1.fromDer(subjectDer.toString('binary'));
  const tbsDer = Buffer.from(asn1.toDer(tbs).getBytes(), 'binary');
  const signature = sign('sha256', tbsDer, signingKey);
  const certificateAsn1 = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.fromDer(tbsDer.toString('binary')),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.OID,
        false,
        asn1.oidToDer(OIDS.sha256WithRSAEncryption).getBytes(),
      ),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
    ]),
    asn1.create(
      asn1.Class.UNIVERSAL,
      asn1.Type.BITSTRING,
      false,
      '\u0000' + signature.toString('binary'),
    ),
  ]);
  return Buffer.from(asn1.toDer(certificateAsn1).getBytes(), 'binary');
}
