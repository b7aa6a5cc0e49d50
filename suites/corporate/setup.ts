/**
 * What the corporate checks share: the test representative's corporate SCA and consent (§1, §6.1),
 * and the sandbox agreements, accounts and engagements behind corporate context (§2.6, §4.3).
 */
import {
  type Check,
  type CheckContext,
  defineCheck,
  type JsonValue,
} from '../../main/core/runner/check-api/index.js';
import { freeNorwegianAccount } from '../kit/account-numbers.js';
import { json } from '../kit/answers.js';
import { type AisSession, grantedConsent, grantedReferences } from '../kit/consent.js';
import { corporateScript, type Representative } from '../kit/test-psus.js';
import type { SandboxAgreement } from '../../main/core/spec/schemas/sandbox.js';

export function corporateCheck(check: Omit<Check, 'area'>): Check {
  return defineCheck({ area: 'corporate', ...check });
}

export interface SandboxAccount {
  id: string;
  customerNumber: string;
  iban: string;
}

export async function sandboxAgreement(ctx: CheckContext, id: string): Promise<SandboxAgreement> {
  const exchange = await ctx.client.send({
    method: 'GET',
    path: `/v1/sandbox/agreements/${encodeURIComponent(id)}`,
    label: `agreement ${id}`,
  });
  ctx.expect.status(exchange, 200, `GET /v1/sandbox/agreements/${id}`);
  return json<SandboxAgreement>(exchange);
}

export async function sandboxAccounts(ctx: CheckContext): Promise<SandboxAccount[]> {
  const exchange = await ctx.client.send({ method: 'GET', path: '/v1/sandbox/accounts' });
  ctx.expect.status(exchange, 200, 'GET /v1/sandbox/accounts');
  return json<SandboxAccount[]>(exchange) ?? [];
}

/** A new sandbox account of `owner`; answers its IBAN. */
export async function newAccountOf(ctx: CheckContext, owner: string): Promise<string> {
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

export function engage(
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
export async function corporateConsent(
  ctx: CheckContext,
  representative: Representative,
  headers: Record<string, string> = {},
): Promise<AisSession & { granted: string[]; psuCorporateId?: string }> {
  const consent = await grantedConsent(
    ctx,
    { ...corporateScript(representative), consent: { grant: ['*'] } },
    'the corporate consent SCA',
    { headers },
  );
  const { redirect } = consent;
  return {
    consentId: consent.consentId,
    headers: consent.headers,
    granted: await grantedReferences(ctx, consent.consentId),
    ...(redirect.psuCorporateId ? { psuCorporateId: redirect.psuCorporateId } : {}),
  };
}
