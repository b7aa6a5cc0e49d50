/**
 * The default page size (§8), its links, and pending card transactions (§8
 * "card account reads are unaffected") are judged in production mode on data found through AIS.
 * - A `workbench bank --mode production` started as its own process holds that data
 *   (domain/production-data.ts): `workbench run` of those rules PASSES there.
 * - A production bank without it (the sandbox's initial data only) makes the checks
 *   INCONCLUSIVE, naming what is missing, never FAIL.
 * Their FAIL with each rule's fault is in checks.test.ts (a production-only check is faulted in
 * production).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../../main/shared/run-result';
import { CHECKS } from '../../../suites/index';
import { runChecks } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  registerSuitesTpps,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { externalTarget } from '../../../main/core/runner/targets/external-target';
import { createSuitePsuAgent } from '../../../main/core/runner/targets/psu-adapter';
import { createBank } from '../../../main/core/bank/index';
import { buildInitialState } from '../../../main/core/bank/domain/initial-data';
import { VirtualClock } from '../../../main/core/clock';
import {
  killStartedBanks,
  productionTlsArgs,
  startBank,
  targetInit,
} from '../hosts/workbench-bank';

const FOUND_DATA_CHECKS = [
  'ACCTX-200-PER-CALL-IN-PRODUCTION',
  'CARDTX-200-PER-CALL-IN-PRODUCTION',
  'LIMIT-LINKS-CARRY-200-IN-PRODUCTION',
  'CARDTX-PENDING-FILTERED-IN-PRODUCTION',
];
const RULES = [
  'ACCTX-DEFAULT-PAGE-200',
  'CARDTX-DEFAULT-PAGE-200',
  'LIMIT-PAGE-LINKS-CARRY-200',
  'CARDTX-PENDING-FILTERED',
];
const BIN = 'bin/workbench.js';
const exec = promisify(execFile);

const verdicts = (result: { checks: readonly { checkId: string; status: string }[] }) =>
  Object.fromEntries(
    result.checks
      .filter((c) => FOUND_DATA_CHECKS.includes(c.checkId))
      .map((c) => [c.checkId, c.status]),
  );

describe('a production bank without the data: could not test', () => {
  let identity: TppIdentity;
  beforeAll(async () => {
    identity = await createTppIdentity();
  });

  it('each check is INCONCLUSIVE, naming the data it looked for', async () => {
    const clock = new VirtualClock();
    const bank = createBank({
      mode: 'production',
      clock,
      // The sandbox's initial data: no holding beyond one page, no pending card transaction.
      initialState: () => buildInitialState(clock.now(), 'sandbox'),
    });
    registerSuitesTpps(bank, identity);
    const listener = await bank.listen({});
    const target = externalTarget({
      baseUrl: listener.url,
      mode: 'production',
      signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
      psuAgent: createSuitePsuAgent,
    });
    try {
      const result = await runChecks({
        checks: CHECKS.filter((c) => FOUND_DATA_CHECKS.includes(c.id)),
        target: target.info,
        createEnvironment: (_check, signal) => target.createEnvironment(signal),
        logger: { error: () => {} },
      });
      expect(verdicts(result)).toEqual(
        Object.fromEntries(FOUND_DATA_CHECKS.map((id) => [id, 'INCONCLUSIVE'])),
      );
      for (const check of result.checks)
        expect(check.couldNotTest?.reason ?? '').toMatch(
          /^the target has no (account|card account) with (more than 200 booked|two or more pending) transactions for this PSU/,
        );
    } finally {
      await target.close();
      await bank.close();
    }
  }, 120_000);
});

describe('`workbench bank --mode production` as its own process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'production-data-'));
  const certs = join(dir, 'certs');
  beforeAll(async () => {
    if (!existsSync('out/main/cli.js'))
      execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
    await exec(process.execPath, [BIN, 'certs', 'create', '--out', certs]);
  }, 300_000);
  afterAll(killStartedBanks);

  it('the checks PASS on the data the production bank holds', async () => {
    const bank = await startBank(process.execPath, [
      BIN,
      'bank',
      '--mode',
      'production',
      ...productionTlsArgs(certs),
      '--json',
    ]);
    const profile = await targetInit(bank.line, certs, join(dir, 'profile.json'));
    const out = join(dir, 'out');
    const args = [BIN, 'run', '--target-file', profile, '--reporter', 'json', '--out', out];
    for (const rule of [...RULES, 'FIX-CARD-AMOUNTS-SWITCH']) args.push('--rule', rule);
    await exec(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
    const result = JSON.parse(readFileSync(join(out, 'run-result.json'), 'utf8')) as RunResult;
    expect(verdicts(result)).toEqual(
      Object.fromEntries(FOUND_DATA_CHECKS.map((id) => [id, 'PASS'])),
    );
    expect(
      result.checks.find((c) => c.checkId === 'FIX-CARD-AMOUNT-MAPPING-IN-PRODUCTION')?.status,
    ).toBe('PASS');
  }, 180_000);
});
