/**
 * The SCA a TPP session holds (§3.4, §5.3): one PSU per session id, across TPP roles, one hour on
 * the bank clock with no new prompt inside it, replaced by SCA under a new id and kept when that is
 * aborted. Judged through GET /v1/user (decisions.md): 200 naming the PSU while the session holds
 * SCA, else 401 with the §7 code that says why and a new scaRedirect.
 */
import { randomUUID } from 'node:crypto';
import {
  defineCheck,
  type Check,
  type CheckContext,
} from '../../main/core/runner/check-api/index.js';
import { json, scaRedirectOf } from '../kit/answers.js';
import { consentFlow } from '../kit/consent.js';
import { expectRefusal, requireAccepted } from '../kit/controls.js';
import {
  expectSuccess,
  sendGetUser,
  signedInSession,
  tppSession,
  userSca,
  UUID,
} from '../kit/sca.js';
import { testPeople } from '../kit/test-psus.js';

const MINUTE = 60_000;

export function scaCheck(check: Omit<Check, 'area'>): Check {
  return defineCheck({ area: 'sca-sessions', ...check });
}

/** The §7 codes of a GET /v1/user the session holds no SCA for (decisions.md GET /v1/user). */
const NO_SCA_CODES = ['SCA_NOT_FOUND', 'SCA_EXPIRED', 'SCA_INVALID'] as const;
type NoScaCode = (typeof NO_SCA_CODES)[number];

/**
 * GET /v1/user under `sessionId` answers 200 for the PSU (the session holds SCA), or 401 with a
 * tppMessages entry saying why (`code`, default any of NO_SCA_CODES) and a new scaRedirect.
 */
export async function expectSessionValid(
  ctx: CheckContext,
  sessionId: string,
  valid: boolean,
  what: string,
  headers: Record<string, string> = {},
  code: NoScaCode | readonly NoScaCode[] = NO_SCA_CODES,
): Promise<void> {
  const exchange = await sendGetUser(ctx, { ...tppSession(sessionId), ...headers }, what);
  if (valid) {
    ctx.expect.status(exchange, 200, what);
    ctx.expect.true(
      UUID.test(String(json(exchange).psuId ?? '')),
      `${what}: the answer names the PSU (psuId)`,
    );
    return;
  }
  expectRefusal(ctx, exchange, { status: 401, code }, what);
  ctx.expect.true(scaRedirectOf(exchange) !== undefined, `${what}: a new scaRedirect is offered`);
}

/**
 * The positive control of a check that expects a session to be refused: the same GET /v1/user
 * under `sessionId` is accepted (200 naming the PSU) at that moment, else the check is
 * INCONCLUSIVE — a bank that refuses the signed-in session too shows nothing by refusing later.
 */
async function sessionControl(ctx: CheckContext, sessionId: string, what: string): Promise<void> {
  const exchange = await sendGetUser(ctx, tppSession(sessionId), `control: ${what}`);
  requireAccepted(ctx, exchange, { what, status: 200 });
  ctx.expect.true(
    UUID.test(String(json(exchange).psuId ?? '')),
    `control: ${what}: the answer names the PSU (psuId)`,
  );
}

/** The test PSU's consent flow under a new TPP-Session-ID: the session id and the redirect. */
export async function consentInNewSession(ctx: CheckContext) {
  const [psu] = await testPeople(ctx);
  const sessionId = randomUUID();
  const { redirect } = await consentFlow(
    ctx,
    { login: psu.login },
    { headers: tppSession(sessionId) },
  );
  return { sessionId, redirect };
}

