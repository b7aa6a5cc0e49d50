/**
 * Session / SCA / consent stage (design property 4 of docs/architecture.md; docs/sca.md "Session
 * stage"): resolves
 * the PSU a signed request acts for into a typed ResolvedPsu in `ctx.session`, and enforces what
 * the route declares in `access` — an identified PSU ('psu') or SCA inside the TPP session's hour
 * ('sca', §3.4). Account-level consent is checked by AIS handlers (domain/access.ts).
 */
import { bankError, type ErrorCode } from '../../spec/errors.js';
import {
  agreementOfPsuCorporateId,
  checkIdentityNumber,
  customerOfPsuId,
  isAppLinkCandidate,
  representedAgreement,
  type ResolvedPsu,
} from '../domain/psu.js';
import type { DomainState, TppSession } from '../domain/model.js';
import { tppIdOf, tppNameOf } from '../context/accessors.js';
import { scaNeeded } from '../context/sca-redirect.js';
import { findSession, sessionState } from '../domain/sessions.js';
import { faultActive } from '../faults/index.js';
import { reject, type Rejection } from '../http/refusal.js';
import type {
  HandlerEnvironment,
  RequestContext,
  RouteDefinition,
  Stage,
  StageResult,
} from '../context/request-context.js';
import { faultySessionState, impliedConsent, withCredentialsFault } from './session-faults.js';

export type SessionHook = (
  ctx: RequestContext,
  env: HandlerEnvironment,
) => StageResult | Promise<StageResult>;

export const passThroughSession: SessionHook = (ctx) => ctx;

export function sessionStage(hook: SessionHook, env: HandlerEnvironment): Stage {
  return (ctx) => (ctx.route!.signed ? hook(ctx, env) : ctx);
}

const refuse = (rule: string, code: ErrorCode, text: string, path?: string): Rejection =>
  reject(`session.${rule}`, bankError(code, text, path !== undefined ? { path } : {}));

/** What the session stage reads of one signed request: the steps below share it. */
interface SessionRequest {
  ctx: RequestContext;
  state: DomainState;
  /** A header the route declares; undefined when it does not (a header it ignores). */
  header: (key: string) => string | undefined;
  /** The endpoint as the refusals name it. */
  endpoint: string;
  /** The route demands a PSU ('psu') or the PSU's SCA ('sca'). */
  needsPsu: boolean;
}

/** §3.4: the SCA this TPP holds under TPP-Session-ID, and whether it is this PSU's. */
interface HeldSca {
  record: TppSession | undefined;
  samePsu: boolean;
}

/** The headers each route declares, as a set made once per route. */
const declaredSets = new WeakMap<RouteDefinition['headers'], ReadonlySet<string>>();

function declaredHeaders(headers: RouteDefinition['headers']): ReadonlySet<string> {
  let declared = declaredSets.get(headers);
  if (!declared)
    declaredSets.set(headers, (declared = new Set([...headers.required, ...headers.optional])));
  return declared;
}

/** The default session hook (createBank): see the module comment and docs/sca.md. */
export const scaSessionHook: SessionHook = (ctx, env) => {
  const route = ctx.route!;
  if (route.access === undefined) return ctx;
  const tppId = tppIdOf(ctx);
  if (tppId === undefined) return ctx;
  const state = env.state;
  const declared = declaredHeaders(route.headers);
  const request: SessionRequest = {
    ctx,
    state,
    header: (key) => (declared.has(key) ? ctx.request.headers[key] : undefined),
    endpoint: `${route.method} ${route.path}`,
    needsPsu: route.access === 'psu' || route.access === 'sca',
  };
  const psu = psuOfHeaders(request, tppId);
  const refusedPsu = identifyPsu(request, psu);
  if (refusedPsu) return refusedPsu;
  const held = heldSca(request, psu);
  const refusedContext = resolveContext(request, psu, held);
  if (refusedContext) return refusedContext;
  knownIdentities(state, psu);
  ctx.session = psu;
  if (
    faultActive(ctx, 'CONSENT-NO-ACCESS-BEFORE-GRANT') &&
    route.tppRole === 'AISP' &&
    !route.path.startsWith('/v1/consents')
  )
    impliedConsent(state, psu, ctx.now);

  if (request.needsPsu && psu.customerNumber === undefined && route.access === 'psu')
    return refuse(
      'psu-required',
      'HTTP_HEADER_REQUIRED',
      `PSU-ID header (or X-PSU-IDENTITY) is required on ${request.endpoint} (§5.3.8)`,
      'PSU-ID',
    );
  if (route.access === 'sca' && psu.sessionState !== 'valid')
    return scaRedirect(ctx, env, psu, held.record);
  return ctx;
};

