/**
 * The suites against `workbench bank` by URL as a user runs them (docs/targets.md): the bank as
 * its own process from the built CLI, a profile from `workbench target init`, headless SCA, three
 * full runs in a row at the default concurrency against the one long-running bank, in each mode
 * (production over TLS with mTLS, its registry and trusted CA). Every run: no FAIL, no check
 * SKIPPED for want of a PSU agent, and the verdict of every check the same as against the
 * embedded target, except the checks that need the bank clock, which SKIP with that reason when
 * the profile names no admin API. With the admin API they run, and pass, on the shared bank. The
 * bank signs its answers (§5.2.7) and the profile names its seal, as the embedded target does.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { has } from '../../support/machine';
import type { RunResult } from '../../../main/shared/run-result';
import { createTransport } from '../../../main/core/tpp/transport';
import { killStartedBanks, startBank, type BankLine } from './workbench-bank';

const BIN = 'bin/workbench.js';
const exec = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'profile-runs-'));
const certs = join(dir, 'certs');
const CLOCK_SKIP = /^needs the bank clock/;
/**
 * The sandbox bank here speaks plain HTTP, which has no TLS versions to offer; the embedded target
 * serves the TLS check over TLS, so there it runs.
 */
const PLAIN_HTTP_SKIP = /^needs a target reached over TLS/;
const expectedSkip = (reason: string | undefined) =>
  CLOCK_SKIP.test(reason ?? '') || PLAIN_HTTP_SKIP.test(reason ?? '');

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  await exec(process.execPath, [BIN, 'certs', 'create', '--out', certs]);
}, 120_000);
afterAll(killStartedBanks);

/** `workbench run` as its own process; the JSON report read back. */
async function workbenchRun(
  args: string[],
  out: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; result: RunResult; stdout: string }> {
  let code = 0;
  let stdout = '';
  try {
    ({ stdout } = await exec(
      process.execPath,
      [BIN, 'run', ...args, '--reporter', 'json', '--out', out],
      { env, maxBuffer: 64 * 1024 * 1024 },
    ));
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    if (typeof failed.code !== 'number') throw error;
    code = failed.code;
    stdout = failed.stdout;
    if (code > 1) throw new Error(`workbench run exited ${code}: ${failed.stderr}`);
  }
  const result = JSON.parse(readFileSync(join(out, 'run-result.json'), 'utf8')) as RunResult;
  return { code, result, stdout };
}

const verdicts = (result: RunResult) =>
  new Map(result.checks.map((check) => [check.checkId, check.status]));

function describeFailures(result: RunResult): string[] {
  return result.checks
    .filter((check) => check.status === 'FAIL')
    .map((check) => `${check.checkId}: ${check.failure?.message ?? ''}`);
}

async function profileFor(bank: BankLine, name: string, bankSeal?: string): Promise<string> {
  const file = join(dir, `${name}.json`);
  const line = join(dir, `${name}.bank.json`);
  await writeFile(line, JSON.stringify(bank) + '\n');
  await exec(process.execPath, [
    BIN,
    'target',
    'init',
    '--bank-json',
    line,
    '--certs',
    certs,
    '--out',
    file,
  ]);
  if (bankSeal) {
    // §5.2.7: the bank's response seal, so SIGN-RESPONSE-SIGNATURE-VERIFIES judges its signer.
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...profile, bankSigningCert: bankSeal }));
  }
  return file;
}

/** `workbench bank` flags to sign every answer with a seal made at start, written to a file. */
const signing = (name: string) => {
  const seal = join(dir, `${name}-response-seal.pem`);
  return { args: ['--sign-responses', '--response-cert-out', seal], seal };
};

const BANK_ARGS = {
  sandbox: ['--mode', 'sandbox'],
  production: [
    '--mode',
    'production',
    '--tls-cert',
    join(certs, 'bank-tls.pem'),
    '--tls-key',
    join(certs, 'bank-tls.key.pem'),
    '--mtls',
    '--trust-ca',
    join(certs, 'ca-chain.pem'),
    '--registry',
    join(certs, 'registry.json'),
  ],
};

