/**
 * Sending one case: through undici, or on a raw node:net socket for what undici refuses to send
 * (CR, LF, NUL, bytes above 0x7f in header values); both give up after TIMEOUT_MS (bank-setup.ts).
 */
import { connect } from 'node:net';
import { TIMEOUT_MS, type BankUnderTest } from './bank-setup.js';

/** One request exactly as it goes on the wire. */
export interface Wire {
  method: string;
  target: string;
  headers: [string, string][];
  body?: Buffer;
  /** Through a raw socket: values undici would refuse (CR, LF, NUL, bytes above 0x7f). */
  raw: boolean;
}

export interface Answer {
  kind: 'answer';
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  via: 'undici' | 'raw';
}
export type Outcome = Answer | { kind: 'timeout' | 'closed' | 'error'; detail: string };

function parseRawResponse(bytes: Buffer): Answer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = bytes.subarray(end + 4);
  if (Number.isFinite(length) && body.length < length) return undefined;
  return {
    kind: 'answer',
    status: Number(status),
    headers,
    body: Number.isFinite(length) ? body.subarray(0, length) : body,
    via: 'raw',
  };
}

function sendRaw(port: number, wire: Wire): Promise<Outcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    const received = () => Buffer.concat(chunks);
    socket.setTimeout(TIMEOUT_MS, () => finish({ kind: 'timeout', detail: 'raw socket' }));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const answer = parseRawResponse(received());
      if (answer) finish(answer);
    });
    socket.on('error', (error) =>
      finish(parseRawResponse(received()) ?? { kind: 'error', detail: error.message }),
    );
    socket.on('close', () =>
      finish(
        parseRawResponse(received()) ?? {
          kind: 'closed',
          detail: `closed after ${received().length} bytes`,
        },
      ),
    );
    socket.on('connect', () => {
      const lines = [
        `${wire.method} ${wire.target} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: close',
        ...wire.headers.map(([name, value]) => `${name}: ${value}`),
        ...(wire.body ? [`Content-Length: ${wire.body.length}`] : []),
      ];
      socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
      if (wire.body) socket.write(wire.body);
    });
  });
}

/** Sends `wire` to `target`: on a raw socket when `wire.raw` or when undici refuses the request. */
export async function send(target: BankUnderTest, wire: Wire): Promise<Outcome> {
  if (wire.raw) return sendRaw(target.port, wire);
  try {
    const response = await target.client.request({
      method: wire.method as 'GET',
      path: wire.target,
      headers: wire.headers.flat(),
      ...(wire.body ? { body: wire.body } : {}),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    return { kind: 'answer', status: response.statusCode, headers, body, via: 'undici' };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'UND_ERR_INVALID_ARG') return sendRaw(target.port, { ...wire, raw: true });
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
      return { kind: 'timeout', detail: code };
    return { kind: 'error', detail: `${code} ${(error as Error).message}` };
  }
}
