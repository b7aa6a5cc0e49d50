/**
 * Idle TLS connections on the built CLI: `workbench bank --tls --max-connections 100` with 100 idle
 * TCP connects (no TLS byte) serves a new client within --headers-timeout + 1 s, and SIGTERM with
 * handshakes still open exits 0 with the --report written. 127.0.0.1 only, bounded in count and
 * time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect as connectTcp, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tlsHealth } from '../bank/tls-health.js';
import { killStartedBanks, startBank } from './workbench-bank';

const BIN = 'bin/workbench.js';
const HEADERS_TIMEOUT_MS = 1500;
const dir = mkdtempSync(join(tmpdir(), 'bank-tls-process-'));
const opened: Socket[] = [];

beforeAll(() => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
}, 120_000);

afterAll(() => {
  for (const socket of opened) socket.destroy();
  killStartedBanks();
});

function idle(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.on('error', () => resolve(socket));
    opened.push(socket);
  });
}

describe('workbench bank --tls with connections that never handshake', () => {
  it('100 idle connects: a new client is served within --headers-timeout + 1 s; SIGTERM exits 0 with the report', async () => {
    const caFile = join(dir, 'ca.pem');
    const reportDir = join(dir, 'reports');
    const bank = await startBank(process.execPath, [
      BIN,
      ...['bank', '--mode', 'sandbox', '--json', '--tls', '--tls-ca-out', caFile],
      ...['--max-connections', '100', '--headers-timeout', String(HEADERS_TIMEOUT_MS)],
      ...['--report', 'json', '--report-dir', reportDir],
    ]);
    const port = Number(new URL(bank.line.url).port);
    const ca = readFileSync(caFile, 'utf8');

    await Promise.all(Array.from({ length: 100 }, () => idle(port)));
    const filled = performance.now();
    let status: number | string = 0;
    while (status !== 200 && performance.now() - filled < HEADERS_TIMEOUT_MS + 5000) {
      status = await tlsHealth(port, ca);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const servedAfter = performance.now() - filled;
    expect(status).toBe(200);
    expect(servedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 1000);

    // Stopped with handshakes open: they are destroyed, the report is written, exit 0.
    await Promise.all(Array.from({ length: 20 }, () => idle(port)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = performance.now();
    process.kill(bank.line.pid, 'SIGTERM');
    const { code } = await bank.exit;
    expect(performance.now() - stopping).toBeLessThan(5000);
    expect(code, bank.stderr()).toBe(0);
    expect(JSON.parse(readFileSync(join(reportDir, 'tpp-report.json'), 'utf8'))).toMatchObject({
      format: 'psd2-workbench/tpp-report',
    });
  }, 60_000);
});
