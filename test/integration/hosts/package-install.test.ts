/**
 * The workbench as a TPP's CI installs it (docs/ci.md): `npm pack`, installed into an empty
 * folder with its runtime dependencies only (no Electron, React or Monaco), then `workbench bank`,
 * `certs`, `target`, `doctor`, `request` and `run` from that folder, and the package's library
 * entry by its name. The collection formats' libraries are optional peers the install leaves out:
 * a Postman file as Postman writes it imports without them, one that needs Postman's SDK (v2.0)
 * says the one `npm install` to run. The tarball is packed from the built out/
 * (npm test builds before it tests; `npm pack` alone builds through prepack).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killStartedBanks, startBank, type Started } from './workbench-bank';

const exec = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'package-install-'));
const app = join(dir, 'app');
const bin = join(app, 'node_modules', '.bin', 'workbench');
/** A regression guard, not the aim: docs/ci.md states the measured size and why. */
const MAX_INSTALLED_MB = 65;

let installedKb = 0;
let bank: Started;

beforeAll(async () => {
  const packed = await exec('npm', [
    'pack',
    '--ignore-scripts',
    '--pack-destination',
    dir,
    '--json',
  ]);
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  await exec('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'tpp-ci', private: true }));
  await exec(
    'npm',
    ['install', join(dir, filename), '--no-audit', '--no-fund', '--prefer-offline'],
    { cwd: app, maxBuffer: 16 * 1024 * 1024 },
  );
  installedKb = Number(
    (await exec('du', ['-sk', join(app, 'node_modules')])).stdout.split('\t')[0],
  );
  console.log(`installed size: ${(installedKb / 1024).toFixed(1)} MB`);
}, 600_000);
afterAll(killStartedBanks);

describe('the npm package', () => {
  it('installs with runtime dependencies only, within the size guard', () => {
    const installed = readdirSync(join(app, 'node_modules'));
    const left = ['electron', 'react', 'monaco-editor', 'vitest', 'playwright-core'];
    // The optional format libraries, and what postman-collection alone would bring.
    left.push('postman-collection', '@usebruno', '@faker-js');
    for (const devOnly of left) expect(installed, devOnly).not.toContain(devOnly);
    expect(installed).toContain('better-sqlite3');
    expect(installedKb / 1024).toBeLessThanOrEqual(MAX_INSTALLED_MB);
  });

  const postmanImport = (file: string, schema: string, item: unknown[]) => {
    const info = { name: file, schema: `https://schema.getpostman.com/json/collection/${schema}/` };
    writeFileSync(join(app, file), JSON.stringify({ info, item }));
    return exec(
      bin,
      [
        ...['collection', 'import', '--format', 'postman', file],
        ...['--data-dir', 'collections-data'],
      ],
      { cwd: app },
    );
  };

  it('imports a Postman v2.1 file as Postman writes it without the format libraries', async () => {
    const url = { raw: '{{baseUrl}}/v1/accounts', host: ['{{baseUrl}}'], path: ['v1', 'accounts'] };
    const imported = await postmanImport('plain.json', 'v2.1.0', [
      { name: 'Accounts', request: { method: 'GET', url } },
    ]);
    expect(imported.stdout).toContain("Imported 'plain.json': 1 request.");
  }, 60_000);

  it('refuses a Postman file the SDK reads in one line naming the install of the format libraries', async () => {
    const refused = await postmanImport('v20.json', 'v2.0.0', []).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('`npm install postman-collection@^5.3.1 @usebruno/lang@^0.39.0`'),
    ]);
  }, 60_000);

  it("loads the library entry by the package's name, without Electron", async () => {
    const loaded = await exec(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const lib = await import('psd2-workbench'); console.log(lib.CHECKS.length, typeof lib.runChecks);",
      ],
      { cwd: app },
    );
    expect(loaded.stdout).toMatch(/^[1-9]\d* function$/m);
  }, 60_000);

  it('runs workbench bank from the installed folder, and /health answers', async () => {
    bank = await startBank(bin, ['bank', '--mode', 'sandbox', '--json']);
    const health = await fetch(bank.line.health);
    expect(await health.json()).toEqual({ status: 'ok', mode: 'sandbox' });
  }, 60_000);

  it('runs certs, target init, doctor, request and run against it', async () => {
    const run = (args: string[]) => exec(bin, args, { cwd: app, maxBuffer: 64 * 1024 * 1024 });
    await run(['certs', 'create', '--out', 'certs']);
    expect(existsSync(join(app, 'certs', 'qsealc.pem'))).toBe(true);
    writeFileSync(join(app, 'bank.json'), JSON.stringify(bank.line) + '\n');
    await run([
      'target',
      'init',
      '--bank-json',
      'bank.json',
      '--certs',
      'certs',
      '--out',
      'bank-profile.json',
    ]);
    const doctor = await run(['doctor', '--target-file', 'bank-profile.json']);
    expect(doctor.stdout).toMatch(/0 failed/);
    const request = await run([
      'request',
      'GET',
      `${bank.line.url}/v1/sandbox/customers`,
      '--sign-cert',
      'certs/qsealc.pem',
      '--sign-key',
      'certs/qsealc.key.pem',
    ]);
    expect(request.stdout).toMatch(/200/);
    const suites = await run(['run', '--target-file', 'bank-profile.json', '--suite', 'consent']);
    expect(suites.stdout).toMatch(/0 failed/);
    bank.child.kill('SIGTERM');
    expect((await bank.exit).code).toBe(0);
  }, 300_000);
});
