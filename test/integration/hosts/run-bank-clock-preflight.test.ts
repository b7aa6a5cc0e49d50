/**
 * A run's pre-flight reads the bank clock through the profile's admin API. With the
 * clock a day ahead of real time, `workbench run` says so on stderr before it runs, naming
 * --reset-clock, and leaves the clock; with --reset-clock it sets the clock back to real time
 * first. A clock at real time draws no line.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killStartedBanks, startBank, targetInit, type Started } from './workbench-bank';
import { DAY_MS } from '../../../main/shared/calendar.js';

const BIN = 'bin/workbench.js';
const exec = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'clock-preflight-'));
let bank: Started;
let profile: string;

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  const certs = join(dir, 'certs');
  await exec(process.execPath, [BIN, 'certs', 'create', '--out', certs]);
  bank = await startBank(process.execPath, [BIN, 'bank', '--mode', 'sandbox', '--admin', '--json']);
  profile = await targetInit(bank.line, certs, join(dir, 'profile.json'));
  expect(JSON.parse(readFileSync(profile, 'utf8')).admin).toBeDefined();
}, 180_000);
afterAll(killStartedBanks);

async function adminClock(body?: object): Promise<number> {
  const admin = bank.line.admin!;
  const response = await fetch(`${admin.url.replace(/\/+$/, '')}/clock`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${admin.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status).toBe(200);
  return Date.parse(((await response.json()) as { now: string }).now);
}

async function run(...extra: string[]): Promise<string> {
  const { stderr } = await exec(
    process.execPath,
    [
      BIN,
      'run',
      '--target-file',
      profile,
      '--grep',
      'CONSENT-BODY-IGNORED',
      '--out',
      join(dir, 'out'),
      ...extra,
    ],
    { env: { ...process.env, WORKBENCH_ADMIN_TOKEN: bank.line.admin!.token } },
  );
  return stderr;
}

describe('the bank clock pre-flight of workbench run', () => {
  it('a clock at real time: no line', async () => {
    await adminClock({ set: new Date().toISOString() });
    expect(await run()).not.toMatch(/bank clock/);
  }, 120_000);

  it('a day ahead: the run says so and names --reset-clock, and leaves the clock', async () => {
    await adminClock({ set: new Date(Date.now() + DAY_MS).toISOString() });
    const stderr = await run();
    expect(stderr).toMatch(/workbench run: the bank clock is 1 d 0 h ahead of real time/);
    expect(stderr).toMatch(/--reset-clock/);
    expect((await adminClock()) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
  }, 120_000);

  it('with --reset-clock: set back to real time before the run', async () => {
    await adminClock({ set: new Date(Date.now() + DAY_MS).toISOString() });
    const stderr = await run('--reset-clock');
    expect(stderr).toMatch(/the bank clock was 1 d 0 h ahead of real time; set back to real time/);
    expect(Math.abs((await adminClock()) - Date.now())).toBeLessThan(5_000);
  }, 120_000);
});
