/**
 * A reviewer's decision on a REVIEW check (main/core/runner/results/review.ts): the check becomes
 * the decision with the note and the time kept, the counts follow, and what cannot be decided is
 * refused naming why.
 */
import { describe, expect, it } from 'vitest';
import {
  recordReview,
  ReviewError,
  awaitsReview,
} from '../../../../main/core/runner/results/review';
import { parseRunResult, serializeRunResult } from '../../../../main/core/runner/index';
import { resultWith } from '../fakes';

const AT = new Date('2026-11-29T13:00:00.000Z');

describe('recordReview', () => {
  it('turns a REVIEW check into the decision, keeps the note and the time, and recounts', () => {
    const run = resultWith({ SHOWN: 'REVIEW', OTHER: 'PASS' });
    expect(run.counts).toMatchObject({ REVIEW: 1, PASS: 1, FAIL: 0 });
    const failed = recordReview(
      run,
      { checkId: 'SHOWN', decision: 'FAIL', note: 'no checkboxes on the page' },
      AT,
    );
    const shown = failed.checks.find((check) => check.checkId === 'SHOWN')!;
    expect(shown.status).toBe('FAIL');
    expect(shown.review).toEqual({
      decision: 'FAIL',
      note: 'no checkboxes on the page',
      at: '2026-11-29T13:00:00.000Z',
    });
    expect(failed.counts).toMatchObject({ total: 2, REVIEW: 0, PASS: 1, FAIL: 1 });
    // The run given is left as it was: the service swaps in the new one.
    expect(run.checks[0]!.status).toBe('REVIEW');
  });

  it('lets a decided check be decided again, and the decision survives export and import', () => {
    const run = resultWith({ SHOWN: 'REVIEW' });
    const first = recordReview(run, { checkId: 'SHOWN', decision: 'FAIL', note: '' }, AT);
    const second = recordReview(first, { checkId: 'SHOWN', decision: 'PASS', note: 'ok' }, AT);
    expect(second.counts).toMatchObject({ PASS: 1, FAIL: 0, REVIEW: 0 });
    const read = parseRunResult(serializeRunResult(second));
    expect(read.checks[0]).toMatchObject({
      status: 'PASS',
      review: { decision: 'PASS', note: 'ok' },
    });
  });

  it('refuses an unknown check, a check judged without a person, and another decision', () => {
    const run = resultWith({ SHOWN: 'REVIEW', MACHINE: 'FAIL' });
    const decide =
      (checkId: string, decision: string, note = '') =>
      () =>
        recordReview(run, { checkId, decision: decision as 'PASS', note }, AT);
    expect(decide('NOPE', 'PASS')).toThrow(ReviewError);
    expect(decide('NOPE', 'PASS')).toThrow(/has no check "NOPE"/);
    expect(decide('MACHINE', 'PASS')).toThrow(/MACHINE does not await review: it is FAIL/);
    expect(decide('SHOWN', 'WARNING')).toThrow(/"WARNING" is not one of PASS, FAIL/);
    expect(decide('SHOWN', 'PASS', 'x'.repeat(2001))).toThrow(/2001 characters; at most 2000/);
  });

  it('reads REVIEW as awaiting a person, and nothing else', () => {
    expect(awaitsReview({ status: 'REVIEW' })).toBe(true);
    for (const status of ['PASS', 'FAIL', 'WARNING', 'SKIPPED', 'INCONCLUSIVE'] as const)
      expect(awaitsReview({ status })).toBe(false);
  });
});
