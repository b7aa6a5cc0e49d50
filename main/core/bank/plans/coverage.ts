/**
 * The TPP side of the rule catalogue: every TPP-side rule (spec/tpp-rules.ts), the bank-side
 * catalogue rules that state the same obligation, and how the client is judged on it — by the
 * bank's TPP report over every request, and by which plan modules (`workbench rules`).
 */
import { TPP_RULES, type TppRule } from '../../spec/tpp-rules.js';
import { PLANS } from './plans.js';

export interface TppRuleCoverage {
  id: string;
  section: string;
  title: string;
  statement: string;
  catalogue: readonly string[];
  /**
   * The bank's TPP conformance report judges every request it receives on this rule; false for
   * a rule no request shows, which only a plan module judges.
   */
  report: boolean;
  /** `plan:MODULE` for each plan module that judges it. */
  modules: string[];
}

export function tppRuleCoverage(): TppRuleCoverage[] {
  return TPP_RULES.map((rule) => ({
    id: rule.id,
    section: rule.section,
    title: rule.title,
    statement: rule.statement,
    catalogue: rule.catalogue,
    report: (rule as TppRule).judgedBy !== 'plan',
    modules: PLANS.flatMap((plan) =>
      plan.modules
        .filter((module) => (module.rules as readonly string[]).includes(rule.id))
        .map((module) => `${plan.name}:${module.id}`),
    ),
  }));
}