/** The PSU as the request's TPP headers describe it, before any PSU header or session is read. */
function psuOfHeaders({ ctx, header }: SessionRequest, tppId: string): ResolvedPsu {
  const redirectUri = header('tpp-redirect-uri');
  const psu: ResolvedPsu = {
    tppId,
    redirectPreferred: faultActive(ctx, 'HDR-TPP-REDIRECT-PREFERRED-DEFAULT-TRUE')
      ? header('tpp-redirect-preferred') === 'true'
      : header('tpp-redirect-preferred') !== 'false',
    appLinkCandidate: isAppLinkCandidate(redirectUri),
    sessionState: 'none',
  };
  const tppName = tppNameOf(ctx);
  if (tppName !== undefined) psu.tppName = tppName;
  const tppSessionId = header('tpp-session-id');
  if (tppSessionId !== undefined) psu.tppSessionId = tppSessionId;
  if (redirectUri !== undefined) psu.tppRedirectUri = redirectUri;
  const psuIpAddress = header('psu-ip-address');
  if (psuIpAddress !== undefined) psu.psuIpAddress = psuIpAddress;
  const requestedContext =
    header('psu-context') ??
    (faultActive(ctx, 'CORP-CONTEXT-CHOSEN-AT-FIRST-SCA') ? 'PRIVATE' : undefined);
  if (requestedContext === 'PRIVATE' || requestedContext === 'CORPORATE')
    psu.requestedContext = requestedContext;
  return psu;
}

/** §5.3.8 PSU-ID, or its alternative X-PSU-IDENTITY (§4.1): the customer the request names. */
function identifyPsu(
  { ctx, state, header }: SessionRequest,
  psu: ResolvedPsu,
): Rejection | undefined {
  const psuId = header('psu-id');
  if (psuId !== undefined) {
    const customerNumber = customerOfPsuId(state, psu.tppId, psuId);
    if (customerNumber === undefined)
      return withCredentialsFault(
        ctx,
        refuse(
          'psu-id-unknown',
          'PSU_CREDENTIALS_INVALID',
          `PSU-ID '${psuId}' is not a PSU id this bank gave to this TPP in an SCA redirect (§5.3.8)`,
          'PSU-ID',
        ),
      );
    psu.customerNumber = customerNumber;
    psu.identifiedBy = 'PSU-ID';
  }
  const identity = header('x-psu-identity');
  if (identity !== undefined) {
    const check = checkIdentityNumber(state, identity);
    if (!check.ok)
      return refuse(
        `x-psu-identity-${check.reason}`,
        'PSU_CREDENTIALS_INVALID',
        `X-PSU-IDENTITY: ${check.text}`,
        'X-PSU-IDENTITY',
      );
    if (psu.customerNumber !== undefined && psu.customerNumber !== check.customer.customerNumber)
      return refuse(
        'psu-identity-mismatch',
        'BAD_REQUEST',
        'PSU-ID and X-PSU-IDENTITY name different PSUs',
        'X-PSU-IDENTITY',
      );
    psu.customerNumber = check.customer.customerNumber;
    psu.identifiedBy ??= 'X-PSU-IDENTITY';
  }
  return undefined;
}

