/**
 * Card accounts and card transactions (area `card-transactions`): the area's catalogue rules and
 * the checks that judge them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { cardTransactionQueryChecks } from './query.js';
import { cardAccountReadChecks } from './reads.js';

export { cardTransactionRules as rules } from './rules.js';

export const checks: readonly Check[] = [...cardAccountReadChecks, ...cardTransactionQueryChecks];
