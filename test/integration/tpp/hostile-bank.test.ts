/**
 * The TPP client against a hostile bank on 127.0.0.1: a server that trickles its
 * answer, one that sends more than the body limit, and one whose JSON is nested millions deep.
 * The client gives up after one deadline for the whole exchange, names an oversized body as an
 * error, and never parses JSON past the size and depth caps.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TppClient } from '../../../main/core/tpp/client';
import { createTransport } from '../../../main/core/tpp/transport';
import { parseBankJson } from '../../../main/core/tpp/safe-json';
import { nestsDeeperThan } from '../../../main/shared/json';
import { runCli } from '../../../main/hosts/cli/index';
import { captureCliIo } from '../../support/cli-capture';
import { createExpect } from '../../../main/core/runner/engine/expect';
import { toEvidence } from '../../../main/shared/exchange';

/** 8 MB of `[[[…]]]`: parsing it costs gigabytes; the depth scan stops after 65 characters. */
const DEEP_JSON = '['.repeat(4_000_000) + ']'.repeat(4_000_000);

let server: Server;
let base: string;
const timers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case '/trickle': {
        // Headers at once, then one byte every 100 ms: each gap is short, the whole is endless.
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('x'), 100);
        timers.add(timer);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/silent':
        return; // never answers
      case '/declared-huge':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(2 ** 31) });
        res.write('x'.repeat(1024));
        return;
      case '/chunked-big': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 0x78);
        let sent = 0;
        const pump = () => {
          while (sent < 4 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
        return;
      }
      case '/deep':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(DEEP_JSON);
        return;
      case '/deep-error':
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(`{"tppMessages":${'['.repeat(100)}${']'.repeat(100)}}`);
        return;
      case '/large-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: 'y'.repeat(2000) }));
        return;
      default:
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true,"text":"[[[[ not nesting ]]]]"}');
    }
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const capture = () => captureCliIo(() => new Promise(() => undefined));

describe('safe JSON', () => {
  it('scans depth linearly, skipping brackets inside strings and escapes', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan(DEEP_JSON, 64)).toBe(true);
  });

  it('refuses over the caps with a named reason and parses below them', () => {
    expect(parseBankJson('[[1]]', { maxDepth: 2 })).toEqual({ ok: true, value: [[1]] });
    expect(parseBankJson('[[[1]]]', { maxDepth: 2 })).toMatchObject({
      ok: false,
      refusal: { code: 'JSON_TOO_DEEP' },
    });
    expect(parseBankJson('"abcdef"', { maxChars: 5 })).toMatchObject({
      ok: false,
      refusal: { code: 'JSON_TOO_LARGE' },
    });
    expect(parseBankJson('{nope')).toEqual({ ok: false, invalid: true });
  });
});

