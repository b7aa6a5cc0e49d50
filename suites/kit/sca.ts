/**
 * The PSU's SCA, played by the PSU agent on the bank's own pages (§6.1, §6.2): completing or
 * aborting it, judging the redirect back, the PSU headers that redirect gives, and the identity
 * SCA that GET /v1/user starts (decisions.md GET /v1/user).
 */
import { randomUUID } from 'node:crypto';
import {
  isCheckInconclusive,
  isCheckSkipped,
  type CheckContext,
  type EvidenceExchange,
  type PsuIntent,
  type ScaRedirect,
} from '../../main/core/runner/check-api/index.js';
import { absoluteHref, scaRedirectOf } from './answers.js';
import { corporateScript, knownPsu } from './test-psus.js';

export type SuccessfulSca = Extract<ScaRedirect, { outcome: 'success' }>;

/** psu-id and psu-corporate-id in the §6.1 redirect are RFC 4122 UUIDs (any version 1–8). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** PSU-ID (and PSU-Corporate-ID after corporate SCA) from a §6.1 redirect. */
export function psuHeaders(redirect: ScaRedirect): Record<string, string> {
  if (redirect.outcome !== 'success') return {};
  return {
    'PSU-ID': redirect.psuId,
    ...(redirect.psuCorporateId ? { 'PSU-Corporate-ID': redirect.psuCorporateId } : {}),
  };
}

/** The TPP-Session-ID header (§4.1) that names a TPP session. */
export const tppSession = (id: string) => ({ 'TPP-Session-ID': id });

/** Lets the PSU agent complete (or abort) an SCA, recording the script as evidence. */
export async function completeScaAsPsu(
  ctx: CheckContext,
  scaRedirect: string,
  script: PsuIntent,
): Promise<ScaRedirect> {
  ctx.evidence.note(
    `PSU ${script.login} ${script.outcome === 'abort' ? 'aborts' : 'completes'} the SCA at ${scaRedirect}`,
  );
  try {
    return await ctx.psu.completeSca(scaRedirect, script);
  } catch (error) {
    // A skip (no PSU agent), an abort or an inconclusive end goes on as it is; anything else is
    // the PSU's side failing (the page did not open, the bank's pages are not what the agent
    // knows): the check cannot judge its rules.
    if (ctx.signal.aborted || isCheckSkipped(error) || isCheckInconclusive(error)) throw error;
    const cause = (error as { cause?: { message?: unknown } })?.cause?.message;
    ctx.inconclusive(
      `the PSU could not complete the SCA at ${scaRedirect}: ${error instanceof Error ? error.message : String(error)}${typeof cause === 'string' ? ` (${cause})` : ''}`,
    );
  }
}

/** The §6.1 redirect of a successful SCA; a failure redirect fails the check. */
export function expectSuccess(
  ctx: CheckContext,
  redirect: ScaRedirect,
  what: string,
): SuccessfulSca {
  ctx.expect.equal(
    redirect.outcome === 'success'
      ? 'success'
      : `failure ${redirect.status} ${redirect.code}: ${redirect.message}`,
    'success',
    `${what}: the bank redirects back after a successful SCA (§6.1)`,
  );
  return redirect as SuccessfulSca;
}

/**
 * The §6.1 redirect of a successful SCA the check needs as a setup (a consent, a sign-in); a
 * failure redirect means the check could not test its rules: INCONCLUSIVE naming `what`.
 */
export function setupSucceeded(
  ctx: CheckContext,
  redirect: ScaRedirect,
  what: string,
): SuccessfulSca {
  if (redirect.outcome !== 'success')
    ctx.inconclusive(
      `could not set up: ${what} ended in an SCA failure (${redirect.status} ${redirect.code}: ${redirect.message})`,
    );
  ctx.expect.true(true, `setup: ${what} succeeded (§6.1)`);
  return redirect as SuccessfulSca;
}

/** GET /v1/user with extra headers (e.g. another TPP-Session-ID, PSU-ID). */
export function sendGetUser(
  ctx: CheckContext,
  headers: Record<string, string> = {},
  label = 'GET /v1/user',
): Promise<EvidenceExchange> {
  return ctx.client.send({ method: 'GET', path: '/v1/user', headers, label });
}

/**
 * Starts SCA through GET /v1/user (401 with scaRedirect when the session holds none) and lets the
 * PSU complete it; answers the redirect.
 */
export async function userSca(
  ctx: CheckContext,
  script: PsuIntent,
  headers: Record<string, string> = {},
): Promise<ScaRedirect> {
  const exchange = await sendGetUser(ctx, headers, 'GET /v1/user to start SCA');
  const href = scaRedirectOf(exchange);
  // The sign-in is the check's setup: without the 401 and its scaRedirect it could not test.
  if (exchange.response?.status !== 401 || href === undefined)
    ctx.inconclusive(
      `could not set up: GET /v1/user to start SCA was answered ${exchange.response?.status ?? 'nothing'}${href === undefined ? ' without _links.scaRedirect' : ''}, not 401 with an scaRedirect`,
      exchange,
    );
  ctx.expect.true(
    true,
    'setup: GET /v1/user without SCA in the session answers 401 with _links.scaRedirect',
  );
  return completeScaAsPsu(ctx, absoluteHref(href, exchange), script);
}

/**
 * The PSU signs in: a successful identity SCA (GET /v1/user) under the TPP session `sessionId`
 * (default: a new one), as `script` says. Answers the session id and the §6.1 redirect; after it
 * the session holds SCA for an hour (§5.3).
 */
export async function signedInSession(
  ctx: CheckContext,
  script: PsuIntent,
  what: string,
  sessionId: string = randomUUID(),
): Promise<{ sessionId: string; redirect: SuccessfulSca }> {
  const redirect = setupSucceeded(ctx, await userSca(ctx, script, tppSession(sessionId)), what);
  return { sessionId, redirect };
}

/**
 * A PSU-ID (and PSU-Corporate-ID) the bank gave this TPP, with the TPP session it belongs to: the
 * test PSU signs in (GET /v1/user) privately or for its corporation. What a check sends when the
 * bank must have no reason but the rule under test to refuse a PSU header.
 */
export async function signedInPsuHeaders(
  ctx: CheckContext,
  who: 'private' | 'representative',
): Promise<Record<string, string>> {
  const { sessionId, redirect } = await signedInSession(
    ctx,
    who === 'private'
      ? { login: knownPsu(ctx, 'private').login }
      : corporateScript(knownPsu(ctx, 'representative')),
    'the PSU signs in for the PSU headers',
  );
  return { ...tppSession(sessionId), ...psuHeaders(redirect) };
}
