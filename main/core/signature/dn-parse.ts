/**
 * Reads a distinguished name written as a string (RFC 4514 / RFC 2253 and the spellings real
 * tooling prints) into RDNs of (OID, value), so keyId's CA can be compared with a certificate's
 * issuer by meaning (§5.2.3; dn-match.ts). Accepted:
 * - attribute types by name, case-insensitive (`CN`, `cn`, `commonName`, `organizationIdentifier`,
 *   aliases such as `E`/`emailAddress`, `S`/`ST`, `SERIALNUMBER`) or by OID (`2.5.4.97`,
 *   `OID.2.5.4.97`);
 * - values as text with backslash escapes of special characters and `\XX` escapes of UTF-8 bytes,
 *   as `"quoted"` text (what .NET and `openssl x509 -issuer` print), or as `#` and the hex of the
 *   value's BER/DER (RFC 2253 §2.4, what Java prints for an attribute it has no name for): string
 *   types (UTF8String, PrintableString, IA5String, BMPString, TeletexString, …) are decoded to text;
 * - `+` inside a multi-valued RDN; `,` or `;` between RDNs; spaces around separators and `=`.
 * The RDNs are returned in the string's order; which end is most specific is dn-match.ts's concern.
 */
import { DerError, readDer } from './der.js';
import { ATTRIBUTE_SHORT_NAMES, decodeStringValue } from './distinguished-name.js';

export interface DnValue {
  /** The value as text; undefined for a `#hex` value that is not a string type. */
  readonly text: string | undefined;
  /** The value's DER when it was given as `#hex`. */
  readonly der?: Buffer;
}

export interface DnAttribute {
  /** Dotted OID. */
  readonly oid: string;
  readonly value: DnValue;
}

/** One RDN: its attributes (one, or several for a multi-valued RDN). */
export type DnRdn = readonly DnAttribute[];

export class DnSyntaxError extends Error {
  override readonly name = 'DnSyntaxError';
}

/** Names that are not OpenSSL's short names but that Java, .NET, LDAP and X.520 write. */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  commonname: '2.5.4.3',
  surname: '2.5.4.4',
  countryname: '2.5.4.6',
  localityname: '2.5.4.7',
  s: '2.5.4.8',
  stateorprovincename: '2.5.4.8',
  streetaddress: '2.5.4.9',
  organizationname: '2.5.4.10',
  organizationalunitname: '2.5.4.11',
  t: '2.5.4.12',
  g: '2.5.4.42',
  givenname: '2.5.4.42',
  i: '2.5.4.43',
  domaincomponent: '0.9.2342.19200300.100.1.25',
  userid: '0.9.2342.19200300.100.1.1',
  e: '1.2.840.113549.1.9.1',
  email: '1.2.840.113549.1.9.1',
  organizationidentifier: '2.5.4.97',
};

const OID_OF_TYPE = new Map<string, string>([
  ...Object.entries(ATTRIBUTE_SHORT_NAMES).map(([oid, name]) => [name.toLowerCase(), oid] as const),
  ...Object.entries(TYPE_ALIASES),
]);

const NUMERIC_OID = /^[0-2](\.(0|[1-9]\d*))+$/;

