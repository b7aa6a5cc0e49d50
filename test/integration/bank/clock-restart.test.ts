/**
 * The bank clock of a `workbench bank --db FILE` is state, as on PostgreSQL (docs/ci.md "Admin
 * API"): moved through the admin API, it is where it was after a restart on the same file,
 * running on from there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, killStartedBanks, startBank, type Started } from '../hosts/workbench-bank.js';

const DAY = 24 * 60 * 60 * 1000;

describe('the bank clock of a --db bank across a restart', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'bank-clock-')), 'bank.db');
  beforeAll(() => {
    if (!existsSync('out/main/cli.js'))
      execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  }, 120_000);
  afterAll(() => killStartedBanks());

  const start = () =>
    startBank(process.execPath, [
      'bin/workbench.js',
      'bank',
      '--mode',
      'sandbox',
      '--json',
      '--admin',
      '--db',
      path,
    ]);
  async function stop(bank: Started): Promise<void> {
    process.kill(bank.line.pid, 'SIGTERM');
    await bank.exit;
  }

  it('keeps the offset the admin API gave it', async () => {
    const first = await start();
    const moved = await adminCall(first, 'POST', '/clock', { advanceMs: 10 * DAY });
    expect(Number(moved.offsetMs)).toBeGreaterThan(10 * DAY - 60_000);
    await stop(first);

    const second = await start();
    const running = await adminCall(second, 'GET', '/clock');
    // Running on from real time: the offset is kept (within a minute on a loaded machine).
    expect(Math.abs(Number(running.offsetMs) - 10 * DAY)).toBeLessThan(60_000);
    const at = '2031-05-05T10:00:00.000Z';
    await adminCall(second, 'POST', '/clock', { set: at });
    await stop(second);

    const third = await start();
    const again = await adminCall(third, 'GET', '/clock');
    expect(Math.abs(Date.parse(String(again.now)) - Date.parse(at))).toBeLessThan(60_000);
    await stop(third);
  }, 120_000);
});
