/**
 * The soak in CI: a short run with a few TPPs must pass every invariant, having done
 * every kind of journey; and with a fault profile that makes the bank settle payments without
 * ledger entries, the same soak must fail on exactly the invariants that watch the ledger.
 * `npm run soak` is the full run (16 TPPs, 60 s); CI also runs it with a short duration.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOAK_OPTIONS } from '../../../bench/soak/options.js';
import { runSoak } from '../../../bench/soak/run.js';

const SHORT = {
  ...DEFAULT_SOAK_OPTIONS,
  tpps: 4,
  durationSeconds: 6,
  warmupSeconds: 2,
  batchEveryMs: 500,
};

const failing = (report: Awaited<ReturnType<typeof runSoak>>) =>
  report.invariants.filter((i) => i.problems.length > 0).map((i) => i.name);

describe('soak', () => {
  it(
    'holds every invariant with 4 TPPs for 6 s, having done every kind of journey',
    { timeout: 120_000 },
    async () => {
      const report = await runSoak(SHORT);
      expect(failing(report), JSON.stringify(report.invariants, null, 2)).toEqual([]);
      for (const kind of Object.keys(report.journeys) as (keyof typeof report.journeys)[])
        expect(report.journeys[kind], kind).toBeGreaterThan(0);
      expect(report.payments.ACSC).toBeGreaterThan(0);
      expect(report.consoleRevocations).toBeGreaterThan(0);
      expect(report.reads).toBeGreaterThan(0);
      expect(report.bankUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // Memory is judged by `npm run soak` (with --expose-gc); here only that it was measured.
      expect(report.memory.warm.rssBytes).toBeGreaterThan(0);
    },
  );

  it(
    'fails when the bank settles payments without ledger entries (SANDBOX-ACCTX-INCLUDES-PAYMENTS)',
    { timeout: 120_000 },
    async () => {
      const report = await runSoak({
        ...SHORT,
        tpps: 2,
        durationSeconds: 3,
        warmupSeconds: 1,
        faults: ['SANDBOX-ACCTX-INCLUDES-PAYMENTS'],
      });
      expect(report.passed).toBe(false);
      expect(failing(report)).toEqual(
        expect.arrayContaining([
          'every settled payment appears once in the ledger',
          'balances move only by ledger entries',
        ]),
      );
    },
  );

  it('refuses an unknown fault profile by name', async () => {
    await expect(runSoak({ ...SHORT, tpps: 1, faults: ['NO-SUCH-RULE'] })).rejects.toThrow(
      /unknown fault profile NO-SUCH-RULE/,
    );
  });
});
