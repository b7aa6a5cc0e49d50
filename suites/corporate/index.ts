/**
 * Private and corporate context (area `corporate`): the area's catalogue rules and the checks that
 * judge them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { contextChecks } from './context.js';
import { corporateIdChecks } from './corporate-id.js';
import { engagementChecks } from './engagements.js';
import { corporateReadChecks } from './reads.js';

export { corporateRules as rules } from './rules.js';

export const checks: readonly Check[] = [
  ...contextChecks,
  ...corporateIdChecks,
  ...corporateReadChecks,
  ...engagementChecks,
];
