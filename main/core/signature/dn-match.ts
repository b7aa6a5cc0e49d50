/**
 * keyId's CA compared with the certificate's issuer as distinguished names, not as strings
 * (§5.2.3: "the full distinguished name of the certificate authority, formatted per RFC 2253").
 * RFC 2253 leaves room — attribute names or OIDs, `#hex` values, escapes, quoting, spaces — and
 * Java, .NET and OpenSSL each print the same issuer differently, so the bank reads keyId's CA
 * (dn-parse.ts) and the issuer Name from the certificate DER, and calls them the same when:
 * - they have the same number of RDNs, in the same sequence read either way round: most specific
 *   first (RFC 2253, Java, OpenSSL `-nameopt RFC2253`) or in the certificate's order (`C` first:
 *   .NET, `openssl x509 -issuer`'s default). Any other shuffle is a different name;
 * - each RDN has the same attributes (by OID), in any order inside a multi-valued RDN;
 * - string values are equal after X.520 caseIgnoreMatch-style preparation: Unicode NFKC, case
 *   folded, runs of white space collapsed to one space, leading and trailing space dropped. Every
 *   attribute the bank knows a name for is caseIgnoreMatch (or caseIgnoreIA5Match) in X.520 and
 *   RFC 4519, countryName and organizationIdentifier included, so one rule serves all of them;
 * - a value that is not a string type (only writable as `#hex`) is compared byte for byte.
 */
import type { DerElement } from './der.js';
import { ATTRIBUTE_SHORT_NAMES, formatRfc2253, readNameAttributes } from './distinguished-name.js';
import {
  DnSyntaxError,
  parseDistinguishedName,
  type DnAttribute,
  type DnRdn,
  type DnValue,
} from './dn-parse.js';

/** Which way round keyId wrote the RDNs. */
export type RdnOrder = 'most-specific-first' | 'certificate-order';

export type IssuerMatch =
  { ok: true; order: RdnOrder } | { ok: false; reason: 'not-a-name' | 'different'; text: string };

/** The RDNs of a DER Name, in DER order (the certificate's order: `C` first, usually). */
export function rdnsOfName(name: Buffer | DerElement): DnRdn[] {
  const rdns: DnAttribute[][] = [];
  for (const attribute of readNameAttributes(name)) {
    (rdns[attribute.rdn] ??= []).push({
      oid: attribute.oid,
      value: { text: attribute.text, der: attribute.der },
    });
  }
  return rdns;
}

/** X.520 caseIgnoreMatch-style preparation of a string value (see the module comment). */
export function prepareDnValue(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim();
}

export function sameDnValue(a: DnValue, b: DnValue): boolean {
  if (a.text !== undefined && b.text !== undefined) {
    return prepareDnValue(a.text) === prepareDnValue(b.text);
  }
  return a.der !== undefined && b.der !== undefined && a.der.equals(b.der);
}

/** Same attributes (type and value), in any order inside the RDN. */
export function sameRdn(a: DnRdn, b: DnRdn): boolean {
  if (a.length !== b.length) return false;
  const unused = [...b];
  return a.every((attribute) => {
    const index = unused.findIndex(
      (other) => other.oid === attribute.oid && sameDnValue(attribute.value, other.value),
    );
    if (index === -1) return false;
    unused.splice(index, 1);
    return true;
  });
}

function sameSequence(a: readonly DnRdn[], b: readonly DnRdn[]): boolean {
  return a.length === b.length && a.every((rdn, index) => sameRdn(rdn, b[index]!));
}

/** Parsed RDNs written back as an RFC 2253 string in their own order (for messages). */
export function formatDnRdns(rdns: readonly DnRdn[]): string {
  return rdns
    .map((rdn) =>
      rdn
        .map(({ oid, value }) => {
          const name = ATTRIBUTE_SHORT_NAMES[oid] ?? oid;
          if (value.text === undefined)
            return `${name}=#${value.der!.toString('hex').toUpperCase()}`;
          const escaped = value.text
            .replace(/[,+"\\<>;]/g, '\\$&')
            .replace(/^[ #]/, '\\$&')
            .replace(/ $/, '\\ ');
          return `${name}=${escaped}`;
        })
        .join('+'),
    )
    .join(',');
}

const rdnTypes = (rdn: DnRdn): string =>
  rdn
    .map((attribute) => ATTRIBUTE_SHORT_NAMES[attribute.oid] ?? attribute.oid)
    .sort()
    .join('+');

/** The first place two names of equal length differ, in words. */
function firstDifference(keyId: readonly DnRdn[], issuer: readonly DnRdn[]): string {
  for (let index = 0; index < keyId.length; index++) {
    const mine = keyId[index]!;
    const theirs = issuer[index]!;
    if (sameRdn(mine, theirs)) continue;
    if (rdnTypes(mine) !== rdnTypes(theirs)) {
      return `RDN ${index + 1} is ${rdnTypes(mine)} in keyId but ${rdnTypes(theirs)} in the certificate`;
    }
    return `${rdnTypes(mine)} differs: '${formatDnRdns([mine])}' in keyId, '${formatDnRdns([theirs])}' in the certificate`;
  }
  return 'the names differ';
}

/** Of the two readings of the certificate's RDNs, the one keyId's types line up with best. */
function closestOrientation(keyId: readonly DnRdn[], forward: readonly DnRdn[]): DnRdn[] {
  const reversed = [...forward].reverse();
  const agreement = (candidate: readonly DnRdn[]): number =>
    candidate.filter((rdn, index) => keyId[index] && rdnTypes(rdn) === rdnTypes(keyId[index]!))
      .length;
  return agreement(forward) > agreement(reversed) ? [...forward] : reversed;
}

const RULE =
  '§5.2.3: issuer DN per RFC 2253; compared by meaning: attribute types by OID, values ignoring case and extra spaces, RDNs most specific first or in certificate order';

/** Compares keyId's CA with the certificate's issuer Name (DER); the failure text names both. */
export function matchIssuer(keyIdCa: string, issuer: Buffer | DerElement): IssuerMatch {
  const certificateRdns = rdnsOfName(issuer);
  const issuerText = formatRfc2253(issuer, { nonAscii: 'utf8' });
  let keyIdRdns: DnRdn[];
  try {
    keyIdRdns = parseDistinguishedName(keyIdCa);
  } catch (error) {
    if (!(error instanceof DnSyntaxError)) throw error;
    return {
      ok: false,
      reason: 'not-a-name',
      text: `keyId CA '${keyIdCa}' cannot be read as a distinguished name (${error.message}); the certificate in TPP-Signature-Certificate was issued by '${issuerText}' (${RULE})`,
    };
  }
  if (sameSequence(keyIdRdns, [...certificateRdns].reverse())) {
    return { ok: true, order: 'most-specific-first' };
  }
  if (sameSequence(keyIdRdns, certificateRdns)) return { ok: true, order: 'certificate-order' };
  const difference =
    keyIdRdns.length !== certificateRdns.length
      ? `keyId has ${keyIdRdns.length} RDNs, the issuer ${certificateRdns.length}`
      : firstDifference(keyIdRdns, closestOrientation(keyIdRdns, certificateRdns));
  return {
    ok: false,
    reason: 'different',
    text: `keyId CA names '${formatDnRdns(keyIdRdns)}', but the certificate in TPP-Signature-Certificate was issued by '${issuerText}': ${difference} (${RULE})`,
  };
}
