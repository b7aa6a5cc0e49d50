/**
 * `workbench bank` as a TPP's CI starts it: a separate process from the built CLI (bin/workbench.js).
 * --json prints one JSON line and nothing else on stdout; /health answers unsigned; SIGTERM and
 * SIGINT stop it with exit 0 and free the port; when the package runner that started it is gone
 * (npx stopped by its process id), it stops too; `workbench run` and `workbench request` reach a
 * `--tls --mtls` bank by URL with the QWAC. Everything on 127.0.0.1.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killStartedBanks, startBank, type Started } from './workbench-bank';

const BIN = 'bin/workbench.js';
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bank-process-'));

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  await run(process.execPath, [BIN, 'certs', 'create', '--out', dir]);
}, 120_000);

afterAll(killStartedBanks);

function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * True while the process runs. An orphan that has exited stays a zombie until whoever adopted it
 * reaps it (PID 1 in a container may take its time), and signal 0 still reaches a zombie: so a
 * zombie counts as gone, read from /proc where there is one.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: signal 0 is all there is
  }
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

describe('workbench bank --json, /health and stopping', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints one JSON line, answers /health, and exits 0 on %s with the port freed',
    async (signal) => {
      const bank = await startBank(process.execPath, [BIN, 'bank', '--mode', 'sandbox', '--json']);
      expect(bank.line).toEqual({
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) as string,
        health: `${bank.line.url}/health`,
        openapi: `${bank.line.url}/openapi.json`,
        mode: 'sandbox',
        pid: bank.child.pid,
        tls: null,
        admin: null,
      });
      const health = await request(bank.line.health);
      expect(health.statusCode).toBe(200);
      expect(await health.body.json()).toEqual({ status: 'ok', mode: 'sandbox' });
      // Without --admin there is no admin API, whatever the request carries.
      const adminCall = await request(`${bank.line.url}/admin/clock`, {
        headers: { authorization: 'Bearer 0123456789abcdef0123456789abcdef' },
      });
      expect(adminCall.statusCode).toBe(404);
      await adminCall.body.dump();

      bank.child.kill(signal);
      expect(await bank.exit).toEqual({ code: 0, signal: null });
      expect(bank.stdout).toHaveLength(1);
      // The prose goes to stderr.
      expect(bank.stderr()).toContain('listening at');
      expect(bank.stderr()).toContain(`Stopped (${signal}).`);
      expect(await refused(bank.line.url)).toBe(true);
    },
    90_000,
  );

  it('stops when the package runner that started it is killed (npx by its process id)', async () => {
    // npx runs node under `sh -c` under npm; killing npm ends the shell but not node. The shell
    // here does not exec node (`; true`), so node is orphaned exactly as under npx.
    const bank = await startBank(
      'sh',
      ['-c', `"${process.execPath}" ${BIN} bank --mode sandbox --json; true`],
      { ...process.env, npm_lifecycle_event: 'npx' },
    );
    expect(bank.line.pid).not.toBe(bank.child.pid);
    expect(alive(bank.line.pid)).toBe(true);
    bank.child.kill('SIGKILL');
    expect(await until(() => !alive(bank.line.pid), 10_000)).toBe(true);
    expect(await refused(bank.line.url)).toBe(true);
  }, 90_000);
});

describe('workbench bank --admin', () => {
  it('prints the admin URL and token in the JSON line; the clock route works with it only', async () => {
    const bank = await startBank(process.execPath, [
      BIN,
      'bank',
      '--mode',
      'sandbox',
      '--admin',
      '--json',
    ]);
    try {
      expect(bank.line.admin).toEqual({
        url: `${bank.line.url}/admin`,
        token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) as string,
      });
      const { url, token } = bank.line.admin!;
      // The prose on stderr may arrive after the JSON line on stdout.
      expect(await until(() => bank.stderr().includes(`Bearer ${token}`), 5_000)).toBe(true);
      expect(bank.stdout).toHaveLength(1);

      const auth = { authorization: `Bearer ${token}` };
      const before = await request(`${url}/clock`, { headers: auth });
      expect(before.statusCode).toBe(200);
      const { now } = (await before.body.json()) as { now: string };
      const moved = await request(`${url}/clock`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ advance: 'P2D' }),
      });
      expect(moved.statusCode).toBe(200);
      const after = (await moved.body.json()) as { now: string };
      // The clock follows real time, so it moved by two days and the few ms of the request.
      const delta = Date.parse(after.now) - Date.parse(now) - 2 * 86_400_000;
      expect(delta).toBeGreaterThanOrEqual(0);
      expect(delta).toBeLessThan(5_000);

      const refusedCall = await request(`${url}/clock`, {
        headers: { authorization: 'Bearer not-the-token-at-all' },
      });
      expect(refusedCall.statusCode).toBe(401);
      expect(await refusedCall.body.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    } finally {
      bank.child.kill('SIGTERM');
    }
    expect(await bank.exit).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('--admin-token shorter than 16 characters exits 2 naming the flag', async () => {
    const failure = await run(process.execPath, [
      BIN,
      'bank',
      '--mode',
      'sandbox',
      '--admin-token',
      'short-token',
    ]).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toMatch(
      /--admin-token must be at least 16 characters long/,
    );
  }, 60_000);
});

describe('a --tls --mtls bank by URL', () => {
  let bank: Started;
  const file = (name: string) => join(dir, name);
  beforeAll(async () => {
    bank = await startBank(process.execPath, [
      BIN,
      'bank',
      '--mode',
      'sandbox',
      '--tls-cert',
      file('bank-tls.pem'),
      '--tls-key',
      file('bank-tls.key.pem'),
      '--mtls',
      '--trust-ca',
      file('ca-chain.pem'),
      '--json',
    ]);
  }, 90_000);
  afterAll(async () => {
    bank.child.kill('SIGTERM');
    expect(await bank.exit).toEqual({ code: 0, signal: null });
  });

  it('says so in its JSON line', () => {
    expect(bank.line.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(bank.line.tls).toEqual({ mtls: true, caFile: null });
  });

  it('workbench request reaches it with the QWAC, and fails without', async () => {
    const common = [
      BIN,
      'request',
      'GET',
      bank.line.health,
      '--no-sign',
      '--ca',
      file('ca-root.pem'),
    ];
    const withQwac = await run(process.execPath, [
      ...common,
      '--tls-cert',
      file('qwac.pem'),
      '--tls-key',
      file('qwac.key.pem'),
    ]);
    expect(JSON.parse(withQwac.stdout)).toEqual({ status: 'ok', mode: 'sandbox' });
    await expect(run(process.execPath, common)).rejects.toMatchObject({ code: 1 });
  }, 60_000);

  it('workbench run passes the signing checks against it', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        BIN,
        'run',
        '--target',
        bank.line.url,
        '--suite',
        'signing',
        '--concurrency',
        '2',
        '--sign-cert',
        file('qsealc.pem'),
        '--sign-key',
        file('qsealc.key.pem'),
        '--tls-cert',
        file('qwac.pem'),
        '--tls-key',
        file('qwac.key.pem'),
        '--ca',
        file('ca-root.pem'),
      ],
      { timeout: 120_000 },
    );
    const summary = /(\d+) checks: (\d+) passed, (\d+) failed/.exec(stdout);
    expect(summary, stdout).not.toBeNull();
    expect(Number(summary![2])).toBeGreaterThan(0);
    expect(summary![3]).toBe('0');
  }, 150_000);
});
