/**
 * Private and corporate context (§1, §6.1, §7.3, §2.6 "Meaning of engagement fields"): the context
 * chosen during SCA, what each context shows, the corporate id delivered in the redirect (consent
 * flow, GET /v1/user) or listed by GET /v1/agreements, PSU-Corporate-ID required after corporate
 * SCA, and the sandbox engagements behind it.
 */
import { randomUUID } from 'node:crypto';
import {
  defineCheck,
  type Check,
  type CheckContext,
  type JsonValue,
} from '../../main/core/runner/check-api/index.js';
import { accountsOf, aisGet, cardTransactionsPath } from '../kit/account-information.js';
import { freeNorwegianAccount } from '../kit/account-numbers.js';
import { absoluteHref, json, scaRedirectOf } from '../kit/answers.js';
import { type AisSession, consentFlow, grantedReferences } from '../kit/consent.js';
import { completeSca, expectSuccess, getUser, psuHeaders, userSca } from '../kit/sca.js';
import {
  corporateScript,
  type Representative,
  sandboxCustomers,
  testRepresentative,
} from '../kit/test-psus.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const DAY = 24 * 60 * 60 * 1000;

function corporateCheck(check: Omit<Check, 'area'>): Check {
  return defineCheck({ area: 'corporate', ...check });
}

const session = (id: string) => ({ 'TPP-Session-ID': id });

interface SandboxAgreement {
  id: string;
  owner?: string;
  engagements: { customer: string; account: { iban: string; bban: string }; roles: string[] }[];
}

interface SandboxAccount {
  id: string;
  customerNumber: string;
  iban: string;
}

/**
 * The test representative completes a corporate SCA started by GET /v1/user, under a fresh
 * TPP-Session-ID; returns that session id and the §6.1 redirect.
 */
async function corporateUserSca(ctx: CheckContext, what: string) {
  const representative = await testRepresentative(ctx);
  const id = randomUUID();
  const redirect = expectSuccess(
    ctx,
    await userSca(ctx, corporateScript(representative), session(id)),
    what,
  );
  return { id, redirect, representative };
}

async function sandboxAgreement(ctx: CheckContext, id: string): Promise<SandboxAgreement> {
  const exchange = await ctx.client.send({
    method: 'GET',
    path: `/v1/sandbox/agreements/${encodeURIComponent(id)}`,
    label: `agreement ${id}`,
  });
  ctx.expect.status(exchange, 200, `GET /v1/sandbox/agreements/${id}`);
  return json<SandboxAgreement>(exchange);
}

async function sandboxAccounts(ctx: CheckContext): Promise<SandboxAccount[]> {
  const exchange = await ctx.client.send({ method: 'GET', path: '/v1/sandbox/accounts' });
  ctx.expect.status(exchange, 200, 'GET /v1/sandbox/accounts');
  return json<SandboxAccount[]>(exchange) ?? [];
}

/** A new sandbox account of `owner`; answers its IBAN. */
async function newAccountOf(ctx: CheckContext, owner: string): Promise<string> {
  const { bban, iban } = freeNorwegianAccount();
  const exchange = await ctx.client.send({
    method: 'POST',
    path: '/v1/sandbox/accounts',
    label: `a new account of ${owner}`,
    body: {
      customerNumber: owner,
      accountName: 'Workbench corporate account',
      bban,
      iban,
      currency: 'NOK',
      product: 'Driftskonto',
      cashAccountType: 'CACC',
      creditLine: 0,
      balances: [],
    },
  });
  ctx.expect.status(exchange, 201, 'POST /v1/sandbox/accounts');
  return iban;
}

function engage(
  ctx: CheckContext,
  agreementId: string,
  customer: string,
  iban: string,
  roles: string[] = ['REGISTER', 'VIEW'],
) {
  return ctx.client.send({
    method: 'POST',
    path: `/v1/sandbox/agreements/${encodeURIComponent(agreementId)}/engagements`,
    label: `engage ${customer} on ${iban}`,
    body: { customer, account: { iban }, roles, registerLimit: 0, approvalLimit: 0 } as JsonValue,
  });
}

/** A corporate consent of `representative` granting every account offered. */
async function corporateConsent(
  ctx: CheckContext,
  representative: Representative,
  headers: Record<string, string> = {},
): Promise<AisSession & { granted: string[]; psuCorporateId?: string }> {
  const flow = await consentFlow(
    ctx,
    { ...corporateScript(representative), consent: { grant: ['*'] } },
    { headers },
  );
  const redirect = expectSuccess(ctx, flow.redirect, 'the corporate consent SCA');
  return {
    consentId: flow.consentId,
    headers: psuHeaders(redirect),
    granted: await grantedReferences(ctx, flow.consentId),
    ...(redirect.psuCorporateId ? { psuCorporateId: redirect.psuCorporateId } : {}),
  };
}

