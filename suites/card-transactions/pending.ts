/**
 * §8 "Sandbox and card account reads are unaffected" by the pending-transactions known issue:
 * dateTo and limit filter pending card transactions too, in both modes. The judgement of a card
 * account with pending transactions, and its production-mode check on the card account the PSU
 * has with pending ones (found via AIS; no /v1/sandbox in production, §4.3).
 */
import {
  defineCheck,
  type CheckContext,
  type Check,
} from '../../main/core/runner/check-api/index.js';
import { cardTransactionsPath, type CardTransactionView } from '../kit/account-information.js';
import { shiftDay } from '../kit/dates.js';
import { cardAccountWith } from '../kit/found-data.js';
import { bookedOf, pendingOf, readCardTransactions, type CardSetup } from './card-setup.js';

/** `all`, the pending card transactions of `setup`'s card account, are filtered by dateTo and limit. */
export async function judgePendingFiltered(
  ctx: CheckContext,
  setup: CardSetup,
  all: readonly CardTransactionView[],
): Promise<void> {
  const earliest = all.map((t) => t.bookingDate ?? t.transactionDate ?? '').sort()[0]!;
  const before = await readCardTransactions(ctx, setup, {
    bookingStatus: 'pending',
    dateTo: shiftDay(earliest, -1),
  });
  ctx.expect.equal(
    pendingOf(before.body).length,
    0,
    `no pending transaction up to the day before ${earliest}`,
  );
  const one = await readCardTransactions(ctx, setup, { bookingStatus: 'both', limit: 1 });
  ctx.expect.true(
    bookedOf(one.body).length + pendingOf(one.body).length <= 1,
    'limit=1: at most one transaction, pending ones included',
  );
}

export const pendingFilteredInProduction: Check = defineCheck({
  id: 'CARDTX-PENDING-FILTERED-IN-PRODUCTION',
  title: 'dateTo and limit filter pending card transactions too (on the PSU’s own card account)',
  area: 'card-transactions',
  rules: ['CARDTX-PENDING-FILTERED'],
  // §8: the known issue is the production account transactions read's; "card account reads are
  // unaffected" in either mode, so a production bank is judged too.
  modes: ['production'],
  needs: ['psu-agent'],
  async run(ctx) {
    const { card, session, found } = await cardAccountWith(
      ctx,
      'two or more pending transactions',
      async (session, card) => {
        const setup = { session, card, path: cardTransactionsPath(card.resourceId) };
        const { body } = await readCardTransactions(ctx, setup, { bookingStatus: 'pending' });
        return pendingOf(body).length >= 2 ? pendingOf(body) : undefined;
      },
    );
    await judgePendingFiltered(
      ctx,
      { session, card, path: cardTransactionsPath(card.resourceId) },
      found,
    );
  },
});
