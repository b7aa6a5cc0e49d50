/**
 * The exit codes of `workbench run` and a closed output pipe, from the built CLI as a separate
 * process (bin/workbench.js), as a CI job sees them: 3 and <error> in the JUnit report when the
 * target does not answer, 2 for a bad command line naming what was wrong, and `| head -1` ends
 * without a stack trace. Everything on 127.0.0.1.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { has } from '../../support/machine';

const BIN = resolve('bin/workbench.js');
const XSD = fileURLToPath(new URL('../../unit/runner/fixtures/junit-10.xsd', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cli-exit-'));
let closedPort: number;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end, whatever its exit code. */
function workbench(args: string[], cwd = dir): Promise<Ran> {
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], { cwd, timeout: 120_000 }, (error, stdout, stderr) =>
      done({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

/** A port on 127.0.0.1 nothing listens on: one the system gave out and that was closed again. */
async function freeClosedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  execFileSync(process.execPath, [BIN, 'certs', 'create', '--out', join(dir, 'certs')]);
  closedPort = await freeClosedPort();
}, 120_000);

const signing = () => [
  '--sign-cert',
  join(dir, 'certs', 'qsealc.pem'),
  '--sign-key',
  join(dir, 'certs', 'qsealc.key.pem'),
];

describe('workbench run exit codes', () => {
  it('exits 3 with <error> checks in the JUnit report when nothing listens at the target', async () => {
    const out = join(dir, 'unreachable');
    const target = `http://127.0.0.1:${closedPort}`;
    const ran = await workbench([
      'run',
      '--target',
      target,
      '--suite',
      'signing',
      '--reporter',
      'junit',
      '--out',
      out,
      ...signing(),
    ]);
    expect(ran.stderr).toContain(`could not test ${target}`);
    expect(ran.stderr).toContain('ECONNREFUSED');
    expect(ran.code, ran.stderr).toBe(3);
    const xml = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(xml).toMatch(/<error message="[^"]*ECONNREFUSED[^"]*" type="TransportError">/);
    expect(xml).not.toContain('<failure');
    const errors = /<testsuites [^>]*errors="(\d+)"/.exec(xml)?.[1];
    expect(Number(errors)).toBe(xml.split('<error ').length - 1);
    expect(Number(errors)).toBeGreaterThan(0);
    if (has('xmllint'))
      execFileSync('xmllint', ['--noout', '--schema', XSD, join(out, 'junit.xml')], {
        stdio: 'pipe',
      });
  }, 150_000);

  it('prints at most 30 lines for a whole run against a closed port, and exits 3', async () => {
    const target = `http://127.0.0.1:${closedPort}`;
    const ran = await workbench(['run', '--target', target, ...signing()]);
    expect(ran.code, ran.stderr).toBe(3);
    const lines = `${ran.stdout}${ran.stderr}`.trimEnd().split('\n');
    expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(30);
    expect(ran.stdout).toMatch(/^Could not test \d+ of \d+ checks: no request got an answer/m);
    expect(ran.stdout).not.toMatch(/^FAIL/m);
  }, 150_000);

  it('exits 2 naming an unknown suite, rule or tag', async () => {
    for (const [flag, value] of [
      ['--suite', 'nosuch'],
      ['--rule', 'NO-SUCH-RULE'],
      ['--tag', 'no-such-tag'],
    ] as const) {
      const ran = await workbench(['run', '--target', 'embedded', flag, value]);
      expect(ran.code, ran.stderr).toBe(2);
      expect(ran.stderr).toContain(`${flag}: no `);
      expect(ran.stderr).toContain(`'${value}'`);
    }
  }, 60_000);

  it('exits 2 for a target that is not http: or https:, before reading any file', async () => {
    const ran = await workbench(['run', '--target', 'ftp://x', ...signing()]);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain("not 'ftp://x' (ftp: is not supported)");
    expect(ran.stdout).toBe('');
  });

  it("refuses --out - with 2 and makes no directory named '-'", async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cli-exit-out-'));
    const ran = await workbench(
      ['run', '--target', 'embedded', '--suite', 'signing', '--reporter', 'junit', '--out', '-'],
      cwd,
    );
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain("--out needs a directory for the report files, not '-'");
    expect(existsSync(join(cwd, '-'))).toBe(false);
  });
});

describe('a closed output pipe', () => {
  function throughHead(args: string): Ran {
    const ran = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args} | head -1`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { code: ran.status, stdout: ran.stdout, stderr: ran.stderr };
  }

  it('ends `workbench rules | head -1` without EPIPE or a stack trace', () => {
    const ran = throughHead('rules');
    expect(ran.stdout).toMatch(/^Rule catalogue: /);
    expect(ran.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(ran.stderr).not.toContain('EPIPE');
    expect(ran.stderr).not.toMatch(/^\s+at /m);
    expect(ran.stderr).toBe('');
  });

  it('ends `workbench run … | head -1` without EPIPE or a stack trace', () => {
    const ran = throughHead('run --target embedded --suite signing');
    expect(ran.stdout).toMatch(/^Running \d+ checks against embedded bank/);
    expect(ran.stderr).not.toContain('EPIPE');
    expect(ran.stderr).not.toMatch(/^\s+at /m);
    expect(ran.stderr).toBe('');
  }, 120_000);
});
