/**
 * The run session from plan to result with a fake target: the one reporter chain (secrets
 * redacted from every event, the baseline applied once at run:end, the result presented with its
 * metadata), the checks the plan chose for the target's mode, the target's minimum timeout, and
 * the target released when the run ends.
 */
import { describe, expect, it } from 'vitest';
import { AssertionFailure } from '../../../../main/core/runner/check-api/index';
import type { LoadedTargetProfile } from '../../../../main/core/runner/target-profile/index';
import type { RunEndEvent } from '../../../../main/core/runner/engine/events';
import {
  executeSession,
  planSession,
  type PreparedSession,
  type RuleCatalogue,
} from '../../../../main/core/runner/session/index';
import { check, environment, recordingReporter, sandboxTarget } from '../fakes';

const SECRET = 'admin-token-0123456789';

const catalogue: RuleCatalogue = {
  rules: [{ id: 'GEN-JSON-PAYLOADS', reference: '§2.1', statement: 'JSON payloads.' }],
  describeRule: () => ({ section: '§2.1', statement: 'JSON payloads.' }),
};

/** What the session reads of a loaded profile: its mode, URL, secrets and signing certificate. */
const loaded = {
  source: 'bank.json',
  secrets: [SECRET],
  profile: { mode: 'sandbox', baseUrl: sandboxTarget.baseUrl },
  signing: { certificates: [] },
} as unknown as LoadedTargetProfile;

const failing = check('leaks-secret', async () => {
  throw new AssertionFailure({ what: 'status', expected: 200, actual: 401, message: SECRET });
});
const passing = check('passes');
const productionOnly = check('production-only', async () => {}, { modes: ['production'] });
const slow = check('slow');

function prepared(closed: string[], timeouts: Map<string, number | undefined>): PreparedSession {
  const plan = planSession({
    checks: [failing, passing, productionOnly, slow],
    catalogue,
    target: { kind: 'profile', loaded },
    selection: {},
    baseline: {
      baseline: { expectedFailures: [{ checkId: 'leaks-secret', reason: 'known' }] },
      source: 'baseline.json',
    },
  });
  return {
    plan,
    target: {
      info: sandboxTarget,
      createEnvironment: async (c) => {
        timeouts.set(c.id, c.timeoutMs);
        return environment();
      },
      minimumCheckTimeoutMs: (c) => (c.id === 'slow' ? 999_000 : undefined),
      close: async () => {
        closed.push('closed');
      },
    },
  };
}

describe('executeSession', () => {
  it('runs the planned checks through one chain: redact, baseline, present', async () => {
    const closed: string[] = [];
    const timeouts = new Map<string, number | undefined>();
    const reporter = recordingReporter();
    const listener = recordingReporter();
    const session = prepared(closed, timeouts);
    expect(session.plan.checks.map((c) => c.id)).toEqual(['leaks-secret', 'passes', 'slow']);

    const run = await executeSession(session, { reporters: [reporter], listeners: [listener] });

    expect(closed).toEqual(['closed']);
    expect(timeouts.get('slow')).toBe(999_000);
    expect(timeouts.get('passes')).toBeUndefined();
    for (const seen of [reporter.events, listener.events, run.result, run.presented, run.outcome])
      expect(JSON.stringify(seen)).not.toContain(SECRET);
    const reported = reporter.events.find((e): e is RunEndEvent => e.type === 'run:end')!.result;
    expect(reported).toBe(run.presented);
    expect(reported.checks[0]).toMatchObject({ expectedFailure: { reason: 'known' } });
    expect(reported.meta?.baseline).toBe('baseline.json');
    const heard = listener.events.find((e): e is RunEndEvent => e.type === 'run:end')!.result;
    expect(heard.checks[0]?.expectedFailure).toBeUndefined();
    expect(run.outcome.exitCode).toBe(0);
    expect(run.outcome.expectedFailures.map((e) => e.checkId)).toEqual(['leaks-secret']);
    expect(run.meta.selection.checks).toBe(3);
  });

  it('releases the target when the run is refused', async () => {
    const closed: string[] = [];
    const session = prepared(closed, new Map());
    const broken = { ...session, plan: { ...session.plan, checks: [passing, passing] } };
    await expect(executeSession(broken)).rejects.toThrow();
    expect(closed).toEqual(['closed']);
  });
});
