/**
 * The signing certificate as the signature check needs it (§5.2.2, §5.2.3): public key, serial and
 * issuer in the forms keyId uses. node:crypto's X509Certificate parses; the serial and issuer are
 * read from the DER (der.ts) so the RFC 2253 form is ours (OpenSSL's, distinguished-name.ts) and
 * not Node's multi-line print. A small LRU cache keyed by the TPP-Signature-Certificate header
 * value keeps repeat requests off the parser.
 */
import { X509Certificate, type KeyObject } from 'node:crypto';
import { readCertificateFields, serialNumberHex, type DerElement } from './der.js';
import { formatRfc2253 } from './distinguished-name.js';
import { RecencyMap } from '../../shared/recency-map.js';

export interface SigningCertificate {
  readonly x509: X509Certificate;
  readonly der: Buffer;
  /** keyId SN form: upper-case hex, as `openssl x509 -serial`. */
  readonly serialNumber: string;
  /** keyId CA form: issuer as `openssl x509 -issuer -nameopt RFC2253`. */
  readonly issuer: string;
  /** The same issuer with non-ASCII characters left as characters (`-nameopt RFC2253,-esc_msb`). */
  readonly issuerUtf8: string;
  /** The issuer Name's DER, for comparing keyId's CA by meaning (dn-match.ts). */
  readonly issuerName: DerElement;
  readonly subject: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly publicKey: KeyObject;
  /** 'rsa', 'rsa-pss', 'ec', … (KeyObject.asymmetricKeyType). */
  readonly keyType: string;
  readonly keyBits: number | undefined;
}

export class CertificateParseError extends Error {
  override readonly name = 'CertificateParseError';
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * DER bytes of a certificate given as DER, PEM, or base64 DER (the TPP-Signature-Certificate form,
 * §4.1 "Base64 certificate"). PEM armour in the header is tolerated; whitespace is ignored.
 */
export function certificateDer(input: string | Buffer | Uint8Array): Buffer {
  if (typeof input !== 'string') {
    const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input);
    if (bytes[0] === 0x30) return bytes;
    return certificateDer(bytes.toString('latin1'));
  }
  const pem = PEM_CERTIFICATE.exec(input);
  const base64 = (pem ? pem[1]! : input).replace(/\s+/g, '');
  if (!base64 || !BASE64.test(base64)) {
    throw new CertificateParseError('certificate is not base64 DER or PEM');
  }
  return Buffer.from(base64, 'base64');
}

export function readSigningCertificate(
  input: string | Buffer | Uint8Array | X509Certificate,
): SigningCertificate {
  let x509: X509Certificate;
  let der: Buffer;
  try {
    if (input instanceof X509Certificate) {
      x509 = input;
      der = input.raw;
    } else {
      der = certificateDer(input);
      x509 = new X509Certificate(der);
    }
  } catch (error) {
    if (error instanceof CertificateParseError) throw error;
    throw new CertificateParseError(
      `certificate could not be parsed as X.509 (${(error as Error).message})`,
    );
  }
  let fields: ReturnType<typeof readCertificateFields>;
  try {
    fields = readCertificateFields(der);
  } catch (error) {
    throw new CertificateParseError(`certificate could not be read: ${(error as Error).message}`);
  }
  const publicKey = x509.publicKey;
  return {
    x509,
    der,
    serialNumber: serialNumberHex(fields.serialNumber),
    issuer: formatRfc2253(fields.issuer),
    issuerUtf8: formatRfc2253(fields.issuer, { nonAscii: 'utf8' }),
    issuerName: fields.issuer,
    subject: formatRfc2253(fields.subject),
    notBefore: fields.notBefore,
    notAfter: fields.notAfter,
    publicKey,
    keyType: publicKey.asymmetricKeyType ?? 'unknown',
    keyBits: publicKey.asymmetricKeyDetails?.modulusLength,
  };
}

/** A small LRU of parsed certificates keyed by the exact header value (recency-map.ts). */
export class SigningCertificateCache {
  private readonly entries: RecencyMap<string, SigningCertificate>;
  /**
   * The most recent value and its certificate. A TPP sends the same certificate on every request,
   * and each request brings it as a new string: comparing it with the last one is a memory
   * compare, where the map lookup first hashes the whole value (about 2 µs for a 1.5 KB header).
   */
  private last: { value: string; certificate: SigningCertificate } | undefined;

  constructor(capacity = 256) {
    this.entries = new RecencyMap(capacity);
  }

  /** Parses (or recalls) the certificate in a TPP-Signature-Certificate value; throws on bad input. */
  get(headerValue: string): SigningCertificate {
    if (this.last?.value === headerValue) return this.last.certificate;
    let certificate = this.entries.get(headerValue);
    if (!certificate) {
      certificate = readSigningCertificate(headerValue);
      this.entries.set(headerValue, certificate);
    }
    this.last = { value: headerValue, certificate };
    return certificate;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.last = undefined;
  }
}
