/**
 * The rule catalogue: every normative statement of the interface spec and decisions.md, one file
 * per area. Checks name the rules they cover by id; `workbench rules` prints the coverage.
 */
import { accountTransactionRules } from './account-transactions.js';
import { basketRules } from './baskets.js';
import { cardTransactionRules } from './card-transactions.js';
import { consentRules } from './consent.js';
import { corporateRules } from './corporate.js';
import { errorRules } from './errors.js';
import { fixRules } from './fixes.js';
import { generalRules } from './general.js';
import { headerRules } from './headers.js';
import { limitRules } from './limits.js';
import { paymentRules } from './payments.js';
import { sandboxManagementRules } from './sandbox-management.js';
import { scaSessionRules } from './sca-sessions.js';
import { signingRules } from './signing.js';
import { RULE_AREAS, type Rule, type RuleArea } from '../../main/core/runner/check-api/rule.js';

export * from '../../main/core/runner/check-api/rule.js';

/** The rules of each area, in catalogue order. */
export const RULES_BY_AREA: Readonly<Record<RuleArea, readonly Rule[]>> = {
  general: generalRules,
  signing: signingRules,
  headers: headerRules,
  errors: errorRules,
  'sca-sessions': scaSessionRules,
  consent: consentRules,
  corporate: corporateRules,
  'card-transactions': cardTransactionRules,
  'account-transactions': accountTransactionRules,
  payments: paymentRules,
  baskets: basketRules,
  limits: limitRules,
  fixes: fixRules,
  'sandbox-management': sandboxManagementRules,
};

/** Every rule, area by area in RULE_AREAS order. */
export const RULES: readonly Rule[] = RULE_AREAS.flatMap((area) => RULES_BY_AREA[area]);

const rulesById: ReadonlyMap<string, Rule> = new Map(RULES.map((rule) => [rule.id, rule]));

export function ruleById(id: string): Rule | undefined {
  return rulesById.get(id);
}

export function rulesInArea(area: RuleArea): readonly Rule[] {
  return RULES_BY_AREA[area];
}

export function isRuleArea(value: unknown): value is RuleArea {
  return typeof value === 'string' && (RULE_AREAS as readonly string[]).includes(value);
}

/** `§5.2(3)` with its repeats, for reports: `§5.2(3); see also §7(3), decisions.md#Errors`. */
export function ruleReference(rule: Rule): string {
  return rule.seeAlso?.length
    ? `${rule.section}; see also ${rule.seeAlso.join(', ')}`
    : rule.section;
}

/** A rule id as reports show it (the HTML reporter's `describeRule`). */
export function describeRule(id: string): { section: string; statement: string } | undefined {
  const rule = ruleById(id);
  return rule && { section: ruleReference(rule), statement: rule.statement };
}
