/**
 * DNS rebinding and the request target, over raw sockets (net.connect). A bank listening on
 * loopback (all of 127.0.0.0/8) answers every route only for a Host that names loopback (or its
 * own address) with its port, or an allowed host; a page that rebinds its own name to 127.0.0.1
 * gets 421 with a tppMessages text, and nothing changes. A target a URL parser would read as
 * another path (dot-segments, encoded slashes, `//`) is 400 before any Host or route decision;
 * an HTTP/1.1 request without Host is 400 in the bank's error format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi } from '../../../main/core/bank/admin/admin-api.js';
import { createBank, type Bank, type BankListener } from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { firstTppMessage, rawRequest } from '../../support/raw-http.js';

const TOKEN = 'admin-token-for-tests-0123456789';
let bank: Bank;
let listener: BankListener;

beforeAll(async () => {
  const clock = new VirtualClock();
  bank = createBank({ mode: 'sandbox', clock });
  const admin = createAdminApi({ bank, clock, token: TOKEN, maxBodyBytes: 1 << 20 });
  listener = await bank.listen({
    intercept: admin,
    allowedHosts: ['bank.ci.internal', '[fd00::1]'],
  });
});

afterAll(() => bank.close());

/** A request with the Host header given (undefined: none) and the admin token. */
function send(method: string, path: string, host: string | undefined, version = '1.1') {
  const hostLine = host === undefined ? '' : `\r\nHost: ${host}`;
  return rawRequest(
    listener.port,
    `${method} ${path} HTTP/${version}${hostLine}\r\nAuthorization: Bearer ${TOKEN}`,
  );
}

describe('the Host header on a loopback bank', () => {
  it.each([
    ['POST', '/admin/reset'],
    ['GET', '/admin/clock'],
    ['POST', '/v1/sandbox/initialize'],
    ['GET', '/v1/sandbox/customers'],
    ['GET', '/health'],
    ['GET', '/openapi.json'],
    ['GET', '/v1/accounts'],
    ['POST', '/v1/consents'],
    ['GET', '/sca/some-authorisation'],
    ['GET', '/pki/'],
  ])('%s %s with a foreign Host is 421 naming it, and nothing changes', async (method, path) => {
    const events = bank.consoleEvents.entries().length;
    for (const host of ['attacker.example', `attacker.example:${listener.port}`, '127.0.0.1:1']) {
      const answer = await send(method, path, host);
      expect(answer.status, `${host}: ${answer.body}`).toBe(421);
      const message = firstTppMessage(answer);
      expect(message.code).toBe('BAD_REQUEST');
      expect(message.text).toContain(`Host '${host}' is not this bank's loopback address`);
      expect(message.text).toContain(`127.0.0.1:${listener.port}`);
      expect(message.text).toContain('bank.ci.internal[:port]');
      expect(message.text).toContain('DNS rebinding');
    }
    expect(bank.consoleEvents.entries()).toHaveLength(events);
  });

  it('answers a loopback Host with the port, in any case, and an allowed host', async () => {
    for (const host of [
      `127.0.0.1:${listener.port}`,
      `localhost:${listener.port}`,
      `LOCALHOST:${listener.port}`,
      `[::1]:${listener.port}`,
      'bank.ci.internal',
      'Bank.CI.internal:8443',
      '[FD00::1]:8443',
    ]) {
      expect((await send('GET', '/admin/clock', host)).status, host).toBe(200);
      expect((await send('GET', '/health', host)).status, host).toBe(200);
    }
  });

  it('refuses HTTP/1.0 without Host 421, and HTTP/1.1 without Host 400, both as tppMessages', async () => {
    const old = await send('GET', '/health', undefined, '1.0');
    expect(old.status).toBe(421);
    expect(firstTppMessage(old).text).toContain(
      "no Host header is not this bank's loopback address",
    );
    const missing = await send('GET', '/health', undefined);
    expect(missing.status).toBe(400);
    expect(firstTppMessage(missing)).toEqual({
      category: 'ERROR',
      code: 'BAD_REQUEST',
      text: 'an HTTP/1.1 request must carry a Host header',
    });
  });

  it('checks a bank on another loopback address (127.0.0.2) with its own address', async () => {
    const other = await bank.listen({ host: '127.0.0.2' });
    try {
      const at = (host: string) =>
        rawRequest(other.port, `GET /health HTTP/1.1\r\nHost: ${host}`, '127.0.0.2');
      expect((await at(`127.0.0.2:${other.port}`)).status).toBe(200);
      expect((await at(`127.0.0.1:${other.port}`)).status).toBe(200);
      expect((await at('attacker.example')).status).toBe(421);
    } finally {
      await other.close();
    }
  });

  it('does not check a bank listening on another address', async () => {
    const wide = await bank.listen({ host: '0.0.0.0' });
    try {
      const answer = await rawRequest(wide.port, 'GET /health HTTP/1.1\r\nHost: bank.example');
      expect(answer.status).toBe(200);
    } finally {
      await wide.close();
    }
  });
});

describe('the request target', () => {
  it.each([
    ['/x/../admin/reset', 'dot-segment'],
    ['/v1/sandbox/../../admin/reset', 'dot-segment'],
    ['/x/%2e%2E/admin/reset', 'dot-segment'],
    ['/./admin/reset', 'dot-segment'],
    ['//attacker.example/admin/reset', 'empty segment'],
    ['/admin//reset', 'empty segment'],
    ['/x%2F..%2Fadmin/reset', 'encoded slash'],
    ['/x/..%5Cadmin/reset', 'backslash'],
    ['/x\\..\\admin/reset', 'backslash'],
    ['http://attacker.example/admin/reset', 'origin form'],
  ])('POST %s is 400 naming the %s, whatever the Host, and nothing changes', async (path, said) => {
    const events = bank.consoleEvents.entries().length;
    for (const host of ['attacker.example', `127.0.0.1:${listener.port}`]) {
      const answer = await send('POST', path, host);
      expect(answer.status, `${host}: ${answer.body}`).toBe(400);
      const message = firstTppMessage(answer);
      expect(message.code).toBe('BAD_REQUEST');
      expect(message.text).toContain(said);
    }
    expect(bank.consoleEvents.entries()).toHaveLength(events);
  });

  it('keeps a trailing slash and a query with dots as they are', async () => {
    const host = `127.0.0.1:${listener.port}`;
    expect((await send('GET', '/health?x=../..', host)).status).toBe(200);
    expect((await send('GET', '/v1/sandbox/customers/', host)).status).not.toBe(400);
  });
});
