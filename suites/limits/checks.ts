/**
 * §8 limits no other section states: card transactions reads without PSU-IP-Address (4 a day,
 * consent at most 180 days old), paging links that carry the default page size 200, and the
 * 512-character tppMessages text.
 */
import {
  CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY,
  CONSENT_MAX_AGE_WITHOUT_PSU_IP_ADDRESS_DAYS,
  TPP_MESSAGE_TEXT_MAX,
} from '../../main/core/spec/limits.js';
import { CardAccountTransactionsResponseSchema } from '../../main/core/spec/schemas/card-accounts.js';
import {
  defineCheck,
  type Check,
  type CheckContext,
} from '../../main/core/runner/check-api/index.js';
import {
  aisGet,
  cardTransactionsPath,
  fillFixedTestData,
  firstCardAccount,
} from '../kit/account-information.js';
import { json } from '../kit/answers.js';
import { expectAnswer, expectRefusal, requireAccepted } from '../kit/controls.js';
import { aisConsent, type AisSession } from '../kit/consent.js';
import { readBankDay } from '../kit/dates.js';
import { knownPsu } from '../kit/test-psus.js';
import { judgeLinksCarry200 } from './page-links.js';
import { DAY_MS } from '../../main/shared/calendar.js';

const AREA = 'limits';

/** One card transactions read, with or without PSU-IP-Address. */
function readCard(
  ctx: CheckContext,
  session: AisSession,
  path: string,
  withPsuIp: boolean,
  label: string,
) {
  return aisGet(ctx, session, path, {
    query: { bookingStatus: 'booked' },
    ...(withPsuIp ? {} : { omitHeaders: ['PSU-IP-Address'] }),
    label,
  });
}