const ibansOf = (references: readonly string[]) =>
  references.filter((reference) => /^[A-Z]{2}[0-9]{2}/.test(reference)).sort();

export const corporateChecks: Check[] = [
  corporateCheck({
    id: 'CORP-CONTEXT-CHOSEN-BY-PSU',
    title: 'The PSU chooses private or corporate context during SCA',
    rules: ['CORP-CONTEXT-CHOSEN-DURING-SCA'],
    needs: ['psu-agent'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const privately = await consentFlow(ctx, { login: representative.login, context: 'PRIVATE' });
      ctx.expect.equal(
        expectSuccess(ctx, privately.redirect, 'private consent').context,
        'PRIVATE',
        'context after choosing private',
      );
      const corporately = await consentFlow(ctx, corporateScript(representative));
      ctx.expect.equal(
        expectSuccess(ctx, corporately.redirect, 'corporate consent').context,
        'CORPORATE',
        `context after choosing ${representative.agreement.name}`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-PRIVATE-CONTEXT-OWN-ACCOUNTS',
    title: 'In private context the PSU is offered its own accounts, not the corporation’s',
    rules: ['CORP-PRIVATE-SEES-OWN-ACCOUNTS'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const flow = await consentFlow(ctx, {
        login: representative.login,
        context: 'PRIVATE',
        consent: { grant: ['*'] },
      });
      expectSuccess(ctx, flow.redirect, 'private consent');
      const own = (await sandboxAccounts(ctx))
        .filter((a) => a.customerNumber === representative.customerNumber)
        .map((a) => a.iban)
        .sort();
      ctx.expect.equal(
        ibansOf(await grantedReferences(ctx, flow.consentId)),
        own,
        `accounts offered to ${representative.name} in private context`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-REPRESENTATIVE-SEES-OWN-ENGAGEMENTS',
    title: 'A representative is offered only the corporate accounts engaged to it',
    rules: ['CORP-REPRESENTATIVE-SEES-GRANTED'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const agreement = await sandboxAgreement(ctx, representative.agreement.id);
      const other = (await sandboxCustomers(ctx)).find(
        (c) => c.type === 'PRIVATE' && c.customerNumber !== representative.customerNumber,
      );
      if (!other) return ctx.skip('the sandbox has only one private customer');
      const iban = await newAccountOf(ctx, agreement.owner!);
      ctx.expect.status(
        await engage(ctx, agreement.id, other.customerNumber, iban),
        201,
        `engage ${other.name} on a new corporate account`,
      );
      const expected = (await sandboxAgreement(ctx, agreement.id)).engagements
        .filter(
          (e) =>
            e.customer === representative.customerNumber &&
            e.roles.includes('REGISTER') &&
            e.roles.includes('VIEW'),
        )
        .map((e) => e.account.iban)
        .sort();
      const consent = await corporateConsent(ctx, representative);
      ctx.expect.equal(
        ibansOf(consent.granted),
        expected,
        `corporate accounts offered to ${representative.name} (not ${other.name}'s ${iban})`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-BOTH-IDS-ACCEPTED',
    title: 'After corporate SCA, a call with PSU-ID and PSU-Corporate-ID acts for the corporation',
    rules: ['CORP-BOTH-IDS-AFTER-SCA'],
    needs: ['psu-agent'],
    async run(ctx) {
      const { id, redirect } = await corporateUserSca(ctx, 'corporate SCA');
      const user = await getUser(ctx, { ...session(id), ...psuHeaders(redirect) });
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
      const user = await getUser(ctx, { ...session(id), 'PSU-ID': redirect.psuId });
      ctx.expect.status(user, 400, 'GET /v1/user with PSU-ID only');
      ctx.expect.tppMessage(user, {
        code: 'HTTP_HEADER_REQUIRED',
        textIncludes: 'PSU-Corporate-ID',
      });
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
      const user = await getUser(ctx, { ...session(id), ...psuHeaders(redirect) });
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
        await userSca(ctx, { login: representative.login, context: 'PRIVATE' }, session(id)),
        'private SCA',
      );
      const list = await ctx.client.send({
        method: 'GET',
        path: '/v1/agreements',
        headers: { ...session(id), 'PSU-ID': redirect.psuId },
      });
      ctx.expect.status(list, 200, 'GET /v1/agreements');
      const chosen = (
        json<{ agreements?: { psuCorporateId: string; name: string }[] }>(list).agreements ?? []
      ).find((a) => a.name === representative.agreement.name);
      ctx.expect.true(chosen !== undefined, `the list names ${representative.agreement.name}`);
      const user = await getUser(ctx, {
        ...session(id),
        'PSU-ID': redirect.psuId,
        'PSU-Corporate-ID': chosen!.psuCorporateId,
      });
      ctx.expect.status(user, 200, 'GET /v1/user with the chosen PSU-Corporate-ID');
      ctx.expect.equal(json(user).context, 'CORPORATE', 'the call acts for the corporation');
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
        headers: { ...session(id), 'PSU-ID': redirect.psuId },
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
      const corporate = await userSca(ctx, corporateScript(representative), session(randomUUID()));
      const value = corporate.params['psu-corporate-id'] ?? '';
      ctx.expect.true(UUID.test(value), `psu-corporate-id '${value}' is an RFC 4122 UUID`);
      const privately = await userSca(
        ctx,
        { login: representative.login, context: 'PRIVATE' },
        session(randomUUID()),
      );
      ctx.expect.equal(
        privately.params['psu-corporate-id'],
        undefined,
        'no psu-corporate-id after private SCA',
      );
    },
  }),
  corporateCheck({
    id: 'CORP-NEW-AGREEMENT-NEEDS-NEW-CONSENT',
    title: 'A new corporate agreement has no consent until a new consent flow for it',
    rules: ['CORP-NEW-AGREEMENT-NEEDS-CONSENT'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const existing = await corporateConsent(ctx, representative);
      const owner = (await sandboxAgreement(ctx, representative.agreement.id)).owner!;
      const iban = await newAccountOf(ctx, owner);
      const created = await ctx.client.send({
        method: 'POST',
        path: '/v1/sandbox/agreements',
        label: 'a new corporate agreement',
        body: {
          name: 'Workbench new agreement',
          owner,
          engagements: [
            {
              customer: representative.customerNumber!,
              account: { iban },
              roles: ['REGISTER', 'VIEW'],
              registerLimit: 0,
              approvalLimit: 0,
            },
          ],
        },
      });
      ctx.expect.status(created, 201, 'POST /v1/sandbox/agreements');
      const list = await ctx.client.send({
        method: 'GET',
        path: '/v1/agreements',
        headers: { 'PSU-ID': existing.headers['PSU-ID']! },
      });
      ctx.expect.status(list, 200, 'GET /v1/agreements');
      const agreements =
        json<{ agreements?: { psuCorporateId: string; name: string; consentStatus?: string }[] }>(
          list,
        ).agreements ?? [];
      const fresh = agreements.find((a) => a.name === 'Workbench new agreement');
      ctx.expect.true(fresh !== undefined, 'the new agreement is listed');
      ctx.expect.equal(fresh!.consentStatus, undefined, 'the new agreement has no consent');
      const headers = {
        'PSU-ID': existing.headers['PSU-ID']!,
        'PSU-Corporate-ID': fresh!.psuCorporateId,
      };
      const before = await aisGet(ctx, { consentId: '', headers }, '/v1/accounts', {
        label: 'accounts of the new agreement, no consent',
      });
      ctx.expect.status(before, [401, 403], 'GET /v1/accounts in the new agreement before consent');
      const flow = await consentFlow(
        ctx,
        { login: representative.login, consent: { grant: ['*'] } },
        { headers },
      );
      expectSuccess(ctx, flow.redirect, 'the new consent flow');
      const { accounts } = await accountsOf(ctx, { consentId: flow.consentId, headers });
      ctx.expect.equal(
        accounts.map((a) => a.iban),
        [iban],
        'the new agreement’s account after its consent',
      );
    },
  }),
  corporateCheck({
    id: 'CORP-CONTEXT-CHOSEN-ON-FIRST-SCA-OF-A-READ',
    title: 'A card transactions read without PSU-Context lets the PSU choose context at its SCA',
    rules: ['CORP-CONTEXT-CHOSEN-AT-FIRST-SCA'],
    needs: ['psu-agent'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const flow = await consentFlow(ctx, {
        login: representative.login,
        context: 'PRIVATE',
        consent: { grant: ['*'] },
      });
      const headers = psuHeaders(expectSuccess(ctx, flow.redirect, 'private consent'));
      const cards = await aisGet(ctx, { consentId: flow.consentId, headers }, '/v1/card-accounts');
      const card = (json<{ cardAccounts?: { resourceId: string }[] }>(cards).cardAccounts ?? [])[0];
      if (!card) return ctx.skip('the PSU has no card account');
      const dateFrom = new Date(Date.now() - 120 * DAY).toISOString().slice(0, 10);
      const read = await aisGet(
        ctx,
        { consentId: flow.consentId, headers: { ...headers, ...session(randomUUID()) } },
        cardTransactionsPath(card.resourceId),
        {
          query: { bookingStatus: 'booked', dateFrom },
          omitHeaders: ['PSU-Context'],
          label: 'card transactions 120 days back, new session, no PSU-Context',
        },
      );
      ctx.expect.status(read, 401, 'history beyond 90 days in a session without SCA');
      const href = scaRedirectOf(read);
      ctx.expect.true(href !== undefined, 'the read offers an scaRedirect');
      const redirect = await completeSca(
        ctx,
        absoluteHref(href!, read),
        corporateScript(representative),
      );
      ctx.expect.equal(
        expectSuccess(ctx, redirect, 'the SCA of the read').context,
        'CORPORATE',
        'the PSU could choose corporate context',
      );
    },
  }),
  corporateCheck({
    id: 'CORP-ENGAGEMENT-SHOWS-TO-ITS-CUSTOMER',
    title: "An engagement's customer is the PSU who sees the account when granting consent",
    rules: ['CORP-ENGAGEMENT-CUSTOMER-SEES-ACCOUNT'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const owner = (await sandboxAgreement(ctx, representative.agreement.id)).owner!;
      const iban = await newAccountOf(ctx, owner);
      ctx.expect.status(
        await engage(ctx, representative.agreement.id, representative.customerNumber!, iban),
        201,
        'engage the PSU on a new corporate account',
      );
      const consent = await corporateConsent(ctx, representative);
      ctx.expect.true(
        consent.granted.includes(iban),
        `${representative.name} was offered the engaged account ${iban}`,
      );
    },
  }),
  corporateCheck({
    id: 'CORP-ENGAGEMENT-ACCOUNT-OF-THE-CORPORATION',
    title: "An engagement's account is the corporation's, never the PSU's own",
    rules: ['CORP-ENGAGEMENT-ACCOUNT-NOT-OWNED-BY-PSU'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const representative = await testRepresentative(ctx);
      const owner = (await sandboxAgreement(ctx, representative.agreement.id)).owner!;
      const psu = representative.customerNumber!;
      const own = (await sandboxAccounts(ctx)).find((a) => a.customerNumber === psu);
      ctx.expect.true(own !== undefined, `${representative.name} owns an account`);
      const refused = await engage(ctx, representative.agreement.id, psu, own!.iban);
      ctx.expect.status(refused, 400, `an engagement on ${representative.name}'s own account`);
      const corporate = await newAccountOf(ctx, owner);
      ctx.expect.status(
        await engage(ctx, representative.agreement.id, psu, corporate),
        201,
        "an engagement on the corporation's account",
      );
    },
  }),
  corporateCheck({
    id: 'CORP-AGREEMENT-OWNED-BY-CORPORATION',
    title: "A corporate agreement's owner is the corporation that owns its accounts",
    rules: ['CORP-AGREEMENT-OWNER-IS-CORPORATION'],
    modes: ['sandbox'],
    needs: ['sandbox-api'],
    async run(ctx) {
      const customers = await sandboxCustomers(ctx);
      const accounts = await sandboxAccounts(ctx);
      const corporate = new Set(
        customers.flatMap((c) =>
          c.agreements.filter((a) => a.type === 'CORPORATE').map((a) => a.id),
        ),
      );
      ctx.expect.true(corporate.size > 0, 'the sandbox has corporate agreements');
      for (const id of corporate) {
        const agreement = await sandboxAgreement(ctx, id);
        const owner = customers.find((c) => c.customerNumber === agreement.owner);
        ctx.expect.equal(owner?.type, 'CORPORATE', `owner ${agreement.owner} of ${id}`);
        for (const engagement of agreement.engagements) {
          const account = accounts.find((a) => a.iban === engagement.account.iban);
          if (account)
            ctx.expect.equal(
              account.customerNumber,
              agreement.owner,
              `owner of ${engagement.account.iban} in ${id}`,
            );
        }
      }
    },
  }),
];
