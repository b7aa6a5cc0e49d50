/**
 * An http:// URL naming a TLS port: the first request says to use https:// (with the URL) instead
 * of a bare "other side closed", and a run against it stops after its first check instead of
 * trying every check; a plain-HTTP server that closes a connection is not taken for TLS.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCa } from '../../../main/core/certs/issue';
import { TARGET_LOST } from '../../../main/core/runner/engine/run';
import { parseRunResult } from '../../../main/core/runner/results/result-file';
import { PLAIN_HTTP_TO_TLS } from '../../../main/core/tpp/plain-http-to-tls';
import { createTransport, saysUnreachable } from '../../../main/core/tpp/transport';
import { certsCommand } from '../../../main/hosts/cli/certs-command';
import { createRunCommand } from '../../../main/hosts/cli/run-command';
import { captureCliIo } from '../../support/cli-capture';
import { check } from '../../unit/runner/fakes';
import { mtlsServerOptions } from './mtls-server';

let tlsServer: HttpsServer;
let tlsPort: number;
let closingServer: Server;
let closingPort: number;

const listen = async (server: Server | HttpsServer) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const close = (server: Server | HttpsServer) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(async () => {
  tlsServer = createHttpsServer(await mtlsServerOptions(await createTestCa()), (_req, res) =>
    res.end('{}'),
  );
  tlsPort = await listen(tlsServer);
  // A plain-HTTP server that drops every request: closed, but no TLS spoken.
  closingServer = createServer((req) => req.socket.destroy());
  closingPort = await listen(closingServer);
}, 60_000);
afterAll(async () => {
  await close(tlsServer);
  await close(closingServer);
});

const get = (url: string) =>
  createTransport().send({ method: 'GET', url, headers: { accept: 'application/json' } });

describe('a plain-HTTP request to a TLS port', () => {
  it('fails saying to use https://, with the URL to use', async () => {
    const error = await get(`http://127.0.0.1:${tlsPort}/v1/accounts`).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransportError', code: PLAIN_HTTP_TO_TLS });
    expect((error as Error).message).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:${tlsPort} speaks TLS, not plain HTTP: use https://127\\.0\\.0\\.1:${tlsPort} \\(`,
      ),
    );
    expect(saysUnreachable((error as Error).message)).toBe(true);
  });

  it('is not claimed for a plain-HTTP server that closes the connection', async () => {
    const error = await get(`http://127.0.0.1:${closingPort}/v1/accounts`).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransportError' });
    expect((error as { code: string }).code).not.toBe(PLAIN_HTTP_TO_TLS);
    expect((error as Error).message).not.toMatch(/https/);
    expect(saysUnreachable((error as Error).message)).toBe(false);
  });
});

describe('workbench run --target http:// naming a TLS port', () => {
  it('stops after the first check with 3 and the hint, the rest not run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plain-http-to-tls-'));
    const certs = join(dir, 'certs');
    expect(await certsCommand.run(['create', '--out', certs], captureCliIo())).toBe(0);
    let ran = 0;
    const checks = ['ONE', 'TWO', 'THREE', 'FOUR'].map((id) =>
      check(id, async (ctx) => {
        ran += 1;
        ctx.expect.status(await ctx.client.send({ method: 'GET', path: '/v1/accounts' }), 200);
      }),
    );
    const io = captureCliIo(() => new Promise(() => {}));
    const out = join(dir, 'out');
    const code = await createRunCommand({ checks }).run(
      [
        '--target',
        `http://127.0.0.1:${tlsPort}`,
        '--sign-cert',
        join(certs, 'qsealc.pem'),
        '--sign-key',
        join(certs, 'qsealc.key.pem'),
        '--concurrency',
        '1',
        '--reporter',
        'json',
        '--out',
        out,
      ],
      io,
    );
    expect(code).toBe(3);
    expect(ran).toBe(1);
    expect(io.stderr.at(-1)).toMatch(
      new RegExp(`could not test .*use https://127\\.0\\.0\\.1:${tlsPort}`),
    );
    const result = parseRunResult(readFileSync(join(out, 'run-result.json'), 'utf8'));
    expect(result.counts.INCONCLUSIVE).toBe(4);
    expect(result.checks.slice(1).map((c) => c.couldNotTest?.reason)).toEqual([
      `not run: ${TARGET_LOST}`,
      `not run: ${TARGET_LOST}`,
      `not run: ${TARGET_LOST}`,
    ]);
  }, 60_000);
});
