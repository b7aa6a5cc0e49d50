/**
 * Every suite, in each mode, against each bank that implements no rule
 * (test/fixtures/do-nothing-banks.ts), by URL through the path `workbench run --target URL` takes
 * (a target profile, its mode check, the external target with headless SCA and the AISP-only
 * TPP). No check PASSES except the reviewed list (test/fixtures/do-nothing-passes.ts), and no
 * verdict is an exception: a check that meets an answer it cannot use says it could not test.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTppIdentity } from '../../../main/core/runner/targets/embedded-target';
import { runSession } from '../../../main/core/runner/session/index';
import { suitesPlan } from '../../support/session-plan';
import {
  loadTargetProfile,
  TARGET_PROFILE_VERSION,
} from '../../../main/core/runner/target-profile/index';
import type { CheckResult } from '../../../main/shared/run-result';
import { CHECKS } from '../../../suites/index';
import {
  DO_NOTHING_BANKS,
  startDoNothingBank,
  type DoNothingBankKind,
} from '../../fixtures/do-nothing-banks';
import type { BankMode } from '../../../main/shared/mode';
import { DO_NOTHING_PASSES } from '../../fixtures/do-nothing-passes';

/** A reason that is an exception's text rather than a judgement. */
const EXCEPTION =
  /\b(TypeError|ReferenceError|RangeError|SyntaxError)\b|Cannot read propert|is not a function|is not iterable|of undefined|of null/;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'do-nothing-'));
  const identity = await createTppIdentity();
  const pem = (name: string, certificate: string, key: { export(o: object): unknown }) =>
    Promise.all([
      writeFile(join(dir, `${name}.pem`), certificate),
      writeFile(
        join(dir, `${name}.key.pem`),
        key.export({ type: 'pkcs8', format: 'pem' }) as string,
      ),
    ]);
  await pem('qsealc', identity.qsealc.certificatePem, identity.qsealc.privateKey);
  await pem('aisp', identity.aispOnly.qsealc.certificatePem, identity.aispOnly.qsealc.privateKey);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function runAgainst(kind: DoNothingBankKind, mode: BankMode) {
  const bank = await startDoNothingBank(kind, mode);
  try {
    const loaded = await loadTargetProfile(
      {
        profileVersion: TARGET_PROFILE_VERSION,
        baseUrl: bank.url,
        mode,
        signing: { certificate: 'qsealc.pem', key: 'qsealc.key.pem' },
        aispOnlyTpp: { signing: { certificate: 'aisp.pem', key: 'aisp.key.pem' } },
        sca: { mode: 'headless' },
        requestTimeoutSeconds: 10,
      },
      { source: `the ${kind} bank`, baseDir: dir },
    );
    const plan = suitesPlan({ kind: 'profile', loaded }, { concurrency: 4, timeoutMs: 20_000 });
    const run = await runSession(plan, { logger: { error: () => {} } });
    return run.result;
  } finally {
    await bank.close();
  }
}

const reasonOf = (r: CheckResult) =>
  r.failure?.message ??
  [r.couldNotTest?.reason, r.couldNotTest?.error?.message].filter(Boolean).join(': ') ??
  r.skipReason ??
  '';

describe('the reviewed list', () => {
  it('names at most 3 registered checks per bank, each with its reason', () => {
    const ids = new Set(CHECKS.map((check) => check.id));
    for (const kind of DO_NOTHING_BANKS) {
      const allowed = Object.entries(DO_NOTHING_PASSES[kind]);
      expect(allowed.length, kind).toBeLessThanOrEqual(3);
      for (const [id, reason] of allowed) {
        expect(ids.has(id), `${kind}: ${id} is a check`).toBe(true);
        expect(reason.length, `${kind}: ${id} has a reason`).toBeGreaterThan(20);
      }
    }
  });
});

/**
 * A kit setup the bank refuses (the consent a check reads through, the PSU's sign-in,
 * the sandbox data it needs) is "could not test" naming the step, never a FAIL of the check's
 * rules. On the bank that refuses everything, a check that starts with each setup shows it.
 */