/**
 * §3.4: the SCA this TPP holds under TPP-Session-ID and whether it is this PSU's; its state goes
 * into `psu`, and a valid one of this PSU's identifies the PSU when no header did.
 */
function heldSca({ ctx, state }: SessionRequest, psu: ResolvedPsu): HeldSca {
  const record =
    psu.tppSessionId !== undefined ? findSession(state, psu.tppId, psu.tppSessionId) : undefined;
  const recordState = faultySessionState(ctx, state, record, sessionState(record, ctx.now));
  const samePsu =
    record !== undefined &&
    (psu.customerNumber === undefined ||
      record.customerNumber === psu.customerNumber ||
      faultActive(ctx, 'SCA-ONE-TPP-ONE-PSU'));
  psu.sessionState = record && !samePsu ? 'other-psu' : recordState;
  if (record && samePsu && recordState === 'valid') {
    psu.session = record;
    if (psu.customerNumber === undefined) {
      psu.customerNumber = record.customerNumber;
      psu.identifiedBy = 'session';
    }
  }
  return { record, samePsu };
}

/** §1 private and corporate context: by PSU-Corporate-ID, else as asked or as the SCA's was. */
function resolveContext(
  request: SessionRequest,
  psu: ResolvedPsu,
  held: HeldSca,
): Rejection | undefined {
  const { ctx, header } = request;
  const corporateId =
    faultActive(ctx, 'CORP-BOTH-IDS-AFTER-SCA') && header('psu-id') !== undefined
      ? undefined
      : header('psu-corporate-id');
  return corporateId !== undefined
    ? corporateContext(request, psu, held.record, corporateId)
    : contextWithoutCorporateId(request, psu, held);
}

/** §1: PSU-Corporate-ID names a corporate agreement the PSU represents, sent with the PSU's id. */
function corporateContext(
  { ctx, state, endpoint, needsPsu }: SessionRequest,
  psu: ResolvedPsu,
  record: TppSession | undefined,
  corporateId: string,
): Rejection | undefined {
  let agreementId = agreementOfPsuCorporateId(state, psu.tppId, corporateId);
  // CORP-ID-OF-A-REPRESENTED-AGREEMENT broken: an id that names no corporate agreement (another
  // PSU's PSU-ID, say) is taken for the corporation of the session's SCA.
  if (
    agreementId === undefined &&
    faultActive(ctx, 'CORP-ID-OF-A-REPRESENTED-AGREEMENT') &&
    record?.context === 'CORPORATE'
  )
    agreementId = record.agreementId;
  if (agreementId === undefined)
    return refuse(
      'psu-corporate-id-unknown',
      'PSU_CREDENTIALS_INVALID',
      `PSU-Corporate-ID '${corporateId}' is not a corporate id this bank gave to this TPP (§6.1, GET /v1/agreements)`,
      'PSU-Corporate-ID',
    );
  if (
    psu.customerNumber !== undefined &&
    !representedAgreement(state, psu.customerNumber, agreementId) &&
    !faultActive(ctx, 'CORP-ID-OF-A-REPRESENTED-AGREEMENT')
  )
    return refuse(
      'psu-corporate-id-not-represented',
      'PSU_CREDENTIALS_INVALID',
      `the PSU does not represent the corporate agreement of PSU-Corporate-ID '${corporateId}'`,
      'PSU-Corporate-ID',
    );
  if (needsPsu && psu.customerNumber === undefined)
    return refuse(
      'psu-id-required',
      'HTTP_HEADER_REQUIRED',
      `PSU-ID header is required with PSU-Corporate-ID on ${endpoint} (§1)`,
      'PSU-ID',
    );
  psu.context = 'CORPORATE';
  psu.agreementId = agreementId;
  psu.psuCorporateId = corporateId;
  return undefined;
}

/**
 * §1, §7.3: without PSU-Corporate-ID the context is PSU-Context's, or the corporate one of the
 * session's SCA; a PSU header in corporate context needs PSU-Corporate-ID beside it.
 */
