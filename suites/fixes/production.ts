/**
 * §9(2) cardaccount-switch-originalamount-and-transactionamount in production mode: the half of
 * the rule a production bank shows on its own data (§9 names no mode; the bank's clock is past
 * the 2024-09-05 default and cannot be moved back, the suites' certificates being made today):
 * with the fix asked for, a card transaction paid in another currency has transactionAmount in
 * the card account's currency (§2.5). Found on the PSU's card accounts through AIS.
 */
import { DEFAULT_PAGE_SIZE } from '../../main/core/spec/limits.js';
import { defineCheck, type Check } from '../../main/core/runner/check-api/index.js';
import { cardAccountWith } from '../kit/found-data.js';
import { cardTransactionsWith, correctlyMapped } from './checks.js';

const FIX = 'amount-as-string,cardaccount-switch-originalamount-and-transactionamount';

export const cardAmountMappingInProduction: Check = defineCheck({
  id: 'FIX-CARD-AMOUNT-MAPPING-IN-PRODUCTION',
  title:
    'With the card amount fix transactionAmount is in the card currency (on the PSU’s own data)',
  area: 'fixes',
  rules: ['FIX-CARD-AMOUNTS-SWITCH'],
  modes: ['production'],
  needs: ['psu-agent'],
  async run(ctx) {
    const { card, found } = await cardAccountWith(
      ctx,
      'a card transaction in a foreign currency',
      async (session, card) => {
        // A full default page of the default window: the foreign ones among the card's history.
        const foreign = (
          await cardTransactionsWith(ctx, session, card, FIX, { limit: DEFAULT_PAGE_SIZE })
        ).filter(
          (t) =>
            t.transactionAmount !== undefined &&
            t.originalAmount !== undefined &&
            t.transactionAmount.currency !== t.originalAmount.currency,
        );
        return foreign.length > 0 ? foreign : undefined;
      },
    );
    ctx.expect.true(
      correctlyMapped(card, found),
      `${card.resourceId} with x-accept-fix ${FIX}: transactionAmount in the card currency ${card.currency}`,
    );
  },
});