describe('transport: one deadline for the whole exchange', () => {
  it('gives up on a body trickling a byte every 100 ms after the total deadline', async () => {
    const transport = createTransport({ timeouts: { totalMs: 600 } });
    const started = performance.now();
    const error = await transport
      .send({ method: 'GET', url: `${base}/trickle`, headers: {} })
      .catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    await transport.close();
    expect(error).toMatchObject({
      name: 'TransportError',
      code: 'TIMEOUT',
      message: 'request timed out after 0.6 s (whole exchange: connect, headers and body)',
    });
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(3000);
  });

  it('gives up on a server that never answers after the total deadline', async () => {
    const transport = createTransport({ timeouts: { totalMs: 400 } });
    const error = await transport
      .send({ method: 'GET', url: `${base}/silent`, headers: {} })
      .catch((e: unknown) => e);
    await transport.close();
    expect(error).toMatchObject({ code: 'TIMEOUT' });
  });

  it("keeps the caller's cancellation distinct from the deadline", async () => {
    const transport = createTransport({ timeouts: { totalMs: 5000 } });
    const error = await transport
      .send({ method: 'GET', url: `${base}/silent`, headers: {}, signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e);
    await transport.close();
    expect(error).toMatchObject({ name: 'TransportError' });
    expect((error as { code: string }).code).not.toBe('TIMEOUT');
  });
});

describe('transport: a body over the limit is an error, not a cut', () => {
  it('refuses a declared 2 GiB body from its Content-Length', async () => {
    const transport = createTransport({ timeouts: { totalMs: 5000 } });
    const error = await transport
      .send({ method: 'GET', url: `${base}/declared-huge`, headers: {} })
      .catch((e: unknown) => e);
    await transport.close();
    expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
    expect((error as Error).message).toContain(`limit of ${8 * 1024 * 1024} bytes`);
  });

  it('refuses a chunked body once it passes the configured limit', async () => {
    const transport = createTransport({ maxResponseBytes: 1024 * 1024 });
    const error = await transport
      .send({ method: 'GET', url: `${base}/chunked-big`, headers: {} })
      .catch((e: unknown) => e);
    await transport.close();
    expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
  });

  it('reads a body within the limit whole', async () => {
    const transport = createTransport({ maxResponseBytes: 4 * 1024 * 1024 });
    const response = await transport.send({
      method: 'GET',
      url: `${base}/chunked-big`,
      headers: {},
    });
    await transport.close();
    expect(response.body.length).toBe(4 * 1024 * 1024);
    expect(response.truncated).toBe(false);
  });
});

describe('client: JSON guards before parsing', () => {
  it('keeps an 8 MB deeply nested answer as a cut text with a named finding', async () => {
    const client = new TppClient({ baseUrl: base });
    const exchange = await client.send({ method: 'GET', path: '/deep', sign: false });
    await client.close();
    expect(exchange.error).toBeUndefined();
    expect(exchange.response?.json).toBeUndefined();
    expect(exchange.response?.jsonRefusal).toEqual({
      code: 'JSON_TOO_DEEP',
      message: 'JSON answer not parsed: nested deeper than 64 levels',
    });
    expect(exchange.response?.truncated).toBe(true);
    expect(exchange.response!.body.length).toBeLessThan(70 * 1024);
    // The runner's evidence carries the finding, and its assertions name it instead of crashing.
    const evidence = toEvidence(exchange);
    expect(evidence.response?.jsonRefused).toContain('nested deeper than 64');
    const expectApi = createExpect({ assertion: () => undefined });
    expect(() => expectApi.tppMessage(evidence, { code: 'FORMAT_ERROR' })).toThrow(
      /but the body has none/,
    );
  });

  it('applies configured caps and parses what is within them', async () => {
    const client = new TppClient({ baseUrl: base, jsonLimits: { maxChars: 1000 } });
    const large = await client.send({ method: 'GET', path: '/large-json', sign: false });
    const small = await client.send({ method: 'GET', path: '/', sign: false });
    await client.close();
    expect(large.response?.jsonRefusal?.code).toBe('JSON_TOO_LARGE');
    expect(small.response?.json).toEqual({ ok: true, text: '[[[[ not nesting ]]]]' });
  });

  it('never parses a deep body behind the evidence either (expect re-reads the body)', async () => {
    const client = new TppClient({ baseUrl: base });
    const exchange = await client.send({ method: 'GET', path: '/deep-error', sign: false });
    await client.close();
    const evidence = toEvidence(exchange);
    expect(evidence.response?.jsonRefused).toContain('nested deeper');
    // Without the recorded finding, expect's own fallback parse is guarded too.
    delete evidence.response!.jsonRefused;
    const expectApi = createExpect({ assertion: () => undefined });
    expect(() => expectApi.tppMessage(evidence, { code: 'FORMAT_ERROR' })).toThrow(
      /but the body has none/,
    );
  });
});

describe('workbench request: --timeout and --max-body', () => {
  it('ends a trickling exchange after --timeout with a named error and exit 1', async () => {
    const io = capture();
    const code = await runCli(
      ['request', 'GET', `${base}/trickle`, '--no-sign', '--timeout', '0.5'],
      io,
    );
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toContain('request timed out after 0.5 s (whole exchange');
  });

  it('refuses a body over --max-body with exit 1 instead of cutting it', async () => {
    const io = capture();
    const code = await runCli(
      ['request', 'GET', `${base}/chunked-big`, '--no-sign', '--max-body', '100000'],
      io,
    );
    expect(code).toBe(1);
    expect(io.stdout).toEqual([]);
    expect(io.stderr.join('\n')).toMatch(/exceeds the limit of 100000 bytes.*--max-body/);
  });

  it('prints a cut excerpt and exits 1 for JSON nested too deep', async () => {
    const io = capture();
    const code = await runCli(['request', 'GET', `${base}/deep`, '--no-sign'], io);
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toContain('nested deeper than 64 levels');
    expect(io.stdout.join('\n').length).toBeLessThan(70 * 1024);
  });

  it.each([
    ['--timeout', '0'],
    ['--timeout', 'abc'],
    ['--timeout', '-1'],
    ['--timeout', '100000'],
    ['--max-body', '0'],
    ['--max-body', '1.5'],
    ['--max-body', 'lots'],
  ])('refuses %s %s as a usage error naming the flag (exit 2)', async (flag, value) => {
    const io = capture();
    const code = await runCli(['request', 'GET', `${base}/`, '--no-sign', `${flag}=${value}`], io);
    expect(code).toBe(2);
    expect(io.stderr.join('\n')).toContain(`${flag} must be`);
  });
});

describe('workbench run: --request-timeout and --max-body', () => {
  it.each([
    ['--request-timeout', '0'],
    ['--request-timeout', 'soon'],
    ['--max-body', '-5'],
    ['--max-body', '1e6'],
  ])('refuses %s %s as a usage error naming the flag (exit 2)', async (flag, value) => {
    const io = capture();
    const code = await runCli(['run', '--target', base, `${flag}=${value}`], io);
    expect(code).toBe(2);
    expect(io.stderr.join('\n')).toContain(`${flag} must be`);
  });
});
