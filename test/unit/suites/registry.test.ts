import { describe, expect, it } from 'vitest';
import { describeProblem, ruleCoverage } from '../../../main/core/runner/results/coverage';
import { CHECKS, RULE_AREAS, RULE_ID_PATTERN, RULE_NEEDS, RULES } from '../../../suites';

// The registry is empty until checks are written against the embedded bank; these hold for
// every check added later.
describe('check registry', () => {
  it('names only testable catalogue rules, and at least one per check', () => {
    expect(ruleCoverage(RULES, CHECKS).problems.map(describeProblem)).toEqual([]);
  });

  it('has unique, well-formed check ids, known areas and known needs', () => {
    const ids = CHECKS.map((check) => check.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const check of CHECKS) {
      expect(check.id, check.id).toMatch(RULE_ID_PATTERN);
      expect(RULE_AREAS, check.id).toContain(check.area);
      for (const need of check.needs ?? []) expect(RULE_NEEDS, check.id).toContain(need);
    }
  });
});
