/**
 * How the TPP client reaches a bank (§5.1): undici with TLS 1.2 or higher, an optional client
 * certificate (QWAC) for mTLS, extra CA trust for test banks, an optional HTTP proxy, and
 * timeouts. Sends bytes exactly as prepared (the signature covers them) and reads the whole answer.
 */
import type { KeyObject } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';

export interface TransportOptions {
  /** Client certificate and key for mTLS (QWAC), PEM. */
  clientCertificate?: { certificate: string | Buffer; key: string | Buffer | KeyObject };
  /** CA certificates to trust in addition to (or, with `trustSystemCas: false`, instead of) the system's. */
  ca?: (string | Buffer)[];
  trustSystemCas?: boolean;
  /** Accept any server certificate. For a user's explicit choice only; never a default. */
  insecureSkipServerVerification?: boolean;
  /** Proxy URL (http://host:port). */
  proxy?: string;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  /** Largest response body read; the rest is cut and flagged (default 8 MiB). */
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

const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export function createTransport(options: TransportOptions = {}): Transport {
  const tls = {
    minVersion: 'TLSv1.2' as const,
    ...(options.clientCertificate
      ? {
          cert: options.clientCertificate.certificate,
          key: keyBytes(options.clientCertificate.key),
        }
      : {}),
    ...(options.ca?.length ? { ca: caList(options) } : {}),
    rejectUnauthorized: !options.insecureSkipServerVerification,
  };
  const timeouts = {
    connectTimeout: options.timeouts?.connectMs ?? 10_000,
    headersTimeout: options.timeouts?.headersMs ?? 30_000,
    bodyTimeout: options.timeouts?.bodyMs ?? 30_000,
  };
  const dispatcher: Dispatcher = options.proxy
    ? new ProxyAgent({ uri: options.proxy, requestTls: tls as never, ...timeouts })
    : new Agent({ connect: tls as never, ...timeouts });
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  return {
    async send(wire) {
      const startedAt = new Date();
      const started = performance.now();
      let response: Dispatcher.ResponseData;
      try {
        response = await request(wire.url, {
          method: wire.method as Dispatcher.HttpMethod,
          headers: wire.headers,
          body: wire.body,
          dispatcher,
          signal: wire.signal,
        });
      } catch (error) {
        throw describeTransportError(error, wire.url);
      }
      const headersMs = performance.now() - started;
      const { body, truncated } = await readCapped(response.body, maxBytes);
      return {
        status: response.statusCode,
        headers: flattenHeaders(response.headers),
        body,
        truncated,
        timings: {
          startedAt: startedAt.toISOString(),
          headersMs,
          totalMs: performance.now() - started,
        },
      };
    },
    close: () => dispatcher.close(),
  };
}

/** node:tls takes PEM or DER bytes; a KeyObject stays in main and is exported only in memory. */
function keyBytes(key: string | Buffer | KeyObject): string | Buffer {
  return typeof key === 'string' || Buffer.isBuffer(key)
    ? key
    : (key.export({ type: 'pkcs8', format: 'pem' }) as string);
}

function caList(options: TransportOptions): (string | Buffer)[] {
  const extra = options.ca ?? [];
  // Node replaces its built-in roots when `ca` is given; keep them unless told otherwise.
  return options.trustSystemCas === false ? extra : [...extra, ...rootCertificates];
}

async function readCapped(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of body) {
    const buffer = Buffer.from(chunk as Uint8Array);
    if (size + buffer.length > maxBytes) {
      chunks.push(buffer.subarray(0, maxBytes - size));
      truncated = true;
      body.destroy();
      break;
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return { body: Buffer.concat(chunks), truncated };
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
function describeTransportError(error: unknown, url: string): TransportError {
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
    ECONNRESET: `${origin} closed the connection (a server that requires a client certificate does this when none or an untrusted one is sent)`,
  };
  return new TransportError(
    `${explain[code] ?? `request to ${origin} failed`} (${code}: ${detail})`,
    code,
  );
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
