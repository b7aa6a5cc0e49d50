/**
 * The SCA-dependent checks (needs 'psu-agent') with the PSU in Chromium: the embedded bank's
 * built-in PSU steps `workbench-bank` played by the browser agent (main/core/tpp/psu-browser/)
 * through `suitePsuAgentFactory({ mode: 'browser' })`. A representative subset for time — the
 * first checks of every area that has such checks, two of the larger areas, and production (the
 * one-time code page) — must pass (a check whose rule is about the page itself awaits review
 * instead: REVIEW, its screenshots a person's to judge), and every page the PSU played must have left exactly one
 * screenshot in the check's evidence, in the order played.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { has } from '../../support/machine';
import { CHECKS } from '../../../suites/index';
import type { Check, BankMode } from '../../../main/core/runner/check-api/index';
import { runChecks } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import {
  suitePsuAgentFactory,
  type SuitePsuAgentFactory,
} from '../../../main/core/runner/targets/psu-adapter';
import { DEFAULT_CHROMIUM } from '../../../main/core/tpp/psu-browser/browser-agent';
import type { CheckResult } from '../../../main/shared/run-result';
import '../../../main/core/bank/index';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Up to `perArea` checks of every area, among those needing the PSU agent in `mode`. */
function subset(mode: BankMode, perArea: (area: string) => number): Check[] {
  const taken = new Map<string, number>();
  return CHECKS.filter((check) => {
    if (!check.needs?.includes('psu-agent')) return false;
    if (check.modes && !check.modes.includes(mode)) return false;
    const count = taken.get(check.area) ?? 0;
    if (count >= perArea(check.area)) return false;
    taken.set(check.area, count + 1);
    return true;
  });
}

const LARGER_AREAS = ['sca-sessions', 'consent', 'corporate', 'card-transactions', 'baskets'];
const PLAN: [BankMode, Check[]][] = [
  ['sandbox', subset('sandbox', (area) => (LARGER_AREAS.includes(area) ? 2 : 1))],
  [
    'production',
    subset('production', (area) => (['sca-sessions', 'consent'].includes(area) ? 1 : 0)),
  ],
];

/** The pages the PSU played in a check, from the agent's notes (one note per completed SCA). */
function playedSteps(result: CheckResult): string[] {
  return result.evidence.flatMap((item) => {
    if (item.kind !== 'note') return [];
    const played = /^PSU \(browser, script workbench-bank\): played (.*); sent back to /.exec(
      item.text,
    );
    return played ? played[1]!.split(' → ') : [];
  });
}

describe.skipIf(!has('chromium'))(
  `SCA-dependent checks with the PSU in Chromium (${DEFAULT_CHROMIUM})`,
  () => {
    let identity: TppIdentity;
    let psuAgent: SuitePsuAgentFactory;
    beforeAll(async () => {
      identity = await createTppIdentity();
      psuAgent = suitePsuAgentFactory({ mode: 'browser' });
    });
    afterAll(() => psuAgent?.close());

    it('covers every area that has SCA-dependent checks', () => {
      const areas = new Set(
        CHECKS.filter((c) => c.needs?.includes('psu-agent')).map((c) => c.area),
      );
      expect(new Set(PLAN[0]![1].map((c) => c.area))).toEqual(areas);
    });

    for (const [mode, checks] of PLAN)
      it(`${checks.length} checks pass in ${mode}, one screenshot per page played`, async () => {
        const target = embeddedTarget({ mode, identity, psuAgent });
        const run = await runChecks({
          checks,
          target: target.info,
          concurrency: 2,
          timeoutMs: 90_000,
          createEnvironment: (_check, signal) => target.createEnvironment(signal),
        });
        for (const result of run.checks) {
          const what = `${result.checkId}: ${result.status} ${result.failure?.message ?? result.skipReason ?? ''}`;
          const reviewed = checks.find((c) => c.id === result.checkId)?.needsReview;
          expect(result.status, what).toBe(reviewed ? 'REVIEW' : 'PASS');
          const shots = result.evidence.flatMap((item) =>
            item.kind === 'screenshot' ? [item] : [],
          );
          const played = playedSteps(result);
          expect(played.length, `${what}: no SCA page played`).toBeGreaterThan(0);
          expect(
            shots.map((shot) => shot.step),
            `${result.checkId}: screenshots per page`,
          ).toEqual(played);
          for (const shot of shots)
            expect(
              Buffer.from(shot.pngBase64, 'base64').subarray(0, 8).equals(PNG_MAGIC),
              `${result.checkId}: ${shot.step} is a PNG`,
            ).toBe(true);
        }
      }, 600_000);
  },
);
