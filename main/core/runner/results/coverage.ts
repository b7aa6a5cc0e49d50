/**
 * Coverage of the rule catalogue by checks: which testable rules have checks, which do not, and
 * catalogue mistakes (a check naming an unknown or an untestable rule, or none at all).
 */
import type { Check } from '../check-api/index.js';
import type { Rule } from '../check-api/rule.js';
import type { RuleId, CheckId } from '../../../shared/rule-ids.js';

export type CoverageState = 'covered' | 'uncovered' | 'untestable';

/**
 * A rule of the catalogue with the checks that cover it, as the catalogue hands it to a run: the
 * HTML report's coverage map.
 */
export interface CoverageRule {
  id: string;
  section: string;
  statement: string;
  testable: boolean;
  reason?: string;
  checkIds: readonly CheckId[];
}

export interface RuleCoverage {
  rule: Rule;
  state: CoverageState;
  /** Checks naming the rule, in registry order. */
  checkIds: CheckId[];
}

export interface CoverageSummary {
  rules: number;
  testable: number;
  covered: number;
  uncovered: number;
  untestable: number;
}

export type CatalogueProblem =
  | { kind: 'unknown-rule'; checkId: CheckId; ruleId: RuleId }
  | { kind: 'untestable-rule'; checkId: CheckId; ruleId: RuleId }
  | { kind: 'no-rules'; checkId: CheckId };

export interface CoverageReport {
  rules: RuleCoverage[];
  summary: CoverageSummary;
  problems: CatalogueProblem[];
}

export function summarise(coverage: readonly RuleCoverage[]): CoverageSummary {
  const summary: CoverageSummary = {
    rules: 0,
    testable: 0,
    covered: 0,
    uncovered: 0,
    untestable: 0,
  };
  for (const { state } of coverage) {
    summary.rules += 1;
    summary[state] += 1;
    if (state !== 'untestable') summary.testable += 1;
  }
  return summary;
}

export function ruleCoverage(rules: readonly Rule[], checks: readonly Check[]): CoverageReport {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const checksOfRule = new Map<string, string[]>();
  const problems: CatalogueProblem[] = [];
  for (const check of checks) {
    if (check.rules.length === 0) problems.push({ kind: 'no-rules', checkId: check.id });
    for (const ruleId of check.rules) {
      const rule = byId.get(ruleId);
      if (!rule) {
        problems.push({ kind: 'unknown-rule', checkId: check.id, ruleId });
        continue;
      }
      if (!rule.testable) problems.push({ kind: 'untestable-rule', checkId: check.id, ruleId });
      checksOfRule.set(ruleId, [...(checksOfRule.get(ruleId) ?? []), check.id]);
    }
  }
  const coverage = rules.map((rule): RuleCoverage => {
    const checkIds = checksOfRule.get(rule.id) ?? [];
    const state = !rule.testable ? 'untestable' : checkIds.length > 0 ? 'covered' : 'uncovered';
    return { rule, state, checkIds };
  });
  return { rules: coverage, summary: summarise(coverage), problems };
}

export function describeProblem(problem: CatalogueProblem): string {
  switch (problem.kind) {
    case 'unknown-rule':
      return `check ${problem.checkId} names rule ${problem.ruleId}, which the catalogue does not have`;
    case 'untestable-rule':
      return `check ${problem.checkId} names rule ${problem.ruleId}, which the catalogue marks untestable`;
    case 'no-rules':
      return `check ${problem.checkId} names no rule`;
  }
}
