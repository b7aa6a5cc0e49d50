/**
 * The bank's HTTP edges over a raw socket: a slow head and a slow body are cut near
 * the configured timeouts with a 408 tppMessages answer, an idle keep-alive connection closes, the
 * connection cap refuses the connection past it, an unknown Expect gets 417 and CONNECT 405, both
 * with a tppMessages body. Small limits, 127.0.0.1 only.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank, type BankListener } from '../../../main/core/bank/index.js';
import { BANK_HTTP_DEFAULTS, listenBank } from '../../../main/core/bank/listener/http.js';
import { VirtualClock } from '../../../main/core/clock.js';

let bank: Bank;
let listener: BankListener;

beforeAll(async () => {
  bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  listener = await bank.listen({
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
    keepAliveTimeoutMs: 300,
  });
});

afterAll(() => bank.close());

interface RawResult {
  text: string;
  closedAfterMs: number;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection (at most `limitMs`). */
function untilClosed(socket: Socket, limitMs = 5000): Promise<RawResult> {
  const started = performance.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after ${limitMs} ms; received: ${text}`));
    }, limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: performance.now() - started });
    });
  });
}

/** Writes `parts` one every `everyMs` while the socket is open. */
function drip(socket: Socket, parts: string[], everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (i >= parts.length || socket.destroyed) return clearInterval(timer);
    socket.write(parts[i++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
}

function tppMessagesOf(raw: string): { code: string; text: string }[] {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return (JSON.parse(body) as { tppMessages: { code: string; text: string }[] }).tppMessages;
}

describe('timeouts', () => {
  it('closes a connection whose head trickles in, near headersTimeout, with 408 tppMessages', async () => {
    const socket = await open(listener.port);
    const done = untilClosed(socket);
    socket.write('GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    drip(
      socket,
      Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: a\r\n`),
      50,
    );
    const { text, closedAfterMs } = await done;
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closedAfterMs).toBeLessThan(1500);
    expect(statusOf(text)).toBe(408);
    expect(tppMessagesOf(text)[0]).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('closes a connection whose body trickles in, near requestTimeout, with 408 tppMessages', async () => {
    const socket = await open(listener.port);
    const done = untilClosed(socket);
    socket.write(
      'POST /v1/consents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{',
    );
    drip(
      socket,
      Array.from({ length: 500 }, () => ' '),
      50,
    );
    const { text, closedAfterMs } = await done;
    expect(closedAfterMs).toBeGreaterThanOrEqual(550);
    expect(closedAfterMs).toBeLessThan(2000);
    expect(statusOf(text)).toBe(408);
    expect(tppMessagesOf(text)[0]).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('closes an idle keep-alive connection after keepAliveTimeout', async () => {
    const socket = await open(listener.port);
    const done = untilClosed(socket);
    socket.write('GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const { text, closedAfterMs } = await done;
    expect(statusOf(text)).toBeGreaterThanOrEqual(400); // unsigned: refused, but answered
    // Node keeps the socket about a second past keepAliveTimeout (a buffer against races).
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closedAfterMs).toBeLessThan(2500);
  });

  it('has bounded defaults well below Node’s', () => {
    expect(BANK_HTTP_DEFAULTS.headersTimeoutMs).toBeLessThanOrEqual(15_000);
    expect(BANK_HTTP_DEFAULTS.requestTimeoutMs).toBeLessThanOrEqual(60_000);
    expect(BANK_HTTP_DEFAULTS.maxConnections).toBeGreaterThan(0);
  });
});

describe('refusals answered with tppMessages', () => {
  it('answers Expect: foo with 417 and a tppMessages body', async () => {
    const socket = await open(listener.port);
    const done = untilClosed(socket);
    socket.write(
      'POST /v1/consents HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: foo\r\n' +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    const { text } = await done;
    expect(statusOf(text)).toBe(417);
    expect(text.toLowerCase()).toContain('content-type: application/json');
    expect(tppMessagesOf(text)[0]!.text).toContain("Expect 'foo'");
  });

  it('still answers Expect: 100-continue with 100 Continue', async () => {
    const socket = await open(listener.port);
    const done = untilClosed(socket);
    socket.write(
      'POST /v1/consents HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n' +
        'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n',
    );
    socket.once('data', () => socket.write('{}'));
    const { text } = await done;
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 [45]\d\d /);
  });

  it('answers CONNECT with 405 and a tppMessages body before closing', async () => {
    const socket = await open(listener.port);
    const done = untilClosed(socket);
    socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    const { text } = await done;
    expect(statusOf(text)).toBe(405);
    expect(tppMessagesOf(text)[0]).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('connection cap', () => {
  it('refuses the connection past maxConnections and accepts again once one closes', async () => {
    const capped = await listenBank(bank.handle, { maxConnections: 2 });
    const sockets: Socket[] = [];
    try {
      sockets.push(await open(capped.port), await open(capped.port));
      await new Promise((resolve) => setTimeout(resolve, 50)); // the server has accepted both
      const third = await open(capped.port);
      const refused = await untilClosed(third, 2000);
      expect(refused.text).toBe('');
      expect(refused.closedAfterMs).toBeLessThan(1000);

      // The two inside are still served.
      const first = sockets[0]!;
      const answered = untilClosed(first);
      first.write('GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      expect(statusOf((await answered).text)).toBeGreaterThanOrEqual(400);

      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await open(capped.port);
      sockets.push(next);
      const served = untilClosed(next);
      next.write('GET /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      expect(statusOf((await served).text)).toBeGreaterThanOrEqual(400);
    } finally {
      for (const socket of sockets) socket.destroy();
      await capped.close();
    }
  });

  it('refuses limits that are not positive whole numbers', async () => {
    await expect(listenBank(bank.handle, { headersTimeoutMs: 0 })).rejects.toThrow(
      /headersTimeoutMs/,
    );
    await expect(listenBank(bank.handle, { maxConnections: 1.5 })).rejects.toThrow(
      /maxConnections/,
    );
  });
});
