/**
 * Every check holds on a shared, long-running bank reached by URL, as
 * `workbench run --target URL` against `workbench bank` meets it. One bank per mode serves three
 * runs in a row at concurrency 4, with the headless PSU agent and the AISP-only TPP, and no admin
 * API: nothing FAILS, nothing is SKIPPED for want of a PSU agent, and every check has the verdict
 * it has against the embedded bank (a fresh bank per check), clock checks aside. With the admin
 * API on, the clock checks run too, alone, and pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import type { Check, BankMode } from '../../../main/core/runner/check-api/index';
import { runChecks, type CheckResult, type RunResult } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  registerSuitesTpps,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { externalTarget } from '../../../main/core/runner/targets/external-target';
import { NO_TLS_REASON } from '../../../main/core/runner/engine/check-context';
import { createSuitePsuAgent } from '../../../main/core/runner/targets/psu-adapter';
import { createBank, type Bank, type BankListener } from '../../../main/core/bank/index';
import { createAdminApi } from '../../../main/core/bank/admin/admin-api';
import { MAX_REQUEST_BODY_BYTES } from '../../../main/core/spec/limits';
import { VirtualClock } from '../../../main/core/clock';

const RUNS = 3;
const CONCURRENCY = 4;
const ADMIN_TOKEN = 'shared-bank-test-admin-token';
const NO_CLOCK = 'needs the bank clock';

let identity: TppIdentity;
beforeAll(async () => {
  identity = await createTppIdentity();
});

/** A `workbench bank` in this process: its own clock, the suites' TPPs registered and trusted. */
async function startBank(mode: BankMode, admin: boolean) {
  const clock = new VirtualClock();
  const bank: Bank = createBank({ mode, clock });
  if (mode === 'production') registerSuitesTpps(bank, identity);
  const listener: BankListener = await bank.listen(
    admin
      ? {
          intercept: createAdminApi({
            bank,
            clock,
            token: ADMIN_TOKEN,
            maxBodyBytes: MAX_REQUEST_BODY_BYTES,
          }),
        }
      : {},
  );
  return { bank, listener };
}

function sharedTarget(url: string, mode: BankMode, admin: boolean) {
  return externalTarget({
    baseUrl: url,
    mode,
    signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
    aispOnlySigning: {
      key: identity.aispOnly.qsealc.privateKey,
      certificate: identity.aispOnly.qsealc.certificateDer,
    },
    psuAgent: createSuitePsuAgent,
    ...(admin ? { admin: { url: `${url}/admin`, token: ADMIN_TOKEN } } : {}),
  });
}

async function runAll(
  target: ReturnType<typeof sharedTarget> | ReturnType<typeof embeddedTarget>,
  checks: readonly Check[] = CHECKS,
): Promise<RunResult> {
  try {
    return await runChecks({
      checks,
      target: target.info,
      concurrency: CONCURRENCY,
      createEnvironment: (_check, signal) => target.createEnvironment(signal),
      logger: { error: () => {} },
    });
  } finally {
    if ('close' in target) await target.close();
  }
}

const line = (r: CheckResult) =>
  `${r.checkId} ${r.status}: ${r.failure?.message ?? r.skipReason ?? ''}`;
const needsClock = (id: string) =>
  CHECKS.find((c) => c.id === id)?.needs?.includes('clock-control') === true;
/** The shared bank here speaks plain HTTP: a check of its TLS SKIPS (§5.1). */
const needsHttps = (id: string) =>
  CHECKS.find((c) => c.id === id)?.needs?.includes('https') === true;

function summary(result: RunResult) {
  return `${result.counts.PASS} PASS, ${result.counts.WARNING} WARNING, ${result.counts.FAIL} FAIL, ${result.counts.SKIPPED} SKIPPED in ${(result.durationMs / 1000).toFixed(1)} s`;
}

for (const mode of ['sandbox', 'production'] as const) {
  describe(`every check holds on one shared bank (${mode})`, () => {
    let bank: Awaited<ReturnType<typeof startBank>>;
    let embedded: Map<string, CheckResult>;
    beforeAll(async () => {
      bank = await startBank(mode, false);
      const fresh = await runAll(embeddedTarget({ mode, identity }));
      console.log(`[shared-bank] embedded ${mode}: ${summary(fresh)}`);
      embedded = new Map(fresh.checks.map((r) => [r.checkId, r]));
    }, 600_000);
    afterAll(async () => {
      await bank?.bank.close();
    });

    for (let run = 1; run <= RUNS; run++) {
      it(`run ${run} of ${RUNS}, concurrency ${CONCURRENCY}, no admin API`, async () => {
        const result = await runAll(sharedTarget(bank.listener.url, mode, false));
        console.log(`[shared-bank] ${mode} run ${run}: ${summary(result)}`);
        const failed = result.checks.filter((r) => r.status === 'FAIL').map(line);
        expect(failed, 'no check FAILS on a shared bank').toEqual([]);
        const skipped = result.checks.filter((r) => r.status === 'SKIPPED');
        expect(
          skipped.filter((r) => /PSU agent/i.test(r.skipReason ?? '')).map(line),
          'nothing is SKIPPED for want of a PSU agent',
        ).toEqual([]);
        // A SKIP is the missing clock or TLS, or an inapplicability the embedded bank shares.
        expect(
          skipped
            .filter(
              (r) =>
                !r.skipReason?.startsWith(NO_CLOCK) &&
                r.skipReason !== NO_TLS_REASON &&
                !(
                  embedded.get(r.checkId)?.status === 'SKIPPED' &&
                  embedded.get(r.checkId)?.skipReason === r.skipReason
                ),
            )
            .map(line),
          'every SKIP is the bank clock, or one the embedded bank has too',
        ).toEqual([]);
        // The same verdict as against a fresh bank per check, clock checks aside.
        const differs = result.checks
          .filter((r) => !needsClock(r.checkId) && !needsHttps(r.checkId))
          .filter((r) => r.status !== embedded.get(r.checkId)?.status)
          .map((r) => `${line(r)} (embedded: ${embedded.get(r.checkId)?.status})`);
        expect(differs, 'verdicts as against the embedded bank').toEqual([]);
        expect(
          result.checks.filter((r) => needsClock(r.checkId) && r.status !== 'SKIPPED').map(line),
          'without the admin API the clock checks SKIP',
        ).toEqual([]);
      }, 600_000);
    }
  });

  describe(`with the admin API the clock checks pass on the shared bank (${mode})`, () => {
    it('every clock check passes, run alone, through GET and POST /admin/clock', async () => {
      const { bank, listener } = await startBank(mode, true);
      try {
        const clockChecks = CHECKS.filter(
          (c) => c.needs?.includes('clock-control') && (!c.modes || c.modes.includes(mode)),
        );
        expect(clockChecks.length).toBeGreaterThan(0);
        // The whole catalogue: the clock checks must hold beside (not during) the others.
        const result = await runAll(sharedTarget(listener.url, mode, true));
        console.log(`[shared-bank] ${mode} with admin: ${summary(result)}`);
        for (const r of result.checks.filter((c) => c.status === 'SKIPPED'))
          console.log(`[shared-bank]   ${line(r)}`);
        expect(result.checks.filter((r) => r.status === 'FAIL').map(line)).toEqual([]);
        expect(
          result.checks
            .filter((r) => clockChecks.some((c) => c.id === r.checkId) && r.status !== 'PASS')
            .map(line),
          'clock checks PASS through the admin API',
        ).toEqual([]);
      } finally {
        await bank.close();
      }
    }, 600_000);
  });
}
