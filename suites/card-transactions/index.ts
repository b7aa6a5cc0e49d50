/**
 * Card accounts and card transactions (area `card-transactions`): the area's catalogue rules and
 * the checks that judge them, in registry order.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { cardTransactionQueryChecks } from './query.js';
import { cardAccountReadChecks } from './reads.js';
import { pendingFilteredInProduction } from './pending.js';
import { defaultPageCheck } from '../kit/found-data.js';

export { cardTransactionRules as rules } from './rules.js';

export const checks: readonly Check[] = [
  ...cardAccountReadChecks,
  ...cardTransactionQueryChecks,
  defaultPageCheck({
    id: 'CARDTX-200-PER-CALL-IN-PRODUCTION',
    title:
      'Without paging parameters a card transactions read returns 200 transactions (on the PSU’s own data)',
    area: 'card-transactions',
    rule: 'CARDTX-DEFAULT-PAGE-200',
    kind: 'card-account',
  }),
  pendingFilteredInProduction,
];
