/**
 * DNS rebinding. A bank listening on loopback answers its own routes (the
 * admin API, the sandbox management routes) only for a Host that names loopback with its port;
 * a page that rebinds its own name to 127.0.0.1 gets 421 with a tppMessages text, and nothing
 * changes. Other paths (health, the PSD2 routes, which need a signature) are not concerned.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi } from '../../../main/core/bank/admin/admin-api.js';
import { createBank, type Bank, type BankListener } from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';

const TOKEN = 'admin-token-for-tests-0123456789';
let bank: Bank;
let listener: BankListener;

beforeAll(async () => {
  const clock = new VirtualClock();
  bank = createBank({ mode: 'sandbox', clock });
  const admin = createAdminApi({ bank, clock, token: TOKEN, maxBodyBytes: 1 << 20 });
  listener = await bank.listen({ intercept: admin });
});

afterAll(() => bank.close());

/** A request with the Host header given (undefined: none, as HTTP/1.0 may send). */
function send(
  method: string,
  path: string,
  host: string | undefined,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
    if (host !== undefined) headers.host = host;
    const req = httpRequest(
      { host: '127.0.0.1', port: listener.port, method, path, headers, setHost: false },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the Host header on a loopback bank', () => {
  it.each([
    ['POST', '/admin/reset'],
    ['GET', '/admin/clock'],
    ['POST', '/v1/sandbox/initialize'],
    ['GET', '/v1/sandbox/customers'],
  ])('%s %s with a foreign Host is 421 naming it, and nothing changes', async (method, path) => {
    const events = bank.consoleEvents.entries().length;
    for (const host of ['attacker.example', `attacker.example:${listener.port}`, '127.0.0.1:1']) {
      const answer = await send(method, path, host);
      expect(answer.status, `${host}: ${answer.body}`).toBe(421);
      const [message] = JSON.parse(answer.body).tppMessages;
      expect(message.code).toBe('BAD_REQUEST');
      expect(message.text).toContain(`Host '${host}' is not this bank's loopback address`);
      expect(message.text).toContain(`127.0.0.1:${listener.port}`);
      expect(message.text).toContain('DNS rebinding');
    }
    expect(bank.consoleEvents.entries()).toHaveLength(events);
  });

  it('answers a loopback Host with the port, in any case', async () => {
    for (const host of [
      `127.0.0.1:${listener.port}`,
      `localhost:${listener.port}`,
      `LOCALHOST:${listener.port}`,
      `[::1]:${listener.port}`,
    ])
      expect((await send('GET', '/admin/clock', host)).status, host).toBe(200);
  });

  it('leaves the other paths alone', async () => {
    expect((await send('GET', '/health', 'attacker.example')).status).toBe(200);
    // A PSD2 route: refused for its missing headers and signature, not for the Host.
    expect((await send('GET', '/v1/accounts', 'attacker.example')).status).not.toBe(421);
  });

  it('does not check a bank listening on another address', async () => {
    const wide = await bank.listen({ host: '0.0.0.0' });
    try {
      const answer = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: wide.port,
            path: '/v1/sandbox/customers',
            headers: { host: 'bank.example' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(answer).not.toBe(421);
    } finally {
      await wide.close();
    }
  });
});
