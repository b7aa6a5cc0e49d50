/**
 * §5.2 request signing (area `signing`): the area's catalogue rules and the checks that judge
 * them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { signingChecks } from './checks.js';

export { signingRules as rules } from './rules.js';

export const checks: readonly Check[] = signingChecks;
