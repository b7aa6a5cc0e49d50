/**
 * PSU-Corporate-ID (§6.1, §7.3, decisions.md GET /v1/user and GET /v1/agreements): delivered as
 * psu-corporate-id (a UUID) in the redirect after corporate SCA, by the consent flow or GET
 * /v1/user, or chosen from GET /v1/agreements; required with PSU-ID after corporate SCA.
 */
import { randomUUID } from 'node:crypto';
import type { Check, CheckContext } from '../../main/core/runner/check-api/index.js';
import { accountsOf } from '../kit/account-information.js';
import { expectRefusal, requireAccepted } from '../kit/controls.js';
import { json } from '../kit/answers.js';
import {
  expectSuccess,
  sendGetUser,
  psuHeaders,
  signedInSession,
  tppSession,
  userSca,
  UUID,
} from '../kit/sca.js';
import { corporateScript, knownPsu, testRepresentative } from '../kit/test-psus.js';
import { corporateCheck, corporateConsent } from './setup.js';

/** The test representative signs in for the corporation (GET /v1/user) under a new session. */
async function corporateUserSca(ctx: CheckContext, what: string) {
  const representative = await testRepresentative(ctx);
  const { sessionId: id, redirect } = await signedInSession(
    ctx,
    corporateScript(representative),
    what,
  );
  return { id, redirect, representative };
}

