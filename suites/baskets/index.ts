/**
 * Signing baskets (area `baskets`): the area's catalogue rules and the checks that judge them, in
 * registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { basketChecks } from './checks.js';

export { basketRules as rules } from './rules.js';

export const checks: readonly Check[] = basketChecks;
