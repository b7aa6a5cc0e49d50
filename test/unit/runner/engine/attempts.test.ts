/** Re-run failed as a further attempt of the same run (main/core/runner/engine/attempts.ts). */
import { describe, expect, it } from 'vitest';
import { addAttempt, attemptsOf } from '../../../../main/core/runner/engine/attempts';
import {
  parseRunResult,
  serializeRunResult,
} from '../../../../main/core/runner/results/result-file';
import { selectChecks } from '../../../../main/core/runner/session/selection';
import type { CheckResult, CheckStatus, RunResult } from '../../../../main/shared/run-result';
import { countStatuses } from '../../../../main/shared/run-result';
import { rerunCheckIds } from '../../../../main/shared/run-status';
import { sandboxTarget } from '../fakes';

function checkResult(checkId: string, status: CheckStatus, startedAt?: string): CheckResult {
  return {
    checkId,
    title: checkId,
    area: 'general',
    rules: [],
    tags: [],
    status,
    ...(startedAt ? { startedAt } : {}),
    durationMs: 5,
    ...(status === 'FAIL' ? { failure: { message: `${checkId} failed` } } : {}),
    warnings: [],
    evidence: [{ kind: 'note', at: startedAt ?? '2026-01-01T00:00:00.000Z', text: checkId }],
  };
}

function run(runId: string, at: string, checks: CheckResult[]): RunResult {
  return {
    format: 'psd2-workbench/run-result',
    formatVersion: 4,
    runId,
    startedAt: at,
    finishedAt: at.replace(':00.000Z', ':30.000Z'),
    durationMs: 30_000,
    target: sandboxTarget,
    cancelled: false,
    counts: countStatuses(checks),
    checks,
  };
}

const first = run('run-1', '2026-01-01T10:00:00.000Z', [
  checkResult('A', 'PASS', '2026-01-01T10:00:01.000Z'),
  checkResult('B', 'FAIL', '2026-01-01T10:00:02.000Z'),
  checkResult('C', 'FAIL', '2026-01-01T10:00:03.000Z'),
]);

describe('attempts of a run', () => {
  it('a run without attempts is its own first attempt', () => {
    expect(attemptsOf(first)).toEqual([
      {
        attempt: 1,
        startedAt: first.startedAt,
        finishedAt: first.finishedAt,
        checkIds: ['A', 'B', 'C'],
        cancelled: false,
      },
    ]);
  });

  it('a re-run becomes attempt 2 of the same run: latest verdicts, earlier ones kept, counts from the latest', () => {
    const rerun = run('engine-2', '2026-01-01T11:00:00.000Z', [
      checkResult('B', 'PASS', '2026-01-01T11:00:01.000Z'),
      checkResult('C', 'FAIL', '2026-01-01T11:00:02.000Z'),
    ]);
    const merged = addAttempt(first, rerun);
    expect(merged.runId).toBe('run-1');
    expect(merged.checks.map((c) => [c.checkId, c.status, c.attempt ?? 1])).toEqual([
      ['A', 'PASS', 1],
      ['B', 'PASS', 2],
      ['C', 'FAIL', 2],
    ]);
    expect(merged.checks[1]!.earlierAttempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: 'FAIL',
        failure: { message: 'B failed' },
        evidence: [expect.objectContaining({ text: 'B' })],
      }),
    ]);
    expect(merged.counts).toEqual({
      total: 3,
      PASS: 2,
      FAIL: 1,
      WARNING: 0,
      SKIPPED: 0,
      INCONCLUSIVE: 0,
      REVIEW: 0,
    });
    expect(merged.attempts?.map((a) => [a.attempt, a.checkIds])).toEqual([
      [1, ['A', 'B', 'C']],
      [2, ['B', 'C']],
    ]);

    // Attempt 3 keeps both earlier verdicts of C, oldest first.
    const third = addAttempt(
      merged,
      run('engine-3', '2026-01-01T12:00:00.000Z', [
        checkResult('C', 'PASS', '2026-01-01T12:00:01.000Z'),
      ]),
    );
    expect(third.checks[2]).toMatchObject({ status: 'PASS', attempt: 3 });
    expect(third.checks[2]!.earlierAttempts?.map((a) => [a.attempt, a.status])).toEqual([
      [1, 'FAIL'],
      [2, 'FAIL'],
    ]);
    expect(third.counts.FAIL).toBe(0);

    // The result file keeps the attempts, and --rerun-failed reads the latest verdicts from it.
    const reread = parseRunResult(serializeRunResult(merged), 'merged.json');
    expect(reread.attempts).toHaveLength(2);
    expect(reread.checks[1]!.earlierAttempts).toHaveLength(1);
    const checks = ['A', 'B', 'C'].map((id) => ({ id, title: id, area: 'general', rules: [] }));
    expect(
      selectChecks(checks as never, { failedIn: reread }).map((c: { id: string }) => c.id),
    ).toEqual(['C']);
  });

  it('a check the attempt never started keeps its earlier verdict', () => {
    const cancelled = {
      ...run('engine-2', '2026-01-01T11:00:00.000Z', [checkResult('B', 'SKIPPED')]),
      cancelled: true,
    };
    const merged = addAttempt(first, cancelled);
    expect(merged.checks[1]).toEqual(first.checks[1]);
    expect(merged.attempts?.[1]).toMatchObject({ attempt: 2, cancelled: true });
  });

  it('a rule FAILed on every answer whose checks ran again without breaking it is SKIPPED, its FAIL kept', () => {
    const observed: CheckResult = {
      ...checkResult('EVERY-ANSWER-ERR-STATUS-400', 'FAIL', '2026-01-01T10:00:04.000Z'),
      area: 'every-answer',
      observedIn: ['B'],
    };
    const withRule = run('run-1', '2026-01-01T10:00:00.000Z', [...first.checks, observed]);
    expect([...rerunCheckIds(withRule.checks)]).toEqual(['B', 'C']);
    const attempt = run('engine-2', '2026-01-01T11:00:00.000Z', [
      checkResult('B', 'PASS', '2026-01-01T11:00:01.000Z'),
      checkResult('C', 'PASS', '2026-01-01T11:00:02.000Z'),
    ]);
    const merged = addAttempt(withRule, attempt);
    const rule = merged.checks[3]!;
    expect(rule).toMatchObject({ status: 'SKIPPED', attempt: 2 });
    expect(rule.skipReason).toBe('not broken in attempt 2: B ran again and no answer broke it');
    expect(rule.failure).toBeUndefined();
    expect(rule.earlierAttempts?.map((a) => a.status)).toEqual(['FAIL']);
    expect(merged.counts).toMatchObject({ FAIL: 0, PASS: 3, SKIPPED: 1 });
    // Broken again in the attempt: the attempt's own FAIL is the latest verdict.
    const again = addAttempt(withRule, {
      ...attempt,
      checks: [...attempt.checks, { ...observed, startedAt: '2026-01-01T11:00:03.000Z' }],
    });
    expect(again.checks[3]).toMatchObject({ status: 'FAIL', attempt: 2 });
    // Its checks not all run again: the FAIL stands.
    const partly = addAttempt(withRule, { ...attempt, checks: [attempt.checks[1]!] });
    expect(partly.checks[3]).toEqual(observed);
  });
});
