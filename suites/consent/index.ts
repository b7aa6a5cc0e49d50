/**
 * The consent model (area `consent`): the area's catalogue rules and the checks that judge them,
 * in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { consentChecks } from './checks.js';

export { consentRules as rules } from './rules.js';

export const checks: readonly Check[] = consentChecks;
