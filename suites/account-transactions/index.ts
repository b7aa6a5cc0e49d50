/**
 * Accounts and account transactions (area `account-transactions`): the area's catalogue rules and
 * the checks that judge them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { accountTransactionChecks } from './checks.js';
import { defaultPageCheck } from '../kit/found-data.js';

export { accountTransactionRules as rules } from './rules.js';

export const checks: readonly Check[] = [
  ...accountTransactionChecks,
  defaultPageCheck({
    id: 'ACCTX-200-PER-CALL-IN-PRODUCTION',
    title:
      'Without paging parameters an account transactions read returns 200 transactions (on the PSU’s own data)',
    area: 'account-transactions',
    rule: 'ACCTX-DEFAULT-PAGE-200',
    kind: 'account',
  }),
];
