/**
 * Manual SCA through the run session: a check WAITS, whoever runs the suites is told the link and
 * what to do, and the check goes on when the bank's redirect reaches the loopback listener. The
 * "person" here is the headless PSU agent acting on what onScaWaiting said, delivering the
 * redirect like a browser would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index';
import { VirtualClock } from '../../../main/core/clock';
import { CHECKS } from '../../../suites/index';
import { runCli } from '../../../main/hosts/cli/index';
import {
  executeSession,
  prepareSession,
  type SessionPlan,
} from '../../../main/core/runner/session/index';
import { suitesPlan } from '../../support/session-plan';
import {
  loadTargetProfile,
  TARGET_PROFILE_VERSION,
} from '../../../main/core/runner/target-profile/index';
import { runPsuAgent } from '../../../main/core/tpp/psu-agent/agent';
import type { ScaWaiting } from '../../../main/core/runner/targets/manual-psu';

const quiet = {
  out: () => {},
  err: () => {},
  stopRequested: () => new Promise<never>(() => {}),
};

let dir: string;
let bank: Bank;
let url: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'manual-sca-'));
  expect(await runCli(['certs', 'create', '--out', join(dir, 'certs')], quiet)).toBe(0);
  bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  url = (await bank.listen()).url;
});
afterAll(async () => {
  await bank.close();
  await rm(dir, { recursive: true, force: true });
});

async function manualPlan(timeoutSeconds: number, ids: string[]): Promise<SessionPlan> {
  const loaded = await loadTargetProfile(
    {
      profileVersion: TARGET_PROFILE_VERSION,
      baseUrl: url,
      mode: 'sandbox',
      signing: { certificate: 'certs/qsealc.pem', key: 'certs/qsealc.key.pem' },
      // Below the schema's minimum on purpose: this object skips the file schema to test a timeout.
      sca: { mode: 'manual', timeoutSeconds },
    },
    { source: 'test', baseDir: dir },
  );
  return suitesPlan({ kind: 'profile', loaded }, { selection: { ids }, concurrency: 2 });
}

const SCA_CHECKS = CHECKS.filter(
  (check) => check.area === 'consent' && check.needs?.includes('psu-agent'),
)
  .slice(0, 3)
  .map((check) => check.id);

describe('manual SCA', () => {
  it('a waiting check goes on when the person completes SCA at the printed link', async () => {
    const waited: ScaWaiting[] = [];
    const resumed: string[] = [];
    const plan = await manualPlan(60, SCA_CHECKS);
    const prepared = await prepareSession(plan, {
      onScaWaiting: (waiting) => {
        waited.push(waiting);
        // The person: logs in as told, on the link given, in "their browser".
        const login = /log in as (\S+?),/.exec(waiting.instructions)?.[1];
        expect(login, waiting.instructions).toBeDefined();
        void runPsuAgent(
          waiting.scaRedirect,
          {
            nationalIdentityNumber: login!,
            context: 'PRIVATE',
            ...(/tick every account/.test(waiting.instructions)
              ? { accounts: 'all' as const }
              : {}),
            ...(/then CANCEL/.test(waiting.instructions) ? { action: 'cancel' as const } : {}),
          },
          { deliverRedirect: true },
        ).catch(() => {});
      },
      onScaResumed: (checkId) => resumed.push(checkId),
    });
    const { result } = await executeSession(prepared);
    expect(SCA_CHECKS.length).toBe(3);
    expect(waited.length).toBeGreaterThanOrEqual(3);
    for (const waiting of waited) {
      expect(waiting.scaRedirect).toMatch(new RegExp(`^${url}/`));
      expect(Date.parse(waiting.deadline)).toBeGreaterThan(Date.now());
    }
    expect(new Set(resumed)).toEqual(new Set(waited.map((w) => w.checkId)));
    // Only checks whose scripts this simple "person" can follow must pass; none may time out.
    for (const check of result.checks)
      expect(check.failure?.message ?? '', check.checkId).not.toMatch(/no SCA redirect/);
    expect(result.checks.filter((c) => c.status === 'PASS').length).toBeGreaterThan(0);
  }, 120_000);

  it('could not test, with a named timeout, when nobody completes SCA', async () => {
    const plan = await manualPlan(1, [SCA_CHECKS[0]!]);
    const waited: ScaWaiting[] = [];
    const prepared = await prepareSession(plan, { onScaWaiting: (w) => waited.push(w) });
    const { result } = await executeSession(prepared);
    expect(waited).toHaveLength(1);
    // Nobody did the SCA: the check could not judge its rule, it did not find the bank wrong.
    expect(result.checks[0]!.status).toBe('INCONCLUSIVE');
    expect(result.checks[0]!.couldNotTest?.reason).toMatch(
      /manual SCA: no SCA redirect reached http:\/\/127\.0\.0\.1:\d+\/callback\/.+ within 1 s; the PSU did not finish at http/,
    );
  }, 60_000);
});