export const limitChecks: Check[] = [
  defineCheck({
    id: 'LIMIT-NO-PSU-IP-FOUR-A-DAY',
    title: 'Card transactions reads without PSU-IP-Address: 4 a day, the fifth is 429',
    area: AREA,
    rules: ['LIMIT-NO-PSU-IP-4-PER-DAY'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const path = cardTransactionsPath((await firstCardAccount(ctx, session)).resourceId);
      // The control: the first read of the day without PSU-IP-Address is accepted (a card
      // transactions answer); a bank that refuses it has not been tested on the daily count.
      requireAccepted(
        ctx,
        await readCard(ctx, session, path, false, 'call 1 without PSU-IP-Address'),
        {
          what: 'the first card transactions read of the day without PSU-IP-Address',
          status: 200,
          schema: CardAccountTransactionsResponseSchema,
        },
      );
      for (let call = 2; call <= CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY; call++)
        expectAnswer(
          ctx,
          await readCard(ctx, session, path, false, `call ${call} without PSU-IP-Address`),
          200,
          CardAccountTransactionsResponseSchema,
          `call ${call} of the day without PSU-IP-Address`,
        );
      const fifth = await readCard(ctx, session, path, false, 'fifth call without PSU-IP-Address');
      // The reason: 429 ACCESS_EXCEEDED naming the missing PSU-IP-Address (§8, ERR-STATUS-429).
      expectRefusal(
        ctx,
        fifth,
        { status: 429, code: 'ACCESS_EXCEEDED', textIncludes: 'PSU-IP-Address' },
        'the fifth call of the day without PSU-IP-Address',
      );
      expectAnswer(
        ctx,
        await readCard(ctx, session, path, true, 'a call with PSU-IP-Address'),
        200,
        CardAccountTransactionsResponseSchema,
        'a call with PSU-IP-Address is not limited',
      );
    },
  }),
  defineCheck({
    id: 'LIMIT-NO-PSU-IP-CONSENT-AGE',
    title: `Card transactions reads without PSU-IP-Address need a consent at most ${CONSENT_MAX_AGE_WITHOUT_PSU_IP_ADDRESS_DAYS} days old`,
    area: AREA,
    rules: ['LIMIT-NO-PSU-IP-CONSENT-180D'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const path = cardTransactionsPath((await firstCardAccount(ctx, session)).resourceId);
      await ctx.clock.advance((CONSENT_MAX_AGE_WITHOUT_PSU_IP_ADDRESS_DAYS - 1) * DAY_MS);
      // The control: the same read without PSU-IP-Address from the consent at 179 days is
      // accepted; only its age differs from the read that must be refused.
      requireAccepted(
        ctx,
        await readCard(ctx, session, path, false, 'without PSU-IP-Address, consent 179 days old'),
        {
          what: 'the same read without PSU-IP-Address on day 179 of the consent',
          status: 200,
          schema: CardAccountTransactionsResponseSchema,
        },
      );
      await ctx.clock.advance(2 * DAY_MS);
      const late = await readCard(
        ctx,
        session,
        path,
        false,
        'without PSU-IP-Address, consent 181 days old',
      );
      // The reason: the consent is too old (CONSENT_EXPIRED; §8 names no code, so the consent
      // codes of §2.1 that say the consent no longer serves the read are accepted).
      expectRefusal(
        ctx,
        late,
        { status: [401, 403], code: ['CONSENT_EXPIRED', 'CONSENT_INVALID'] },
        'without PSU-IP-Address on day 181 of the consent',
      );
    },
  }),
  defineCheck({
    id: 'LIMIT-LINKS-CARRY-200',
    title: 'Without paging parameters next and previous carry limit=200 explicitly',
    area: AREA,
    rules: ['LIMIT-PAGE-LINKS-CARRY-200'],
    // The fixed test-data fill replaces an earlier fill (decisions.md), removing what other checks
    // made of it: it creates sandbox data and resets some, so it runs alone on a shared bank.
    exclusive: true,
    effects: ['sandbox-data', 'sandbox-reset'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      await fillFixedTestData(ctx);
      const session = await aisConsent(ctx, knownPsu(ctx, 'fill').login);
      const path = cardTransactionsPath((await firstCardAccount(ctx, session)).resourceId);
      const dateFrom = await readBankDay(ctx, -400);
      const first = await aisGet(ctx, session, path, {
        query: { bookingStatus: 'both', dateFrom },
      });
      expectAnswer(
        ctx,
        first,
        200,
        CardAccountTransactionsResponseSchema,
        'the first page without paging parameters',
      );
      await judgeLinksCarry200(ctx, session, first);
    },
  }),
  defineCheck({
    id: 'LIMIT-TPP-MESSAGE-AT-MOST-512',
    title: `A tppMessages text has at most ${TPP_MESSAGE_TEXT_MAX} characters, even about a long value`,
    area: AREA,
    rules: ['LIMIT-TPP-MESSAGE-TEXT-512'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      // The control: the same read of the PSU's own card account is accepted, so the 404 is
      // about the unknown id, not about the read.
      const own = (await firstCardAccount(ctx, session)).resourceId;
      requireAccepted(
        ctx,
        await readCard(ctx, session, cardTransactionsPath(own), true, 'the own card account'),
        {
          what: 'the same read of the consented card account',
          status: 200,
          schema: CardAccountTransactionsResponseSchema,
        },
      );
      const exchange = await aisGet(
        ctx,
        session,
        cardTransactionsPath(`unknown-${'x'.repeat(600)}`),
        {
          query: { bookingStatus: 'booked' },
          label: 'a card account id of 608 characters',
        },
      );
      expectRefusal(
        ctx,
        exchange,
        { status: 404, code: 'RESOURCE_UNKNOWN' },
        'an unknown card account',
      );
      const texts = (json<{ tppMessages?: { text?: string }[] }>(exchange).tppMessages ?? []).map(
        (message) => message.text ?? '',
      );
      ctx.expect.true(texts.length > 0, 'the error carries tppMessages');
      for (const text of texts)
        ctx.expect.true(
          [...text].length <= TPP_MESSAGE_TEXT_MAX,
          `a tppMessages text of ${[...text].length} characters is at most ${TPP_MESSAGE_TEXT_MAX}`,
        );
    },
  }),
];
