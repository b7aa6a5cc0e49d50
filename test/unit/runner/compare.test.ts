import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../main/core/runner/compare';
import { resultWith } from './fakes';

describe('compareRuns', () => {
  it('sorts checks into new failures, fixed, still failing, changed, added and removed', () => {
    const previous = resultWith({ A: 'PASS', B: 'FAIL', C: 'FAIL', D: 'SKIPPED', OLD: 'PASS' });
    const current = resultWith({ A: 'FAIL', B: 'PASS', C: 'FAIL', D: 'WARNING', NEW: 'FAIL' });
    expect(compareRuns(previous, current)).toEqual({
      newFailures: ['A', 'NEW'],
      fixed: ['B'],
      stillFailing: ['C'],
      changed: [
        { checkId: 'A', from: 'PASS', to: 'FAIL' },
        { checkId: 'B', from: 'FAIL', to: 'PASS' },
        { checkId: 'D', from: 'SKIPPED', to: 'WARNING' },
      ],
      added: ['NEW'],
      removed: ['OLD'],
    });
  });
});
