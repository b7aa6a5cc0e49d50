/**
 * The consent flow (§1 "Consent model"): POST /v1/consents (body ignored) answers an scaRedirect,
 * the PSU grants on the bank's consent screen during SCA, and GET /v1/consents/{consentId} shows
 * what was granted. A granted consent with the PSU headers of its redirect is what AIS reads need.
 */
import type {
  CheckContext,
  EvidenceExchange,
  JsonValue,
  PsuIntent,
  ScaRedirect,
  TargetRequest,
} from '../../main/core/runner/check-api/index.js';
import { absoluteHref, json, scaRedirectOf } from './answers.js';
import { completeScaAsPsu, psuHeaders, setupSucceeded, type SuccessfulSca } from './sca.js';
import { requireSetup } from './controls.js';
import { knownPsu } from './test-psus.js';

export interface StartedConsent {
  consentId: string;
  scaRedirect: string;
  exchange: EvidenceExchange;
}

/** POST /v1/consents (body ignored, §1), asserting 201 and an scaRedirect link. */
export async function startConsent(
  ctx: CheckContext,
  request: Partial<TargetRequest> = {},
): Promise<StartedConsent> {
  const exchange = await ctx.client.send({
    method: 'POST',
    path: '/v1/consents',
    body: {},
    label: 'start a consent',
    ...request,
  });
  // The consent is what the check reads through: a bank that refuses it was not tested.
  requireSetup(ctx, exchange, {
    what: 'the consent the check needs (POST /v1/consents)',
    status: 201,
  });
  const body = json<{ consentId?: string }>(exchange);
  const href = scaRedirectOf(exchange);
  if (typeof body?.consentId !== 'string' || href === undefined)
    ctx.inconclusive(
      'could not set up: the consent answer carries no consentId or _links.scaRedirect to grant it through',
      exchange,
    );
  return { consentId: body.consentId!, scaRedirect: absoluteHref(href!, exchange), exchange };
}

/** Starts a consent and lets the PSU grant what `script` says; returns the consent and redirect. */
export async function consentFlow(
  ctx: CheckContext,
  script: PsuIntent,
  request: Partial<TargetRequest> = {},
): Promise<StartedConsent & { redirect: ScaRedirect }> {
  const started = await startConsent(ctx, request);
  const redirect = await completeScaAsPsu(ctx, started.scaRedirect, {
    consent: { grant: ['*'] },
    ...script,
  });
  return { ...started, redirect };
}

/** A consent the PSU granted, and the PSU headers its §6.1 redirect gives: what AIS reads send. */
export interface AisSession {
  consentId: string;
  /** PSU-ID (and PSU-Corporate-ID) from the §6.1 redirect. */
  headers: Record<string, string>;
}

/**
 * The consent flow as `script` says (default grant: every account offered). The consent is the
 * check's setup: when the bank refuses it or its SCA, the check could not test (INCONCLUSIVE,
 * naming `what`).
 */
export async function grantedConsent(
  ctx: CheckContext,
  script: PsuIntent,
  what: string,
  request: Partial<TargetRequest> = {},
): Promise<AisSession & { redirect: SuccessfulSca }> {
  const flow = await consentFlow(ctx, script, request);
  const redirect = setupSucceeded(ctx, flow.redirect, what);
  return { consentId: flow.consentId, headers: psuHeaders(redirect), redirect };
}

/** A private-context consent of `login` (default: the first known private PSU, knownPsu) granting exactly `grant` (default: everything). */
export async function aisConsent(
  ctx: CheckContext,
  login: string = knownPsu(ctx, 'private').login,
  grant: readonly string[] = ['*'],
): Promise<AisSession> {
  // Exactly `grant`: on a bank that is not fresh the screen preselects what the PSU granted before
  // (§1), so everything else is unticked.
  const consent = grant.includes('*') ? { grant } : { grant, revoke: ['*'] };
  const { consentId, headers } = await grantedConsent(
    ctx,
    { login, context: 'PRIVATE', consent },
    'the consent SCA',
  );
  return { consentId, headers };
}

export interface ConsentInformation {
  consentStatus?: string;
  validUntil?: string;
  lastActionDate?: string;
  access?: { accounts?: { iban?: string; maskedPan?: string; currency?: string }[] };
  _links?: Record<string, JsonValue>;
}

/** GET /v1/consents/{consentId}, asserting 200. */
export async function readConsent(
  ctx: CheckContext,
  consentId: string,
  headers: Record<string, string> = {},
): Promise<ConsentInformation> {
  const exchange = await ctx.client.send({
    method: 'GET',
    path: `/v1/consents/${encodeURIComponent(consentId)}`,
    headers,
    label: 'read the consent',
  });
  ctx.expect.status(exchange, 200, 'GET /v1/consents/{consentId}');
  return json<ConsentInformation>(exchange);
}

/** The IBANs and masked PANs a consent grants (GET /v1/consents/{id} `access.accounts`). */
export async function grantedReferences(
  ctx: CheckContext,
  consentId: string,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const consent = await readConsent(ctx, consentId, headers);
  return (consent.access?.accounts ?? [])
    .map((reference) => reference.iban ?? reference.maskedPan ?? '')
    .sort();
}
