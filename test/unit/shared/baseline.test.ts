import { describe, expect, it } from 'vitest';
import {
  applyBaseline,
  BaselineError,
  baselineOfFailures,
  serializeBaseline,
  describeBaselineOutcome,
  parseBaseline,
} from '../../../main/shared/baseline';
import { resultWith } from '../runner/fakes';

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

  it('fails the run on listed checks that now pass (fixed), and reports listed checks not run as unconfirmed', () => {
    const outcome = applyBaseline(resultWith({ A: 'PASS', B: 'WARNING', C: 'SKIPPED' }), {
      expectedFailures: [
        { checkId: 'A', reason: 'r1' },
        { checkId: 'B', reason: 'r2' },
        { checkId: 'C', reason: 'r3' },
        { checkId: 'GONE', reason: 'r4' },
      ],
    });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stale).toBe(true);
    expect(outcome.fixed.map((e) => e.checkId)).toEqual(['A', 'B']);
    // Without the ids of every check, one not in the run cannot be told from one not selected.
    expect(outcome.notConfirmed.map((e) => e.checkId)).toEqual(['C', 'GONE']);
    expect(outcome.unknown).toEqual([]);
    expect(describeBaselineOutcome(outcome)).toContain(
      'Stale baseline: A now passes: fixed, remove it from the baseline.',
    );
    expect(describeBaselineOutcome(outcome).at(-1)).toMatch(/^The baseline is stale \(2 entries\)/);
  });

  it('fails the run on an entry no check of the workbench has, but not on one merely not selected', () => {
    const baseline = {
      expectedFailures: [
        { checkId: 'GONE', reason: 'r1' },
        { checkId: 'NOT-SELECTED', reason: 'r2' },
      ],
    };
    const outcome = applyBaseline(resultWith({ A: 'PASS' }), baseline, {
      knownCheckIds: ['A', 'NOT-SELECTED'],
    });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.unknown.map((e) => e.checkId)).toEqual(['GONE']);
    expect(outcome.notConfirmed.map((e) => e.checkId)).toEqual(['NOT-SELECTED']);
    expect(describeBaselineOutcome(outcome)).toContain(
      'Stale baseline: GONE is not a check of this workbench (removed or renamed): remove it from the baseline.',
    );
    const onlyNotSelected = applyBaseline(
      resultWith({ A: 'PASS' }),
      { expectedFailures: [baseline.expectedFailures[1]!] },
      { knownCheckIds: ['A', 'NOT-SELECTED'] },
    );
    expect(onlyNotSelected.exitCode).toBe(0);
    expect(onlyNotSelected.stale).toBe(false);
  });

  it('reports stale entries without failing when they are allowed', () => {
    const outcome = applyBaseline(
      resultWith({ A: 'PASS' }),
      { expectedFailures: [{ checkId: 'A', reason: 'r' }] },
      { allowStale: true },
    );
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stale).toBe(true);
    expect(describeBaselineOutcome(outcome)).toEqual([
      'Stale baseline (allowed): A now passes: fixed, remove it from the baseline.',
    ]);
    // An unexpected failure still fails.
    expect(
      applyBaseline(
        resultWith({ A: 'PASS', B: 'FAIL' }),
        { expectedFailures: [] },
        { allowStale: true },
      ).exitCode,
    ).toBe(1);
  });
});

describe('baselineOfFailures', () => {
  it("lists every failed check, keeping the old baseline's reasons and else the failure", () => {
    const result = resultWith({ A: 'PASS', B: 'FAIL', C: 'FAIL', D: 'SKIPPED' });
    const adopted = baselineOfFailures(result, {
      expectedFailures: [{ checkId: 'B', reason: 'BANK-12' }],
    });
    expect(adopted.expectedFailures.map((e) => e.checkId)).toEqual(['B', 'C']);
    expect(adopted.expectedFailures[0]!.reason).toBe('BANK-12');
    expect(adopted.expectedFailures[1]!.reason).toMatch(/^adopted \d{4}-\d{2}-\d{2}: \S/);
    // What it writes reads back as a baseline.
    expect(parseBaseline(serializeBaseline(adopted.expectedFailures))).toEqual(adopted);
  });
});
