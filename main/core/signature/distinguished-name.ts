/**
 * RFC 2253 string form of an X.501 Name, exactly as `openssl x509 -nameopt RFC2253` prints it.
 *
 * §5.2.3: keyId's CA is "the full distinguished name of the certificate authority, formatted per
 * RFC 2253", and the bank compares it with the certificate (decisions.md). RFC 2253 leaves room
 * (which attribute names, whether to escape non-ASCII), so we reproduce OpenSSL's choices, which
 * real banks and TPP tooling use:
 * - RDNs in reverse order, `,` between RDNs and `+` inside a multi-valued RDN, no spaces;
 * - OpenSSL's short names (`CN`, `O`, `organizationIdentifier`, …); an attribute OpenSSL does not
 *   know is written as its dotted OID with `#` and the hex DER of the value;
 * - `,+"\<>;` escaped with a backslash, `#` escaped when first, space escaped when first or last
 *   (OpenSSL quirk kept: a one-character value is only checked as "last", so a lone `#` is not
 *   escaped), control characters as `\XX`;
 * - non-ASCII characters as the `\XX` escapes of their UTF-8 bytes (`nonAscii: 'escape'`, the
 *   default, what `-nameopt RFC2253` prints) or left as characters (`nonAscii: 'utf8'`, what
 *   `-nameopt RFC2253,-esc_msb` prints; also what Java's X500Principal gives). The signer wraps a
 *   Signature header carrying such characters per RFC 2047 (§5.2.6).
 */

import { DerTag, decodeOid, readDer, readDerChildren, type DerElement } from './der.js';

/** OpenSSL's short names (OBJ_nid2sn) for the attributes that appear in names. */
export const ATTRIBUTE_SHORT_NAMES: Readonly<Record<string, string>> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'street',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'title',
  '2.5.4.13': 'description',
  '2.5.4.14': 'searchGuide',
  '2.5.4.15': 'businessCategory',
  '2.5.4.16': 'postalAddress',
  '2.5.4.17': 'postalCode',
  '2.5.4.18': 'postOfficeBox',
  '2.5.4.19': 'physicalDeliveryOfficeName',
  '2.5.4.20': 'telephoneNumber',
  '2.5.4.21': 'telexNumber',
  '2.5.4.22': 'teletexTerminalIdentifier',
  '2.5.4.23': 'facsimileTelephoneNumber',
  '2.5.4.24': 'x121Address',
  '2.5.4.25': 'internationaliSDNNumber',
  '2.5.4.26': 'registeredAddress',
  '2.5.4.27': 'destinationIndicator',
  '2.5.4.28': 'preferredDeliveryMethod',
  '2.5.4.29': 'presentationAddress',
  '2.5.4.30': 'supportedApplicationContext',
  '2.5.4.31': 'member',
  '2.5.4.32': 'owner',
  '2.5.4.33': 'roleOccupant',
  '2.5.4.34': 'seeAlso',
  '2.5.4.35': 'userPassword',
  '2.5.4.36': 'userCertificate',
  '2.5.4.37': 'cACertificate',
  '2.5.4.38': 'authorityRevocationList',
  '2.5.4.39': 'certificateRevocationList',
  '2.5.4.40': 'crossCertificatePair',
  '2.5.4.41': 'name',
  '2.5.4.42': 'GN',
  '2.5.4.43': 'initials',
  '2.5.4.44': 'generationQualifier',
  '2.5.4.45': 'x500UniqueIdentifier',
  '2.5.4.46': 'dnQualifier',
  '2.5.4.47': 'enhancedSearchGuide',
  '2.5.4.48': 'protocolInformation',
  '2.5.4.49': 'distinguishedName',
  '2.5.4.50': 'uniqueMember',
  '2.5.4.51': 'houseIdentifier',
  '2.5.4.52': 'supportedAlgorithms',
  '2.5.4.53': 'deltaRevocationList',
  '2.5.4.54': 'dmdName',
  '2.5.4.65': 'pseudonym',
  '2.5.4.72': 'role',
  '2.5.4.97': 'organizationIdentifier',
  '2.5.4.98': 'c3',
  '2.5.4.99': 'n3',
  '2.5.4.100': 'dnsName',
  '0.9.2342.19200300.100.1.1': 'UID',
  '0.9.2342.19200300.100.1.25': 'DC',
  '1.2.840.113549.1.9.1': 'emailAddress',
  '1.2.840.113549.1.9.2': 'unstructuredName',
  '1.2.840.113549.1.9.8': 'unstructuredAddress',
  '1.3.6.1.4.1.311.60.2.1.1': 'jurisdictionL',
  '1.3.6.1.4.1.311.60.2.1.2': 'jurisdictionST',
  '1.3.6.1.4.1.311.60.2.1.3': 'jurisdictionC',
};

