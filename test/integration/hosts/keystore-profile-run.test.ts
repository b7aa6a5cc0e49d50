/**
 * `workbench run --target-file` with a profile whose QSealC and QWAC are entries of the workbench
 * keystore (`{ "keystore": "label" }`, docs/targets.md "Certificates from the keystore"), against
 * a production `workbench bank` over TLS with mTLS started as its own process: the command line
 * opens the keystore the UI keeps with WORKBENCH_KEYSTORE_PASSPHRASE, signs with the keystore's
 * QSealC and presents its QWAC, and a check PASSES. A wrong passphrase ends the command before
 * anything is sent, naming the JSON path and why.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { X509Certificate } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../main/api/services';
import type { RunResult } from '../../../main/shared/run-result';
import { killStartedBanks, productionTlsArgs, startBank, targetInit } from './workbench-bank';

const BIN = 'bin/workbench.js';
const exec = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'keystore-profile-run-'));
const certs = join(dir, 'certs');
const xdg = join(dir, 'xdg');
const passphrase = 'keystore passphrase for the run';
const CHECK = 'SIGN-ACCEPTS-VALID';
let profile: string;

/** The keystore the UI keeps (XDG_CONFIG_HOME/psd2-workbench), with the TPP's QSealC and QWAC. */
async function keystoreWithTppCertificates(): Promise<void> {
  const dataDir = join(xdg, 'psd2-workbench');
  await mkdir(dataDir, { recursive: true });
  const services = createServices({ kind: 'web', dataDir });
  try {
    const unlocked = await services.dispatch('keystore.unlock', { passphrase });
    expect(unlocked.ok).toBe(true);
    for (const [label, name] of [
      ['Run QSealC', 'qsealc'],
      ['Run QWAC', 'qwac'],
    ] as const) {
      const pem = Buffer.concat([
        await readFile(join(certs, `${name}.pem`)),
        await readFile(join(certs, `${name}.key.pem`)),
      ]);
      const imported = await services.dispatch('certs.import', {
        dataBase64: pem.toString('base64'),
        label,
      });
      expect(imported.ok, JSON.stringify(imported)).toBe(true);
    }
  } finally {
    await services.dispose();
  }
}

async function workbenchRun(
  env: NodeJS.ProcessEnv,
  out: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      [BIN, 'run', '--target-file', profile, '--grep', CHECK, '--reporter', 'json', '--out', out],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: unknown; stdout: string; stderr: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  await exec(process.execPath, [BIN, 'certs', 'create', '--out', certs]);
  await keystoreWithTppCertificates();
  const bank = await startBank(process.execPath, [
    BIN,
    'bank',
    '--mode',
    'production',
    ...productionTlsArgs(certs),
    '--json',
  ]);
  // `target init` names PEM files; the QSealC and the QWAC become keystore entries instead.
  const file = await targetInit(bank.line, certs, join(dir, 'keystore-profile.json'));
  const written = JSON.parse(readFileSync(file, 'utf8')) as {
    tls: Record<string, unknown>;
  } & Record<string, unknown>;
  await writeFile(
    file,
    JSON.stringify({
      ...written,
      signing: { keystore: 'Run QSealC' },
      tls: { ...written.tls, clientCertificate: { keystore: 'Run QWAC' } },
    }),
  );
  profile = file;
}, 180_000);
afterAll(killStartedBanks);

const env = (extra: Record<string, string>): NodeJS.ProcessEnv => {
  const { WORKBENCH_KEYSTORE_PASSPHRASE: _unset, ...rest } = process.env;
  return { ...rest, XDG_CONFIG_HOME: xdg, ...extra };
};

describe('a profile whose QSealC and QWAC are keystore entries', () => {
  it('runs on the command line with WORKBENCH_KEYSTORE_PASSPHRASE, signed and over mTLS', async () => {
    const out = join(dir, 'run');
    const run = await workbenchRun(env({ WORKBENCH_KEYSTORE_PASSPHRASE: passphrase }), out);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(await readFile(join(out, 'run-result.json'), 'utf8')) as RunResult;
    expect(result.checks.map((c) => [c.checkId, c.status])).toEqual([[CHECK, 'PASS']]);
    expect(result.target.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    // The run was signed with the keystore's QSealC (the one `certs create` made).
    const qsealc = new X509Certificate(await readFile(join(certs, 'qsealc.pem')));
    expect(result.meta?.signingCertificate?.sha256).toBe(qsealc.fingerprint256);
  }, 120_000);

  it('ends with exit code 2 before anything is sent when the passphrase is wrong', async () => {
    const out = join(dir, 'wrong');
    const run = await workbenchRun(
      env({ WORKBENCH_KEYSTORE_PASSPHRASE: 'not the passphrase' }),
      out,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(profile);
    expect(run.stderr).toContain('/signing/keystore');
    expect(run.stderr).toContain('WORKBENCH_KEYSTORE_PASSPHRASE does not open the keystore');
    expect(existsSync(join(out, 'run-result.json'))).toBe(false);
  }, 60_000);

  it('says the keystore is locked when the passphrase is not set', async () => {
    const run = await workbenchRun(env({}), join(dir, 'unset'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('/signing/keystore');
    expect(run.stderr).toContain('set WORKBENCH_KEYSTORE_PASSPHRASE');
  }, 60_000);
});
