/**
 * Against a bank by URL in production mode the payment checks pay with the data
 * of the bank under test, never the embedded bank's documented payer. `workbench bank` runs as its
 * own process from a snapshot whose customers are not the documented ones (Ola Nordmann replaced
 * by Siri Solberg, other IBANs); `workbench run` with a production profile naming Siri runs the
 * payment and basket checks: they PASS (not INCONCLUSIVE, not FAIL), every payment is from Siri's
 * account (found through AIS after a consent, or named in the profile), and no request carries the
 * documented payer's IBANs.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../../main/shared/run-result';
import { maskIban } from '../../../main/core/runner/results/report-result';
import {
  killStartedBanks,
  productionTlsArgs,
  startBank,
  targetInit,
  type Started,
} from './workbench-bank';
import {
  DOCUMENTED_PAYER,
  OTHER_PAYER,
  otherCustomersSnapshot,
} from '../../fixtures/other-customers-snapshot';

const BIN = 'bin/workbench.js';
const exec = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bank-data-'));
const certs = join(dir, 'certs');
let bank: Started;

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  await exec(process.execPath, [BIN, 'certs', 'create', '--out', certs]);
  const state = join(dir, 'other-customers.json');
  await writeFile(state, otherCustomersSnapshot());
  bank = await startBank(process.execPath, [
    BIN,
    'bank',
    '--mode',
    'production',
    '--state',
    state,
    ...productionTlsArgs(certs),
    '--json',
  ]);
}, 180_000);
afterAll(killStartedBanks);

/** A profile from `workbench target init` for the bank, with `psus` as given. */
async function profile(name: string, psus: unknown): Promise<string> {
  const file = await targetInit(bank.line, certs, join(dir, `${name}.json`));
  const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...written, psus }));
  return file;
}

async function run(file: string, out: string): Promise<RunResult> {
  try {
    await exec(
      process.execPath,
      [
        BIN,
        'run',
        '--target-file',
        file,
        '--suite',
        'payments',
        '--suite',
        'baskets',
        '--reporter',
        'json',
        '--out',
        out,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    if (failed.code !== 1) throw new Error(`workbench run exited ${failed.code}: ${failed.stderr}`);
  }
  return JSON.parse(readFileSync(join(out, 'run-result.json'), 'utf8')) as RunResult;
}

/** What every payment initiation of the run sent as debtorAccount.iban (as reports mask it). */
function debtorsOf(result: RunResult): Set<string> {
  const debtors = new Set<string>();
  for (const check of result.checks)
    for (const item of check.evidence)
      if (
        item.kind === 'exchange' &&
        item.exchange.request.method === 'POST' &&
        /^\/v1\/(payments|bulk-payments|periodic-payments)\//.test(
          new URL(item.exchange.request.url).pathname,
        )
      ) {
        const iban = debtorOf(item.exchange.request.body);
        if (iban) debtors.add(iban);
      }
  return debtors;
}

function debtorOf(body: string | undefined): string | undefined {
  try {
    return (JSON.parse(body ?? '') as { debtorAccount?: { iban?: string } }).debtorAccount?.iban;
  } catch {
    return undefined; // a deliberately broken body
  }
}

const notPassed = (result: RunResult) =>
  result.checks
    .filter((check) => check.status === 'FAIL' || check.status === 'INCONCLUSIVE')
    .map((check) => `${check.checkId} ${check.status}: ${check.failure?.message ?? ''}`);

const KARI = { login: '62079045611', name: 'Kari Nordmann' };
const SIRI = { login: OTHER_PAYER.login, name: OTHER_PAYER.name };

describe.each([
  ['found through AIS after a consent', { private: [SIRI, KARI] }],
  [
    'named in the profile',
    { private: [{ ...SIRI, accounts: OTHER_PAYER.accounts.map((a) => a.iban) }, KARI] },
  ],
])('a production bank whose PSU is not the documented payer: accounts %s', (how, psus) => {
  it('the payment and basket checks PASS, paying from that PSU’s accounts only', async () => {
    const result = await run(
      await profile(how.replace(/\W+/g, '-'), psus),
      join(dir, how.replace(/\W+/g, '-')),
    );
    expect(notPassed(result)).toEqual([]);
    const payments = result.checks.filter((check) => check.area === 'payments');
    expect(payments.filter((check) => check.status === 'PASS').length).toBeGreaterThan(20);
    const debtors = debtorsOf(result);
    expect(debtors.has(maskIban(OTHER_PAYER.accounts[0]!.iban))).toBe(true);
    for (const documented of DOCUMENTED_PAYER.accounts)
      expect(debtors.has(maskIban(documented.iban)), `paid from ${documented.iban}`).toBe(false);
  }, 600_000);
});
