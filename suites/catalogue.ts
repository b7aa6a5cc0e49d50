/**
 * The rule catalogue: every normative statement of the interface spec and decisions.md, one
 * `rules.ts` per area folder. Checks name the rules they cover by id; `workbench rules` prints the
 * coverage.
 */
import * as accountTransactions from './account-transactions/index.js';
import * as baskets from './baskets/index.js';
import * as cardTransactions from './card-transactions/index.js';
import * as consent from './consent/index.js';
import * as corporate from './corporate/index.js';
import * as errors from './errors/index.js';
import * as fixes from './fixes/index.js';
import * as general from './general/index.js';
import * as headers from './headers/index.js';
import * as limits from './limits/index.js';
import * as payments from './payments/index.js';
import * as sandboxManagement from './sandbox-management/index.js';
import * as scaSessions from './sca-sessions/index.js';
import * as signing from './signing/index.js';
import { RULE_AREAS, type Rule, type RuleArea } from '../main/core/runner/check-api/rule.js';
import type { RuleId } from '../main/shared/rule-ids.js';

export * from '../main/core/runner/check-api/rule.js';

/** The rules of each area, in catalogue order. */
export const RULES_BY_AREA: Readonly<Record<RuleArea, readonly Rule[]>> = {
  general: general.rules,
  signing: signing.rules,
  headers: headers.rules,
  errors: errors.rules,
  'sca-sessions': scaSessions.rules,
  consent: consent.rules,
  corporate: corporate.rules,
  'card-transactions': cardTransactions.rules,
  'account-transactions': accountTransactions.rules,
  payments: payments.rules,
  baskets: baskets.rules,
  limits: limits.rules,
  fixes: fixes.rules,
  'sandbox-management': sandboxManagement.rules,
};

/** Every rule, area by area in RULE_AREAS order. */
export const RULES: readonly Rule[] = RULE_AREAS.flatMap((area) => RULES_BY_AREA[area]);

const rulesById: ReadonlyMap<string, Rule> = new Map(RULES.map((rule) => [rule.id, rule]));

export function ruleById(id: RuleId): Rule | undefined {
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
export function describeRule(id: RuleId): { section: string; statement: string } | undefined {
  const rule = ruleById(id);
  return rule && { section: ruleReference(rule), statement: rule.statement };
}
