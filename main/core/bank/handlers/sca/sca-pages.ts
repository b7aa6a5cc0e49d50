/**
 * The bank's SCA site (§5.3.1): the pages behind `scaRedirect`. Page routes, not API routes:
 * unsigned, no TPP headers, HTML answers (`kind: 'page'` in context/request-context.ts). The
 * scaRedirect link carries the authorisation's link token; the first browser to open it is bound
 * by a cookie; every form carries the anti-forgery token. An id without its token (e.g. another TPP's authorisation),
 * another browser, or a forged form gets an error page — never a redirect (docs/sca.md).
 */
import {
  findAuthorisation,
  failAuthorisation,
  isFinal,
  isPastLifetime,
  SCA_FAILURES,
  sameToken,
} from '../../domain/authorisations.js';
import type { Authorisation } from '../../domain/model.js';
import { showCurrent, submit, type FlowInput, type PageOutcome } from './pages/flow.js';
import { FormError, field, parseCookies, parseForm } from './pages/forms.js';
import { STYLESHEET, STYLESHEET_PATH, pageHeaders } from './pages/html.js';
import { errorPage } from './pages/views.js';
import type { BankMode } from '../../../../shared/mode.js';
import type {
  HandlerResult,
  RequestContext,
  HandlerEnvironment,
  RouteDefinition,
} from '../../context/request-context.js';
import { randomToken } from '../../domain/random-token.js';
import { faultyRedirect } from './redirect-faults.js';
import { AUTHORISATION_KINDS } from '../authorisation-kinds.js';

/** Cookie binding the browser to one authorisation (path-scoped, so several can run at once). */
export const SCA_COOKIE = 'psd2-sca';

const PAGE_ROUTE = {
  tag: 'SCA pages',
  modes: ['sandbox', 'production'] as const,
  headers: { required: [], optional: [] },
  tppRole: null,
  signed: false,
  internal: true,
  kind: 'page' as const,
};

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}

const headersFor = (authorisation?: Authorisation) =>
  pageHeaders(authorisation ? originOf(authorisation.redirectUri) : undefined);

function errorResult(
  mode: BankMode,
  status: number,
  title: string,
  message: string,
): HandlerResult {
  return { status, html: errorPage(mode, title, message), headers: pageHeaders() };
}

function resultOf(
  outcome: PageOutcome,
  authorisation: Authorisation,
  ctx: RequestContext,
  env: HandlerEnvironment,
): HandlerResult {
  const headers = headersFor(authorisation);
  if (outcome.kind === 'redirect') {
    const location = outcome.toTpp
      ? faultyRedirect(ctx, env.state, authorisation, outcome.location, ctx.now)
      : outcome.location;
    return { status: 303, html: '', headers: { ...headers, location } };
  }
  return { status: outcome.status, html: outcome.html, headers };
}

/** What every page request checks before the flow runs; a HandlerResult ends the request. */
function admit(
  ctx: RequestContext,
  env: HandlerEnvironment,
  via: 'link' | 'form',
): { authorisation: Authorisation; setCookie?: string } | HandlerResult {
  const { mode } = ctx;
  const id = ctx.pathParams.authorisationId!;
  const authorisation = findAuthorisation(env.state, id);
  if (!authorisation?.site)
    return errorResult(
      mode,
      404,
      'Unknown authorisation',
      'This authorisation does not exist. Go back to the service you came from and start again.',
    );
  const site = authorisation.site;
  const cookie = parseCookies(ctx.request.headers.cookie).get(SCA_COOKIE);
  const bound = sameToken(site.browserBinding, cookie);
  const tokens = ctx.rawQuery.get('t');
  const linkValid = tokens?.length === 1 && sameToken(site.linkToken, tokens[0]);
  if (!bound && (via === 'form' || !linkValid))
    return errorResult(
      mode,
      403,
      'This link is not valid',
      via === 'form'
        ? 'This form was not sent from the page the bank gave this browser.'
        : 'This authorisation link is incomplete or belongs to another request. Go back to the service you came from.',
    );
  if (site.browserBinding !== undefined && !bound)
    return errorResult(
      mode,
      403,
      'Opened in another browser',
      'This authorisation is already in progress in another browser.',
    );
  if (isFinal(authorisation))
    return errorResult(
      mode,
      409,
      'Authorisation already ended',
      `This authorisation has already ended (${authorisation.scaStatus}). Go back to the service you came from.`,
    );
  if (site.browserBinding === undefined) {
    site.browserBinding = randomToken();
    return {
      authorisation,
      setCookie: `${SCA_COOKIE}=${site.browserBinding}; Path=/sca/${authorisation.authorisationId}; HttpOnly; SameSite=Lax`,
    };
  }
  return { authorisation };
}

