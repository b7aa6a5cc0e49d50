/**
 * Sending the PSU to SCA for a request (§3.4, §5.3.1): the bank origin scaRedirect links are built
 * on, starting an authorisation for the request's PSU context, and the 401 a call without SCA in
 * its TPP session is answered with. The session stage and the handlers both use these.
 */
import { bankError, type ErrorCode } from '../../spec/errors.js';
import { faultActive } from '../faults/index.js';
import { reject, type Rejection } from '../http/refusal.js';
import type { HandlerEnvironment, RequestContext } from './request-context.js';
import {
  startAuthorisation,
  type StartAuthorisationInput,
  type StartedAuthorisation,
} from '../domain/authorisations.js';
import { psuContextOf } from './accessors.js';
import type { ResolvedPsu } from '../domain/psu.js';

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * The bank's origin for absolute links (scaRedirect): the Host the TPP reached it by, with the
 * listener's scheme; else the listener's URL; in-process without either, http://localhost.
 */
export function bankOrigin(ctx: RequestContext, env: HandlerEnvironment): string {
  const listener = env.listenerUrl?.();
  const scheme = listener ? new URL(listener).protocol : 'http:';
  const host = ctx.request.headers.host;
  if (host !== undefined && HOST.test(host)) return `${scheme}//${host}`;
  return listener ?? 'http://localhost';
}

/**
 * Starts an authorisation for this request's PSU context (payments: kind 'payment', resourcePath
 * `/v1/payments/sepa-credit-transfers/{paymentId}`): returns it with `links.scaRedirect` (absent
 * when exempted) and `links.scaStatus`. The route must have access declared and require
 * TPP-Session-ID and TPP-Redirect-URI.
 */
export function startAuthorisationFor(
  ctx: RequestContext,
  env: HandlerEnvironment,
  input: StartAuthorisationInput,
): StartedAuthorisation {
  const psu = psuContextOf(ctx);
  if (!psu) throw new Error(`route ${ctx.route?.operationId} declares no access`);
  return startAuthorisation(env.state, psu, input, ctx.now, bankOrigin(ctx, env));
}

/**
 * §3.4 / §5.3.1: a call that needs SCA and has none in its session answers 401 with a fresh
 * scaRedirect (Berlin Group: `_links` in the 401 error body). Completing it renews the session.
 */
export function scaNeeded(
  ctx: RequestContext,
  env: HandlerEnvironment,
  psu: ResolvedPsu,
  code: ErrorCode,
  text: string,
): Rejection {
  const error = bankError(code, text);
  if (faultActive(ctx, 'ERR-STATUS-401')) error.status = 403;
  if (ctx.route?.path === '/v1/user' && faultActive(ctx, 'SCA-USER-WITHOUT-SCA'))
    return reject(
      'fault.user-without-sca',
      bankError('FORBIDDEN', 'the TPP session holds no SCA for this PSU'),
    );
  if (psu.tppSessionId !== undefined && psu.tppRedirectUri !== undefined) {
    const { links } = startAuthorisation(
      env.state,
      psu,
      { kind: 'user', resourcePath: '/v1/user' },
      ctx.now,
      bankOrigin(ctx, env),
    );
    Object.assign(error.body, {
      _links: {
        scaRedirect: { ...links.scaRedirect!, verbs: ['GET'] },
        scaStatus: { ...links.scaStatus, verbs: ['GET'] },
      },
    });
  }
  return reject(`session.${code.toLowerCase().replace(/_/g, '-')}`, error);
}
