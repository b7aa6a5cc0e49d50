/**
 * The node:http(s) listener: a thin adapter from sockets to `handle`. It reads the body (keeping
 * at most limit + 1 bytes, so the pipeline answers 413 without buffering a huge upload, or handing
 * it piece by piece to a sink that asked for it), keeps the raw header information, writes the
 * answer, and turns malformed HTTP into a JSON tppMessages answer too: so are a slow request
 * (408), an unknown Expect (417) and CONNECT (405). Timeouts and a connection cap bound what one
 * client can hold. Nothing here can stop the server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { MAX_REQUEST_BODY_BYTES } from '../../spec/limits.js';
import type { JsonIntakeResult } from '../http/json-intake.js';
import type { BankRequest, BankResponse, ServedRequest } from '../http/messages.js';
import {
  failureResponse,
  onCheckExpectation,
  onClientError,
  onConnect,
  writeResponse,
} from './refusals.js';

/** What a body limit may depend on: the request line and the credentials. */
export interface BodyLimitHead {
  method: string;
  target: string;
  authorization: string | undefined;
}

/** Takes a body piece by piece (JsonIntake, http/json-intake.ts, with a limit). */
export interface BodySink {
  /** Bytes past this many are counted but not written; the request is then over its limit. */
  readonly maxBytes: number;
  write(chunk: Buffer): void;
  end(): JsonIntakeResult;
}

export interface ListenOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /**
   * Serve HTTPS with this key and certificate (PEM), e.g. from the workbench's test CA; TLS 1.2 at
   * least unless the options say otherwise. tls.ts builds these options, mTLS included.
   */
  https?: ServerOptions & { key: string | Buffer; cert: string | Buffer };
  maxBodyBytes?: number;
  /**
   * Asked with the request head before the body is read: a sink that takes this request's body as
   * it arrives, up to its own limit, instead of the listener keeping it (the admin API's snapshot
   * import with the right token, parsed as it arrives so the snapshot is never held twice). The
   * request then carries the sink's result in `parsedBody` and an empty `body`; `undefined` keeps
   * the body and `maxBodyBytes`.
   */
  bodySink?: (head: BodyLimitHead) => BodySink | undefined;
  /**
   * Connection limits (defaults in BANK_HTTP_DEFAULTS): the whole request head must arrive within
   * `headersTimeoutMs` (with TLS, the handshake too, or the connection is destroyed), the whole
   * request (head and body) within `requestTimeoutMs`; an idle
   * keep-alive connection closes after `keepAliveTimeoutMs`; beyond `maxConnections` open
   * connections a new one is closed at once.
   */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  maxConnections?: number;
  /**
   * Asked first for every request: an answer it gives is sent as it is (no pipeline, no request
   * log); `undefined` hands the request to the bank. The admin API (admin/admin-api.ts) uses it.
   */
  intercept?: (request: BankRequest) => Promise<BankResponse | undefined>;
  /**
   * On a loopback listener, Host values answered besides the loopback names with its port
   * (`workbench bank --allow-host`, parseAllowedHost in shared/loopback.ts): `name` or
   * `name:port`, lower case. The check itself is the bank's (assembly/listener.ts).
   */
  allowedHosts?: readonly string[];
}

/**
 * Node's defaults let a slow-header connection live 60–90 s and a slow body 300 s, with no cap on
 * connections. A PSD2 request is small: these bound what one client can hold.
 */
export const BANK_HTTP_DEFAULTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
} as const;

export interface BankListener {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

const EMPTY_BODY = Buffer.alloc(0);

/** Beyond this many bytes the upload is not drained any longer: answer and close. */
const DRAIN_LIMIT_FACTOR = 16;

/**
 * A request's headers object: its prototype is an empty object without one, so no name (a header
 * named __proto__, or constructor) reaches Object.prototype — a header stays a header, a missing
 * one is undefined. Unlike an object made with no prototype at all, which V8 keeps as a hash
 * table, these keep fast properties, and every stage, the request log and the TPP findings read
 * them on every request.
 */
const RequestHeaders = function RequestHeaders() {} as unknown as new () => Record<string, string>;
RequestHeaders.prototype = Object.create(null) as object;

/** A new empty headers object for one request (RequestHeaders). */
export const newHeaders = (): Record<string, string> => new RequestHeaders();

/** Lower-case name → joined value, and the names that appeared more than once. */
export function headersFromRaw(rawHeaders: readonly string[]): {
  headers: Record<string, string>;
  duplicateHeaders: readonly string[];
} {
  const headers = newHeaders();
  // Made only when a field comes twice: most requests have none, and this runs on every one.
  let duplicates: string[] | undefined;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!;
    if (Object.hasOwn(headers, name)) {
      duplicates ??= [];
      if (!duplicates.includes(name)) duplicates.push(name);
      headers[name] = `${headers[name]}, ${value}`;
    } else headers[name] = value;
  }
  return { headers, duplicateHeaders: duplicates ?? NO_DUPLICATES };
}

