/**
 * SCA and TPP sessions (§3.1, §3.4, §5.3, §6.1, §6.2, decisions.md GET /v1/user): the scaRedirect
 * link, the redirect back to the TPP and its parameters, the one-hour SCA of a TPP-Session-ID on
 * the bank clock (the session checks are in tpp-sessions.ts), and the sandbox login. The PSU's side is played
 * by ctx.psu on the bank's own pages.
 */
import { randomUUID } from 'node:crypto';
import { SCA_STATUSES } from '../../main/core/spec/enums.js';
import { ERROR_CODES } from '../../main/core/spec/errors.js';
import type { Check } from '../../main/core/runner/check-api/index.js';
import {
  approve,
  createPayment,
  paymentControl,
  paymentStatus,
  sctBody,
  paymentParty,
} from '../kit/payments.js';
import { absoluteHref, json, scaRedirectOf } from '../kit/answers.js';
import { expectRefusal } from '../kit/controls.js';
import { requireExplainedRefusals } from '../kit/probe.js';
import { consentFlow, startConsent } from '../kit/consent.js';
import {
  completeScaAsPsu,
  expectSuccess,
  sendGetUser,
  psuHeaders,
  signedInPsuHeaders,
  signedInSession,
  tppSession,
  userSca,
  UUID,
} from '../kit/sca.js';
import { corporateScript, testPeople, testRepresentative } from '../kit/test-psus.js';
import {
  consentInNewSession,
  expectSessionValid,
  scaCheck,
  tppSessionChecks,
} from './tpp-sessions.js';

