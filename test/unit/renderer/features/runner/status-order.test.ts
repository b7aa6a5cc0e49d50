/** The results list's order: failures first, then warnings, then the rest, stable per status. */
import { describe, expect, it } from 'vitest';
import {
  failuresFirst,
  worstCheckStatus,
} from '../../../../../renderer/src/features/runner/status-order';
import type { CheckStatus } from '../../../../../main/shared/run-status';

const check = (id: string, status: CheckStatus) => ({ checkId: id, status });

describe('failuresFirst', () => {
  it('puts FAIL, then WARNING, then the rest, each in run order', () => {
    const checks = [
      check('a', 'PASS'),
      check('b', 'WARNING'),
      check('c', 'FAIL'),
      check('d', 'SKIPPED'),
      check('e', 'FAIL'),
      check('f', 'PASS'),
      check('g', 'WARNING'),
    ];
    expect(failuresFirst(checks).map((c) => c.checkId)).toEqual([
      'c',
      'e',
      'b',
      'g',
      'a',
      'd',
      'f',
    ]);
  });

  it('leaves the given list as it was', () => {
    const checks = [check('a', 'PASS'), check('b', 'FAIL')];
    failuresFirst(checks);
    expect(checks.map((c) => c.checkId)).toEqual(['a', 'b']);
  });

  it('puts checks awaiting review after those that could not test, before warnings', () => {
    const checks = [
      check('p', 'PASS'),
      check('w', 'WARNING'),
      check('r', 'REVIEW'),
      check('i', 'INCONCLUSIVE'),
      check('s', 'SKIPPED'),
    ];
    expect(failuresFirst(checks).map((c) => c.checkId)).toEqual(['i', 'r', 'w', 'p', 's']);
    expect(worstCheckStatus(['PASS', 'REVIEW', 'WARNING'])).toBe('REVIEW');
    expect(worstCheckStatus(['REVIEW', 'FAIL'])).toBe('FAIL');
  });
});
