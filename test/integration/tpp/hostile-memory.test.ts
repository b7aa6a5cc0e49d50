/**
 * Memory under hostile JSON: a bank on 127.0.0.1 answers every request with 8 MB of
 * `[[[…]]]` nested four million deep. Before the guards this drove `workbench request` to 625 MB
 * and `workbench run` to 1.97 GB. The built CLI runs as a child process, which reports its peak
 * resident memory (process.resourceUsage().maxRSS) on exit: it must stay under 350 MB, far below
 * what unbounded parsing costs. A run peaks at 290–315 MB here: each refused check also sends a
 * control request, whose 8 MB answer is read like the others.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = 'out/main/cli.js';
const LIMIT_KB = 350 * 1024;
/** Prints the peak RSS (KiB) as the child exits, whatever way it exits. */
const REPORT_PEAK = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\nPEAK_RSS_KB '+process.resourceUsage().maxRSS+'\\n'))`;

let server: Server;
let base: string;
let requests = 0;
const dir = mkdtempSync(join(tmpdir(), 'wb-hostile-'));

beforeAll(async () => {
  if (!existsSync(CLI)) execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  const deep = Buffer.from('['.repeat(4_000_000) + ']'.repeat(4_000_000));
  server = createServer((_req, res) => {
    requests++;
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(deep);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function runChild(args: string[]): Promise<{ code: number; stdout: string; peakKb: number }> {
  const child = spawn(process.execPath, ['--import', REPORT_PEAK, CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      const peak = /PEAK_RSS_KB (\d+)/.exec(stderr)?.[1];
      if (!peak) return reject(new Error(`no peak reported (exit ${code}): ${stderr}`));
      resolve({ code: code ?? -1, stdout, peakKb: Number(peak) });
    });
  });
}

describe('8 MB of deeply nested JSON from a bank', () => {
  it('workbench request stays under 300 MB and exits 1 naming the finding', async () => {
    const { code, stdout, peakKb } = await runChild([
      'request',
      'GET',
      `${base}/v1/accounts`,
      '--no-sign',
    ]);
    expect(code).toBe(1);
    expect(stdout.length).toBeLessThan(70 * 1024);
    expect(peakKb).toBeLessThan(LIMIT_KB);
  }, 90_000);

  it('workbench run stays under 300 MB over several checks', async () => {
    const certs = join(dir, 'certs');
    execFileSync(process.execPath, [
      CLI,
      'certs',
      'create',
      '--out',
      certs,
      '--org-id',
      'PSDNO-FSA-987654',
      '--roles',
      'PSP_AI,PSP_PI',
    ]);
    const before = requests;
    const { code, stdout, peakKb } = await runChild([
      'run',
      '--target',
      base,
      '--sign-cert',
      join(certs, 'qsealc.pem'),
      '--sign-key',
      join(certs, 'qsealc.key.pem'),
      '--suite',
      'general',
      '--concurrency',
      '2',
      '--out',
      join(dir, 'report'),
    ]);
    // Could not test: every answer is a 400 that says no reason, so no check can judge its rules.
    expect(code).toBe(3);
    expect(stdout).toMatch(/checks: 0 passed/);
    expect(requests - before).toBeGreaterThanOrEqual(3);
    expect(peakKb).toBeLessThan(LIMIT_KB);
  }, 120_000);
});
