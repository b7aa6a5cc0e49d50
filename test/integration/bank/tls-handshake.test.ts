/**
 * TLS connections that never finish their handshake. Idle TCP connects to an
 * HTTPS listener at its connection cap are destroyed once the head timeout has passed (the
 * handshake must complete within it), so a new client is served again; a handshake that trickles
 * its bytes is cut the same way; closing the listener destroys connections still in their
 * handshake. Small limits, 127.0.0.1 only.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import {
  generateServerTls,
  type GeneratedServerTls,
} from '../../../main/core/bank/listener/tls.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { tlsHealth } from './tls-health.js';

const HEADERS_TIMEOUT_MS = 400;
let bank: Bank;
let tls: GeneratedServerTls;
const opened: Socket[] = [];

beforeAll(async () => {
  bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  tls = await generateServerTls();
}, 60_000);

afterAll(async () => {
  for (const socket of opened) socket.destroy();
  await bank.close();
});

function idle(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
    opened.push(socket);
  });
}

const closed = (socket: Socket) =>
  socket.destroyed ? Promise.resolve() : new Promise((resolve) => socket.once('close', resolve));

describe('a TLS handshake must complete within the head timeout', () => {
  it('idle connects at the connection cap are destroyed, and a new client is served', async () => {
    const listener = await bank.listen({
      https: { key: tls.key, cert: tls.cert },
      maxConnections: 5,
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
    });
    const started = performance.now();
    const sockets = await Promise.all(Array.from({ length: 5 }, () => idle(listener.port)));
    await Promise.all(sockets.map(closed));
    expect(performance.now() - started).toBeLessThan(HEADERS_TIMEOUT_MS + 1000);
    expect(await tlsHealth(listener.port, tls.caPem)).toBe(200);
    await listener.close();
  });

  it('a handshake that trickles a byte at a time is cut too', async () => {
    const listener = await bank.listen({
      https: { key: tls.key, cert: tls.cert },
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
    });
    const socket = await idle(listener.port);
    // A TLS record header that promises a long ClientHello, then one byte every 50 ms.
    socket.write(Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00]));
    const timer = setInterval(() => socket.writable && socket.write(Buffer.from([0x01])), 50);
    const started = performance.now();
    await closed(socket);
    clearInterval(timer);
    expect(performance.now() - started).toBeLessThan(HEADERS_TIMEOUT_MS + 1000);
    await listener.close();
  });

  it('closing the listener destroys connections still in their handshake', async () => {
    const listener = await bank.listen({
      https: { key: tls.key, cert: tls.cert },
      headersTimeoutMs: 60_000,
    });
    const sockets = await Promise.all(Array.from({ length: 3 }, () => idle(listener.port)));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the server has accepted them
    const started = performance.now();
    await listener.close();
    await Promise.all(sockets.map(closed));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
