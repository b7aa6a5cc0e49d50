/**
 * Certificate revocation lists (RFC 5280 §5) of the workbench's test CA: building a v2 CRL signed
 * by the issuing CA (sha256WithRSAEncryption), reading one back, checking its signature, and
 * adding a certificate to it (`workbench certs revoke`). node-forge writes no CRLs: the DER is
 * built with forge.asn1 as the hand-made extensions of issue.ts are, signed with node:crypto as
 * certificates are (certificate-builder.ts), and read with the plain DER reader the bank uses
 * (signature/der.ts), so the bank checks revocation without forge.
 */
import { createPublicKey, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import {
  DerError,
  DerTag,
  decodeOid,
  decodeTime,
  readCertificateFields,
  readDer,
  readDerChildren,
  serialNumberHex,
  type DerElement,
} from '../signature/der.js';
import { formatRfc2253 } from '../signature/distinguished-name.js';
import { keyIdentifierOf } from './certificate-builder.js';
import { isPem, pemBlocks, toPem } from './pem.js';

const { asn1 } = forge;

const OIDS = {
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  cRLNumber: '2.5.29.20',
  reasonCode: '2.5.29.21',
} as const;

/**
 * CRLReason (RFC 5280 §5.3.1) by name, as `openssl ca -crl_reason` spells them. `unspecified` is
 * left out: the RFC says to omit the reasonCode extension rather than use it (no --reason does
 * that); so is `removeFromCRL`, which belongs to delta CRLs only.
 */
export const CRL_REASONS = {
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  privilegeWithdrawn: 9,
  aACompromise: 10,
} as const;

export type CrlReason = keyof typeof CRL_REASONS;

export const CRL_REASON_NAMES = Object.keys(CRL_REASONS) as CrlReason[];

const REASON_BY_CODE = new Map<number, string>([
  [0, 'unspecified'],
  [8, 'removeFromCRL'],
  ...Object.entries(CRL_REASONS).map(([name, code]) => [code, name] as [number, string]),
]);

export class CrlError extends Error {
  override readonly name = 'CrlError';
}

export interface RevokedEntry {
  /** Upper-case hex as `openssl x509 -serial` prints it (keyId's SN form, §5.2.3). */
  serialNumber: string;
  revocationDate: Date;
  /** The CRLReason name, when the entry carries a reasonCode. */
  reason?: string;
}

export interface Crl {
  der: Buffer;
  /** The issuer Name's DER and its RFC 2253 form. */
  issuerName: DerElement;
  issuer: string;
  thisUpdate: Date;
  nextUpdate: Date | undefined;
  /** The cRLNumber extension (RFC 5280 §5.2.3); undefined when absent. */
  crlNumber: bigint | undefined;
  revoked: RevokedEntry[];
  /** The entries' DER, kept as read so a re-signed CRL carries them unchanged. */
  revokedDer: Buffer[];
  tbsDer: Buffer;
  signatureAlgorithm: string;
  signature: Buffer;
}

/** The DER of a CRL given as DER or PEM (`-----BEGIN X509 CRL-----`). */
export function crlDer(input: Buffer | string): Buffer {
  if (isPem(input)) {
    const block = pemBlocks(typeof input === 'string' ? input : input.toString('latin1')).find(
      (candidate) => candidate.label === 'X509 CRL',
    );
    if (!block) throw new CrlError('no "X509 CRL" PEM block found');
    return block.der;
  }
  if (typeof input === 'string') throw new CrlError('not a PEM or DER CRL');
  return input;
}

export const crlPem = (der: Buffer): string => toPem(der, 'X509 CRL');

function readTime(element: DerElement | undefined, what: string): Date {
  if (!element || (element.tag !== DerTag.UTC_TIME && element.tag !== DerTag.GENERALIZED_TIME))
    throw new CrlError(`CRL: ${what} is missing or not a time`);
  return decodeTime(element);
}

function integerValue(content: Buffer): bigint {
  if (content.length === 0) throw new CrlError('CRL: empty INTEGER');
  return BigInt.asIntN(content.length * 8, BigInt('0x' + content.toString('hex')));
}

function readExtensions(container: DerElement): Map<string, Buffer> {
  const extensions = new Map<string, Buffer>();
  for (const extension of readDerChildren(container)) {
    const parts = readDerChildren(extension);
    const oid = parts[0];
    const value = parts[parts.length - 1];
    if (!oid || oid.tag !== DerTag.OID || !value || value.tag !== DerTag.OCTET_STRING)
      throw new CrlError('CRL: malformed extension');
    extensions.set(decodeOid(oid.content), value.content);
  }
  return extensions;
}

function readEntry(entry: DerElement): RevokedEntry {
  const [serial, date, extensions] = readDerChildren(entry);
  if (!serial || serial.tag !== DerTag.INTEGER)
    throw new CrlError('CRL: a revoked entry has no serial number');
  const read: RevokedEntry = {
    serialNumber: serialNumberHex(serial.content),
    revocationDate: readTime(date, 'a revocationDate'),
  };
  if (extensions) {
    const reason = readExtensions(extensions).get(OIDS.reasonCode);
    if (reason) {
      const code = readDer(reason).content[0] ?? 0;
      read.reason = REASON_BY_CODE.get(code) ?? `reason ${code}`;
    }
  }
  return read;
}

/** Reads a CertificateList (RFC 5280 §5.1); a CrlError names what is wrong. */
export function readCrl(input: Buffer | string): Crl {
  const der = crlDer(input);
  try {
    const [tbs, algorithm, signature] = readDerChildren(readDer(der));
    if (!tbs || tbs.tag !== DerTag.SEQUENCE || !algorithm || signature?.tag !== DerTag.BIT_STRING)
      throw new CrlError('not a CertificateList (tbsCertList, signatureAlgorithm, signature)');
    const fields = readDerChildren(tbs);
    let index = 0;
    if (fields[0]?.tag === DerTag.INTEGER) index++; // version: v2 when present
    index++; // signature AlgorithmIdentifier
    const issuerName = fields[index++];
    if (!issuerName || issuerName.tag !== DerTag.SEQUENCE) throw new CrlError('CRL: no issuer');
    const thisUpdate = readTime(fields[index++], 'thisUpdate');
    let nextUpdate: Date | undefined;
    const maybeNext = fields[index];
    if (maybeNext?.tag === DerTag.UTC_TIME || maybeNext?.tag === DerTag.GENERALIZED_TIME) {
      nextUpdate = decodeTime(maybeNext);
      index++;
    }
    let revokedDer: Buffer[] = [];
    let revoked: RevokedEntry[] = [];
    if (fields[index]?.tag === DerTag.SEQUENCE) {
      const entries = readDerChildren(fields[index++]!);
      revoked = entries.map(readEntry);
      revokedDer = entries.map((entry) => entry.der);
    }
    let crlNumber: bigint | undefined;
    const extensionsField = fields[index];
    if (extensionsField?.tag === 0xa0) {
      const [sequence] = readDerChildren(extensionsField);
      const number = sequence ? readExtensions(sequence).get(OIDS.cRLNumber) : undefined;
      if (number) crlNumber = integerValue(readDer(number).content);
    }
    const [algorithmOid] = readDerChildren(algorithm);
    return {
      der,
      issuerName,
      issuer: formatRfc2253(issuerName),
      thisUpdate,
      nextUpdate,
      crlNumber,
      revoked,
      revokedDer,
      tbsDer: tbs.der,
      signatureAlgorithm: algorithmOid ? decodeOid(algorithmOid.content) : '',
      signature: signature.content.subarray(1),
    };
  } catch (error) {
    if (error instanceof CrlError) throw error;
    if (error instanceof DerError) throw new CrlError(`not a readable CRL: ${error.message}`);
    throw error;
  }
}

/**
 * Whether `ca` issued and signed the CRL: the issuer Name is the CA's subject, byte for byte (as
 * chain building compares, certificate-builder.ts), and the signature verifies with its key.
 * Only sha256WithRSAEncryption is accepted: what this module writes.
 */
export function crlSignedBy(crl: Crl, ca: X509Certificate): boolean {
  const subject = readCertificateFields(ca.raw).subject.der;
  if (!subject.equals(crl.issuerName.der)) return false;
  if (crl.signatureAlgorithm !== OIDS.sha256WithRSAEncryption) return false;
  return verify('sha256', crl.tbsDer, ca.publicKey, crl.signature);
}

const oid = (value: string) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: Buffer) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const sequence = (items: forge.asn1.Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const fromDer = (der: Buffer) => asn1.fromDer(der.toString('binary'));
const toDer = (value: forge.asn1.Asn1) => Buffer.from(asn1.toDer(value).getBytes(), 'binary');

/** Positive INTEGER contents (two's complement: a 0x00 first when the top bit is set). */
function positiveInteger(value: bigint): forge.asn1.Asn1 {
  let hex = value.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  if (parseInt(hex.slice(0, 2), 16) & 0x80) hex = '00' + hex;
  return asn1.create(
    asn1.Class.UNIVERSAL,
    asn1.Type.INTEGER,
    false,
    Buffer.from(hex, 'hex').toString('binary'),
  );
}

/** UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 §5.1.2.4, §5.1.2.6). */
function time(date: Date): forge.asn1.Asn1 {
  const instant = new Date(Math.floor(date.getTime() / 1000) * 1000);
  return instant.getUTCFullYear() < 2050
    ? asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTCTIME, false, asn1.dateToUtcTime(instant))
    : asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.GENERALIZEDTIME,
        false,
        asn1.dateToGeneralizedTime(instant),
      );
}

