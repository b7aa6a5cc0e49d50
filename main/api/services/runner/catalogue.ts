/**
 * The rules and checks as the Runner view lists them, each rule with the checks that cover it and,
 * where the TPP side states the same obligation, how the client is judged on it; and the rule
 * catalogue as a run session takes it (the suites are a layer above the runner).
 */
import { CHECKS, describeRule, RULES, ruleReference } from '../../../../suites/index.js';
import type { Check } from '../../../core/runner/check-api/index.js';
import type { RuleCatalogue } from '../../../core/runner/session/index.js';
import {
  clientCoverage,
  EVERY_ANSWER_RULE_IDS,
  SCA_FLOW_COMPARISON,
} from '../../../core/runner/index.js';
import { tppRuleCoverage } from '../../../core/bank/index.js';
import type { CheckView, RuleView } from '../../contract/index.js';
import { BANK_MODES } from '../../../shared/mode.js';

export function catalogueOf(checks: readonly Check[]): { rules: RuleView[]; checks: CheckView[] } {
  const checksByRule = new Map<string, string[]>();
  for (const check of checks) {
    for (const rule of check.rules)
      checksByRule.set(rule, [...(checksByRule.get(rule) ?? []), check.id]);
  }
  const ofClient = clientCoverage(tppRuleCoverage());
  // Rules a run comparison judges (main/core/runner/results/sca-environments.ts).
  const comparedRules = new Set<string>(SCA_FLOW_COMPARISON.rules);
  return {
    rules: RULES.map((rule) => ({
      id: rule.id,
      section: rule.section,
      statement: rule.statement,
      area: rule.area,
      testable: rule.testable,
      ...(!rule.testable ? { reason: rule.reason } : {}),
      checkIds: checksByRule.get(rule.id) ?? [],
      ...(EVERY_ANSWER_RULE_IDS.includes(rule.id) ? { everyAnswer: true } : {}),
      ...(comparedRules.has(rule.id) ? { comparisons: [SCA_FLOW_COMPARISON.id] } : {}),
      ...(ofClient.has(rule.id) ? { client: ofClient.get(rule.id) } : {}),
    })),
    checks: checks.map((check) => ({
      id: check.id,
      title: check.title,
      area: check.area,
      rules: [...check.rules],
      tags: [...(check.tags ?? [])],
      modes: [...(check.modes ?? BANK_MODES)],
      needs: [...(check.needs ?? [])],
    })),
  };
}

/** The suites' rule catalogue for a run session: its metadata and the reports' rule sections. */
export const ruleCatalogue: RuleCatalogue = {
  rules: RULES.map((rule) => ({
    id: rule.id,
    reference: ruleReference(rule),
    statement: rule.statement,
  })),
  describeRule,
  coverage: catalogueOf(CHECKS).rules,
};
