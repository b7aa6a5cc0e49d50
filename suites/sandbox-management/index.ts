/**
 * Sandbox management (area `sandbox-management`): the area's catalogue rules and the checks that
 * judge them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { sandboxManagementChecks } from './checks.js';

export { sandboxManagementRules as rules } from './rules.js';

export const checks: readonly Check[] = sandboxManagementChecks;
