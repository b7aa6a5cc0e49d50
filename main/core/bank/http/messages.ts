/**
 * The bank's HTTP messages: a request as the pipeline reads it and the answer it writes. No socket
 * anywhere: the node:http listener (listener/http.ts) is a thin adapter over these types.
 */

import type { JsonIntakeResult } from './json-intake.js';

export interface BankRequest {
  method: string;
  /** Path and query exactly as on the request line. */
  target: string;
  /** Lower-case names → value; a field sent several times is joined with ", " (RFC 9110 §5.3). */
  headers: Record<string, string>;
  /**
   * Set by the listener (listener/http.ts): `headers` was made for this request alone and nobody
   * else holds it, so the request log keeps it as it is. A caller of `handle` may change its
   * headers object after the call: without this flag the log keeps a copy, the request as sent.
   */
  headersUnshared?: true;
  /** Lower-case names of fields that appeared more than once on the wire. */
  duplicateHeaders?: readonly string[];
  /** The body bytes; an adapter may cut a body above the size limit to limit + 1 bytes. */
  body: Buffer;
  /**
   * A body the listener parsed as it arrived instead of keeping it (listener/http.ts `bodySink`:
   * the admin API's snapshot import); `body` is then empty. `bytes` counts every byte received,
   * so a body over the limit is still known to be.
   */
  parsedBody?: { bytes: number; result: JsonIntakeResult };
  remoteAddress?: string;
  /** mTLS: the client certificate (QWAC, DER) the TLS handshake verified; absent without mTLS. */
  clientCertificate?: Buffer;
}

export interface BankResponse {
  status: number;
  headers: Record<string, string>;
  /** Serialised body (JSON text); empty for 204. */
  body: string;
  /** A binary body (the DER files under /pki/, pki.ts), sent instead of `body` when given. */
  bytes?: Buffer;
  /**
   * A large body as UTF-8 pieces (GET /admin/snapshot), sent one after the other instead of
   * `body`: no single string of it is made, nor the copy of that string a socket write takes.
   */
  parts?: readonly Buffer[];
  /** The body before serialisation (for the request log); undefined when empty. */
  json?: unknown;
}

/**
 * What a listener sends for one request: the answer, and the bookkeeping that may wait until the
 * answer is on its way (the request log and the TPP's findings, bank.ts). http.ts runs it in the
 * same turn of the event loop, after that turn's answers are written, so nothing can read the log
 * before it holds the exchange.
 */
export interface ServedRequest {
  response: BankResponse;
  afterSending?: () => void;
}
