/**
 * docs/ci.md "N processes behind a proxy": two PostgreSQL-backed `workbench bank` processes
 * behind one TCP proxy (round-robin per connection, as a layer-4 load balancer) serve one
 * sandbox to a TPP that knows only the proxy's URL. Each process accepts the proxy's Host
 * (`--allow-host`), and both take their admin token from one `--admin-token-file`, so one
 * profile's token is right wherever a connection lands. The full sandbox suite then passes by
 * URL through the proxy. Needs Debian's PostgreSQL (test/support/machine.ts).
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../../main/core/runner/index.js';
import { has } from '../../support/machine.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';
import { killStartedBanks, startBank, targetInit, type Started } from '../hosts/workbench-bank.js';

const BIN = 'bin/workbench.js';

/** A TCP proxy on 127.0.0.1: each new connection goes to the next backend port in turn. */
async function startRoundRobinProxy(
  backends: () => number[],
): Promise<{ port: number; connections: Map<number, number>; close(): void }> {
  const connections = new Map<number, number>();
  const sockets = new Set<Socket>();
  let next = 0;
  const server: Server = createServer((client) => {
    const ports = backends();
    const port = ports[next++ % ports.length]!;
    connections.set(port, (connections.get(port) ?? 0) + 1);
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // One side gone or failed: the other goes too, as a balancer drops the pair.
      socket.on('error', () => (socket === client ? upstream : client).destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    connections,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe.skipIf(!has('postgres'))('two bank processes behind one TCP proxy', () => {
  let server: ThrowawayPostgres;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let banks: Started[] = [];
  let dir: string;
  const token = randomBytes(16).toString('hex');

  beforeAll(async () => {
    if (!existsSync('out/main/cli.js'))
      execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
    dir = mkdtempSync(join(tmpdir(), 'pg-proxy-'));
    server = await startPostgres();
    const db = server.createDatabase('behind_proxy');
    const tokenFile = join(dir, 'admin-token');
    writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
    proxy = await startRoundRobinProxy(() =>
      banks.map((bank) => Number(new URL(bank.line.url).port)),
    );
    const bank = () =>
      startBank(process.execPath, [
        BIN,
        'bank',
        '--mode',
        'sandbox',
        '--json',
        '--admin-token-file',
        tokenFile,
        '--db',
        db,
        '--allow-host',
        `127.0.0.1:${proxy.port}`,
      ]);
    banks = [await bank()];
    banks.push(await bank());
  }, 180_000);

  afterAll(() => {
    proxy?.close();
    killStartedBanks();
    server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the full sandbox suite by URL through the proxy: no check fails', async () => {
    const url = `http://127.0.0.1:${proxy.port}`;
    // The profile from the line docs/ci.md writes for the proxy: its URLs, no token (the
    // profile names WORKBENCH_ADMIN_TOKEN; the run gets the shared token from there).
    const line = {
      ...banks[0]!.line,
      url,
      health: `${url}/health`,
      openapi: `${url}/openapi.json`,
      admin: { url: `${url}/admin`, token: '' },
    };
    const run = promisify(execFile);
    await run(process.execPath, [BIN, 'certs', 'create', '--out', join(dir, 'certs')]);
    const profile = await targetInit(line, join(dir, 'certs'), join(dir, 'sandbox.json'));
    const out = join(dir, 'report');
    let code = 0;
    try {
      await run(
        process.execPath,
        [BIN, 'run', '--target-file', profile, '--reporter', 'json', '--out', out],
        { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, WORKBENCH_ADMIN_TOKEN: token } },
      );
    } catch (error) {
      code = (error as { code: number }).code;
    }
    const result = JSON.parse(readFileSync(join(out, 'run-result.json'), 'utf8')) as RunResult;
    const failed = result.checks
      .filter((check) => check.status === 'FAIL')
      .map((check) => `${check.checkId}: ${check.failure?.message ?? ''}`);
    expect(failed).toEqual([]);
    expect(code).toBe(0);
    expect(result.counts.PASS).toBeGreaterThan(50);
    // The clock checks ran (they SKIP without a working admin API) and both processes served.
    const skippedForAdmin = result.checks.filter(
      (check) => check.status === 'SKIPPED' && /admin/i.test(check.skipReason ?? ''),
    );
    expect(skippedForAdmin.map((check) => check.checkId)).toEqual([]);
    for (const bank of banks)
      expect(proxy.connections.get(Number(new URL(bank.line.url).port))).toBeGreaterThan(0);
  }, 600_000);
});