describe.each(['sandbox', 'production'] as const)('%s bank by URL profile', (mode) => {
  let embedded: RunResult;
  beforeAll(async () => {
    ({ result: embedded } = await workbenchRun(
      ['--target', 'embedded', '--mode', mode],
      join(dir, `${mode}-embedded`),
    ));
    expect(describeFailures(embedded)).toEqual([]);
  }, 300_000);

  it('three full runs in a row against one long-running bank: 0 FAIL, the embedded verdicts, clock checks SKIP', async () => {
    const seal = signing(mode);
    const bank = await startBank(process.execPath, [
      BIN,
      'bank',
      ...BANK_ARGS[mode],
      ...seal.args,
      '--json',
    ]);
    const profile = await profileFor(bank.line, mode, seal.seal);
    const expected = verdicts(embedded);
    const figures: string[] = [];
    for (const round of [1, 2, 3]) {
      const started = Date.now();
      const { code, result } = await workbenchRun(
        ['--target-file', profile],
        join(dir, `${mode}-run${round}`),
      );
      figures.push(
        `${mode} run ${round}: ${result.counts.PASS} PASS, ${result.counts.FAIL} FAIL, ${result.counts.SKIPPED} SKIPPED in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(describeFailures(result), `run ${round}`).toEqual([]);
      expect(code, `run ${round}`).toBe(0);
      expect(result.checks.length).toBe(embedded.checks.length);
      for (const check of result.checks) {
        if (check.status === 'SKIPPED' && expected.get(check.checkId) !== 'SKIPPED')
          expect(
            expectedSkip(check.skipReason),
            `${check.checkId} in run ${round}: ${check.skipReason}`,
          ).toBe(true);
        else
          expect(check.status, `${check.checkId} in run ${round}`).toBe(
            expected.get(check.checkId),
          );
        expect(check.skipReason ?? '').not.toMatch(/PSU agent/);
      }
    }
    console.log(figures.join('\n'));
    bank.child.kill('SIGTERM');
    expect((await bank.exit).code).toBe(0);
  }, 600_000);

  it('with the admin API: three runs in a row, the clock checks pass, and each run leaves the bank clock at real time', async () => {
    const seal = signing(`${mode}-admin`);
    const bank = await startBank(process.execPath, [
      BIN,
      'bank',
      ...BANK_ARGS[mode],
      ...seal.args,
      '--admin',
      '--json',
    ]);
    const profile = await profileFor(bank.line, `${mode}-admin`, seal.seal);
    const admin = bank.line.admin!;
    const expected = verdicts(embedded);
    for (const round of [1, 2, 3]) {
      const { code, result } = await workbenchRun(
        ['--target-file', profile],
        join(dir, `${mode}-admin-run${round}`),
        { ...process.env, WORKBENCH_ADMIN_TOKEN: admin.token },
      );
      expect(describeFailures(result), `run ${round}`).toEqual([]);
      expect(code, `run ${round}`).toBe(0);
      for (const check of result.checks)
        if (!(check.status === 'SKIPPED' && PLAIN_HTTP_SKIP.test(check.skipReason ?? '')))
          expect(check.status, `${check.checkId} in run ${round}`).toBe(
            expected.get(check.checkId),
          );
      // The clock checks moved the bank clock by days and years; the run put it back.
      const drift = (await bankClock(bank.line)) - Date.now();
      expect(Math.abs(drift), `bank clock after run ${round}: ${drift} ms off`).toBeLessThan(5_000);
    }
    bank.child.kill('SIGTERM');
    await bank.exit;
  }, 900_000);
});

/** The bank clock through its admin API (GET /admin/clock), over the bank's own transport. */
async function bankClock(line: BankLine): Promise<number> {
  const transport = createTransport(
    line.tls
      ? {
          ca: [readFileSync(line.tls.caFile ?? join(certs, 'ca-chain.pem'))],
          ...(line.tls.mtls
            ? {
                clientCertificate: {
                  certificate: readFileSync(join(certs, 'qwac.pem')),
                  key: readFileSync(join(certs, 'qwac.key.pem')),
                },
              }
            : {}),
        }
      : {},
  );
  try {
    const response = await transport.send({
      method: 'GET',
      url: `${line.admin!.url.replace(/\/+$/, '')}/clock`,
      headers: { authorization: `Bearer ${line.admin!.token}`, accept: 'application/json' },
    });
    const { now } = JSON.parse(response.body.toString('utf8')) as { now: string };
    return Date.parse(now);
  } finally {
    await transport.close();
  }
}

describe('browser PSU through a profile', () => {
  it.skipIf(!has('chromium'))(
    'completes SCA in Chromium on an mTLS production bank (the QWAC presented by the browser), one screenshot per page in the evidence',
    async () => {
      const bank = await startBank(process.execPath, [
        BIN,
        'bank',
        ...BANK_ARGS.production,
        '--json',
      ]);
      const file = await profileFor(bank.line, 'production-browser');
      const profile = JSON.parse(readFileSync(file, 'utf8')) as { sca: { mode: string } };
      profile.sca = { mode: 'browser' };
      await writeFile(file, JSON.stringify(profile));
      const { code, result } = await workbenchRun(
        ['--target-file', file, '--suite', 'consent'],
        join(dir, 'production-browser'),
      );
      expect(describeFailures(result)).toEqual([]);
      expect(code).toBe(0);
      const sca = result.checks.filter((check) =>
        check.evidence.some((item) => item.kind === 'screenshot'),
      );
      expect(sca.length).toBeGreaterThanOrEqual(4);
      for (const check of sca) {
        const shots = check.evidence.filter((item) => item.kind === 'screenshot');
        const played = check.evidence.filter(
          (item) => item.kind === 'note' && item.text.startsWith('PSU (browser'),
        );
        // Each note names the pages played, "login → consent"; one screenshot per page.
        const pages = played.reduce(
          (sum, item) => sum + (item.kind === 'note' ? item.text.split('→').length : 0),
          0,
        );
        expect(shots.length, check.checkId).toBe(pages);
      }
      bank.child.kill('SIGTERM');
      await bank.exit;
    },
    300_000,
  );
});
