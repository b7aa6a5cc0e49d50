/**
 * keyId (§5.2.3, decisions.md): `SN=<serial in upper-case hex>,CA=<issuer DN in RFC 2253 form>`.
 *
 * Building: SN is the serial exactly as `openssl x509 -serial` prints it — upper-case hex, two
 * digits per byte of the INTEGER's magnitude, no 0x00 sign byte, no other padding — and CA is the
 * issuer as `openssl x509 -issuer -nameopt RFC2253` prints it (see distinguished-name.ts).
 * Parsing: the CA itself contains commas, so SN runs up to the first `,CA=`.
 *
 * Reading (the bank, docs/signing.md): SN is upper-case hexadecimal as §5.2.3 says (a lower-case
 * serial, what Java's BigInteger.toString(16) gives, is refused with the upper-case form in the
 * text, so the TPP learns the rule), compared as an integer: leading zeros do not matter (OpenSSL
 * pads to whole bytes, Java does not). CA is a distinguished name compared by meaning with the
 * certificate's issuer (dn-match.ts).
 */
import { boundedMemo } from '../../shared/bounded-memo.js';
import type { DerElement } from './der.js';
import { matchIssuer, type IssuerMatch } from './dn-match.js';

export interface KeyId {
  /** Upper-case hex serial. */
  serialNumber: string;
  /** Issuer DN, RFC 2253. */
  issuer: string;
}

export type KeyIdFailureReason =
  'missing-serial' | 'missing-issuer' | 'serial-not-hex' | 'serial-not-upper-case';

export type KeyIdParse =
  { ok: true; keyId: KeyId } | { ok: false; reason: KeyIdFailureReason; text: string };

export function buildKeyId(keyId: KeyId): string {
  return `SN=${keyId.serialNumber},CA=${keyId.issuer}`;
}

/** A TPP names the same key in every request: a keyId is parsed once (bounded-memo.ts). */
export const parseKeyId: (value: string) => KeyIdParse = boundedMemo(256, readKeyId);

function readKeyId(value: string): KeyIdParse {
  if (!value.startsWith('SN=')) {
    return {
      ok: false,
      reason: 'missing-serial',
      text: `keyId must start with 'SN=' (§5.2.3: SN=<serial>,CA=<issuer>); it starts with '${value.slice(0, 10)}'`,
    };
  }
  const separator = value.indexOf(',CA=');
  if (separator === -1) {
    const spaced = /,\s+CA=/.test(value);
    return {
      ok: false,
      reason: 'missing-issuer',
      text: spaced
        ? "keyId has whitespace between ',' and 'CA='; §5.2.3 writes SN=<serial>,CA=<issuer>"
        : "keyId has no ',CA=<issuer>' part (§5.2.3: SN=<serial>,CA=<issuer>)",
    };
  }
  const serialNumber = value.slice(3, separator);
  const issuer = value.slice(separator + 4);
  if (serialNumber === '') {
    return { ok: false, reason: 'missing-serial', text: 'keyId SN is empty (§5.2.3)' };
  }
  if (!/^[0-9A-Fa-f]+$/.test(serialNumber)) {
    return {
      ok: false,
      reason: 'serial-not-hex',
      text: `keyId SN '${serialNumber}' is not hexadecimal (§5.2.3: serial number in upper-case hexadecimal)`,
    };
  }
  if (serialNumber !== serialNumber.toUpperCase()) {
    return {
      ok: false,
      reason: 'serial-not-upper-case',
      text: `keyId SN '${serialNumber}' has lower-case letters; §5.2.3 wants upper-case hexadecimal ('${serialNumber.toUpperCase()}')`,
    };
  }
  if (issuer === '')
    return { ok: false, reason: 'missing-issuer', text: 'keyId CA is empty (§5.2.3)' };
  return { ok: true, keyId: { serialNumber, issuer } };
}

/**
 * True when two hex serials denote the same number. The bank accepts any zero padding (`0A` and
 * `A` are the same serial: OpenSSL pads to whole bytes, Java's BigInteger does not).
 */
export function sameSerialNumber(a: string, b: string): boolean {
  // The keyId a client builds from its certificate spells the serial as the certificate does.
  if (a === b) return true;
  const strip = (hex: string): string => hex.replace(/^0+(?=.)/, '').toUpperCase();
  return strip(a) === strip(b);
}

/**
 * keyId's CA against the certificate's issuer Name (§5.2.3, dn-match.ts). keyId travels inside
 * `keyId="…"`, which keeps backslashes verbatim (signature-header.ts) so RFC 2253's `\,` arrives
 * as written; but a TPP whose DN has a quoted value (.NET: `O="A, B"`) must write its quotes as
 * `\"` there (and may write a backslash as `\\`). So the CA is also read with those two quoted-pairs
 * undone (RFC 9110 §5.6.4: the only ones a sender should write), and it matches when either reading
 * names the issuer. A failure reports the reading that parsed.
 */
export function matchKeyIdIssuer(
  issuer: string,
  certificateIssuer: Buffer | DerElement,
): IssuerMatch {
  const verbatim = matchIssuer(issuer, certificateIssuer);
  if (verbatim.ok) return verbatim;
  const unquoted = issuer.replace(/\\(["\\])/g, '$1');
  if (unquoted === issuer) return verbatim;
  const other = matchIssuer(unquoted, certificateIssuer);
  if (other.ok) return other;
  return verbatim.reason === 'not-a-name' && other.reason === 'different' ? other : verbatim;
}
