/**
 * §7 error answers (area `errors`): the area's catalogue rules and the checks that judge them, in
 * registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { errorChecks } from './checks.js';

export { errorRules as rules } from './rules.js';

export const checks: readonly Check[] = errorChecks;
