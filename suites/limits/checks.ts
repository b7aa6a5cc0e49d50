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
import { aisConsent, type AisSession } from '../kit/consent.js';
import { bankDay } from '../kit/dates.js';
import { knownPsu } from '../kit/test-psus.js';
import { judgeLinksCarry200 } from './page-links.js';

const AREA = 'limits';
const DAY_MS = 24 * 60 * 60 * 1000;

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
      for (let call = 1; call <= CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY; call++)
        ctx.expect.status(
          await readCard(ctx, session, path, false, `call ${call} without PSU-IP-Address`),
          200,
          `call ${call} of the day without PSU-IP-Address`,
        );
      const fifth = await readCard(ctx, session, path, false, 'fifth call without PSU-IP-Address');
      ctx.expect.status(fifth, 429, 'the fifth call of the day without PSU-IP-Address');
      ctx.expect.tppMessage(fifth, { code: 'ACCESS_EXCEEDED' });
      ctx.expect.status(
        await readCard(ctx, session, path, true, 'a call with PSU-IP-Address'),
        200,
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
      ctx.expect.status(
        await readCard(ctx, session, path, false, 'without PSU-IP-Address, consent 179 days old'),
        200,
        'without PSU-IP-Address on day 179 of the consent',
      );
      await ctx.clock.advance(2 * DAY_MS);
      const late = await readCard(
        ctx,
        session,
        path,
        false,
        'without PSU-IP-Address, consent 181 days old',
      );
      ctx.expect.true(
        late.response !== undefined && late.response.status >= 400 && late.response.status < 500,
        `without PSU-IP-Address on day 181 of the consent: refused (got ${late.response?.status})`,
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
      const dateFrom = await bankDay(ctx, -400);
      const first = await aisGet(ctx, session, path, {
        query: { bookingStatus: 'both', dateFrom },
      });
      ctx.expect.status(first, 200, 'the first page without paging parameters');
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
      const exchange = await aisGet(
        ctx,
        session,
        cardTransactionsPath(`unknown-${'x'.repeat(600)}`),
        {
          query: { bookingStatus: 'booked' },
          label: 'a card account id of 608 characters',
        },
      );
      ctx.expect.status(exchange, 404, 'an unknown card account');
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
