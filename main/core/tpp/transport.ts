/**
 * How the TPP client reaches a bank (§5.1): undici with TLS 1.2 or higher, an optional client
 * certificate (QWAC) for mTLS, extra CA trust for test banks, an optional HTTP proxy, and
 * timeouts. Sends bytes exactly as prepared (the signature covers them) and reads the whole answer.
 * A bank under test is not trusted: one deadline covers the whole exchange (connect, headers,
 * body), so a server trickling a byte a second cannot hold the client, and a body over the limit
 * is a named error, never a silent cut.
 */
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { PLAIN_HTTP_TO_TLS, plainHttpToTls } from './plain-http-to-tls.js';
import { connectionTls, type TransportTls } from './tls-context.js';

/** The TLS options (tls-context.ts), and how requests travel. */
export interface TransportOptions extends TransportTls {
  /** Proxy URL (http://host:port). */
  proxy?: string;
  /**
   * `totalMs` bounds the whole exchange: connect, response headers and the whole body (default
   * 30 s). The others bound one phase each (connect 10 s; headers and the gap between body chunks
   * 30 s).
   */
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number; totalMs?: number };
  /** Largest response body read; a larger one fails with RESPONSE_TOO_LARGE (default 8 MiB). */
  maxResponseBytes?: number;
}

export interface WireRequest {
  method: string;
  url: string;
  /** Header name → value, sent in this order with this spelling. */
  headers: Record<string, string>;
  body?: Buffer;
  signal?: AbortSignal;
}

export interface WireResponse {
  status: number;
  /** Lower-case names; repeated fields joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** Always false: a body over the limit is an error (kept for the recorded exchange's shape). */
  truncated: boolean;
  timings: { startedAt: string; headersMs: number; totalMs: number };
}