function contextWithoutCorporateId(
  { ctx, endpoint, needsPsu }: SessionRequest,
  psu: ResolvedPsu,
  { record, samePsu }: HeldSca,
): Rejection | undefined {
  const route = ctx.route!;
  const sentPsuHeader = psu.identifiedBy === 'PSU-ID' || psu.identifiedBy === 'X-PSU-IDENTITY';
  const corporateSession = record !== undefined && samePsu && record.context === 'CORPORATE';
  const corporateByHeader = psu.requestedContext === 'CORPORATE' && needsPsu;
  const corporateBySession = corporateSession && psu.requestedContext !== 'PRIVATE';
  if (
    sentPsuHeader &&
    (!route.corporateIdOptional || faultActive(ctx, 'CORP-AGREEMENTS-200')) &&
    (corporateByHeader || corporateBySession) &&
    !faultActive(ctx, 'CORP-MISSING-CORPORATE-ID-400')
  )
    return refuse(
      'psu-corporate-id-required',
      'HTTP_HEADER_REQUIRED',
      `PSU-Corporate-ID header is required on ${endpoint}: ${
        corporateBySession
          ? 'the SCA of this TPP-Session-ID was in corporate context'
          : 'PSU-Context is CORPORATE'
      }, so PSU-ID and PSU-Corporate-ID must both be sent (§1, §7.3)`,
      'PSU-Corporate-ID',
    );
  if (psu.requestedContext !== undefined) psu.context = psu.requestedContext;
  else if (corporateSession && psu.identifiedBy === 'session') {
    psu.context = 'CORPORATE';
    if (record.agreementId !== undefined) psu.agreementId = record.agreementId;
  } else if (psu.customerNumber !== undefined) psu.context = 'PRIVATE';
  return undefined;
}

/** The PSU-ID and PSU-Corporate-ID this TPP already knows the PSU and its agreement by. */
function knownIdentities(state: DomainState, psu: ResolvedPsu): void {
  const { tppId } = psu;
  if (psu.customerNumber !== undefined) {
    const known = state.psuIdentities.find(
      (i) => i.tppId === tppId && i.customerNumber === psu.customerNumber,
    );
    if (known) psu.psuId = known.psuId;
  }
  if (psu.agreementId !== undefined && psu.psuCorporateId === undefined) {
    const known = state.corporateIdentities.find(
      (i) => i.tppId === tppId && i.agreementId === psu.agreementId,
    );
    if (known) psu.psuCorporateId = known.psuCorporateId;
  }
}

/** §3.4: a route that needs SCA, without a valid one under TPP-Session-ID, answers a redirect. */
function scaRedirect(
  ctx: RequestContext,
  env: HandlerEnvironment,
  psu: ResolvedPsu,
  record: TppSession | undefined,
): Rejection {
  const id = psu.tppSessionId ?? '(none)';
  switch (psu.sessionState) {
    case 'expired':
      return scaNeeded(
        ctx,
        env,
        psu,
        'SCA_EXPIRED',
        `the SCA of TPP-Session-ID '${id}' is older than one hour (§3.4); redirect the PSU to _links.scaRedirect`,
      );
    case 'replaced':
      return scaNeeded(
        ctx,
        env,
        psu,
        'SCA_INVALID',
        `TPP-Session-ID '${id}' was replaced by a later SCA under '${record?.replacedBy}' (§3.4); redirect the PSU to _links.scaRedirect`,
      );
    case 'other-psu':
      return scaNeeded(
        ctx,
        env,
        psu,
        'SCA_INVALID',
        `the SCA of TPP-Session-ID '${id}' belongs to another PSU (§5.3.4); redirect the PSU to _links.scaRedirect`,
      );
    default:
      return scaNeeded(
        ctx,
        env,
        psu,
        'SCA_NOT_FOUND',
        `no SCA under TPP-Session-ID '${id}' (§3.4); redirect the PSU to _links.scaRedirect`,
      );
  }
}
