/**
 * A recorded request as a program re-creates it: which headers it sends as they are, which it
 * makes fresh (X-Request-ID is unique per call, §4.1; a Date is the time of sending), which the
 * signing steps compute (Digest, TPP-Signature-Certificate, Signature, §5.2.2–5.2.3) and which
 * headers those steps sign, in the order the workbench signed them (the `headers` part of the
 * Signature it sent, §5.2.3). Secret values arrive already shown as `{{name}}` (docs/variables.md,
 * "Secret values"), as the curl copy shows them, or, in a run's evidence, as `[redacted]` (an
 * admin token, a bearer token); a program reads each from the environment.
 * Pure: the renderer's copy menu and main both use it.
 */
import { REDACTED, type ExchangeRequest } from '../exchange.js';

export type RecordedRequest = Pick<
  ExchangeRequest,
  'method' | 'url' | 'headers' | 'body' | 'bodyBase64'
>;

export interface CodeHeader {
  /** The sender's spelling. */
  name: string;
  /** As sent, or a fresh value for X-Request-ID and Date (see `fresh`). */
  value: string;
  /** The program computes this header anew on every run. */
  fresh?: 'request-id' | 'date';
}

export interface CodeRequest {
  method: string;
  url: string;
  /** In the order sent, without the headers the signing steps compute or the HTTP client sets. */
  headers: CodeHeader[];
  body?: { text: string } | { base64: string };
  /** Lower-case names the Signature signed, in its order; absent for an unsigned request. */
  signedHeaderNames?: string[];
  /** `{{name}}` placeholders anywhere in the request, each once, in order of appearance. */
  secrets: string[];
  /** The URL is https: the program sets up TLS, with the QWAC as client certificate (§5.1). */
  tls: boolean;
}

/** Computed by the signing steps (§5.2.2, §5.2.3): never copied, always recomputed. */
const COMPUTED = new Set(['digest', 'tpp-signature-certificate', 'signature']);
/** Set by the HTTP client from the URL and body; Java's HttpClient refuses them outright. */
const CLIENT_SET = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
]);
const FRESH: Readonly<Record<string, CodeHeader['fresh']>> = {
  'x-request-id': 'request-id',
  date: 'date',
};

/** `{{name}}` as docs/variables.md spells a variable: a letter, then letters, digits, _ or -. */
export const PLACEHOLDER = /\{\{([A-Za-z][A-Za-z0-9_-]*)\}\}/g;

/** The environment variable a secret placeholder is read from: `adminToken` → `ADMIN_TOKEN`. */
export function environmentName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toUpperCase();
}

export function hasPlaceholder(text: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(text);
}

/** The Signature header's value with its RFC 2047 wrapping undone (§5.2.6). */
function unwrapped(signature: string): string {
  const wrapped = /^=\?utf-8\?B\?([A-Za-z0-9+/=]*)\?=$/i.exec(signature.trim());
  if (!wrapped) return signature;
  const bytes = Uint8Array.from(atob(wrapped[1]!), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** §5.2.3: the `headers` part, lower-case names separated by spaces, in signing order. */
export function signedHeaderNamesOf(signature: string): string[] | undefined {
  const match = /(?:^|,)\s*headers="([^"]*)"/.exec(unwrapped(signature));
  return match ? match[1]!.split(' ').filter((name) => name !== '') : undefined;
}

export class CodeRequestError extends Error {
  override readonly name = 'CodeRequestError';
}

/**
 * What a run's evidence redacted, as placeholders named after where they were (`[redacted]` in
 * X-Admin-Token becomes `{{redacted-X-Admin-Token}}`, read from REDACTED_X_ADMIN_TOKEN).
 */
function withRedactedAsPlaceholders(request: RecordedRequest): RecordedRequest {
  const placeholder = (where: string) => `{{redacted-${where.replace(/[^A-Za-z0-9_-]/g, '-')}}}`;
  const filled = (text: string, where: string) => text.split(REDACTED).join(placeholder(where));
  return {
    ...request,
    url: filled(request.url, 'url'),
    headers: Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, filled(value, name)]),
    ),
    ...(request.body !== undefined ? { body: filled(request.body, 'body') } : {}),
  };
}

export function codeRequest(recorded: RecordedRequest): CodeRequest {
  const request = withRedactedAsPlaceholders(recorded);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new CodeRequestError(`the request's URL '${request.url}' is not an absolute URL`);
  }
  const signature = Object.entries(request.headers).find(([n]) => n.toLowerCase() === 'signature');
  const signedHeaderNames = signature ? signedHeaderNamesOf(signature[1]) : undefined;
  if (signature && !signedHeaderNames?.length)
    throw new CodeRequestError(
      `the Signature header has no headers="…" part naming what it signed (§5.2.3): '${signature[1]}'`,
    );
  const headers: CodeHeader[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    // An unsigned request is sent as it was, a Digest it carries included.
    if ((signature && COMPUTED.has(lower)) || CLIENT_SET.has(lower)) continue;
    const fresh = FRESH[lower];
    headers.push({ name, value, ...(fresh ? { fresh } : {}) });
  }
  const body =
    request.body !== undefined
      ? { text: request.body }
      : request.bodyBase64 !== undefined
        ? { base64: request.bodyBase64 }
        : undefined;
  const texts = [request.url, ...headers.filter((h) => !h.fresh).map((h) => h.value)];
  if (request.body !== undefined) texts.push(request.body);
  const secrets = [
    ...new Set(texts.flatMap((t) => [...t.matchAll(PLACEHOLDER)].map((m) => m[1]!))),
  ];
  return {
    method: request.method.toUpperCase(),
    url: request.url,
    headers,
    ...(body ? { body } : {}),
    ...(signedHeaderNames ? { signedHeaderNames } : {}),
    secrets,
    tls: url.protocol === 'https:',
  };
}
