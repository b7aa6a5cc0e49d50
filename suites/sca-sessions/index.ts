/**
 * SCA and TPP sessions (area `sca-sessions`): the area's catalogue rules and the checks that judge
 * them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { scaSessionChecks } from './checks.js';

export { scaSessionRules as rules } from './rules.js';

export const checks: readonly Check[] = scaSessionChecks;