const NO_DUPLICATES: readonly string[] = [];

/**
 * The answers made in one turn of the event loop, written together in its check phase, and then
 * the bookkeeping each one left for after sending (ServedRequest).
 *
 * Under load a poll phase hands the listener several requests; answering each as soon as its
 * pipeline ends interleaves the pipelines with the kernel's loopback sends, the client's wake-ups
 * and the request log, and every pipeline then runs on cold caches. Running the turn's pipelines,
 * then its writes, then its log entries (one `setImmediate`) measured about +65 % signed GETs per
 * second on this 2-core machine (docs/performance.md). A lone request waits for no one: its turn
 * holds only its own answer.
 */
function answerBatch(): (write: () => void, afterSending?: () => void) => void {
  let writes: (() => void)[] = [];
  let afterwards: (() => void)[] = [];
  const flush = () => {
    const sending = writes;
    const after = afterwards;
    writes = [];
    afterwards = [];
    for (const write of sending) {
      try {
        write();
      } catch {
        // A socket that fails as it is written to is that client's loss, not the others'.
      }
    }
    for (const work of after) {
      try {
        work();
      } catch {
        // The answer is sent; a failure in the bank's bookkeeping must not stop the others.
      }
    }
  };
  return (write, afterSending) => {
    if (writes.push(write) === 1) setImmediate(flush);
    if (afterSending) afterwards.push(afterSending);
  };
}

function requestListener(
  serve: (request: BankRequest) => Promise<ServedRequest>,
  defaultMaxBodyBytes: number,
  bodySink: ListenOptions['bodySink'],
) {
  const later = answerBatch();
  return (req: IncomingMessage, res: ServerResponse): void => {
    const sink = bodySink?.({
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      authorization: req.headers.authorization,
    });
    const maxBodyBytes = sink?.maxBytes ?? defaultMaxBodyBytes;
    const chunks: Buffer[] = [];
    let kept = 0;
    let received = 0;
    let answered = false;
    req.on('error', () => undefined); // a client that goes away is not the bank's problem
    res.on('error', () => undefined);

    const answer = (close: boolean) => {
      if (answered) return;
      answered = true;
      const { headers, duplicateHeaders } = headersFromRaw(req.rawHeaders);
      const request: BankRequest = {
        method: req.method ?? 'GET',
        target: req.url ?? '/',
        headers,
        headersUnshared: true,
        duplicateHeaders,
        body: sink || kept === 0 ? EMPTY_BODY : Buffer.concat(chunks, kept),
        ...(sink
          ? {
              parsedBody: {
                bytes: received,
                result:
                  received > maxBodyBytes
                    ? { problem: `over ${maxBodyBytes} bytes, not parsed` }
                    : sink.end(),
              },
            }
          : {}),
        ...(req.socket.remoteAddress ? { remoteAddress: req.socket.remoteAddress } : {}),
        ...clientCertificateOf(req.socket),
      };
      let closeAfterAnswer = close;
      // RFC 9112 §3.2: an HTTP/1.1 request without Host is 400; node:http's own answer to it
      // has no body, so the listener makes it (requireHostHeader: false below).
      const served =
        req.httpVersion === '1.1' && req.headers.host === undefined
          ? Promise.resolve<ServedRequest>({
              response: failureResponse(400, 'an HTTP/1.1 request must carry a Host header'),
            })
          : serve(request);
      served
        .catch((error: unknown): ServedRequest => {
          closeAfterAnswer = true;
          return { response: failureResponse(500, `bank adapter failure: ${String(error)}`) };
        })
        .then(({ response, afterSending }) =>
          later(() => {
            try {
              writeResponse(res, response, closeAfterAnswer);
            } catch (error) {
              // An answer node:http refuses to write (a header value it cannot send).
              const text = `bank adapter failure: ${String(error)}`;
              writeResponse(res, failureResponse(500, text), true);
            }
            if (close) req.destroy();
          }, afterSending),
        );
    };

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (sink) {
        if (received <= maxBodyBytes) sink.write(chunk);
      } else if (kept <= maxBodyBytes) {
        const room = maxBodyBytes + 1 - kept;
        const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
        chunks.push(part);
        kept += part.length;
      }
      if (received > maxBodyBytes * DRAIN_LIMIT_FACTOR) {
        req.pause();
        answer(true);
      }
    });
    req.on('end', () => answer(false));
  };
}

