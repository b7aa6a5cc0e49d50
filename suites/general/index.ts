/**
 * General rules (area `general`: certificates, encodings, dates, links, the currency and country
 * lists): the area's catalogue rules and the checks that judge them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { generalChecks } from './checks.js';

export { generalRules as rules } from './rules.js';

export const checks: readonly Check[] = generalChecks;