export const corporateIdChecks: Check[] = [
  corporateCheck({
    id: 'CORP-BOTH-IDS-ACCEPTED',
    title: 'After corporate SCA, a call with PSU-ID and PSU-Corporate-ID acts for the corporation',
    rules: ['CORP-BOTH-IDS-AFTER-SCA'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { id, redirect } = await corporateUserSca(ctx, 'corporate SCA');
      const user = await sendGetUser(ctx, { ...tppSession(id), ...psuHeaders(redirect) });
      ctx.expect.status(user, 200, 'GET /v1/user with PSU-ID and PSU-Corporate-ID');
      ctx.expect.equal(json(user).context, 'CORPORATE', 'context');
      ctx.expect.equal(json(user).psuCorporateId, redirect.psuCorporateId, 'psuCorporateId');
    },
  }),
  corporateCheck({
    id: 'CORP-CORPORATE-ID-REQUIRED-400',
    title: 'After corporate SCA, a request with PSU-ID but no PSU-Corporate-ID is answered 400',
    rules: ['CORP-MISSING-CORPORATE-ID-400'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { id, redirect } = await corporateUserSca(ctx, 'corporate SCA');
      requireAccepted(ctx, await sendGetUser(ctx, { ...tppSession(id), ...psuHeaders(redirect) }), {
        what: 'GET /v1/user with PSU-ID and PSU-Corporate-ID',
        status: 200,
      });
      const user = await sendGetUser(ctx, { ...tppSession(id), 'PSU-ID': redirect.psuId });
      expectRefusal(
        ctx,
        user,
        {
          code: 'HTTP_HEADER_REQUIRED',
          path: 'PSU-Corporate-ID',
          textIncludes: 'PSU-Corporate-ID',
        },
        'GET /v1/user with PSU-ID only',
      );
    },
  }),
  corporateCheck({
    id: 'CORP-ID-OF-ANOTHER-PSU-REFUSED',
    title: 'A second PSU’s id sent as PSU-Corporate-ID after corporate SCA is refused',
    rules: ['CORP-ID-OF-A-REPRESENTED-AGREEMENT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { id, redirect } = await corporateUserSca(ctx, 'the representative’s corporate SCA');
      const headers = { ...tppSession(id), ...psuHeaders(redirect) };
      // The control: the same call with the corporate id the SCA gave is accepted, so only the
      // value of PSU-Corporate-ID can be the reason of the refusal below.
      requireAccepted(ctx, await sendGetUser(ctx, headers), {
        what: 'GET /v1/user with PSU-ID and the PSU-Corporate-ID of the corporate SCA',
        status: 200,
      });
      const other = knownPsu(ctx, 'other-private');
      const second = await signedInSession(
        ctx,
        { login: other.login, context: 'PRIVATE' },
        `${other.name} signs in`,
      );
      const refused = await sendGetUser(
        ctx,
        { ...headers, 'PSU-Corporate-ID': second.redirect.psuId },
        `GET /v1/user with ${other.name}'s PSU-ID as PSU-Corporate-ID`,
      );
      // decisions.md "Errors": PSU_CREDENTIALS_INVALID is answered 401.
      expectRefusal(
        ctx,
        refused,
        { status: 401, code: 'PSU_CREDENTIALS_INVALID', path: 'PSU-Corporate-ID' },
        `PSU-Corporate-ID: ${other.name}'s PSU-ID, no corporation the PSU represents`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-ID-DELIVERED-BY-CONSENT-FLOW',
    title: 'A corporate consent SCA delivers psu-corporate-id, and it opens the corporate accounts',
    rules: ['CORP-ID-FROM-CONSENT-REDIRECT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const consent = await corporateConsent(ctx, representative);
      ctx.expect.true(
        consent.psuCorporateId !== undefined,
        'the redirect carries psu-corporate-id',
      );
      const { accounts } = await accountsOf(ctx, consent);
      ctx.expect.true(
        accounts.length > 0,
        'GET /v1/accounts with both ids lists corporate accounts',
      );
    },
  }),
  corporateCheck({
    id: 'CORP-ID-DELIVERED-BY-USER-FLOW',
    title: 'A corporate SCA started by GET /v1/user delivers psu-corporate-id',
    rules: ['CORP-ID-FROM-USER-REDIRECT'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { id, redirect } = await corporateUserSca(ctx, 'corporate SCA of GET /v1/user');
      ctx.expect.true(
        redirect.params['psu-corporate-id'] !== undefined,
        'the redirect carries psu-corporate-id',
      );
      const user = await sendGetUser(ctx, { ...tppSession(id), ...psuHeaders(redirect) });
      ctx.expect.equal(json(user).psuCorporateId, redirect.psuCorporateId, 'GET /v1/user agrees');
    },
  }),
  corporateCheck({
    id: 'CORP-ID-FROM-AGREEMENT-LIST',
    title: 'A PSU-Corporate-ID chosen from GET /v1/agreements is accepted with the PSU-ID',
    rules: ['CORP-ID-FROM-AGREEMENTS'],
    needs: ['psu-agent'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const id = randomUUID();
      const redirect = expectSuccess(
        ctx,
        await userSca(ctx, { login: representative.login, context: 'PRIVATE' }, tppSession(id)),
        'private SCA',
      );
      const list = await ctx.client.send({
        method: 'GET',
        path: '/v1/agreements',
        headers: { ...tppSession(id), 'PSU-ID': redirect.psuId },
      });
      ctx.expect.status(list, 200, 'GET /v1/agreements');
      const chosen = (
        json<{ agreements?: { psuCorporateId: string; name: string }[] }>(list).agreements ?? []
      ).find((a) => a.name === representative.agreement.name);
      ctx.expect.true(chosen !== undefined, `the list names ${representative.agreement.name}`);
      const user = await sendGetUser(ctx, {
        ...tppSession(id),
        'PSU-ID': redirect.psuId,
        'PSU-Corporate-ID': chosen!.psuCorporateId,
      });
      ctx.expect.status(user, 200, 'GET /v1/user with the chosen PSU-Corporate-ID');
      ctx.expect.equal(json(user).context, 'CORPORATE', 'the call acts for the corporation');
      ctx.expect.equal(
        json(user).psuCorporateId,
        chosen!.psuCorporateId,
        'the call acts for the corporation chosen',
      );
    },
  }),
  corporateCheck({
    id: 'CORP-AGREEMENTS-ANSWERS-200',
    title:
      'GET /v1/agreements answers 200 with the PSU’s corporate agreements, also after corporate SCA',
    rules: ['CORP-AGREEMENTS-200'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { id, redirect, representative } = await corporateUserSca(ctx, 'corporate SCA');
      const list = await ctx.client.send({
        method: 'GET',
        path: '/v1/agreements',
        headers: { ...tppSession(id), 'PSU-ID': redirect.psuId },
      });
      ctx.expect.status(list, 200, 'GET /v1/agreements with PSU-ID');
      const names = (json<{ agreements?: { name: string }[] }>(list).agreements ?? []).map(
        (a) => a.name,
      );
      ctx.expect.true(
        names.includes(representative.agreement.name),
        `the agreements include ${representative.agreement.name}`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-REDIRECT-CORPORATE-ID-UUID',
    title: 'psu-corporate-id is a UUID after corporate SCA and absent after private SCA',
    rules: ['CORP-REDIRECT-CORPORATE-ID'],
    needs: ['psu-agent'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const corporate = await userSca(
        ctx,
        corporateScript(representative),
        tppSession(randomUUID()),
      );
      const value = corporate.params['psu-corporate-id'] ?? '';
      ctx.expect.true(UUID.test(value), `psu-corporate-id '${value}' is an RFC 4122 UUID`);
      const privately = await userSca(
        ctx,
        { login: representative.login, context: 'PRIVATE' },
        tppSession(randomUUID()),
      );
      ctx.expect.equal(
        privately.params['psu-corporate-id'],
        undefined,
        'no psu-corporate-id after private SCA',
      );
    },
  }),
];
