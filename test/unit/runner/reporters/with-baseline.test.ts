/** The baseline applied once per run and shared by every reporter and the caller. */
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../../main/core/runner/engine/run';
import type { Reporter } from '../../../../main/core/runner/engine/events';
import { withBaseline } from '../../../../main/core/runner/reporters/with-baseline';
import type { RunResult } from '../../../../main/shared/run-result';
import { check, runOptions } from '../fakes';

const baseline = { expectedFailures: [{ checkId: 'KNOWN', reason: 'ticket 7' }] };
const checks = () => [check('OK'), check('KNOWN', async (ctx) => ctx.expect.true(false, 'bug'))];

function recording(name: string, seen: RunResult[]): Reporter {
  return { name, onRunEnd: (event) => void seen.push(event.result) };
}

describe('withBaseline', () => {
  it('hands every reporter one marked result, the one the caller reads the outcome of', async () => {
    const seen: RunResult[] = [];
    const reports = withBaseline(
      [recording('a', seen), recording('b', seen), recording('c', seen)],
      baseline,
    );
    const result = await runChecks(runOptions(checks(), { reporters: reports.reporters }));
    const outcome = reports.outcome(result);

    expect(seen).toHaveLength(3);
    for (const marked of seen) expect(marked).toBe(outcome.result);
    expect(outcome.result.checks.find((c) => c.checkId === 'KNOWN')?.expectedFailure).toEqual({
      reason: 'ticket 7',
    });
    // The engine's own result is left as it was.
    expect(result.checks.find((c) => c.checkId === 'KNOWN')?.expectedFailure).toBeUndefined();
    expect(outcome.exitCode).toBe(0);
  });

  it("keeps each reporter's name and other hooks", async () => {
    const ends: string[] = [];
    const reporter: Reporter = {
      name: 'plain',
      onCheckEnd: (event) => void ends.push(event.checkId),
    };
    const [wrapped] = withBaseline([reporter], baseline).reporters;
    expect(wrapped).toBe(reporter);
    await runChecks(runOptions(checks(), { reporters: [wrapped!], concurrency: 1 }));
    expect(ends).toEqual(['OK', 'KNOWN']);
  });

  it('without a baseline marks nothing and fails the run on a failure', async () => {
    const seen: RunResult[] = [];
    const reports = withBaseline([recording('a', seen)], undefined);
    const result = await runChecks(runOptions(checks(), { reporters: reports.reporters }));
    expect(seen[0]).toBe(reports.outcome(result).result);
    expect(reports.outcome(result).exitCode).toBe(1);
  });
});
