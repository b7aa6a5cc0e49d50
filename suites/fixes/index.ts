/**
 * §9 versioning and fixes (area `fixes`): the area's catalogue rules and the checks that judge
 * them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { fixChecks } from './checks.js';
import { cardAmountMappingInProduction } from './production.js';
import { commaListRequiredValue } from './comma-list.js';

export { fixRules as rules } from './rules.js';

export const checks: readonly Check[] = [
  ...fixChecks,
  cardAmountMappingInProduction,
  commaListRequiredValue,
];