/** The dotted OID an attribute type names; throws for a name we do not know. */
export function attributeTypeOid(type: string): string {
  const bare = type.replace(/^oid\./i, '');
  if (NUMERIC_OID.test(bare)) return bare;
  if (bare !== type) throw new DnSyntaxError(`'${type}' is not OID. and a dotted OID`);
  const oid = OID_OF_TYPE.get(type.toLowerCase());
  if (!oid) throw new DnSyntaxError(`unknown attribute type '${type}'; write it as its dotted OID`);
  return oid;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isSpace = (char: string | undefined): boolean => char === ' ';
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/** Parses a DN string into RDNs in the string's order; throws DnSyntaxError naming the problem. */
export function parseDistinguishedName(text: string): DnRdn[] {
  let i = 0;
  const skipSpaces = (): void => {
    while (isSpace(text[i])) i++;
  };
  const fail = (what: string): never => {
    throw new DnSyntaxError(`${what} at position ${i + 1}`);
  };

  const readType = (): string => {
    skipSpaces();
    const match = /^(?:oid\.[0-9.]+|[A-Za-z][A-Za-z0-9-]*|[0-9][0-9.]*)/i.exec(text.slice(i));
    if (!match) fail(`attribute type expected ('CN', '2.5.4.97', …)`);
    i += match![0].length;
    skipSpaces();
    if (text[i] !== '=') fail(`'=' expected after '${match![0]}'`);
    i++;
    skipSpaces();
    return match![0];
  };

  /** One backslash escape; appends its bytes. */
  const readEscape = (bytes: number[]): void => {
    const pair = text.slice(i + 1, i + 3);
    if (HEX_PAIR.test(pair)) {
      bytes.push(parseInt(pair, 16));
      i += 3;
    } else if (i + 1 < text.length) {
      const char = String.fromCodePoint(text.codePointAt(i + 1)!);
      bytes.push(...Buffer.from(char, 'utf8'));
      i += 1 + char.length;
    } else {
      fail('lone backslash at the end');
    }
  };
  const decodeBytes = (bytes: number[]): string => {
    try {
      return utf8.decode(Uint8Array.from(bytes));
    } catch {
      return fail('\\XX escapes that are not UTF-8');
    }
  };

  const readHexValue = (): DnValue => {
    const match = /^#((?:[0-9A-Fa-f]{2})+)/.exec(text.slice(i));
    if (!match) return fail("'#' must be followed by the hex of the value's DER");
    i += match![0].length;
    const der = Buffer.from(match![1]!, 'hex');
    try {
      return { text: decodeStringValue(readDer(der)), der };
    } catch (error) {
      if (error instanceof DerError) return fail(`'#${match![1]}' is not one DER value`);
      throw error;
    }
  };

  const readQuotedValue = (): DnValue => {
    i++; // opening quote
    const bytes: number[] = [];
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') readEscape(bytes);
      else {
        const char = String.fromCodePoint(text.codePointAt(i)!);
        bytes.push(...Buffer.from(char, 'utf8'));
        i += char.length;
      }
    }
    if (text[i] !== '"') fail("closing '\"' missing");
    i++;
    return { text: decodeBytes(bytes) };
  };

  const readTextValue = (): DnValue => {
    const bytes: number[] = [];
    let significantLength = 0; // bytes up to the last escaped or non-space character
    while (i < text.length && !',;+'.includes(text[i]!)) {
      if (text[i] === '\\') {
        readEscape(bytes);
        significantLength = bytes.length;
      } else {
        const char = String.fromCodePoint(text.codePointAt(i)!);
        bytes.push(...Buffer.from(char, 'utf8'));
        if (!isSpace(char)) significantLength = bytes.length;
        i += char.length;
      }
    }
    return { text: decodeBytes(bytes.slice(0, significantLength)) };
  };

  const rdns: DnRdn[] = [];
  let current: DnAttribute[] = [];
  if (text.trim() === '') throw new DnSyntaxError('the distinguished name is empty');
  for (;;) {
    const type = readType();
    let oid: string;
    try {
      oid = attributeTypeOid(type);
    } catch (error) {
      return fail((error as Error).message);
    }
    const value =
      text[i] === '#' ? readHexValue() : text[i] === '"' ? readQuotedValue() : readTextValue();
    current.push({ oid, value });
    skipSpaces();
    if (i >= text.length) break;
    const separator = text[i]!;
    if (!',;+'.includes(separator)) fail(`',', ';' or '+' expected, found '${separator}'`);
    i++;
    if (separator !== '+') {
      rdns.push(current);
      current = [];
    }
    if (text.slice(i).trim() === '') fail(`nothing after '${separator}'`);
  }
  rdns.push(current);
  return rdns;
}
