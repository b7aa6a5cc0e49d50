/**
 * Accounts and account transactions (area `account-transactions`): the area's catalogue rules and
 * the checks that judge them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { accountTransactionChecks } from './checks.js';

export { accountTransactionRules as rules } from './rules.js';

export const checks: readonly Check[] = accountTransactionChecks;
