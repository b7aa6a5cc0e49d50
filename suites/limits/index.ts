/**
 * §8 limits (area `limits`): the area's catalogue rules and the checks that judge them, in
 * registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { limitChecks } from './checks.js';
import { pageLinksInProduction } from './page-links.js';

export { limitRules as rules } from './rules.js';

export const checks: readonly Check[] = [...limitChecks, pageLinksInProduction];