export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface Transport {
  send(request: WireRequest): Promise<WireResponse>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** The whole-exchange deadline when none is given. */
export const DEFAULT_TOTAL_TIMEOUT_MS = 30_000;

/**
 * The undici dispatcher for `options`: TLS 1.2 or higher (§5.1), the QWAC, extra CAs, timeouts,
 * proxy. Shared by the signing client and by what else talks to the same bank (the headless PSU
 * on the SCA pages), so both trust and present the same certificates.
 */
export function transportDispatcher(options: TransportOptions = {}): Dispatcher {
  const tls = connectionTls(options);
  const timeouts = {
    connectTimeout: options.timeouts?.connectMs ?? 10_000,
    headersTimeout: options.timeouts?.headersMs ?? 30_000,
    bodyTimeout: options.timeouts?.bodyMs ?? 30_000,
  };
  return options.proxy
    ? new ProxyAgent({ uri: options.proxy, requestTls: tls as never, ...timeouts })
    : new Agent({ connect: tls as never, ...timeouts });
}

export function createTransport(options: TransportOptions = {}): Transport {
  const dispatcher = transportDispatcher(options);
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const totalMs = options.timeouts?.totalMs ?? DEFAULT_TOTAL_TIMEOUT_MS;

  return {
    async send(wire) {
      const startedAt = new Date();
      const started = performance.now();
      // One deadline for connect, headers and body; the caller's signal still cancels.
      const deadline = new AbortController();
      const timer = setTimeout(
        () => deadline.abort(new TransportError(wholeExchangeTimeout(totalMs), 'TIMEOUT')),
        totalMs,
      );
      const signal = wire.signal
        ? AbortSignal.any([wire.signal, deadline.signal])
        : deadline.signal;
      const fail = (error: unknown): TransportError => {
        if (error instanceof TransportError) return error;
        if (deadline.signal.aborted && !wire.signal?.aborted)
          return deadline.signal.reason as TransportError;
        return describeTransportError(error, wire.url);
      };
      try {
        let response: Dispatcher.ResponseData;
        try {
          response = await request(wire.url, {
            method: wire.method as Dispatcher.HttpMethod,
            headers: wire.headers,
            body: wire.body,
            dispatcher,
            signal,
          });
        } catch (error) {
          const failure = fail(error);
          // Through a proxy the closing party is the proxy: nothing to tell about the bank's port.
          const tls = options.proxy ? undefined : await plainHttpToTls(failure, wire.url);
          throw tls === undefined ? failure : new TransportError(tls, PLAIN_HTTP_TO_TLS);
        }
        const headersMs = performance.now() - started;
        let body: Buffer;
        try {
          body = await readLimited(response, maxBytes, wire.method);
        } catch (error) {
          throw fail(error);
        }
        return {
          status: response.statusCode,
          headers: flattenHeaders(response.headers),
          body,
          truncated: false,
          timings: {
            startedAt: startedAt.toISOString(),
            headersMs,
            totalMs: performance.now() - started,
          },
        };
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => dispatcher.close(),
  };
}

/** `request timed out after 30 s (whole exchange)`. */
export function wholeExchangeTimeout(totalMs: number): string {
  return `request timed out after ${totalMs / 1000} s (whole exchange: connect, headers and body)`;
}

function tooLarge(maxBytes: number, seen: string): TransportError {
  return new TransportError(
    `response body exceeds the limit of ${maxBytes} bytes (${seen}); nothing of it was kept`,
    'RESPONSE_TOO_LARGE',
  );
}

/** The whole body, or RESPONSE_TOO_LARGE as soon as the limit is passed (Content-Length first). */
async function readLimited(
  response: Dispatcher.ResponseData,
  maxBytes: number,
  method: string,
): Promise<Buffer> {
  const body = response.body;
  const declared = Number(response.headers['content-length']);
  if (method.toUpperCase() !== 'HEAD' && Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    throw tooLarge(maxBytes, `Content-Length ${declared}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge(maxBytes, `more than ${maxBytes} bytes arrived`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

export function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Turns undici's and TLS's errors into one sentence a user can act on. */
/** A transport failure in words that name the origin and the cause (undici's codes explained). */
export function describeTransportError(error: unknown, url: string): TransportError {
  const err = error as {
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  const code = err.code ?? err.cause?.code ?? 'UNKNOWN';
  const detail = err.cause?.message ?? err.message ?? String(error);
  const origin = safeOrigin(url);
  const explain: Record<string, string> = {
    ECONNREFUSED: `nothing is listening at ${origin}`,
    ENOTFOUND: `the host of ${origin} is not known`,
    UND_ERR_CONNECT_TIMEOUT: `no connection to ${origin} within the connect timeout`,
    UND_ERR_HEADERS_TIMEOUT: `${origin} sent no response headers within the timeout`,
    UND_ERR_BODY_TIMEOUT: `${origin} stopped sending the response body`,
    UND_ERR_ABORTED: 'the request was cancelled',
    ABORT_ERR: 'the request was cancelled',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: `the server certificate of ${origin} does not chain to a trusted CA`,
    UNABLE_TO_GET_ISSUER_CERT_LOCALLY: `the server certificate of ${origin} does not chain to a trusted CA`,
    DEPTH_ZERO_SELF_SIGNED_CERT: `the server certificate of ${origin} is self-signed and not trusted`,
    SELF_SIGNED_CERT_IN_CHAIN: `the server certificate chain of ${origin} ends in an untrusted CA`,
    ERR_TLS_CERT_ALTNAME_INVALID: `the server certificate of ${origin} is not for this host name`,
    CERT_HAS_EXPIRED: `the server certificate of ${origin} has expired`,
    ECONNRESET: origin.startsWith('https:')
      ? `${origin} closed the connection (a server that requires a client certificate does this when none or an untrusted one is sent)`
      : `${origin} closed the connection`,
  };
  return new TransportError(
    `${explain[code] ?? `request to ${origin} failed`} (${code}: ${detail})`,
    code,
  );
}

/**
 * Codes of a transport error that every later request to the same bank would meet too: nothing
 * listening, an unknown host, no connection within the timeout, a server certificate not trusted,
 * a TLS port asked in plain HTTP. A run stops at the first (runner/session/prepare.ts).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  PLAIN_HTTP_TO_TLS,
]);

/** Whether a transport error's text (describeTransportError's `… (CODE: detail)`) says so. */
export function saysUnreachable(transportError: string): boolean {
  return [...transportError.matchAll(/\(([A-Z][A-Z0-9_]*): /g)].some((match) =>
    UNREACHABLE_CODES.has(match[1]!),
  );
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
