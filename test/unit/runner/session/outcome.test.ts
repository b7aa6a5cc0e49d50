/**
 * How a run ends (main/core/runner/session/outcome.ts) with checks a person must review: no
 * failure, so the exit code does not change, but the console says how many and how to review
 * them, and the --json line names them.
 */
import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../../../../main/shared/baseline';
import {
  awaitingReviewLines,
  outcomeSummary,
  sessionOutcome,
} from '../../../../main/core/runner/session/outcome';
import { resultWith } from '../fakes';

describe('a run with checks awaiting review', () => {
  const run = resultWith({ SHOWN: 'REVIEW', TICKED: 'REVIEW', OTHER: 'PASS' });

  it('exits 0 when nothing failed', () => {
    const outcome = applyBaseline(run, { expectedFailures: [] });
    expect(sessionOutcome(outcome, false).exitCode).toBe(0);
    const failing = applyBaseline(resultWith({ SHOWN: 'REVIEW', BROKEN: 'FAIL' }), {
      expectedFailures: [],
    });
    expect(sessionOutcome(failing, false).exitCode).toBe(1);
  });

  it('says how many await review and where to look and decide', () => {
    expect(
      awaitingReviewLines(run, { html: 'out/report.html', json: 'out/run-result.json' }),
    ).toEqual([
      '2 checks await review: SHOWN, TICKED',
      "  To review: look at their screenshots in out/report.html; import out/run-result.json in the workbench's Runner and decide Pass or Fail on each.",
    ]);
    expect(awaitingReviewLines(resultWith({ SHOWN: 'REVIEW' }), {})[0]).toBe(
      '1 check awaits review: SHOWN',
    );
    expect(awaitingReviewLines(resultWith({ OTHER: 'PASS' }), {})).toEqual([]);
  });

  it('names them in the --json line', () => {
    const summary = outcomeSummary({
      exitCode: 0,
      result: run,
      outcome: applyBaseline(run, { expectedFailures: [] }),
      reports: {},
      namedReports: {},
      couldNotTest: null,
      baselineWritten: null,
      bundle: null,
    });
    expect(summary.awaitingReview).toEqual(['SHOWN', 'TICKED']);
    expect(summary.counts).toMatchObject({ REVIEW: 2 });
  });
});
