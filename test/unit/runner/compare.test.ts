import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../main/core/runner/compare';
import { resultWith } from './fakes';

describe('compareRuns', () => {
  it('sorts checks into new failures, fixed, still failing, changed, added and removed', () => {
    const previous = resultWith({
      A: 'PASS',
      B: 'FAIL',
      C: 'FAIL',
      D: 'SKIPPED',
      E: 'FAIL',
      OLD: 'PASS',
    });
    const current = resultWith({
      A: 'FAIL',
      B: 'PASS',
      C: 'FAIL',
      D: 'WARNING',
      E: 'INCONCLUSIVE',
      NEW: 'FAIL',
    });
    expect(compareRuns(previous, current)).toEqual({
      newFailures: ['A', 'NEW'],
      fixed: ['B'],
      stillFailing: ['C'],
      // A failure that could not be tested this time is not a fix.
      couldNotTest: ['E'],
      changed: [
        { checkId: 'A', from: 'PASS', to: 'FAIL' },
        { checkId: 'B', from: 'FAIL', to: 'PASS' },
        { checkId: 'D', from: 'SKIPPED', to: 'WARNING' },
        { checkId: 'E', from: 'FAIL', to: 'INCONCLUSIVE' },
      ],
      added: ['NEW'],
      removed: ['OLD'],
    });
  });
});
