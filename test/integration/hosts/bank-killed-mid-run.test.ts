/**
 * A bank that dies in the middle of a run, as a TPP's CI sees it: `workbench bank` as its own
 * process, `workbench run --target URL` as another, and the bank killed (SIGKILL) once the run has
 * judged some checks. The checks after that could not test (never FAIL), the run exits 3, and the
 * console ends with one line that says so, in a few lines, not one per check.
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunResult } from '../../../main/core/runner/results/result-file';
import { killStartedBanks, startBank } from './workbench-bank';

const BIN = resolve('bin/workbench.js');
const dir = mkdtempSync(join(tmpdir(), 'bank-killed-'));

beforeAll(() => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  execFileSync(process.execPath, [BIN, 'certs', 'create', '--out', join(dir, 'certs')]);
}, 120_000);

afterAll(() => killStartedBanks());

describe('a bank killed mid-run', () => {
  it('leaves the remaining checks "could not test", exits 3 and says so in its last line', async () => {
    const bank = await startBank(process.execPath, [BIN, 'bank', '--mode', 'sandbox', '--json']);
    const out = join(dir, 'report');
    const run = spawn(
      process.execPath,
      [
        BIN,
        'run',
        '--target',
        bank.line.url,
        '--sca',
        'headless',
        '--sign-cert',
        join(dir, 'certs', 'qsealc.pem'),
        '--sign-key',
        join(dir, 'certs', 'qsealc.key.pem'),
        '--reporter',
        'json,junit',
        '--out',
        out,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let killed = false;
    run.stdout.on('data', (chunk) => {
      stdout += String(chunk);
      // Some checks judged: kill the bank under the run.
      if (!killed && stdout.split('\n').filter((l) => l.startsWith('PASS')).length >= 20) {
        killed = true;
        bank.child.kill('SIGKILL');
      }
    });
    let stderr = '';
    run.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const code = await new Promise<number | null>((done) => run.once('exit', done));
    expect(killed, stdout).toBe(true);
    expect(code, stderr).toBe(3);

    // The reporter's closing line, then the report files; the CLI's own last word (stderr) is the
    // same verdict, so a terminal ends with it.
    const lines = stdout.trimEnd().split('\n');
    expect(lines.at(-2)).toMatch(
      /^Could not test \d+ of \d+ checks: the target stopped answering \(.*(ECONNREFUSED|ECONNRESET)/,
    );
    expect(lines.at(-1)).toMatch(/^Reports: json, junit in /);
    expect(stderr.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(`^workbench run: could not test ${bank.line.url}: the target stopped answering`),
    );
    expect(lines.length).toBeLessThanOrEqual(60);
    expect(stdout).not.toMatch(/TypeError|fetch failed/);

    const result = parseRunResult(readFileSync(join(out, 'run-result.json'), 'utf8'));
    expect(result.counts.PASS).toBeGreaterThanOrEqual(20);
    expect(result.counts.INCONCLUSIVE).toBeGreaterThan(0);
    // Nothing the dead bank could not answer stands as a broken rule.
    expect(result.checks.filter((c) => c.status === 'FAIL').map((c) => c.checkId)).toEqual([]);
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(Number(/<testsuites [^>]*errors="(\d+)"/.exec(junit)?.[1])).toBe(
      result.counts.INCONCLUSIVE,
    );
  }, 180_000);
});