export type NonAsciiForm = 'escape' | 'utf8';

export interface Rfc2253Options {
  /** 'escape' (default): `\C3\B8`, as `-nameopt RFC2253`; 'utf8': `ø`, as `-nameopt RFC2253,-esc_msb`. */
  nonAscii?: NonAsciiForm;
}

export interface NameAttribute {
  /** Dotted OID. */
  readonly oid: string;
  /** OpenSSL short name, or the dotted OID when OpenSSL has none. */
  readonly name: string;
  /** Index of the RDN (SET) in the DER, first RDN = 0. */
  readonly rdn: number;
  /** Universal tag of the value (UTF8String 12, PrintableString 19, …). */
  readonly tag: number;
  /** The value decoded to text; undefined for a value that is not a string type. */
  readonly text: string | undefined;
  /** The value's whole DER TLV. */
  readonly der: Buffer;
}

/** Bytes per character for the string types OpenSSL prints as text (a_strex.c tag2nbyte). */
const CHARACTER_WIDTH: Readonly<Record<number, 0 | 1 | 2 | 4>> = {
  [DerTag.UTF8_STRING]: 0,
  18: 1, // NumericString
  [DerTag.PRINTABLE_STRING]: 1,
  [DerTag.T61_STRING]: 1,
  [DerTag.IA5_STRING]: 1,
  [DerTag.UTC_TIME]: 1,
  [DerTag.GENERALIZED_TIME]: 1,
  [DerTag.VISIBLE_STRING]: 1,
  [DerTag.UNIVERSAL_STRING]: 4,
  [DerTag.BMP_STRING]: 2,
};

/** The attributes of a Name in DER order. */
export function readNameAttributes(name: Buffer | DerElement): NameAttribute[] {
  const element = Buffer.isBuffer(name) ? readDer(name) : name;
  const attributes: NameAttribute[] = [];
  readDerChildren(element).forEach((rdn, rdnIndex) => {
    for (const typeAndValue of readDerChildren(rdn)) {
      const [type, value] = readDerChildren(typeAndValue);
      if (!type || type.tag !== DerTag.OID || !value) {
        throw new Error('Name: malformed AttributeTypeAndValue');
      }
      const oid = decodeOid(type.content);
      attributes.push({
        oid,
        name: ATTRIBUTE_SHORT_NAMES[oid] ?? oid,
        rdn: rdnIndex,
        tag: value.tag,
        text: decodeStringValue(value),
        der: value.der,
      });
    }
  });
  return attributes;
}

/** Code points of a string value, decoded per its type as OpenSSL does; undefined if not a string. */
function codePoints(value: DerElement): number[] | undefined {
  const width = CHARACTER_WIDTH[value.tag];
  if (width === undefined || value.constructed) return undefined;
  const bytes = value.content;
  const points: number[] = [];
  if (width === 0) return undefined; // UTF8String is handled byte-wise, see escapeValue
  for (let i = 0; i + width <= bytes.length; i += width) {
    points.push(
      width === 1 ? bytes[i]! : width === 2 ? bytes.readUInt16BE(i) : bytes.readUInt32BE(i),
    );
  }
  return points;
}

/** A string value (UTF8String, PrintableString, BMPString, …) as text; undefined if not a string. */
export function decodeStringValue(value: DerElement): string | undefined {
  if (value.tag === DerTag.UTF8_STRING) return value.content.toString('utf8');
  const points = codePoints(value);
  return points ? String.fromCodePoint(...points.map((p) => Math.min(p, 0x10ffff))) : undefined;
}

