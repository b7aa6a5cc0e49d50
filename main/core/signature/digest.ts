/**
 * The Digest header (§4.1, §5.2.2, decisions.md): `SHA-256=<base64>` or `SHA-512=<base64>` of the
 * exact body bytes, RFC 3230 syntax (several `algorithm=value` pairs may be comma-separated),
 * algorithm names case-insensitive (RFC 3230 §4.1.1, RFC 5843).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isStrictBase64 } from './base64.js';

export type DigestAlgorithm = 'SHA-256' | 'SHA-512';
export const DIGEST_ALGORITHMS: readonly DigestAlgorithm[] = ['SHA-256', 'SHA-512'];

const NODE_HASH: Readonly<Record<DigestAlgorithm, string>> = {
  'SHA-256': 'sha256',
  'SHA-512': 'sha512',
};
const DIGEST_BYTES: Readonly<Record<DigestAlgorithm, number>> = { 'SHA-256': 32, 'SHA-512': 64 };

export type RawBody = Buffer | Uint8Array | string;

/** Body bytes as sent: a string body is its UTF-8 encoding (§1: UTF-8 payloads). */
export function bodyBytes(body: RawBody | undefined): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** The Digest header value for `body`, e.g. `SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=`. */
export function computeDigest(
  body: RawBody | undefined,
  algorithm: DigestAlgorithm = 'SHA-256',
): string {
  const hash = createHash(NODE_HASH[algorithm]).update(bodyBytes(body)).digest('base64');
  return `${algorithm}=${hash}`;
}

export interface DigestInstance {
  /** As written in the header. */
  readonly algorithm: string;
  /** Upper-cased and recognised, or undefined when we do not support it. */
  readonly supported: DigestAlgorithm | undefined;
  readonly value: string;
}

export type DigestParse =
  { ok: true; instances: DigestInstance[] } | { ok: false; reason: 'malformed'; text: string };

/** Splits a Digest header value into its `algorithm=value` instances. */
export function parseDigestHeader(header: string): DigestParse {
  const instances: DigestInstance[] = [];
  const items = header.split(',');
  for (const raw of items) {
    const item = raw.trim();
    const equals = item.indexOf('=');
    if (!item) {
      return { ok: false, reason: 'malformed', text: 'Digest header has an empty entry' };
    }
    if (equals <= 0) {
      return {
        ok: false,
        reason: 'malformed',
        text: `Digest entry '${item}' is not <algorithm>=<base64 value> (RFC 3230)`,
      };
    }
    const algorithm = item.slice(0, equals).trim();
    const value = item.slice(equals + 1).trim();
    const upper = algorithm.toUpperCase();
    instances.push({
      algorithm,
      supported: (DIGEST_ALGORITHMS as readonly string[]).includes(upper)
        ? (upper as DigestAlgorithm)
        : undefined,
      value,
    });
  }
  return { ok: true, instances };
}

export type DigestVerification =
  | { ok: true; algorithm: DigestAlgorithm; ignoredAlgorithms: string[] }
  | {
      ok: false;
      reason: 'missing' | 'malformed' | 'unsupported-algorithm' | 'mismatch';
      /** The algorithm concerned, as written, when one is. */
      algorithm?: string;
      text: string;
    };

/**
 * Checks a Digest header against the body bytes. Every supported instance must match; unsupported
 * ones next to a supported one are ignored (RFC 3230 lets the recipient choose) and reported;
 * a header with no supported algorithm fails.
 */
export function verifyDigest(
  header: string | undefined,
  body: RawBody | undefined,
): DigestVerification {
  if (header === undefined || header.trim() === '') {
    return { ok: false, reason: 'missing', text: 'Digest header is missing (§4.1)' };
  }
  const parsed = parseDigestHeader(header);
  if (!parsed.ok) return parsed;
  const supported = parsed.instances.filter((instance) => instance.supported);
  const ignoredAlgorithms = parsed.instances
    .filter((instance) => !instance.supported)
    .map((instance) => instance.algorithm);
  if (supported.length === 0) {
    return {
      ok: false,
      reason: 'unsupported-algorithm',
      algorithm: ignoredAlgorithms[0],
      text: `Digest algorithm ${ignoredAlgorithms.map((a) => `'${a}'`).join(', ')} is not supported; use SHA-256 or SHA-512 (§4.1)${ignoredAlgorithms.some((a) => /^sha-?(256|512)$/i.test(a)) ? ' — RFC 5843 names them with a dash' : ''}`,
    };
  }
  const bytes = bodyBytes(body);
  for (const instance of supported) {
    const algorithm = instance.supported!;
    if (!isStrictBase64(instance.value) || instance.value === '') {
      return {
        ok: false,
        reason: 'malformed',
        algorithm: instance.algorithm,
        text: `Digest ${instance.algorithm} value is not base64`,
      };
    }
    const expected = createHash(NODE_HASH[algorithm]).update(bytes).digest();
    const given = Buffer.from(instance.value, 'base64');
    if (given.length !== DIGEST_BYTES[algorithm]) {
      return {
        ok: false,
        reason: 'malformed',
        algorithm: instance.algorithm,
        text: `Digest ${instance.algorithm} value decodes to ${given.length} bytes; ${algorithm} has ${DIGEST_BYTES[algorithm]}`,
      };
    }
    if (!timingSafeEqual(expected, given)) {
      return {
        ok: false,
        reason: 'mismatch',
        algorithm: instance.algorithm,
        text: `Digest ${instance.algorithm} does not match the body (${bytes.length} bytes): expected ${algorithm}=${expected.toString('base64')}`,
      };
    }
  }
  return { ok: true, algorithm: supported[0]!.supported!, ignoredAlgorithms };
}
