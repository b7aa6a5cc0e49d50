/**
 * `npm start` (scripts/start.mjs) on a fresh clone: with the Electron binary missing and its
 * download host out of reach it ends within seconds naming what failed, `npm run web` and the
 * CLI; with a binary (a fake executable this test writes) it builds once and launches it once; a
 * binary the supported fetch brings is launched the same way.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { electronExecutable, start } from '../../../scripts/start.mjs';
import { closedPort } from '../runner/doctor/fixtures.js';

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'start-script-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
/** A node_modules/electron without its binary; `install` is the body of its install.js. */
function electronPackage(install = 'process.exit(1);'): string {
  const dir = join(work, `electron-${++dirs}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'install.js'), install);
  return dir;
}
/** Writes the fake binary and path.txt, as Electron's install does. */
function fakeBinary(dir: string, log: string): void {
  mkdirSync(join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'electron'), `#!/bin/sh\necho "launched $*" >> '${log}'\n`);
  chmodSync(join(dir, 'dist', 'electron'), 0o755);
  writeFileSync(join(dir, 'path.txt'), 'electron');
}

describe('npm start', () => {
  it('binary missing, download host unreachable: ends in seconds naming what failed, npm run web and the CLI', async () => {
    const electronDir = electronPackage();
    const messages: string[] = [];
    let builds = 0;
    let fetches = 0;
    const started = Date.now();
    const code = await start({
      electronDir,
      env: { ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/` },
      probeTimeoutMs: 3000,
      log: (text) => messages.push(text),
      fetch: () => (fetches++, Promise.resolve({ code: 0, timedOut: false })),
      build: () => (builds++, Promise.resolve(0)),
    });
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    const text = messages.join('\n');
    expect(text).toMatch(
      /cannot open the desktop app: the Electron binary is missing and its download host 127\.0\.0\.1:\d+ cannot be reached \(ECONNREFUSED\)/,
    );
    expect(text).toContain('npm run web');
    expect(text).toContain('npx workbench --help');
    expect(text).toContain('npx install-electron');
    expect([builds, fetches]).toEqual([0, 0]);
    // Nothing was fetched, so no line may say so.
    expect(messages[0]).toMatch(/checking that its download host 127\.0\.0\.1:\d+ answers/);
    expect(text).not.toMatch(/fetching|installing/);
  });

  it('binary missing, the fetch fails: names the failure and the Node version the tools need', async () => {
    const electronDir = electronPackage(
      "console.error('RequestError: getaddrinfo ENOTFOUND'); process.exit(1);",
    );
    const messages: string[] = [];
    const code = await start({
      electronDir,
      env: {},
      nodeVersion: '20.19.0',
      probe: () => Promise.resolve(true),
      log: (text) => messages.push(text),
      build: () => Promise.resolve(0),
      launch: () => Promise.resolve(0),
    });
    expect(code).toBe(1);
    expect(messages.join('\n')).toContain('npx install-electron failed (exit 1)');
    expect(messages.join('\n')).toContain('need Node 22.12 or later, this is Node 20.19.0');
    expect(messages.join('\n')).toContain('npm run web');
  });

  it('a fetch that hangs is ended at its deadline', async () => {
    const electronDir = electronPackage('setInterval(() => undefined, 1000);');
    const messages: string[] = [];
    const started = Date.now();
    const code = await start({
      electronDir,
      env: {},
      nodeVersion: '22.12.0',
      fetchTimeoutMs: 1500,
      probe: () => Promise.resolve(true),
      log: (text) => messages.push(text),
    });
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(messages.join('\n')).toContain('the download did not finish within 1.5 s');
    expect(messages.join('\n')).not.toContain('this is Node');
  });

  it('binary present: builds once and launches it once, with the app folder', async () => {
    const electronDir = electronPackage();
    const log = join(work, 'present.log');
    fakeBinary(electronDir, log);
    let builds = 0;
    const code = await start({
      electronDir,
      env: {},
      probe: () => Promise.reject(new Error('not to be probed')),
      build: () => (builds++, Promise.resolve(0)),
    });
    expect(code).toBe(0);
    expect(builds).toBe(1);
    expect(readFileSync(log, 'utf8')).toBe(`launched ${ROOT}\n`);
  });

  it('binary fetched the supported way (install.js), then launched once', async () => {
    const log = join(work, 'fetched.log');
    const electronDir = electronPackage(`
      const { chmodSync, mkdirSync, writeFileSync } = require('node:fs');
      mkdirSync(__dirname + '/dist');
      writeFileSync(__dirname + '/dist/electron', "#!/bin/sh\\necho \\"launched $*\\" >> '${log}'\\n");
      chmodSync(__dirname + '/dist/electron', 0o755);
      writeFileSync(__dirname + '/path.txt', 'electron');
    `);
    writeFileSync(join(electronDir, 'package.json'), '{"type":"commonjs"}');
    expect(electronExecutable(electronDir)).toBeUndefined();
    let builds = 0;
    const messages: string[] = [];
    const code = await start({
      electronDir,
      env: {},
      probe: () => Promise.resolve(true),
      log: (text) => messages.push(text),
      build: () => (builds++, Promise.resolve(0)),
    });
    expect(code).toBe(0);
    expect(builds).toBe(1);
    expect(readFileSync(log, 'utf8')).toBe(`launched ${ROOT}\n`);
    expect(messages.at(-1)).toMatch(/installing .* from its download cache, else from github\.com/);
  });

  it.skipIf(electronExecutable(join(ROOT, 'node_modules', 'electron')) !== undefined)(
    'the script itself, offline (no Electron binary here): exit 1 within 30 s with the message',
    async () => {
      const started = Date.now();
      const result = await exec(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
        env: { ...process.env, ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/` },
        timeout: 30_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(result.stderr).toContain('cannot open the desktop app');
      expect(result.stderr).toContain('npm run web');
    },
  );
});
