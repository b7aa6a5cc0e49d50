/**
 * What the listener (http.ts) writes when the pipeline cannot answer: a request node:http refuses
 * before it is one (malformed HTTP 400, a header block too large 431, too slow 408), an Expect it
 * does not support (417), CONNECT (405). Each is a JSON tppMessages answer (§2.1) like the
 * pipeline's, and the connection closes after it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { bankError } from '../../spec/errors.js';
import type { BankResponse } from '../http/messages.js';

export function writeResponse(res: ServerResponse, response: BankResponse, close: boolean): void {
  if (res.headersSent || res.destroyed) return;
  const { parts } = response;
  const body = response.bytes ?? response.body;
  const headers: Record<string, string | number> = {
    ...response.headers,
    'content-length': parts
      ? parts.reduce((sum, part) => sum + part.length, 0)
      : Buffer.byteLength(body),
  };
  if (close) headers.connection = 'close';
  res.writeHead(response.status, headers);
  if (!parts) return void res.end(body);
  for (const part of parts) res.write(part);
  res.end();
}

export function failureResponse(status: number, text: string): BankResponse {
  const error = bankError('BAD_REQUEST', text, { status });
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(error.body),
  };
}

/** A raw HTTP/1.1 answer with a tppMessages body, then the connection closes. */
function rawRefusal(status: number, reason: string, text: string, extra = ''): string {
  const response = failureResponse(status, text);
  return (
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: ${response.headers['content-type']}\r\n` +
    `content-length: ${Buffer.byteLength(response.body)}\r\n${extra}connection: close\r\n\r\n` +
    response.body
  );
}

/** `Expect` other than 100-continue (RFC 9110 §10.1.1): 417 with a tppMessages body. */
export function onCheckExpectation(req: IncomingMessage, res: ServerResponse): void {
  req.on('error', () => undefined);
  res.on('error', () => undefined);
  writeResponse(
    res,
    failureResponse(
      417,
      `Expect '${req.headers.expect ?? ''}' is not supported; only 100-continue`,
    ),
    true,
  );
  req.resume(); // drop whatever body follows; the connection closes after the answer
}

/** CONNECT is no method of this API: 405 with a tppMessages body, then close the tunnel socket. */
export function onConnect(_req: IncomingMessage, socket: Socket): void {
  socket.on('error', () => undefined);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    rawRefusal(
      405,
      'Method Not Allowed',
      'CONNECT is not supported: this server is a PSD2 API, not a proxy',
      'allow: GET, POST, PUT, DELETE\r\n',
    ),
  );
}

/**
 * Malformed HTTP gets a plain-HTTP answer, then the connection closes. A TLS socket whose
 * handshake never completed (a handshake timeout, a client certificate the handshake refused, a
 * peer that speaks no TLS) cannot carry one: it is destroyed, or it would stay open for good.
 */
export function onClientError(
  established: WeakSet<Socket>,
): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (
      !socket.writable ||
      socket.destroyed ||
      ((socket as TLSSocket).encrypted === true && !established.has(socket))
    ) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
    const reason =
      status === 431
        ? 'Request Header Fields Too Large'
        : status === 408
          ? 'Request Timeout'
          : 'Bad Request';
    const text =
      status === 408
        ? 'the request did not arrive in time (headers or body too slow)'
        : `malformed HTTP request (${error.code ?? error.message})`;
    socket.end(rawRefusal(status, reason, text));
  };
}
