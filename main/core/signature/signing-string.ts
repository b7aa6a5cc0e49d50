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

/**
 * Lower-case name → value; repeated fields (or keys differing in case) are joined with ", ". What
 * the verifier asks of it; a headerLookup() Map is one, a LowerCaseHeaders view another.
 */
export interface HeaderLookup {
  get(name: string): string | undefined;
  has(name: string): boolean;
}

/**
 * A record whose names are already lower-case and whose values are one string each (the bank's
 * BankRequest.headers, made so by its listener), read in place: values are trimmed as they are
 * read, as headerLookup() trims them, and nothing is copied. The bank verifies every signed
 * request, and a Map of its headers was a kilobyte and a half of garbage a request.
 */
export class LowerCaseHeaders implements HeaderLookup {
  constructor(private readonly headers: Readonly<Record<string, string | undefined>>) {}

  get(name: string): string | undefined {
    // Own fields only: a header record may be a plain object, whose prototype has names too.
    if (!Object.hasOwn(this.headers, name)) return undefined;
    const value = this.headers[name];
    return value === undefined ? undefined : value.trim();
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

export function headerLookup(headers: HttpHeaders): ReadonlyMap<string, string> {
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
    request.headers instanceof Map || request.headers instanceof LowerCaseHeaders
      ? (request.headers as HeaderLookup)
      : headerLookup(request.headers as HttpHeaders);
  // A loop of concatenations rather than map and join: the bank builds one on every request.
  let signingString = '';
  for (let index = 0; index < names.length; index += 1) {
    const name = names[index]!;
    if (index > 0) signingString += '\n';
    if (name === REQUEST_TARGET) {
      signingString += `${REQUEST_TARGET}: ${requestTarget(request.method, request.target)}`;
      continue;
    }
    const key = name.toLowerCase();
    const value = lookup.get(key);
    if (value === undefined) {
      throw new SigningStringError(name, `header '${name}' is listed for signing but absent`);
    }
    signingString += `${key}: ${value}`;
  }
  return signingString;
}

/** The bytes that are signed (see module comment). */
export function signingStringBytes(signingString: string): Buffer {
  return Buffer.from(signingString, 'latin1');
}
