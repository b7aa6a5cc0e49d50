/**
 * `workbench doctor` end to end, as a user runs it: `workbench certs create`, a `workbench bank`
 * over HTTPS with mTLS and the admin API (in-process, 127.0.0.1), `workbench target init` from
 * the bank's JSON line, then the built CLI's `workbench doctor --target-file` as a separate
 * process: every check PASSes (the redirect listener SKIPs: headless SCA), exit 0; --json gives
 * the same report; a profile that does not read exits 1 naming it; no --target-file exits 2.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBankCommand, type BankCommandIo } from '../../../main/hosts/cli/bank-command.js';
import type { DoctorReport } from '../../../main/core/runner/doctor/index.js';

const BIN = resolve('bin/workbench.js');
const dir = mkdtempSync(join(tmpdir(), 'doctor-cli-'));
const certs = join(dir, 'certs');
let bankLine: { url: string; admin: { url: string; token: string } };
let stopBank: () => void = () => undefined;
let bankExit: Promise<number> | undefined;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function workbench(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: dir, timeout: 120_000, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        done({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  execFileSync(process.execPath, [BIN, 'certs', 'create', '--out', certs]);
  const stopped = new Promise<string>((ok) => (stopBank = () => ok('SIGTERM')));
  bankLine = await new Promise((ready, fail) => {
    const io: BankCommandIo = {
      out: (text) => {
        if (text.startsWith('{')) ready(JSON.parse(text) as typeof bankLine);
      },
      err: () => undefined,
      stopRequested: () => stopped,
    };
    bankExit = runBankCommand(
      [
        '--mode',
        'sandbox',
        '--tls-cert',
        join(certs, 'bank-tls.pem'),
        '--tls-key',
        join(certs, 'bank-tls.key.pem'),
        '--mtls',
        '--trust-ca',
        join(certs, 'ca-chain.pem'),
        '--registry',
        join(certs, 'registry.json'),
        '--admin',
        '--json',
      ],
      io,
    );
    void bankExit.then((code) => fail(new Error(`the bank exited ${code}`)));
  });
  writeFileSync(join(dir, 'bank.json'), JSON.stringify(bankLine) + '\n');
  execFileSync(process.execPath, [
    BIN,
    'target',
    'init',
    '--bank-json',
    join(dir, 'bank.json'),
    '--certs',
    certs,
    '--out',
    join(dir, 'profile.json'),
  ]);
}, 120_000);

afterAll(async () => {
  stopBank();
  await bankExit;
});

describe('workbench doctor --target-file', () => {
  it('passes every check against a workbench bank set up by certs create and target init', async () => {
    const ran = await workbench(['doctor', '--target-file', 'profile.json'], {
      WORKBENCH_ADMIN_TOKEN: bankLine.admin.token,
    });
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    const lines = ran.stdout.split('\n');
    expect(lines[0]).toBe(`workbench doctor: profile.json (sandbox bank at ${bankLine.url})`);
    for (const id of [
      'profile',
      'key-matches-certificate',
      'certificate-chain',
      'certificate-validity',
      'psd2-roles',
      'key-id',
      'tls',
      'reachable',
      'mode',
      'clock-skew',
      'admin-api',
      'bank-clock',
    ])
      expect(
        lines.some((l) => l.startsWith(`PASS  ${id}  `)),
        `${id}:\n${ran.stdout}`,
      ).toBe(true);
    expect(ran.stdout).toMatch(/^SKIP {2}redirect-listener {2}sca\.mode is headless/m);
    // This bank signs no answer (§5.2.7): there is no signer to pin.
    expect(ran.stdout).toMatch(/^SKIP {2}response-signer {2}the bank did not sign/m);
    expect(ran.stdout).toMatch(
      /PASS {2}key-id {2}QSealC keyId SN=[0-9A-F]+,CA=CN=PSD2 Workbench Test Issuing CA/,
    );
    expect(ran.stdout).toMatch(/PASS {2}tls {2}TLSv1\.[23], server certificate 'CN=localhost/);
    expect(ran.stdout).toContain('15 checks: 12 passed, 0 failed, 0 warned, 3 skipped');
    expect(ran.stdout).not.toContain('fix:');
  });

  it('--json prints the same report as JSON', async () => {
    const ran = await workbench(['doctor', '--target-file', 'profile.json', '--json'], {
      WORKBENCH_ADMIN_TOKEN: bankLine.admin.token,
    });
    expect(ran.code, ran.stderr).toBe(0);
    const report = JSON.parse(ran.stdout) as DoctorReport;
    expect(report.ok).toBe(true);
    expect(report.summary).toEqual({ pass: 12, fail: 0, warn: 0, skip: 3 });
    expect(report.lines.map((l) => l.id)).toContain('admin-api');
  });

  it('exits 1 with the FAIL and its fix when the bank refuses the admin token', async () => {
    const ran = await workbench(['doctor', '--target-file', 'profile.json'], {
      WORKBENCH_ADMIN_TOKEN: 'wrong-token-0123456789abcdef',
    });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(
      `FAIL  admin-api  GET ${bankLine.admin.url}/clock answered 401: token refused`,
    );
    expect(ran.stdout).toMatch(/^ {6}fix: set \/admin\/token/m);
    expect(ran.stdout).toContain('1 failed');
  });

  it('exits 1 for a profile that does not read, and 2 without --target-file', async () => {
    const missing = await workbench(['doctor', '--target-file', 'nowhere.json']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('FAIL  profile  nowhere.json: cannot read it (ENOENT)');
    const usage = await workbench(['doctor']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--target-file FILE is required');
  });
});
