/**
 * The signing string (§5.2.5): for each name in `headers` order, `<lower-case name>: <value>`,
 * joined by `\n`. `(request-target)` is `<lower-case method> <path?query>` (§5.2.3).
 *
 * Bytes: header values are taken as Node presents them (one character per byte, ISO-8859-1), and
 * the signing string is signed as ISO-8859-1 bytes — so signer and verifier sign exactly the
 * bytes on the wire (node:http and undici write header strings as latin1).
 */
import { REQUEST_TARGET } from './signature-header.js';

/** Headers as node:http gives them, or any case-mixed record a caller builds. */
export type HttpHeaders = Readonly<Record<string, string | readonly string[] | number | undefined>>;

/** Lower-case name → value; repeated fields (or keys differing in case) are joined with ", ". */
export type HeaderLookup = ReadonlyMap<string, string>;

export function headerLookup(headers: HttpHeaders): HeaderLookup {
  const lookup = new Map<string, string>();
  // Keys, not entries: the listener's header objects have no prototype (dictionary mode), where
  // Object.entries allocates a pair per header on every signed request.
  for (const name of Object.keys(headers)) {
    const raw = headers[name];
    if (raw === undefined) continue;
    // OWS around a field value is not part of it (RFC 7230 §3.2.4).
    const value = Array.isArray(raw)
      ? raw.map((item: string) => item.trim()).join(', ')
      : String(raw).trim();
    const key = name.toLowerCase();
    const previous = lookup.get(key);
    lookup.set(key, previous === undefined ? value : `${previous}, ${value}`);
  }
  return lookup;
}

/** `(request-target)` value: lower-case method, a space, the path with its query as sent. */
export function requestTarget(method: string, target: string): string {
  return `${method.toLowerCase()} ${target}`;
}

/** Path and query of a URL exactly as an HTTP client puts them on the request line. */
export function targetOfUrl(url: string | URL): string {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  return `${parsed.pathname}${parsed.search}`;
}

export class SigningStringError extends Error {
  override readonly name = 'SigningStringError';
  constructor(
    readonly header: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Builds the signing string for `names` (lower-case, signing order). Throws SigningStringError
 * naming the first listed header the request does not carry.
 */
export function buildSigningString(
  names: readonly string[],
  request: { method: string; target: string; headers: HeaderLookup | HttpHeaders },
): string {
  const lookup =
    request.headers instanceof Map ? request.headers : headerLookup(request.headers as HttpHeaders);
  return names
    .map((name) => {
      if (name === REQUEST_TARGET) {
        return `${REQUEST_TARGET}: ${requestTarget(request.method, request.target)}`;
      }
      const value = lookup.get(name.toLowerCase());
      if (value === undefined) {
        throw new SigningStringError(name, `header '${name}' is listed for signing but absent`);
      }
      return `${name.toLowerCase()}: ${value}`;
    })
    .join('\n');
}

/** The bytes that are signed (see module comment). */
export function signingStringBytes(signingString: string): Buffer {
  return Buffer.from(signingString, 'latin1');
}
