/**
 * A minimal DER reader: just enough of X.690 to read the fields of an X.509 certificate that the
 * signature check needs (serial, issuer, subject, validity, extensions) without node-forge, so the
 * bank's verifier stays on node:crypto only (§5.2, decisions.md "HTTP signatures").
 */

export interface DerElement {
  /** Identifier octet: class (bits 8-7), constructed (bit 6), tag number (bits 5-1). */
  readonly tag: number;
  readonly constructed: boolean;
  /** The whole TLV. */
  readonly der: Buffer;
  /** The contents octets only. */
  readonly content: Buffer;
}

export class DerError extends Error {
  override readonly name = 'DerError';
}

export const DerTag = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  PRINTABLE_STRING: 0x13,
  T61_STRING: 0x14,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  VISIBLE_STRING: 0x1a,
  UNIVERSAL_STRING: 0x1c,
  BMP_STRING: 0x1e,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

/** Reads one TLV starting at `offset`; returns it and the offset just past it. */
export function readDerElement(buffer: Buffer, offset = 0): { element: DerElement; next: number } {
  if (offset + 2 > buffer.length) throw new DerError(`DER: truncated element at offset ${offset}`);
  const tag = buffer[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('DER: high tag numbers are not supported');
  let lengthOffset = offset + 1;
  let length = buffer[lengthOffset++]!;
  if (length & 0x80) {
    const lengthBytes = length & 0x7f;
    if (lengthBytes === 0 || lengthBytes > 4) {
      throw new DerError(`DER: unsupported length encoding at offset ${offset}`);
    }
    if (lengthOffset + lengthBytes > buffer.length) throw new DerError('DER: truncated length');
    length = 0;
    for (let i = 0; i < lengthBytes; i++) length = length * 256 + buffer[lengthOffset++]!;
  }
  const end = lengthOffset + length;
  if (end > buffer.length)
    throw new DerError(`DER: element at offset ${offset} overruns its input`);
  return {
    element: {
      tag,
      constructed: (tag & 0x20) !== 0,
      der: buffer.subarray(offset, end),
      content: buffer.subarray(lengthOffset, end),
    },
    next: end,
  };
}

/** The children of a constructed element. */
export function readDerChildren(element: DerElement): DerElement[] {
  if (!element.constructed) throw new DerError('DER: expected a constructed element');
  const children: DerElement[] = [];
  let offset = 0;
  while (offset < element.content.length) {
    const { element: child, next } = readDerElement(element.content, offset);
    children.push(child);
    offset = next;
  }
  return children;
}

/** Reads a buffer that must hold exactly one TLV. */
export function readDer(buffer: Buffer): DerElement {
  const { element, next } = readDerElement(buffer, 0);
  if (next !== buffer.length) throw new DerError('DER: trailing bytes after the element');
  return element;
}

export function decodeOid(content: Buffer): string {
  if (content.length === 0) throw new DerError('DER: empty OBJECT IDENTIFIER');
  const arcs: number[] = [];
  let value = 0;
  for (const byte of content) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  const first = arcs.shift() ?? 0;
  const head = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80];
  return [...head, ...arcs].join('.');
}

/** UTCTime (YYMMDDHHMMSSZ) or GeneralizedTime (YYYYMMDDHHMMSS[.f]Z), as RFC 5280 §4.1.2.5 uses them. */
export function decodeTime(element: DerElement): Date {
  const text = element.content.toString('latin1');
  const match =
    element.tag === DerTag.UTC_TIME
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(text)
      : element.tag === DerTag.GENERALIZED_TIME
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\.\d+)?Z$/.exec(text)
        : null;
  if (!match) throw new DerError(`DER: unsupported time value '${text}'`);
  let year = Number(match[1]);
  if (element.tag === DerTag.UTC_TIME) year += year >= 50 ? 1900 : 2000;
  return new Date(
    Date.UTC(
      year,
      Number(match[2]) - 1,
      Number(match[3]),
      Number(match[4]),
      Number(match[5]),
      Number(match[6] ?? 0),
    ),
  );
}

export interface CertificateExtension {
  readonly oid: string;
  readonly critical: boolean;
  /** Contents of extnValue: the DER of the extension's own value. */
  readonly value: Buffer;
}

export interface CertificateFields {
  /** The INTEGER's contents octets (two's complement, may start with a 0x00 sign byte). */
  readonly serialNumber: Buffer;
  readonly issuer: DerElement;
  readonly subject: DerElement;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly subjectPublicKeyInfo: DerElement;
  readonly extensions: readonly CertificateExtension[];
}

/** The TBSCertificate fields of an X.509 certificate (RFC 5280 §4.1). */
export function readCertificateFields(der: Buffer): CertificateFields {
  const certificate = readDer(der);
  const [tbs] = readDerChildren(certificate);
  if (!tbs || tbs.tag !== DerTag.SEQUENCE) throw new DerError('X.509: no TBSCertificate');
  const fields = readDerChildren(tbs);
  let index = 0;
  if (fields[0]?.tag === 0xa0) index++; // [0] EXPLICIT version
  const serial = fields[index++];
  index++; // signature AlgorithmIdentifier
  const issuer = fields[index++];
  const validity = fields[index++];
  const subject = fields[index++];
  const spki = fields[index++];
  if (!serial || serial.tag !== DerTag.INTEGER || !issuer || !validity || !subject || !spki) {
    throw new DerError('X.509: TBSCertificate is missing fields');
  }
  const [notBefore, notAfter] = readDerChildren(validity);
  if (!notBefore || !notAfter) throw new DerError('X.509: validity is incomplete');
  const extensions: CertificateExtension[] = [];
  for (const field of fields.slice(index)) {
    if (field.tag !== 0xa3) continue; // [3] EXPLICIT extensions
    const [sequence] = readDerChildren(field);
    for (const extension of sequence ? readDerChildren(sequence) : []) {
      const parts = readDerChildren(extension);
      const oid = parts[0];
      const critical = parts.length === 3 && parts[1]?.tag === DerTag.BOOLEAN;
      const value = parts[parts.length - 1];
      if (!oid || !value || value.tag !== DerTag.OCTET_STRING) {
        throw new DerError('X.509: malformed extension');
      }
      extensions.push({
        oid: decodeOid(oid.content),
        critical: critical && parts[1]!.content[0] !== 0,
        value: value.content,
      });
    }
  }
  return {
    serialNumber: serial.content,
    issuer,
    subject,
    notBefore: decodeTime(notBefore),
    notAfter: decodeTime(notAfter),
    subjectPublicKeyInfo: spki,
    extensions,
  };
}

/**
 * Serial number as `openssl x509 -serial` prints it: the magnitude in upper-case hex, two digits
 * per byte, without the 0x00 sign byte DER adds when the top bit is set (§5.2.3 keyId SN).
 */
export function serialNumberHex(serialContent: Buffer): string {
  if (serialContent.length > 0 && serialContent[0]! & 0x80) {
    // Negative (RFC 5280 forbids it, but OpenSSL prints such certificates as '-<magnitude>').
    const unsigned = BigInt('0x' + serialContent.toString('hex'));
    const magnitude = (1n << BigInt(8 * serialContent.length)) - unsigned;
    const hex = magnitude.toString(16).toUpperCase();
    return '-' + (hex.length % 2 ? '0' + hex : hex);
  }
  let start = 0;
  while (start < serialContent.length - 1 && serialContent[start] === 0) start++;
  return serialContent.subarray(start).toString('hex').toUpperCase();
}