function extension(id: string, value: forge.asn1.Asn1): forge.asn1.Asn1 {
  return sequence([oid(id), octets(toDer(value))]);
}

/** One revokedCertificates entry; the reasonCode extension only with a reason (§5.3.1). */
export function revokedEntryDer(serialNumber: string, date: Date, reason?: CrlReason): Buffer {
  const hex = serialNumber.replace(/[^0-9A-Fa-f]/g, '');
  if (hex === '' || serialNumber.startsWith('-'))
    throw new CrlError(`'${serialNumber}' is not a positive hex serial number`);
  const items = [positiveInteger(BigInt('0x' + hex)), time(date)];
  if (reason !== undefined)
    items.push(
      sequence([
        extension(
          OIDS.reasonCode,
          asn1.create(
            asn1.Class.UNIVERSAL,
            asn1.Type.ENUMERATED,
            false,
            String.fromCharCode(CRL_REASONS[reason]),
          ),
        ),
      ]),
    );
  return toDer(sequence(items));
}

export interface CrlSpec {
  /** The issuing CA's certificate and key (the key signs; RFC 5280 §5.1.1.3). */
  issuer: { certificateDer: Buffer; privateKey: KeyObject };
  crlNumber: bigint;
  thisUpdate: Date;
  nextUpdate: Date;
  /** revokedCertificates entries as DER (revokedEntryDer, or kept from an earlier CRL). */
  revoked: readonly Buffer[];
}

