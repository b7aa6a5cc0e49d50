import { describe, expect, it } from 'vitest';
import {
  applyBaseline,
  BaselineError,
  describeBaselineOutcome,
  parseBaseline,
} from '../../../main/shared/baseline';
import { resultWith } from './fakes';

describe('parseBaseline', () => {
  it('reads { expectedFailures: [{ checkId, reason }] }', () => {
    const text = JSON.stringify({ expectedFailures: [{ checkId: 'A', reason: 'ticket BANK-12' }] });
    expect(parseBaseline(text)).toEqual({
      expectedFailures: [{ checkId: 'A', reason: 'ticket BANK-12' }],
    });
  });

  it.each([
    ['{', /ci\/baseline\.json is not JSON/],
    ['[]', /must be an object with an "expectedFailures" array/],
    ['{"expectedFailures": {}}', /must be an object with an "expectedFailures" array/],
    [
      '{"expectedFailures": [{"reason": "x"}]}',
      /expectedFailures\[0\] needs a non-empty string "checkId"/,
    ],
    [
      '{"expectedFailures": [{"checkId": "A"}]}',
      /expectedFailures\[0\] \(A\) needs a non-empty string "reason"/,
    ],
    [
      '{"expectedFailures": [{"checkId": "A", "reason": "x"}, {"checkId": "A", "reason": "y"}]}',
      /expectedFailures\[1\]: A is listed twice/,
    ],
  ])('refuses %s with a clear message', (text, message) => {
    expect(() => parseBaseline(text, 'ci/baseline.json')).toThrow(BaselineError);
    expect(() => parseBaseline(text, 'ci/baseline.json')).toThrow(message);
  });
});

describe('applyBaseline', () => {
  it('exits 0 when everything passed, warned or was skipped', () => {
    expect(applyBaseline(resultWith({ A: 'PASS', B: 'WARNING', C: 'SKIPPED' })).exitCode).toBe(0);
  });

  it('exits 1 on a failure the baseline does not list', () => {
    const outcome = applyBaseline(resultWith({ A: 'PASS', B: 'FAIL' }), {
      expectedFailures: [{ checkId: 'C', reason: 'known' }],
    });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.unexpectedFailures).toEqual(['B']);
  });

  it('exits 0 when every failure is listed, and marks those failures expected', () => {
    const result = resultWith({ A: 'PASS', B: 'FAIL' });
    const outcome = applyBaseline(result, {
      expectedFailures: [{ checkId: 'B', reason: 'BANK-12' }],
    });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.expectedFailures).toEqual([{ checkId: 'B', reason: 'BANK-12' }]);
    expect(outcome.result.checks[1]?.expectedFailure).toEqual({ reason: 'BANK-12' });
    expect(outcome.result.checks[0]?.expectedFailure).toBeUndefined();
    expect(result.checks[1]?.expectedFailure).toBeUndefined(); // the input is not modified
  });

  it('reports listed checks that now pass as fixed, and listed checks not run as unconfirmed', () => {
    const outcome = applyBaseline(resultWith({ A: 'PASS', B: 'WARNING', C: 'SKIPPED' }), {
      expectedFailures: [
        { checkId: 'A', reason: 'r1' },
        { checkId: 'B', reason: 'r2' },
        { checkId: 'C', reason: 'r3' },
        { checkId: 'GONE', reason: 'r4' },
      ],
    });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.fixed.map((e) => e.checkId)).toEqual(['A', 'B']);
    expect(outcome.notConfirmed.map((e) => e.checkId)).toEqual(['C', 'GONE']);
    expect(describeBaselineOutcome(outcome)).toContain(
      'A now passes: fixed, remove it from the baseline.',
    );
  });
});
