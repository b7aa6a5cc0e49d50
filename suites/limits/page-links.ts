/**
 * §8 "the next and previous links carry 200 explicitly" when no paging parameter is given: the
 * judgement of a first page read without paging parameters, and its production-mode check on a
 * card account the PSU has with more than one default page of transactions (kit/found-data.ts).
 */
import { DEFAULT_PAGE_SIZE } from '../../main/core/spec/limits.js';
import {
  defineCheck,
  type CheckContext,
  type EvidenceExchange,
} from '../../main/core/runner/check-api/index.js';
import { follow, type CardTransactionsBody } from '../kit/account-information.js';
import { json, paramsOf } from '../kit/answers.js';
import { expectAnswer } from '../kit/controls.js';
import { CardAccountTransactionsResponseSchema } from '../../main/core/spec/schemas/card-accounts.js';
import { aisConsent, type AisSession } from '../kit/consent.js';
import { holdingBeyondOnePage } from '../kit/found-data.js';
import { knownPsu } from '../kit/test-psus.js';

/** `first` (a card transactions page read without paging parameters) links on with limit 200. */
export async function judgeLinksCarry200(
  ctx: CheckContext,
  session: AisSession,
  first: EvidenceExchange,
): Promise<void> {
  const next = json<CardTransactionsBody>(first)._links?.next?.href;
  ctx.expect.true(next !== undefined, 'more than 200 transactions: a next link');
  ctx.expect.equal(
    [paramsOf(next!).offset, paramsOf(next!).limit],
    [String(DEFAULT_PAGE_SIZE), String(DEFAULT_PAGE_SIZE)],
    'next carries offset 200 and limit 200',
  );
  const second = await follow(ctx, session, next!, 'follow next');
  expectAnswer(ctx, second, 200, CardAccountTransactionsResponseSchema, 'the second page');
  const previous = json<CardTransactionsBody>(second)._links?.previous?.href;
  ctx.expect.equal(
    previous === undefined ? undefined : paramsOf(previous).limit,
    String(DEFAULT_PAGE_SIZE),
    'previous carries limit 200',
  );
}

export const pageLinksInProduction = defineCheck({
  id: 'LIMIT-LINKS-CARRY-200-IN-PRODUCTION',
  title: 'Without paging parameters next and previous carry limit=200 (on the PSU’s own data)',
  area: 'limits',
  rules: ['LIMIT-PAGE-LINKS-CARRY-200'],
  // §8 states the links of the default page for "transaction lists" without naming a mode; card
  // transactions (§4.2.3) are a production endpoint. No sandbox here: the data is found via AIS.
  modes: ['production'],
  needs: ['psu-agent'],
  async run(ctx) {
    const session = await aisConsent(ctx, knownPsu(ctx, 'private').login);
    const page = await holdingBeyondOnePage(ctx, session, 'card-account');
    await judgeLinksCarry200(ctx, session, page.exchange);
  },
});