/** A signed v2 CRL with the authorityKeyIdentifier and cRLNumber extensions (§5.2.1, §5.2.3). */
export function buildCrl(spec: CrlSpec): Buffer {
  const { issuer } = spec;
  const fields = readCertificateFields(issuer.certificateDer);
  const ski = fields.extensions.find((candidate) => candidate.oid === OIDS.subjectKeyIdentifier);
  const keyId = ski
    ? readDer(ski.value).content
    : keyIdentifierOf(new X509Certificate(issuer.certificateDer).publicKey);
  if (spec.nextUpdate.getTime() <= spec.thisUpdate.getTime())
    throw new CrlError('CRL nextUpdate must follow thisUpdate');
  const algorithm = sequence([
    oid(OIDS.sha256WithRSAEncryption),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
  ]);
  const tbs = sequence([
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, '\u0001'), // v2
    algorithm,
    fromDer(fields.subject.der),
    time(spec.thisUpdate),
    time(spec.nextUpdate),
    ...(spec.revoked.length > 0 ? [sequence(spec.revoked.map(fromDer))] : []),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      sequence([
        extension(
          OIDS.authorityKeyIdentifier,
          sequence([asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, keyId.toString('binary'))]),
        ),
        extension(OIDS.cRLNumber, positiveInteger(spec.crlNumber)),
      ]),
    ]),
  ]);
  const tbsDer = toDer(tbs);
  const signature = sign('sha256', tbsDer, issuer.privateKey);
  return toDer(
    sequence([
      fromDer(tbsDer),
      algorithm,
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.BITSTRING,
        false,
        '\u0000' + signature.toString('binary'),
      ),
    ]),
  );
}