/** In catalogue order, between the sandbox login and GET /v1/user checks of checks.ts. */
export const tppSessionChecks: Check[] = [
  scaCheck({
    id: 'SCA-SESSION-ONE-PSU',
    title: "A session id's SCA serves its own PSU only",
    rules: ['SCA-ONE-TPP-ONE-PSU'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [ola, kari] = await testPeople(ctx);
      const olaSession = randomUUID();
      await signedInSession(ctx, { login: ola.login }, 'SCA 1', olaSession);
      const { redirect: kariRedirect } = await signedInSession(
        ctx,
        { login: kari.login },
        'SCA of another PSU',
      );
      await sessionControl(ctx, olaSession, `${ola.name}'s session for ${ola.name}`);
      await expectSessionValid(
        ctx,
        olaSession,
        false,
        `${ola.name}'s session used for ${kari.name} (PSU-ID)`,
        { 'PSU-ID': kariRedirect.psuId },
        'SCA_INVALID',
      );
    },
  }),
  scaCheck({
    id: 'SCA-SESSION-ACROSS-ROLES',
    title: "A consent's SCA (AIS) covers GET /v1/user (PIS identity) in the same session",
    rules: ['SCA-ACROSS-TPP-ROLES'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { sessionId, redirect } = await consentInNewSession(ctx);
      const done = expectSuccess(ctx, redirect, 'consent SCA');
      const user = await sendGetUser(
        ctx,
        tppSession(sessionId),
        'GET /v1/user after the consent SCA',
      );
      ctx.expect.status(user, 200, 'GET /v1/user in the session of the consent SCA');
      ctx.expect.equal(json(user).psuId, done.psuId, 'the same PSU');
    },
  }),
  scaCheck({
    id: 'SCA-SESSION-ONE-HOUR',
    title: "A session's SCA lasts one hour on the bank clock; then SCA is needed again",
    rules: ['SESSION-SCA-1H'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const { sessionId } = await signedInSession(ctx, { login: psu.login }, 'SCA');
      await sessionControl(ctx, sessionId, 'the session at once after the SCA');
      await ctx.clock.advance(59 * MINUTE);
      await expectSessionValid(ctx, sessionId, true, '59 minutes after the SCA');
      await ctx.clock.advance(2 * MINUTE);
      const expired = await sendGetUser(ctx, tppSession(sessionId), '61 minutes after the SCA');
      expectRefusal(ctx, expired, { status: 401, code: 'SCA_EXPIRED' }, '61 minutes after the SCA');
      ctx.expect.true(scaRedirectOf(expired) !== undefined, 'a new scaRedirect renews it');
    },
  }),
  scaCheck({
    id: 'SCA-SESSION-NO-NEW-PROMPT',
    title: 'Calls needing SCA inside the hour get no new SCA prompt',
    rules: ['SESSION-SCA-REUSED-WITHIN-1H'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const { sessionId } = await signedInSession(ctx, { login: psu.login }, 'SCA');
      await expectSessionValid(ctx, sessionId, true, 'at once');
      await expectSessionValid(ctx, sessionId, true, 'again');
      await ctx.clock.advance(30 * MINUTE);
      await expectSessionValid(ctx, sessionId, true, '30 minutes later');
    },
  }),
  scaCheck({
    id: 'SCA-SESSION-REPLACED-BY-NEW-ID',
    title: 'Completing SCA under a new session id invalidates the old id',
    rules: ['SESSION-NEW-ID-REPLACES-OLD'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const [oldId, newId] = [randomUUID(), randomUUID()];
      await signedInSession(ctx, { login: psu.login }, 'first SCA', oldId);
      await sessionControl(ctx, oldId, 'the old id before the new SCA');
      await signedInSession(ctx, { login: psu.login }, 'second SCA', newId);
      await expectSessionValid(ctx, newId, true, 'the new id');
      await expectSessionValid(
        ctx,
        oldId,
        false,
        'the old id after the new SCA',
        {},
        'SCA_INVALID',
      );
    },
  }),
  scaCheck({
    id: 'SCA-SESSION-ABORT-KEEPS-OLD-ID',
    title: 'Aborting SCA under a new session id leaves the old id valid',
    rules: ['SESSION-ABORTED-NEW-ID-KEEPS-OLD'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const [oldId, newId] = [randomUUID(), randomUUID()];
      await signedInSession(ctx, { login: psu.login }, 'first SCA', oldId);
      await sessionControl(ctx, oldId, 'the old id before the aborted SCA');
      const aborted = await userSca(ctx, { login: psu.login, outcome: 'abort' }, tppSession(newId));
      ctx.expect.equal(aborted.outcome, 'failure', 'the SCA under the new id was aborted');
      await expectSessionValid(ctx, oldId, true, 'the old id after the aborted SCA');
      await expectSessionValid(ctx, newId, false, 'the new id after the aborted SCA', {}, [
        'SCA_NOT_FOUND',
        'SCA_INVALID',
      ]);
    },
  }),
];
