/**
 * Consent (§1 "Consent model", §5.3.3, §5.3.7, decisions.md "Paths"): POST /v1/consents ignores
 * its body and only returns an SCA redirect link; the PSU grants and revokes on the bank's consent
 * screen; no account information before the grant and only the accounts granted after it; the
 * consent's 180 days. The consent screen is played by ctx.psu.
 */
import {
  defineCheck,
  type Check,
  type CheckContext,
  type JsonValue,
} from '../../main/core/runner/check-api/index.js';
import { accountsOf, aisGet, cardAccountsOf } from '../kit/account-information.js';
import { expectJsonObject, json, scaRedirectOf } from '../kit/answers.js';
import {
  type AisSession,
  consentFlow,
  grantedConsent,
  grantedReferences,
  readConsent,
  startConsent,
} from '../kit/consent.js';
import { completeScaAsPsu, expectSuccess, psuHeaders, signedInSession } from '../kit/sca.js';
import { expectAccepted, probeRefusedControl, requireExplainedRefusals } from '../kit/probe.js';
import { testPeople } from '../kit/test-psus.js';

const DAY = 24 * 60 * 60 * 1000;

function consentCheck(check: Omit<Check, 'area'>): Check {
  return defineCheck({ area: 'consent', ...check });
}

const consentPath = (consentId: string) => `/v1/consents/${encodeURIComponent(consentId)}`;

/** A valid consent of the first test PSU granting every account offered; answers its session. */
async function grantAll(
  ctx: CheckContext,
  login: string,
  headers: Record<string, string> = {},
): Promise<AisSession & { granted: string[] }> {
  const { consentId, headers: psu } = await grantedConsent(
    ctx,
    { login, consent: { grant: ['*'] } },
    'the consent SCA',
    { headers },
  );
  return { consentId, headers: psu, granted: await grantedReferences(ctx, consentId) };
}

/**
 * The PSU unticks every account on the consent screen (§1: unticking revokes), so no consent of
 * `login` grants anything afterwards, whatever earlier checks or runs left on the bank.
 */
async function withdrawEverything(ctx: CheckContext, login: string): Promise<void> {
  const flow = await consentFlow(ctx, { login, consent: { grant: [], revoke: ['*'] } });
  ctx.evidence.note(
    `${login} unticked every account (SCA ${flow.redirect.outcome}), so no earlier consent grants access`,
  );
}