/**
 * The client certificate the TLS handshake verified (mTLS), as DER, read again for every request
 * (a TLS 1.2 renegotiation may change it). `getPeerX509Certificate` hands over the DER; the older
 * `getPeerCertificate` also decodes subject, issuer, extensions and fingerprints into an object
 * the bank does not read, about 7× the cost per request (docs/performance.md).
 */
function clientCertificateOf(socket: Socket): { clientCertificate?: Buffer } {
  const tls = socket as TLSSocket;
  if (!tls.encrypted || !tls.authorized) return {};
  const raw = tls.getPeerX509Certificate()?.raw;
  return raw ? { clientCertificate: raw } : {};
}

/** A connection's peer, the same on its TCP socket and on the TLS socket over it. */
const peerOf = (socket: Socket) => `${socket.remoteAddress}|${socket.remotePort}`;

/**
 * Every connection of `server`, so that closing destroys them all (node:http's own tracking knows
 * only those that reached HTTP). With TLS, a connection whose handshake has not completed within
 * `handshakeMs` is destroyed: however slowly its bytes trickle in, a handshake holds a connection
 * (and a place under maxConnections) no longer than a request head may take. Returns the TLS
 * sockets whose handshake completed, and a function that destroys every connection.
 */
function trackConnections(
  server: Server,
  tls: boolean,
  handshakeMs: number,
): { established: WeakSet<Socket>; destroyAll(): void } {
  const sockets = new Set<Socket>();
  const handshaking = new Map<string, NodeJS.Timeout>();
  const established = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    const peer = peerOf(socket);
    const deadline = tls ? setTimeout(() => socket.destroy(), handshakeMs).unref() : undefined;
    if (deadline) handshaking.set(peer, deadline);
    socket.once('close', () => {
      sockets.delete(socket);
      if (deadline) {
        clearTimeout(deadline);
        if (handshaking.get(peer) === deadline) handshaking.delete(peer);
      }
    });
  });
  if (tls)
    server.on('secureConnection', (socket: TLSSocket) => {
      established.add(socket);
      const peer = peerOf(socket);
      clearTimeout(handshaking.get(peer));
      handshaking.delete(peer);
    });
  return {
    established,
    destroyAll() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

function positiveLimit(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive whole number, not ${value}`);
  return value;
}

/**
 * Serves `serve`'s answers (or plain `handle`'s, which has no bookkeeping to leave for later) over
 * node:http(s).
 */
export async function listenBank(
  serve:
    | ((request: BankRequest) => Promise<BankResponse>)
    | { serve(request: BankRequest): Promise<ServedRequest> },
  options: ListenOptions = {},
): Promise<BankListener> {
  const host = options.host ?? '127.0.0.1';
  const { intercept } = options;
  const served =
    typeof serve === 'function'
      ? async (request: BankRequest): Promise<ServedRequest> => ({ response: await serve(request) })
      : (request: BankRequest) => serve.serve(request);
  const listener = requestListener(
    intercept
      ? async (request) => {
          const answer = await intercept(request);
          return answer ? { response: answer } : served(request);
        }
      : served,
    options.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES,
    options.bodySink,
  );
  const d = BANK_HTTP_DEFAULTS;
  const requestTimeout = positiveLimit(
    'requestTimeoutMs',
    options.requestTimeoutMs,
    d.requestTimeoutMs,
  );
  // The whole request's bound covers its head too (and Node refuses a head bound above it).
  const headersTimeout = Math.min(
    requestTimeout,
    positiveLimit('headersTimeoutMs', options.headersTimeoutMs, d.headersTimeoutMs),
  );
  const limits = {
    requireHostHeader: false,
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: positiveLimit(
      'keepAliveTimeoutMs',
      options.keepAliveTimeoutMs,
      d.keepAliveTimeoutMs,
    ),
    // Node checks the two timeouts on this interval (default 30 s): keep it well below them.
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
  const server: Server = options.https
    ? createHttpsServer(
        { minVersion: 'TLSv1.2', ...options.https, ...limits, handshakeTimeout: headersTimeout },
        listener,
      )
    : createServer(limits, listener);
  server.maxConnections = positiveLimit('maxConnections', options.maxConnections, d.maxConnections);
  const connections = trackConnections(server, options.https !== undefined, headersTimeout);
  server.on('clientError', onClientError(connections.established));
  server.on('checkExpectation', onCheckExpectation);
  server.on('connect', onConnect);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => undefined);
  const port = (server.address() as AddressInfo).port;
  const scheme = options.https ? 'https' : 'http';
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;
  return {
    url: `${scheme}://${urlHost}:${port}`,
    host,
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        connections.destroyAll();
      });
      return closed;
    },
  };
}