function flowInput(ctx: RequestContext, env: HandlerEnvironment, a: Authorisation): FlowInput {
  return { state: env.state, authorisation: a, now: ctx.now, mode: ctx.mode, faults: ctx.faults };
}

/** The PSU took longer than the authorisation's lifetime: §6.2 SCA_EXPIRED. */
function expired(ctx: RequestContext, env: HandlerEnvironment, a: Authorisation): HandlerResult {
  const location = failAuthorisation(
    env.state,
    a,
    SCA_FAILURES.expired(),
    ctx.now,
    AUTHORISATION_KINDS,
  );
  return resultOf({ kind: 'redirect', location, toTpp: true }, a, ctx, env);
}

export const scaPage: RouteDefinition = {
  ...PAGE_ROUTE,
  operationId: 'scaPage',
  method: 'GET',
  path: '/sca/{authorisationId}',
  summary: 'SCA page of an authorisation (scaRedirect target)',
  description: '§5.3.1: the page the scaRedirect link opens; docs/sca.md.',
  responses: { 200: { description: 'HTML page.' } },
  handle(ctx, env) {
    const admitted = admit(ctx, env, 'link');
    if (!('authorisation' in admitted)) return admitted;
    const { authorisation, setCookie } = admitted;
    const result = isPastLifetime(authorisation, ctx.now)
      ? expired(ctx, env, authorisation)
      : resultOf(showCurrent(flowInput(ctx, env, authorisation)), authorisation, ctx, env);
    if (setCookie) result.headers = { ...result.headers, 'set-cookie': setCookie };
    return result;
  },
};

export const scaPageSubmit: RouteDefinition = {
  ...PAGE_ROUTE,
  operationId: 'scaPageSubmit',
  method: 'POST',
  path: '/sca/{authorisationId}',
  summary: 'Form submission of an SCA page',
  description:
    '§5.3.1: login, one-time code, context, consent and confirmation forms; docs/sca.md.',
  responses: { 303: { description: 'Next page, or the TPP-Redirect-URI (§6).' } },
  handle(ctx, env) {
    const admitted = admit(ctx, env, 'form');
    if (!('authorisation' in admitted)) return admitted;
    const { authorisation } = admitted;
    try {
      const fields = parseForm(ctx.request.body, ctx.request.headers['content-type']);
      if (!sameToken(authorisation.site!.formToken, field(fields, 'csrf')))
        return errorResult(
          ctx.mode,
          403,
          'Form not accepted',
          'The form has no valid anti-forgery token. Reload the page from the bank and try again.',
        );
      if (isPastLifetime(authorisation, ctx.now)) return expired(ctx, env, authorisation);
      return resultOf(submit(flowInput(ctx, env, authorisation), fields), authorisation, ctx, env);
    } catch (error) {
      if (error instanceof FormError)
        return errorResult(ctx.mode, 400, 'Form not understood', `${error.message}.`);
      throw error;
    }
  },
};

export const scaStylesheet: RouteDefinition = {
  ...PAGE_ROUTE,
  operationId: 'scaStylesheet',
  method: 'GET',
  path: STYLESHEET_PATH,
  summary: 'Stylesheet of the SCA pages',
  description: 'The only asset of the SCA pages (no external assets).',
  responses: { 200: { description: 'text/css' } },
  handle: () => ({
    status: 200,
    html: STYLESHEET,
    headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'max-age=3600' },
  }),
};

export const SCA_PAGE_ROUTES: readonly RouteDefinition[] = [scaPage, scaPageSubmit, scaStylesheet];
