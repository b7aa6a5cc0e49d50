/**
 * RFC 2047 encoded-words for the Signature header (§5.2.6): "When any value in the signature is
 * ISO-8859-1 or UTF-8 encoded, the whole header value is MIME-encoded per RFC 2047 and wrapped as
 * `=?<charset>?<encoding>?<encoded signature>?=`".
 *
 * Our reading: the signer wraps when the Signature header value contains any non-ASCII character
 * (in practice a keyId CA written with `nonAscii: 'utf8'`), always as one `=?utf-8?B?…?=` word
 * over the whole value, as the spec's example does (RFC 2047's 75-character limit per word is not
 * applied: the spec wraps the whole value). The decoder accepts an unwrapped value, one word, or
 * several words separated by whitespace (RFC 2047 §6.2), B or Q encoding, charsets utf-8,
 * iso-8859-1 and us-ascii.
 */
import { isStrictBase64 } from './base64.js';

export type Rfc2047Charset = 'utf-8' | 'iso-8859-1' | 'us-ascii';

export type Rfc2047Decoding =
  | {
      ok: true;
      value: string;
      /** False when the input was a plain value, returned unchanged. */
      wrapped: boolean;
      charset?: Rfc2047Charset;
      encoding?: 'B' | 'Q';
    }
  | {
      ok: false;
      reason: 'malformed' | 'unsupported-charset' | 'unsupported-encoding';
      text: string;
    };

const NON_ASCII = /[\u0080-\uffff]/;

/** True when `value` holds a character outside US-ASCII, i.e. §5.2.6 asks for RFC 2047. */
export function needsRfc2047(value: string): boolean {
  return NON_ASCII.test(value);
}

/** `=?utf-8?B?<base64 of the UTF-8 bytes>?=` (or Q encoding when asked). */
export function encodeRfc2047(value: string, encoding: 'B' | 'Q' = 'B'): string {
  const bytes = Buffer.from(value, 'utf8');
  if (encoding === 'B') return `=?utf-8?B?${bytes.toString('base64')}?=`;
  let text = '';
  for (const byte of bytes) {
    // RFC 2047 §4.2 / §5(3): letters, digits and a few safe marks stay; space becomes '_'.
    if (byte === 0x20) text += '_';
    else if (/[A-Za-z0-9!*+\-/]/.test(String.fromCharCode(byte))) text += String.fromCharCode(byte);
    else text += '=' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return `=?utf-8?Q?${text}?=`;
}

const ENCODED_WORD = /^=\?([^?\s]+)\?([^?\s]*)\?([^?\s]*)\?=$/;
const CHARSETS: Readonly<Record<string, Rfc2047Charset>> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'iso-8859-1': 'iso-8859-1',
  latin1: 'iso-8859-1',
  'iso_8859-1': 'iso-8859-1',
  'us-ascii': 'us-ascii',
};

/** Decodes a header value that may be RFC 2047-wrapped; a plain value comes back unchanged. */
export function decodeRfc2047(value: string): Rfc2047Decoding {
  const trimmed = value.trim();
  if (!trimmed.startsWith('=?')) return { ok: true, value, wrapped: false };
  const words = trimmed.split(/\s+/);
  const chunks: { charset: Rfc2047Charset; bytes: Buffer }[] = [];
  let encodingUsed: 'B' | 'Q' | undefined;
  for (const word of words) {
    const match = ENCODED_WORD.exec(word);
    if (!match) {
      return {
        ok: false,
        reason: 'malformed',
        text: `'${word.length > 40 ? word.slice(0, 40) + '…' : word}' is not an RFC 2047 encoded-word (=?charset?B|Q?text?=) (§5.2.6)`,
      };
    }
    const [, charsetLabel, encodingLabel, text] = match as unknown as [
      string,
      string,
      string,
      string,
    ];
    // RFC 2231 allows a language suffix: charset*lang.
    const charset = CHARSETS[charsetLabel.split('*')[0]!.toLowerCase()];
    if (!charset) {
      return {
        ok: false,
        reason: 'unsupported-charset',
        text: `RFC 2047 charset '${charsetLabel}' is not supported; use utf-8 or iso-8859-1 (§5.2.6)`,
      };
    }
    const encoding = encodingLabel.toUpperCase();
    let bytes: Buffer;
    if (encoding === 'B') {
      if (!isStrictBase64(text)) {
        return {
          ok: false,
          reason: 'malformed',
          text: 'RFC 2047 B-encoded text is not valid base64 (§5.2.6)',
        };
      }
      bytes = Buffer.from(text, 'base64');
    } else if (encoding === 'Q') {
      const decoded = decodeQ(text);
      if (!decoded) {
        return {
          ok: false,
          reason: 'malformed',
          text: 'RFC 2047 Q-encoded text has a bad =XX escape (§5.2.6)',
        };
      }
      bytes = decoded;
    } else {
      return {
        ok: false,
        reason: 'unsupported-encoding',
        text: `RFC 2047 encoding '${encodingLabel}' is not B or Q (§5.2.6)`,
      };
    }
    encodingUsed ??= encoding;
    const previous = chunks[chunks.length - 1];
    // Adjacent words of one charset are joined before decoding: a character may span two words.
    if (previous && previous.charset === charset) {
      previous.bytes = Buffer.concat([previous.bytes, bytes]);
    } else chunks.push({ charset, bytes });
  }
  const decoded = chunks
    .map(({ charset, bytes }) => bytes.toString(charset === 'utf-8' ? 'utf8' : 'latin1'))
    .join('');
  return {
    ok: true,
    value: decoded,
    wrapped: true,
    charset: chunks[0]?.charset ?? 'utf-8',
    encoding: encodingUsed ?? 'B',
  };
}

function decodeQ(text: string): Buffer | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '_') bytes.push(0x20);
    else if (char === '=') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(char.charCodeAt(0) & 0xff);
  }
  return Buffer.from(bytes);
}