export const scaSessionChecks: Check[] = [
  scaCheck({
    id: 'SCA-STATUS-VALUES-READ',
    title: 'scaStatus reads answer §3.1 values: RECEIVED before, FINALISED after the SCA',
    rules: ['SCA-STATUS-VALUES'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const started = await startConsent(ctx);
      const href = json<{ _links?: { scaStatus?: { href: string } } }>(started.exchange)._links
        ?.scaStatus?.href;
      ctx.expect.true(href !== undefined, 'the consent answer links scaStatus');
      const read = async (what: string) => {
        const exchange = await ctx.client.send({
          method: 'GET',
          path: new URL(absoluteHref(href!, started.exchange)).pathname,
          label: what,
        });
        ctx.expect.status(exchange, 200, what);
        const status = json<{ scaStatus?: string }>(exchange).scaStatus;
        ctx.expect.true(
          (SCA_STATUSES as readonly string[]).includes(status ?? ''),
          `${what}: scaStatus ${status} is one of §3.1`,
        );
        return status;
      };
      ctx.expect.equal(await read('scaStatus before the SCA'), 'RECEIVED', 'scaStatus before');
      expectSuccess(
        ctx,
        await completeScaAsPsu(ctx, started.scaRedirect, { login: psu.login }),
        'SCA',
      );
      ctx.expect.equal(await read('scaStatus after the SCA'), 'FINALISED', 'scaStatus after');
    },
  }),
  scaCheck({
    id: 'SCA-REDIRECT-LINK-OFFERED',
    title: 'A request that needs SCA is answered with an scaRedirect link to the bank',
    rules: ['SCA-REDIRECT-LINK'],
    async run(ctx) {
      // The link is the rule here, not a setup: judged, not could-not-test.
      const consent = await ctx.client.send({
        method: 'POST',
        path: '/v1/consents',
        body: {},
        label: 'start a consent',
      });
      await requireExplainedRefusals(ctx, consent, 'POST /v1/consents');
      ctx.expect.status(consent, 201, 'POST /v1/consents');
      const href = scaRedirectOf(consent);
      ctx.expect.true(href !== undefined, 'the consent answer offers _links.scaRedirect');
      const url = new URL(absoluteHref(href!, consent));
      ctx.expect.true(
        /^https?:$/.test(url.protocol),
        `scaRedirect ${url.href} is an http(s) address`,
      );
      const user = await sendGetUser(ctx, {}, 'GET /v1/user without SCA');
      expectRefusal(ctx, user, { status: 401, code: 'SCA_NOT_FOUND' }, 'GET /v1/user without SCA');
      ctx.expect.true(scaRedirectOf(user) !== undefined, 'GET /v1/user offers an scaRedirect');
    },
  }),
  scaCheck({
    id: 'SCA-REDIRECTS-TO-TPP-REDIRECT-URI',
    title: 'After SCA the bank sends the PSU to the TPP-Redirect-URI of the starting request',
    rules: ['SCA-REDIRECT-BACK-TO-TPP'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const redirectUri = 'http://127.0.0.1:9/suite-callback/consents?state=wb-42';
      const started = await startConsent(ctx, { headers: { 'TPP-Redirect-URI': redirectUri } });
      const redirect = await completeScaAsPsu(ctx, started.scaRedirect, { login: psu.login });
      expectSuccess(ctx, redirect, 'consent SCA');
      const back = new URL(redirect.url);
      ctx.expect.equal(
        `${back.origin}${back.pathname}`,
        'http://127.0.0.1:9/suite-callback/consents',
        'the redirect goes to the TPP-Redirect-URI',
      );
      ctx.expect.equal(back.searchParams.get('state'), 'wb-42', "the TPP's own query is kept");
    },
  }),
  scaCheck({
    id: 'SCA-PSU-ID-DELIVERED',
    title: 'The redirect after SCA gives the PSU-ID, which the bank then accepts in PSU-ID',
    rules: ['SCA-PSU-ID-IN-REDIRECT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      // The redirect is the rule here, not a setup: a failed one is judged.
      const sessionId = randomUUID();
      const redirect = expectSuccess(
        ctx,
        await userSca(ctx, { login: psu.login }, tppSession(sessionId)),
        'identity SCA',
      );
      ctx.expect.true(redirect.params['psu-id'] !== undefined, 'the redirect carries psu-id');
      const user = await sendGetUser(ctx, { ...tppSession(sessionId), 'PSU-ID': redirect.psuId });
      ctx.expect.status(user, 200, 'GET /v1/user with the delivered PSU-ID');
      ctx.expect.equal(json(user).psuId, redirect.psuId, 'the PSU-ID the bank knows the PSU by');
    },
  }),
  scaCheck({
    id: 'SCA-PSU-ID-IS-UUID',
    title: 'psu-id in the redirect is an RFC 4122 UUID',
    rules: ['SCA-REDIRECT-PSU-ID-UUID'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const redirect = await userSca(ctx, { login: psu.login });
      const psuId = redirect.params['psu-id'] ?? '';
      ctx.expect.true(UUID.test(psuId), `psu-id '${psuId}' is an RFC 4122 UUID`);
    },
  }),
  scaCheck({
    id: 'SCA-PSU-ID-STABLE-PER-TPP',
    title: 'The PSU-ID is the same on every SCA of one PSU with this TPP, and differs between PSUs',
    rules: ['SCA-PSU-ID-STABLE'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [ola, kari] = await testPeople(ctx);
      const { redirect: first } = await signedInSession(ctx, { login: ola.login }, 'first SCA');
      const second = expectSuccess(
        ctx,
        (await consentFlow(ctx, { login: ola.login }, { headers: tppSession(randomUUID()) }))
          .redirect,
        'second SCA (a consent, another session)',
      );
      ctx.expect.equal(second.psuId, first.psuId, `${ola.name}'s psu-id on the second SCA`);
      const { redirect: other } = await signedInSession(
        ctx,
        { login: kari.login },
        'SCA of another PSU',
      );
      ctx.expect.true(other.psuId !== first.psuId, 'another PSU has another psu-id');
    },
  }),
  scaCheck({
    id: 'SCA-TPP-SESSION-ID-ECHOED',
    title: 'tpp-session-id in the redirect is the TPP-Session-ID that started the SCA',
    rules: ['SCA-REDIRECT-TPP-SESSION-ID'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { sessionId, redirect } = await consentInNewSession(ctx);
      ctx.expect.equal(redirect.params['tpp-session-id'], sessionId, 'tpp-session-id');
    },
  }),
  scaCheck({
    id: 'SCA-CONTEXT-PARAMETER',
    title: 'context in the redirect is PRIVATE or CORPORATE, as the PSU chose',
    rules: ['SCA-REDIRECT-CONTEXT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const privately = await userSca(
        ctx,
        { login: representative.login, context: 'PRIVATE' },
        tppSession(randomUUID()),
      );
      ctx.expect.equal(privately.params.context, 'PRIVATE', 'context after private SCA');
      const corporately = await userSca(
        ctx,
        corporateScript(representative),
        tppSession(randomUUID()),
      );
      ctx.expect.equal(corporately.params.context, 'CORPORATE', 'context after corporate SCA');
    },
  }),
  scaCheck({
    id: 'SCA-FAILURE-REDIRECT-PARAMETERS',
    title: 'The redirect after a failed SCA carries status, code (§7) and message',
    rules: ['SCA-FAILED-REDIRECT-PARAMETERS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const started = await startConsent(ctx);
      const redirect = await completeScaAsPsu(ctx, started.scaRedirect, {
        login: psu.login,
        outcome: 'abort',
      });
      ctx.expect.equal(redirect.outcome, 'failure', 'an aborted SCA redirects as a failure');
      const { status, code, message } = redirect.params;
      ctx.expect.true(
        status !== undefined && /^[1-5][0-9]{2}$/.test(status),
        `status '${status}' is an HTTP status code`,
      );
      ctx.expect.true(
        (ERROR_CODES as readonly string[]).includes(code ?? ''),
        `code '${code}' is a §7 error code`,
      );
      ctx.expect.true((message ?? '').length > 0, 'message says what happened');
    },
  }),
  scaCheck({
    id: 'SCA-SANDBOX-LOGIN-IS-IDENTITY-NUMBER',
    title: 'The sandbox login takes the mocked national identity number, and nothing else',
    rules: ['SCA-SANDBOX-LOGIN-NIN'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      expectSuccess(
        ctx,
        await userSca(ctx, { login: psu.login }),
        'login with the identity number',
      );
      const refused = await userSca(
        ctx,
        { login: psu.customerNumber ?? psu.name },
        tppSession(randomUUID()),
      );
      ctx.expect.equal(
        refused.outcome === 'failure' ? refused.code : 'success',
        'PSU_CREDENTIALS_INVALID',
        `a login with the customer number ${psu.customerNumber} fails`,
      );
    },
  }),
  ...tppSessionChecks,
  scaCheck({
    id: 'SCA-USER-ANSWERS-PSU',
    title: 'GET /v1/user with SCA in the session answers 200 with the PSU id and context',
    rules: ['SCA-USER-WITH-SCA'],
    needs: ['psu-agent'],
    async run(ctx) {
      const [psu] = await testPeople(ctx);
      const { sessionId, redirect } = await signedInSession(ctx, { login: psu.login }, 'SCA');
      const user = await sendGetUser(ctx, tppSession(sessionId), 'GET /v1/user after SCA');
      ctx.expect.status(user, 200, 'GET /v1/user after SCA');
      ctx.expect.equal(json(user).psuId, redirect.psuId, 'psuId');
      ctx.expect.equal(json(user).context, 'PRIVATE', 'context');
    },
  }),
  scaCheck({
    id: 'SCA-USER-WITHOUT-SCA-REDIRECTS',
    title: 'GET /v1/user without SCA in the session answers with _links.scaRedirect',
    rules: ['SCA-USER-WITHOUT-SCA'],
    async run(ctx) {
      const user = await sendGetUser(ctx, tppSession(randomUUID()), 'GET /v1/user, new session');
      // Any answer but the 401 is judged only from a bank that says why it refuses.
      if (user.response?.status !== 401)
        await requireExplainedRefusals(ctx, user, 'GET /v1/user without SCA');
      expectRefusal(ctx, user, { status: 401, code: 'SCA_NOT_FOUND' }, 'GET /v1/user without SCA');
      const href = scaRedirectOf(user);
      ctx.expect.true(href !== undefined, 'the answer carries _links.scaRedirect');
    },
  }),
  scaCheck({
    id: 'SCA-SINGLE-SCA-PAYMENT-JOURNEY',
    title: 'A PISP-only journey needs one SCA: initiation without PSU-ID, one SCA, authorised',
    rules: ['SCA-SINGLE-SCA-PISP-JOURNEY'],
    needs: ['psu-agent'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const [psu] = await testPeople(ctx);
      const payment = await createPayment(ctx, sctBody(party), {
        label: 'a payment initiation without PSU-ID (PSU-Context PRIVATE)',
        // The rule is the initiation without PSU-ID, which a plain SCT is too: the control of a
        // refusal is the same initiation with the PSU-ID the PSU's sign-in gives.
        refusedControl: async () =>
          paymentControl(ctx, sctBody(party), 'the same initiation with a PSU-ID', {
            headers: await signedInPsuHeaders(ctx, 'private'),
          }),
      });
      const redirect = await approve(ctx, payment, psu.login);
      ctx.expect.true(redirect.psuId !== '', 'the one SCA identifies the PSU');
      const status = await paymentStatus(ctx, payment.path);
      ctx.expect.true(
        ['ACTC', 'ACSC', 'ACSP', 'ACCP', 'ACWC', 'ACWP'].includes(status.transactionStatus ?? ''),
        `after the one SCA the payment is authorised (${status.transactionStatus})`,
      );
    },
  }),
  scaCheck({
    id: 'SCA-SESSION-DOES-NOT-COVER-PAYMENTS',
    title: "The session's SCA does not exempt a payment: each needs its own SCA (dynamic linking)",
    rules: ['SESSION-DYNAMIC-LINKING-NOT-EXEMPT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const [psu] = await testPeople(ctx);
      const sessionId = randomUUID();
      const first = await createPayment(ctx, sctBody(party), { headers: tppSession(sessionId) });
      const redirect = await approve(ctx, first, psu.login);
      await expectSessionValid(ctx, sessionId, true, 'the session holds SCA after the payment');
      const second = await createPayment(ctx, sctBody(party), {
        headers: { ...tppSession(sessionId), ...psuHeaders(redirect) },
        label: 'a second payment in the same session',
      });
      ctx.expect.true(
        second.scaRedirect !== undefined,
        'the second payment needs its own SCA (scaRedirect present)',
      );
    },
  }),
];