export const consentChecks: Check[] = [
  consentCheck({
    id: 'CONSENT-BODY-IGNORED',
    title: 'POST /v1/consents ignores its body, whatever it is',
    rules: ['CONSENT-POST-BODY-IGNORED'],
    async run(ctx) {
      const bodies: [string, JsonValue | undefined][] = [
        ['no body', undefined],
        ['an empty object', {}],
        [
          'a Berlin Group consent request',
          {
            access: { accounts: [{ iban: 'NO9386011117947' }] },
            recurringIndicator: false,
            validUntil: '2000-01-01',
            frequencyPerDay: 99,
          },
        ],
        ['unknown fields', { anything: 1, nested: { deeper: [true, null] } }],
        ['an array', [1, 2, 3]],
        ['a string', 'consent please'],
      ];
      await probeRefusedControl(ctx);
      const ids: string[] = [];
      for (const [what, body] of bodies) {
        const exchange = await ctx.client.send({
          method: 'POST',
          path: '/v1/consents',
          ...(body !== undefined ? { body } : {}),
          label: `consent with ${what}`,
        });
        await expectAccepted(ctx, exchange, `POST /v1/consents with ${what}`);
        ids.push(json<{ consentId: string }>(exchange).consentId);
      }
      ctx.expect.equal(new Set(ids).size, ids.length, 'each request created a consent of its own');
    },
  }),
  consentCheck({
    id: 'CONSENT-ANSWER-IS-A-REDIRECT',
    title: 'POST /v1/consents only returns an SCA redirect link: nothing granted, nothing echoed',
    rules: ['CONSENT-POST-SCA-REDIRECT-ONLY'],
    async run(ctx) {
      const started = await startConsent(ctx, {
        body: { access: { allPsd2: 'allAccounts' }, recurringIndicator: true },
      });
      const body = json(started.exchange);
      ctx.expect.true(!('access' in body), 'the answer grants no access and echoes none');
      ctx.expect.equal(body.consentStatus, 'received', 'the consent waits for the PSU');
      const consent = await readConsent(ctx, started.consentId);
      ctx.expect.equal(
        consent.access?.accounts ?? [],
        [],
        'the consent grants no account before the PSU chose',
      );
    },
  }),
  consentCheck({
    id: 'CONSENT-CREATED-201',
    title: 'POST /v1/consents answers 201 with consentId, consentStatus and _links.scaRedirect',
    rules: ['CONSENT-CREATE-201'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      const exchange = await ctx.client.send({ method: 'POST', path: '/v1/consents', body: {} });
      // A bank that refuses everything, saying no reason, cannot be judged on this rule.
      await requireExplainedRefusals(ctx, exchange, 'POST /v1/consents');
      ctx.expect.status(exchange, 201, 'POST /v1/consents');
      const body = expectJsonObject(ctx, exchange, 'POST /v1/consents');
      ctx.expect.true(typeof body.consentId === 'string', 'consentId');
      ctx.expect.true(typeof body.consentStatus === 'string', 'consentStatus');
      ctx.expect.true(scaRedirectOf(exchange) !== undefined, '_links.scaRedirect');
    },
  }),
  consentCheck({
    id: 'CONSENT-READ-ANSWERS-200',
    title: 'GET /v1/consents/{consentId} answers 200, before and after the SCA',
    rules: ['CONSENT-READ-200'],
    async run(ctx) {
      const started = await startConsent(ctx);
      const consent = await readConsent(ctx, started.consentId);
      ctx.expect.equal(consent.consentStatus, 'received', 'consentStatus of a new consent');
    },
  }),
  consentCheck({
    id: 'CONSENT-STATUS-ANSWERS-200',
    title: 'GET /v1/consents/{consentId}/status answers 200 with consentStatus',
    rules: ['CONSENT-STATUS-200'],
    async run(ctx) {
      await probeRefusedControl(ctx);
      const started = await startConsent(ctx);
      const exchange = await ctx.client.send({
        method: 'GET',
        path: `${consentPath(started.consentId)}/status`,
      });
      ctx.expect.status(exchange, 200, 'GET /v1/consents/{consentId}/status');
      ctx.expect.equal(json(exchange).consentStatus, 'received', 'consentStatus');
    },
  }),
  consentCheck({
    id: 'CONSENT-DELETE-ANSWERS-204',
    title: 'DELETE /v1/consents/{consentId} answers 204 and ends the consent',
    rules: ['CONSENT-DELETE-204'],
    async run(ctx) {
      const started = await startConsent(ctx);
      const deleted = await ctx.client.send({
        method: 'DELETE',
        path: consentPath(started.consentId),
      });
      ctx.expect.status(deleted, 204, 'DELETE /v1/consents/{consentId}');
      ctx.expect.equal(deleted.response?.body ?? '', '', 'a 204 has no body');
      const consent = await readConsent(ctx, started.consentId);
      ctx.expect.equal(consent.consentStatus, 'terminatedByTpp', 'consentStatus after DELETE');
    },
  }),
  consentCheck({
    id: 'CONSENT-GRANTED-DURING-SCA',
    title: 'The PSU gives consent during the SCA redirect: received before, valid after',
    rules: ['CONSENT-GIVEN-DURING-SCA'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const started = await startConsent(ctx);
      ctx.expect.equal(
        (await readConsent(ctx, started.consentId)).consentStatus,
        'received',
        'consentStatus before the SCA',
      );
      expectSuccess(
        ctx,
        await completeScaAsPsu(ctx, started.scaRedirect, {
          login: psu.login,
          consent: { grant: ['*'] },
        }),
        'the consent SCA',
      );
      const consent = await readConsent(ctx, started.consentId);
      ctx.expect.equal(consent.consentStatus, 'valid', 'consentStatus after the SCA');
      ctx.expect.true(
        (consent.access?.accounts ?? []).length > 0,
        'the consent lists the accounts granted',
      );
    },
  }),
  consentCheck({
    id: 'CONSENT-NO-AIS-BEFORE-GRANT',
    title: 'No account information before the PSU grants consent',
    rules: ['CONSENT-NO-ACCESS-BEFORE-GRANT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      // A bank that is not fresh may hold a consent this PSU granted earlier (another check, an
      // earlier run): the PSU first unticks every account, so "before any consent" holds (§1).
      await withdrawEverything(ctx, psu.login);
      const { redirect: identity } = await signedInSession(
        ctx,
        { login: psu.login },
        'identity SCA (no consent)',
      );
      const session: AisSession = { consentId: '', headers: psuHeaders(identity) };
      const before = await aisGet(ctx, session, '/v1/accounts', { label: 'accounts, no consent' });
      ctx.expect.status(before, [401, 403], 'GET /v1/accounts before any consent');
      const started = await startConsent(ctx, { headers: session.headers });
      const pending = await aisGet(ctx, session, '/v1/accounts', {
        label: 'accounts, consent not yet granted',
      });
      ctx.expect.status(pending, [401, 403], 'GET /v1/accounts while the consent waits for SCA');
      expectSuccess(
        ctx,
        await completeScaAsPsu(ctx, started.scaRedirect, {
          login: psu.login,
          consent: { grant: ['*'] },
        }),
        'the consent SCA',
      );
      const { accounts } = await accountsOf(ctx, session);
      ctx.expect.true(accounts.length > 0, 'GET /v1/accounts lists accounts once granted');
    },
  }),
  consentCheck({
    id: 'CONSENT-SCREEN-KEEPS-GRANTED-TICKED',
    title: 'The consent screen pre-selects the accounts already granted',
    rules: ['CONSENT-SCREEN-PRESELECTED'],
    needs: ['psu-agent'],
    // §1 says what the PSU *sees*: a checkbox list with the granted accounts pre-selected. The
    // API only shows that confirming without changes keeps them; the page itself is a person's to
    // judge.
    needsReview:
      'the second consent page shows a checkbox list of the accounts, those granted by the first consent already ticked (§1, consent model)',
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const first = await grantAll(ctx, psu.login);
      ctx.expect.true(first.granted.length > 0, 'the first consent grants accounts');
      const second = await consentFlow(ctx, { login: psu.login, consent: { grant: [] } });
      expectSuccess(ctx, second.redirect, 'second consent, confirmed without changes');
      ctx.expect.equal(
        await grantedReferences(ctx, second.consentId),
        first.granted,
        'confirming the pre-selected screen keeps the granted accounts',
      );
    },
  }),
  consentCheck({
    id: 'CONSENT-SCREEN-TICK-AND-UNTICK',
    title: 'Unticking an account revokes it, ticking it grants it again',
    rules: ['CONSENT-SCREEN-TICK-TO-GRANT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const all = (await grantAll(ctx, psu.login)).granted;
      ctx.expect.true(all.length >= 2, 'the PSU has at least two accounts to consent to');
      const [dropped] = all;
      const revoke = await consentFlow(ctx, {
        login: psu.login,
        consent: { grant: [], revoke: [dropped!] },
      });
      expectSuccess(ctx, revoke.redirect, 'consent with one account unticked');
      ctx.expect.equal(
        await grantedReferences(ctx, revoke.consentId),
        all.filter((reference) => reference !== dropped),
        `granted after unticking ${dropped}`,
      );
      const regrant = await consentFlow(ctx, {
        login: psu.login,
        consent: { grant: [dropped!] },
      });
      expectSuccess(ctx, regrant.redirect, 'consent with the account ticked again');
      ctx.expect.equal(
        await grantedReferences(ctx, regrant.consentId),
        all,
        `granted after ticking ${dropped} again`,
      );
    },
  }),
  consentCheck({
    id: 'CONSENT-ONLY-GRANTED-ACCOUNTS',
    title: 'After consent the TPP sees only the accounts granted',
    rules: ['CONSENT-ONLY-CONSENTED-ACCOUNTS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const all = (await grantAll(ctx, psu.login)).granted;
      const ibans = all.filter((reference) => /^[A-Z]{2}[0-9]{2}/.test(reference));
      ctx.expect.true(ibans.length >= 2, 'the PSU has at least two accounts');
      const [kept] = ibans;
      const flow = await consentFlow(ctx, {
        login: psu.login,
        // Everything else unticked: card accounts may share a masked PAN, so naming them misses some.
        consent: { grant: [kept!], revoke: ['*'] },
      });
      const session: AisSession = {
        consentId: flow.consentId,
        headers: psuHeaders(expectSuccess(ctx, flow.redirect, 'consent for one account')),
      };
      const { accounts } = await accountsOf(ctx, session);
      ctx.expect.equal(
        accounts.map((a) => a.iban),
        [kept],
        'GET /v1/accounts lists only the granted account',
      );
      const cards = (await cardAccountsOf(ctx, session)).cardAccounts;
      ctx.expect.equal(cards.length, 0, 'no card account was granted');
    },
  }),
  consentCheck({
    id: 'CONSENT-LASTS-180-DAYS',
    title: 'A consent lasts 180 days after its SCA and is renewed by a new SCA',
    rules: ['CONSENT-SCA-RENEWABLE-180D'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const first = await grantAll(ctx, psu.login);
      await ctx.clock.advance(179 * DAY);
      ctx.expect.equal(
        (await readConsent(ctx, first.consentId)).consentStatus,
        'valid',
        'consentStatus 179 days after the SCA',
      );
      await ctx.clock.advance(2 * DAY);
      ctx.expect.equal(
        (await readConsent(ctx, first.consentId)).consentStatus,
        'expired',
        'consentStatus 181 days after the SCA',
      );
      const renewed = await grantAll(ctx, psu.login);
      ctx.expect.equal(
        (await readConsent(ctx, renewed.consentId)).consentStatus,
        'valid',
        'a new SCA renews the consent',
      );
    },
  }),
  consentCheck({
    id: 'CONSENT-HISTORY-OLDER-THAN-90-DAYS-NEEDS-SCA',
    title: 'History back to 90 days needs no SCA; older history needs an SCA in the session hour',
    rules: ['CONSENT-HISTORY-90D-WITHOUT-SCA'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const consent = await grantAll(ctx, psu.login);
      const { accounts } = await accountsOf(ctx, consent);
      const account = accounts[0] ?? ctx.skip('the PSU has no account');
      await ctx.clock.advance(2 * 60 * 60 * 1000);
      const now = await ctx.clock.now();
      const day = (days: number) => new Date(now.getTime() - days * DAY).toISOString().slice(0, 10);
      const read = (dateFrom: string, label: string) =>
        aisGet(
          ctx,
          consent,
          `/v1/accounts/${encodeURIComponent(account.resourceId)}/transactions`,
          {
            query: { bookingStatus: 'booked', dateFrom },
            label,
          },
        );
      ctx.expect.status(
        await read(day(89), '89 days back, SCA two hours old'),
        200,
        'history 89 days back without a fresh SCA',
      );
      const older = await read(day(120), '120 days back, SCA two hours old');
      ctx.expect.status(older, 401, 'history 120 days back without a fresh SCA');
      const href = scaRedirectOf(older);
      ctx.expect.true(href !== undefined, 'the answer offers an scaRedirect');
      expectSuccess(
        ctx,
        await completeScaAsPsu(ctx, new URL(href!, older.request.url).toString(), {
          login: psu.login,
        }),
        'a fresh SCA',
      );
      ctx.expect.status(
        await read(day(120), '120 days back, fresh SCA'),
        200,
        'history 120 days back with an SCA inside the session hour',
      );
    },
  }),
];