const SETUP_REFUSED: Record<BankMode, [string, RegExp][]> = {
  sandbox: [
    [
      'CARDTX-RESPONSE-SHAPE',
      /^could not set up: the consent the check needs \(POST \/v1\/consents\)/,
    ],
    ['HDR-PSU-ID-UUID-CHECKED', /^could not set up: GET \/v1\/user to start SCA was answered 400/],
    ['LIMIT-LINKS-CARRY-200', /^could not set up: the fixed test-data fill/],
    ['CORP-AGREEMENTS-ANSWERS-200', /^could not set up: the sandbox customers \(GET/],
    ['BASKET-STATUS-ANSWERS-200', /^could not set up: a payment initiation: basket payment 1/],
    ['PAY-IBAN-MOD-97', /^could not set up: a payment initiation: .* plain SCT initiation/],
    ['SBX-INITIAL-STATE-CUSTOMERS', /^cannot tell why the bank refused POST \/v1\/sandbox\/init/],
  ],
  production: [
    [
      'CARDTX-RESPONSE-SHAPE',
      /^could not set up: the consent the check needs \(POST \/v1\/consents\)/,
    ],
    ['HDR-PSU-ID-UUID-CHECKED', /^could not set up: GET \/v1\/user to start SCA was answered 400/],
  ],
};

/**
 * The requests the kit sends as a check's setup (the sandbox's customers, its initialisation, a
 * payment or basket initiation a check builds on, the balances a check sets): a bank that refuses
 * one was not tested on the check's rules, so no FAIL may name one.
 */
const SETUP_REQUEST =
  /GET \/v1\/sandbox\/customers|POST \/v1\/sandbox\/initialize|payment initiation|basket payment \d|a payment that identifies the PSU|PUT the balances/;

describe.each(DO_NOTHING_BANKS)('the %s bank', (kind) => {
  it.each(['sandbox', 'production'] as const)(
    '%s: only the reviewed checks PASS, no exception is a verdict',
    async (mode) => {
      const result = await runAgainst(kind, mode);
      const passed = result.checks.filter((r) => r.status === 'PASS').map((r) => r.checkId);
      console.log(
        `[do-nothing] ${kind} ${mode}: ${JSON.stringify(result.counts)} PASS: ${passed.join(' ')}`,
      );
      const allowed = DO_NOTHING_PASSES[kind];
      expect
        .soft(
          passed.filter((id) => !(id in allowed)),
          `checks that PASS on a bank that implements no rule (${kind}, ${mode})`,
        )
        .toEqual([]);
      const exceptions = result.checks
        .filter(
          (r) =>
            r.couldNotTest?.error !== undefined ||
            (r.status === 'FAIL' && EXCEPTION.test(r.failure?.message ?? '')),
        )
        .map((r) => `${r.checkId} ${r.status}: ${reasonOf(r)}`);
      if (exceptions.length > 0)
        console.log(`[do-nothing] ${kind} ${mode} exceptions:\n${exceptions.join('\n')}`);
      expect.soft(exceptions, 'exceptions shown as verdicts').toEqual([]);
      const failed = result.checks.filter((r) => r.status === 'FAIL');
      expect
        .soft(
          failed
            .filter((r) => SETUP_REQUEST.test(r.failure?.message ?? ''))
            .map((r) => `${r.checkId}: ${reasonOf(r)}`),
          `FAILs on a refused setup step (${kind}, ${mode})`,
        )
        .toEqual([]);
      if (kind === 'refuse-all')
        // A bank that refuses everything cannot be told from one that refuses for a reason: every
        // check ends could-not-test there, none PASSES or FAILS.
        expect
          .soft(
            failed.map((r) => `${r.checkId}: ${reasonOf(r)}`),
            `FAILs on a bank that refuses everything (${mode})`,
          )
          .toEqual([]);
      if (kind === 'refuse-all')
        for (const [id, reason] of SETUP_REFUSED[mode]) {
          const check = result.checks.find((r) => r.checkId === id);
          expect.soft(check?.status, `${id}: its setup refused`).toBe('INCONCLUSIVE');
          expect.soft(check?.couldNotTest?.reason ?? '', `${id}: names the step`).toMatch(reason);
        }
    },
    600_000,
  );
});
