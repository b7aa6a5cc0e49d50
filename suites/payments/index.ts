/**
 * Payment initiation and what follows it (area `payments`): the area's catalogue rules and the
 * checks that judge them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { paymentChecks } from './initiation.js';
import { paymentLifecycleChecks } from './lifecycle.js';

export { paymentRules as rules } from './rules.js';

export const checks: readonly Check[] = [...paymentChecks, ...paymentLifecycleChecks];
