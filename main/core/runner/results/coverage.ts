/**
 * Coverage of the rule catalogue by checks: which testable rules have checks, which do not, and
 * catalogue mistakes (a check naming an unknown or an untestable rule, or none at all). A rule no
 * check of a bank can observe but that a TPP-side rule states of the client (its `catalogue`) is
 * covered of the client instead: one catalogue for both parties.
 */
import type { Check } from '../check-api/index.js';
import type { Rule } from '../check-api/rule.js';
import type { RuleId, CheckId } from '../../../shared/rule-ids.js';
import { EVERY_ANSWER_RULE_IDS } from '../engine/answer-rules.js';

/**
 * covered: checks judge the bank on it, or the run's every-answer observer does, or the comparison
 * of two runs does (a rule about two environments, which no one run can see); uncovered: testable
 * of the bank, no check yet; client: no
 * check of a bank can observe it, the bank judges the client on it; untestable: neither.
 */
export type CoverageState = 'covered' | 'uncovered' | 'client' | 'untestable';
export const COVERAGE_STATES: readonly CoverageState[] = [
  'covered',
  'uncovered',
  'client',
  'untestable',
];

/**
 * A TPP-side rule as the catalogue reads it (the bank's tppRuleCoverage): the catalogue rules
 * stating the same obligation, and how the client is judged on it.
 */
export interface TppSideRule {
  id: string;
  catalogue: readonly RuleId[];
  /** The bank's TPP report judges every request on it. */
  report: boolean;
  /** `plan:MODULE` for each plan module that judges it. */
  modules: readonly string[];
}

/**
 * A judgement a run comparison makes of the bank (e.g. results/sca-environments.ts): its id, as the
 * coverage names it where a check id would be, and the catalogue rules it judges.
 */
export interface ComparisonJudge {
  id: CheckId;
  rules: readonly RuleId[];
}

/** How the client is judged on one catalogue rule: the TPP-side rules naming it, their modules. */
export interface ClientCoverage {
  tppRules: string[];
  /** The TPP report over every request judges it (one of tppRules is in the report). */
  report: boolean;
  modules: string[];
}

/**
 * A rule of the catalogue with the checks that cover it, as the catalogue hands it to a run: the
 * HTML report's coverage map.
 */
export interface CoverageRule {
  id: RuleId;
  section: string;
  statement: string;
  testable: boolean;
  reason?: string;
  checkIds: readonly CheckId[];
  /** The run judges it on every answer it gets (`EVERY-ANSWER-<rule id>`), besides its checks. */
  everyAnswer?: boolean;
  /** The run comparisons judging it (ComparisonJudge ids), when one does. */
  comparisons?: readonly string[];
  /** How the client is judged on it, when a TPP-side rule states the same obligation. */
  client?: { tppRules: readonly string[]; report: boolean; modules: readonly string[] };
}

export interface RuleCoverage {
  rule: Rule;
  state: CoverageState;
  /** Checks naming the rule, in registry order. */
  checkIds: CheckId[];
  /**
   * Set when the run judges it on every answer it gets (answer-rules.ts): a testable rule is then
   * covered without a check of its own, and judged only by runs whose answers it speaks of.
   */
  everyAnswer?: true;
  /** The run comparisons judging it (ComparisonJudge ids); set only when one does. */
  comparisons?: string[];
  /** Set when a TPP-side rule judged of the client states the same obligation. */
  client?: ClientCoverage;
}

export interface CoverageSummary {
  rules: number;
  testable: number;
  covered: number;
  uncovered: number;
  /** Untestable of a bank, judged of the client. */
  client: number;
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

export function summariseCoverage(coverage: readonly RuleCoverage[]): CoverageSummary {
  const summary: CoverageSummary = {
    rules: 0,
    testable: 0,
    covered: 0,
    uncovered: 0,
    client: 0,
    untestable: 0,
  };
  for (const { state } of coverage) {
    summary.rules += 1;
    summary[state] += 1;
    if (state === 'covered' || state === 'uncovered') summary.testable += 1;
  }
  return summary;
}

/**
 * Catalogue rule id → how the client is judged on it, from the TPP-side rules that name it and are
 * judged at all (by the TPP report or a plan module).
 */
export function clientCoverage(tpp: readonly TppSideRule[]): Map<string, ClientCoverage> {
  const byRule = new Map<string, ClientCoverage>();
  for (const side of tpp) {
    if (!side.report && side.modules.length === 0) continue;
    for (const ruleId of side.catalogue) {
      const so = byRule.get(ruleId) ?? { tppRules: [], report: false, modules: [] };
      so.tppRules.push(side.id);
      so.report ||= side.report;
      for (const module of side.modules) if (!so.modules.includes(module)) so.modules.push(module);
      byRule.set(ruleId, so);
    }
  }
  return byRule;
}

/**
 * The state of a rule from its judges (its checks, the every-answer observer and run
 * comparisons), and from the client's judgement when a bank cannot be.
 */
function stateOf(rule: Rule, judges: number, client?: ClientCoverage): CoverageState {
  if (!rule.testable) return client ? 'client' : 'untestable';
  return judges > 0 ? 'covered' : 'uncovered';
}

/** `everyAnswer`: the rules the run judges on every answer (answer-rules.ts unless given). */
export function ruleCoverage(
  rules: readonly Rule[],
  checks: readonly Check[],
  tpp: readonly TppSideRule[] = [],
  comparisons: readonly ComparisonJudge[] = [],
  everyAnswer: readonly string[] = EVERY_ANSWER_RULE_IDS,
): CoverageReport {
  const ofClient = clientCoverage(tpp);
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
    const client = ofClient.get(rule.id);
    const observed = everyAnswer.includes(rule.id);
    const compared = comparisons.filter((c) => c.rules.includes(rule.id)).map((c) => c.id);
    return {
      rule,
      state: stateOf(rule, checkIds.length + compared.length + (observed ? 1 : 0), client),
      checkIds,
      ...(observed ? { everyAnswer: true as const } : {}),
      ...(compared.length > 0 ? { comparisons: compared } : {}),
      ...(client ? { client } : {}),
    };
  });
  return { rules: coverage, summary: summariseCoverage(coverage), problems };
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