const DAY = 24 * 60 * 60 * 1000;
/** How long a CRL this module writes is current (nextUpdate − thisUpdate). */
export const CRL_VALIDITY_DAYS = 30;

/** thisUpdate 5 minutes back (clock skew, as certificate-builder.ts), nextUpdate 30 days on. */
function updateTimes(now: Date): { thisUpdate: Date; nextUpdate: Date } {
  const thisUpdate = new Date(now.getTime() - 5 * 60 * 1000);
  return { thisUpdate, nextUpdate: new Date(thisUpdate.getTime() + CRL_VALIDITY_DAYS * DAY) };
}

/** The CA's first CRL: nothing revoked, cRLNumber 1. */
export function initialCrl(issuer: CrlSpec['issuer'], now: Date = new Date()): Buffer {
  return buildCrl({ issuer, crlNumber: 1n, revoked: [], ...updateTimes(now) });
}

function keyMatches(certificate: X509Certificate, key: KeyObject): boolean {
  const expected = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return createPublicKey(key).export({ type: 'spki', format: 'der' }).equals(expected);
}

export interface RevokeOptions {
  /** The CA's current CRL (DER or PEM). */
  crl: Buffer | string;
  issuer: CrlSpec['issuer'];
  /** The certificate to revoke (DER or PEM). */
  certificate: Buffer | string;
  reason?: CrlReason;
  now?: Date;
}

export interface RevokeResult {
  /** The new CRL's DER, or the old one unchanged when the certificate was on it already. */
  crl: Buffer;
  serialNumber: string;
  crlNumber: bigint;
  /** The entry that was there before, when the certificate was revoked already. */
  alreadyRevoked?: RevokedEntry;
}

/**
 * Adds a certificate to its CA's CRL: checks the certificate was issued and signed by that CA,
 * the key is the CA's and the CRL is its own, then re-signs the CRL with the entry added and
 * cRLNumber + 1 (§5.2.3: monotonically increasing). Each refusal is a CrlError naming why.
 */
export function revokeCertificate(options: RevokeOptions): RevokeResult {
  const now = options.now ?? new Date();
  const ca = new X509Certificate(options.issuer.certificateDer);
  if (!keyMatches(ca, options.issuer.privateKey))
    throw new CrlError(`the key given is not the key of the CA '${formatCa(ca)}'`);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(options.certificate);
  } catch (error) {
    throw new CrlError(`the certificate cannot be read: ${(error as Error).message}`);
  }
  if (!certificate.checkIssued(ca) || !certificate.verify(ca.publicKey))
    throw new CrlError(
      `the certificate '${formatCa(certificate)}' was not issued by the CA '${formatCa(ca)}' (its issuer: '${certificate.issuer.replace(/\n/g, ', ')}')`,
    );
  const crl = readCrl(options.crl);
  if (!crlSignedBy(crl, ca))
    throw new CrlError(`the CRL is not issued and signed by the CA '${formatCa(ca)}'`);
  const serialNumber = serialNumberHex(readCertificateFields(certificate.raw).serialNumber);
  const current = crl.crlNumber ?? 0n;
  const existing = crl.revoked.find((entry) => entry.serialNumber === serialNumber);
  if (existing) return { crl: crl.der, serialNumber, crlNumber: current, alreadyRevoked: existing };
  const crlNumber = current + 1n;
  const times = updateTimes(now);
  const der = buildCrl({
    issuer: options.issuer,
    crlNumber,
    revoked: [...crl.revokedDer, revokedEntryDer(serialNumber, times.thisUpdate, options.reason)],
    ...times,
  });
  return { crl: der, serialNumber, crlNumber };
}

const formatCa = (certificate: X509Certificate) => certificate.subject.replace(/\n/g, ', ');
