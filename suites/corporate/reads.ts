/**
 * Account information in corporate context (§1, §6.1): a new corporate agreement has no consent
 * until a consent flow for it, and a read's first SCA lets the PSU choose the context.
 */
import { randomUUID } from 'node:crypto';
import { AccountListSchema } from '../../main/core/spec/schemas/accounts.js';
import { CardAccountTransactionsResponseSchema } from '../../main/core/spec/schemas/card-accounts.js';
import { SandboxAgreementSchema } from '../../main/core/spec/schemas/sandbox.js';
import type { Check } from '../../main/core/runner/check-api/index.js';
import { expectAnswer, expectRefusal, requireAccepted } from '../kit/controls.js';
import { accountsOf, aisGet, cardTransactionsPath } from '../kit/account-information.js';
import { absoluteHref, json, scaRedirectOf } from '../kit/answers.js';
import { consentFlow, grantedConsent } from '../kit/consent.js';
import { readBankDay } from '../kit/dates.js';
import { completeScaAsPsu, expectSuccess, tppSession } from '../kit/sca.js';
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
      expectAnswer(ctx, created, 201, SandboxAgreementSchema, 'POST /v1/sandbox/agreements');
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
      // The control: the same read in the agreement the PSU consented to is accepted at this
      // moment, so a refusal in the new one is about its missing consent.
      requireAccepted(
        ctx,
        await aisGet(ctx, existing, '/v1/accounts', {
          label: 'control: accounts of the consented agreement',
        }),
        {
          what: 'the same read in the agreement with a consent',
          status: 200,
          schema: AccountListSchema,
        },
      );
      const before = await aisGet(ctx, { consentId: '', headers }, '/v1/accounts', {
        label: 'accounts of the new agreement, no consent',
      });
      expectRefusal(
        ctx,
        before,
        {
          status: [401, 403],
          code: ['CONSENT_INVALID', 'CONSENT_UNKNOWN'],
          textIncludes: 'consent',
        },
        'GET /v1/accounts in the new agreement before consent',
      );
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
      const dateFrom = await readBankDay(ctx, -120);
      // The control: the same read within the 90 days a session without SCA reaches is
      // accepted, so the 401 that follows is about the older history.
      requireAccepted(
        ctx,
        await aisGet(
          ctx,
          { consentId, headers: { ...headers, ...tppSession(randomUUID()) } },
          cardTransactionsPath(card.resourceId),
          {
            query: { bookingStatus: 'booked', dateFrom: await readBankDay(ctx, -30) },
            omitHeaders: ['PSU-Context'],
            label: 'control: card transactions 30 days back, new session, no PSU-Context',
          },
        ),
        {
          what: 'the same read 30 days back',
          status: 200,
          schema: CardAccountTransactionsResponseSchema,
        },
      );
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
      expectRefusal(
        ctx,
        read,
        { status: 401, code: ['SCA_NOT_FOUND', 'SCA_EXPIRED'] },
        'history beyond 90 days in a session without SCA',
      );
      const href = scaRedirectOf(read);
      ctx.expect.true(href !== undefined, 'the read offers an scaRedirect');
      const redirect = await completeScaAsPsu(
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
