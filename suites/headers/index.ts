/**
 * §4.1–§4.3 request headers (area `headers`): the area's catalogue rules and the checks that judge
 * them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { headerChecks } from './checks.js';

export { headerRules as rules } from './rules.js';

export const checks: readonly Check[] = headerChecks;
