/**
 * A TPP's CI drives a plan: `workbench bank --plan basic` started as its own process, the app's
 * tests start and finish each module through the admin API by URL, and at SIGTERM the bank
 * writes the plan's JUnit and JSON reports and exits by the verdicts (docs/tpp-plans.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_PLAN, RESILIENCE_PLAN, type PlanReport } from '../../../main/core/bank/index.js';
import type { ReferenceFaults } from '../../support/reference-tpp.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import { killStartedBanks, startBank, type Started } from '../hosts/workbench-bank.js';
import { referenceApp } from './plan-harness.js';

const BIN = 'bin/workbench.js';
let pki: Pki;

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  pki = await createPki();
}, 180_000);
afterAll(killStartedBanks);

async function admin(bank: Started, path: string, body?: object) {
  const answer = await request(`${bank.line.admin!.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${bank.line.admin!.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: answer.statusCode, body: JSON.parse(await answer.body.text()) };
}

/** Plays every module with the reference app (or nothing), stops the bank; its exit and files. */
async function ciRun(faults: ReferenceFaults | 'nothing') {
  const dir = mkdtempSync(join(tmpdir(), 'plan-process-'));
  const bank = await startBank(process.execPath, [
    BIN,
    'bank',
    '--mode',
    'sandbox',
    '--admin',
    '--plan',
    'basic',
    '--json',
    '--report',
    'junit,json',
    '--report-dir',
    dir,
  ]);
  for (const module of BASIC_PLAN.modules) {
    expect((await admin(bank, '/plan/start', { module: module.id })).status).toBe(200);
    if (faults !== 'nothing') await referenceApp(bank.line.url, pki, faults)();
    expect((await admin(bank, '/plan/finish', { module: module.id })).status).toBe(200);
  }
  bank.child.kill('SIGTERM');
  const { code } = await bank.exit;
  return {
    code,
    stderr: bank.stderr(),
    report: JSON.parse(readFileSync(join(dir, 'tpp-plan-report.json'), 'utf8')) as PlanReport,
    junit: readFileSync(join(dir, 'tpp-plan-junit.xml'), 'utf8'),
  };
}

describe('workbench bank --plan basic, driven from the app’s CI', () => {
  it('the reference app: every module PASS, JUnit with one testcase a module, exit 0', async () => {
    const run = await ciRun({});
    expect(
      run.report.counts,
      JSON.stringify(run.report.modules.map((m) => m.result)),
    ).toMatchObject({
      total: 5,
      PASS: 5,
    });
    expect(run.junit.match(/<testcase /g)).toHaveLength(5);
    expect(run.junit).not.toMatch(/<failure/);
    expect(run.stderr).toContain('TPP plan basic: 5 PASS, 0 FAIL');
    expect(run.code).toBe(0);
  }, 120_000);

  it('an app that computes offsets: its module FAILs in the JUnit file, exit 1', async () => {
    const run = await ciRun({ computedOffset: true });
    expect(run.report.counts).toMatchObject({ PASS: 4, FAIL: 1 });
    expect(run.junit).toMatch(/<testcase [^>]*name="[^"]*PAGING-NEXT-LINKS[^"]*"[^>]*>\s*<failure/);
    expect(run.code).toBe(1);
  }, 120_000);

  it('an app that sends nothing: every module NOT_EXERCISED, exit 3, never green', async () => {
    const run = await ciRun('nothing');
    expect(run.report.counts).toMatchObject({ PASS: 0, FAIL: 0, NOT_EXERCISED: 5 });
    expect(run.code).toBe(3);
  }, 120_000);

  it('--plan resilience with --sign-responses: the scripted answers reach the app, which passes every module', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plan-process-'));
    const certFile = join(dir, 'bank-seal.pem');
    const bank = await startBank(process.execPath, [
      BIN,
      'bank',
      '--mode',
      'sandbox',
      '--admin',
      '--plan',
      'resilience',
      '--sign-responses',
      '--response-cert-out',
      certFile,
      '--json',
    ]);
    const statuses: Record<string, string> = {};
    for (const module of RESILIENCE_PLAN.modules) {
      expect((await admin(bank, '/plan/start', { module: module.id })).status).toBe(200);
      await referenceApp(
        bank.line.url,
        pki,
        {},
        {
          bankCertificate: readFileSync(certFile),
          // Retry-After waited out on the bank clock, through the admin API.
          wait: async (seconds) => {
            expect((await admin(bank, '/clock', { advanceMs: seconds * 1000 })).status).toBe(200);
          },
        },
      )();
      const finished = await admin(bank, '/plan/finish', { module: module.id });
      statuses[module.id] = `${finished.body.result.status}: ${finished.body.result.text}`;
    }
    bank.child.kill('SIGTERM');
    expect(statuses, JSON.stringify(statuses)).toEqual({
      'ACCESS-FREQUENCY': expect.stringMatching(/^PASS: /),
      'SYSTEM-ERROR-BACKOFF': expect.stringMatching(/^PASS: /),
      'BAD-RESPONSE-SIGNATURE': expect.stringMatching(/^PASS: /),
    });
  }, 120_000);

  it('refuses a plan it does not know, or one without the admin API, naming the flag', async () => {
    for (const [args, text] of [
      [['--plan', 'nope', '--admin'], /--plan nope: no such plan; the plans are basic/],
      [['--plan', 'basic'], /--plan needs the admin API/],
      [['--plan', 'basic', '--admin', '--mode', 'production'], /--plan plays in sandbox mode/],
    ] as const) {
      let stderr = '';
      try {
        execFileSync(process.execPath, [BIN, 'bank', '--mode', 'sandbox', ...args], {
          stdio: 'pipe',
        });
      } catch (error) {
        stderr = String((error as { stderr: Buffer }).stderr);
        expect((error as { status: number }).status).toBe(2);
      }
      expect(stderr).toMatch(text);
    }
  });
});