const ALWAYS_ESCAPED = new Set([...',+"\\<>;'].map((c) => c.charCodeAt(0)));
const HEX = '0123456789ABCDEF';

/** One byte of output, escaped per a_strex.c do_esc_char with RFC 2253 flags. */
function escapeByte(
  byte: number,
  position: { first: boolean; last: boolean },
  nonAscii: NonAsciiForm,
  out: number[],
): void {
  const pushHex = (b: number): void => {
    out.push(0x5c, HEX.charCodeAt(b >> 4), HEX.charCodeAt(b & 15));
  };
  if (byte > 0x7f) {
    if (nonAscii === 'escape') pushHex(byte);
    else out.push(byte);
    return;
  }
  if (
    ALWAYS_ESCAPED.has(byte) ||
    (byte === 0x20 && (position.first || position.last)) ||
    (byte === 0x23 && position.first)
  ) {
    out.push(0x5c, byte);
    return;
  }
  if (byte < 0x20 || byte === 0x7f) {
    pushHex(byte);
    return;
  }
  out.push(byte);
}

function escapeValue(value: DerElement, nonAscii: NonAsciiForm, out: number[]): void {
  if (value.tag === DerTag.UTF8_STRING && !value.constructed) {
    // OpenSSL takes UTF8String byte by byte (it is already UTF-8).
    const bytes = value.content;
    bytes.forEach((byte, i) => {
      // do_buf sets "first" for the first unit, then overrides it with "last" for the final unit.
      const last = i === bytes.length - 1;
      escapeByte(byte, { first: i === 0 && !last, last }, nonAscii, out);
    });
    return;
  }
  const points = codePoints(value);
  if (!points) {
    // Not a string type: `#` and the hex of the whole DER (ASN1_STRFLGS_DUMP_UNKNOWN|DUMP_DER).
    out.push(0x23, ...Buffer.from(value.der.toString('hex').toUpperCase(), 'latin1'));
    return;
  }
  points.forEach((point, i) => {
    const last = i === points.length - 1;
    for (const byte of Buffer.from(String.fromCodePoint(Math.min(point, 0x10ffff)), 'utf8')) {
      escapeByte(byte, { first: i === 0 && !last, last }, nonAscii, out);
    }
  });
}

/** RFC 2253 form of a DER-encoded Name, as OpenSSL prints it (see module comment). */
export function formatRfc2253(name: Buffer | DerElement, options: Rfc2253Options = {}): string {
  const nonAscii = options.nonAscii ?? 'escape';
  const element = Buffer.isBuffer(name) ? readDer(name) : name;
  const entries: { rdn: number; oid: string; value: DerElement }[] = [];
  readDerChildren(element).forEach((rdn, rdnIndex) => {
    for (const typeAndValue of readDerChildren(rdn)) {
      const [type, value] = readDerChildren(typeAndValue);
      if (!type || type.tag !== DerTag.OID || !value) {
        throw new Error('Name: malformed AttributeTypeAndValue');
      }
      entries.push({ rdn: rdnIndex, oid: decodeOid(type.content), value });
    }
  });
  const out: number[] = [];
  let previousRdn = -1;
  for (const entry of entries.reverse()) {
    if (previousRdn !== -1) out.push(entry.rdn === previousRdn ? 0x2b : 0x2c);
    previousRdn = entry.rdn;
    const shortName = ATTRIBUTE_SHORT_NAMES[entry.oid];
    out.push(...Buffer.from(`${shortName ?? entry.oid}=`, 'latin1'));
    if (shortName === undefined) {
      // XN_FLAG_DUMP_UNKNOWN_FIELDS: an unknown attribute's value is always dumped as DER hex.
      out.push(0x23, ...Buffer.from(entry.value.der.toString('hex').toUpperCase(), 'latin1'));
    } else {
      escapeValue(entry.value, nonAscii, out);
    }
  }
  return Buffer.from(out).toString(nonAscii === 'escape' ? 'latin1' : 'utf8');
}
