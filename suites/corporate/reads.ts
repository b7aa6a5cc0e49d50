/**
 * Account information in corporate context (§1, §6.1): a new corporate agreement has no consent
 * until a consent flow for it, and a read's first SCA lets the PSU choose the context.
 */
import { randomUUID } from 'node:crypto';
import type { Check } from '../../main/core/runner/check-api/index.js';
import { accountsOf, aisGet, cardTransactionsPath } from '../kit/account-information.js';
import { absoluteHref, json, scaRedirectOf } from '../kit/answers.js';
import { consentFlow, grantedConsent } from '../kit/consent.js';
import { bankDay } from '../kit/dates.js';
import { completeSca, expectSuccess, tppSession } from '../kit/sca.js';
import { corporateScript, testRepresentative } from '../kit/test-psus.js';
import { corporateCheck, corporateConsent, newAccountOf, sandboxAgreement } from './setup.js';

export const corporateReadChecks: Check[] = [
  corporateCheck({
    id: 'CORP-NEW-AGREEMENT-NEEDS-NEW-CONSENT',
    title: 'A new corporate agreement has no consent until a new consent flow for it',
    rules: ['CORP-NEW-AGREEMENT-NEEDS-CONSENT'],
    effects: ['sandbox-data'],
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
      const { consentId, headers } = await grantedConsent(
        ctx,
        { login: representative.login, context: 'PRIVATE', consent: { grant: ['*'] } },
        'private consent',
      );
      const cards = await aisGet(ctx, { consentId, headers }, '/v1/card-accounts');
      const card = (json<{ cardAccounts?: { resourceId: string }[] }>(cards).cardAccounts ?? [])[0];
      if (!card) return ctx.skip('the PSU has no card account');
      const dateFrom = await bankDay(ctx, -120);
      const read = await aisGet(
        ctx,
        { consentId, headers: { ...headers, ...tppSession(randomUUID()) } },
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
];
