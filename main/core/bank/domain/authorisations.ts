/**
 * Authorisations (§3.1, §5.3, §6): one SCA the PSU performs on the bank's pages, started by a
 * request that needed it. The scaStatus transitions are the table below (docs/sca.md); the
 * redirect back to the TPP (§6.1 success, §6.2 failure) goes only to the TPP-Redirect-URI of the
 * starting request.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ScaStatus } from '../../spec/enums.js';
import type { ErrorCode } from '../../spec/errors.js';
import { SCA_SESSION_VALIDITY_MS } from '../../spec/limits.js';
import type { Authorisation, DomainState, DomainEntities } from './model.js';
import { psuCorporateIdFor, psuIdFor, type ResolvedPsu } from './psu.js';
import { completeSca } from './sessions.js';
import { KeyIndex } from './collection-index.js';
import { randomToken } from './random-token.js';

const authorisationsById = KeyIndex.ofField<Authorisation>('authorisationId');

export type AuthorisationKind = Authorisation['kind'];

/**
 * §3.1 transitions ("not shown"; docs/sca.md has the table with the triggers). Sandbox login
 * identifies and authenticates in one step; production identifies, selects the one-time-code
 * method (the code is "sent to the device"), then authenticates with the code.
 */
export const SCA_TRANSITIONS: Readonly<Record<ScaStatus, readonly ScaStatus[]>> = {
  RECEIVED: ['PSU_IDENTIFIED', 'FAILED'],
  PSU_IDENTIFIED: ['PSU_AUTHENTICATED', 'SCA_METHOD_SELECTED', 'FAILED'],
  SCA_METHOD_SELECTED: ['PSU_AUTHENTICATED', 'FAILED'],
  PSU_AUTHENTICATED: ['STARTED', 'FAILED'],
  STARTED: ['FINALISED', 'FAILED'],
  FINALISED: [],
  FAILED: [],
  EXEMPTED: [],
};

export const FINAL_SCA_STATUSES: readonly ScaStatus[] = ['FINALISED', 'FAILED', 'EXEMPTED'];

/** The PSU has this long from the starting request to finish the pages (docs/sca.md). */
export const AUTHORISATION_LIFETIME_MS = SCA_SESSION_VALIDITY_MS;

/** Wrong logins before the authorisation fails with PSU_CREDENTIALS_INVALID (docs/sca.md). */
export const MAX_LOGIN_ATTEMPTS = 3;

/** §6.2 `system`: the bank's SCA site, on every failure redirect (docs/sca.md). */
export const SCA_SYSTEM = 'SCA';

export interface AuthorisationFailure {
  status: number;
  code: ErrorCode;
  message: string;
}

/** §6.2 failure parameters per cause (§7.2 codes, statuses per decisions.md; docs/sca.md). */
export const SCA_FAILURES = {
  credentials: (message: string): AuthorisationFailure => ({
    status: 401,
    code: 'PSU_CREDENTIALS_INVALID',
    message,
  }),
  cancelled: (kind: AuthorisationKind): AuthorisationFailure =>
    kind === 'payment' || kind === 'basket'
      ? { status: 400, code: 'PAYMENT_FAILED', message: 'The PSU cancelled the payment.' }
      : { status: 401, code: 'SCA_INVALID', message: 'The PSU cancelled the authorisation.' },
  expired: (): AuthorisationFailure => ({
    status: 401,
    code: 'SCA_EXPIRED',
    message: 'The PSU did not complete the authorisation within one hour.',
  }),
  noCorporateAgreement: (): AuthorisationFailure => ({
    status: 403,
    code: 'FORBIDDEN',
    message: 'PSU-Context CORPORATE was requested, but the PSU represents no corporate agreement.',
  }),
} as const;

export class IllegalScaTransition extends Error {
  override readonly name = 'IllegalScaTransition';
}

/** Moves `authorisation` along the table; anything else is a bank bug (SYSTEM_ERROR upstream). */
export function moveScaStatus(authorisation: Authorisation, next: ScaStatus, now: Date): void {
  if (!SCA_TRANSITIONS[authorisation.scaStatus].includes(next))
    throw new IllegalScaTransition(`scaStatus ${authorisation.scaStatus} cannot become ${next}`);
  authorisation.scaStatus = next;
  authorisation.updatedAt = now.toISOString();
  authorisation.history.push({ scaStatus: next, at: authorisation.updatedAt });
}

export function isFinal(authorisation: Authorisation): boolean {
  return FINAL_SCA_STATUSES.includes(authorisation.scaStatus);
}

export function isPastLifetime(authorisation: Authorisation, now: Date): boolean {
  return now.getTime() - new Date(authorisation.createdAt).getTime() > AUTHORISATION_LIFETIME_MS;
}

// ---- what each kind of authorisation means to the PSU and to its resource -------------------

export interface PsuDescription {
  title: string;
  lines: string[];
}

/**
 * One kind of authorisation: how the bank's page describes it to the PSU (§1 "what will be
 * paid"), and what confirming or failing it does to its resource. Every kind's is in the one list
 * handlers/authorisation-kinds.ts; the functions here that need one are given that list.
 */
export interface AuthorisationKindHandler {
  describeForPsu(state: DomainState, authorisation: Authorisation): PsuDescription;
  /** The PSU confirmed; a returned failure turns the redirect into §6.2 (e.g. PAYMENT_FAILED). */
  onConfirmed?(
    state: DomainState,
    authorisation: Authorisation,
    now: Date,
  ): AuthorisationFailure | void;
  /** The authorisation failed or the PSU cancelled (e.g. consent → rejected, payment → RJCT). */
  onFailed?(state: DomainState, authorisation: Authorisation, now: Date): void;
}

/** The handler of every kind, each kind exactly once (handlers/authorisation-kinds.ts). */
export type AuthorisationKinds = Readonly<Record<AuthorisationKind, AuthorisationKindHandler>>;

// ---- starting one ----------------------------------------------------------------------------

export interface StartAuthorisationInput {
  kind: AuthorisationKind;
  resourceId?: string;
  /** API path of the resource (`/v1/consents/c1`); scaStatus is `${resourcePath}/authorisations/{id}`. */
  resourcePath: string;
  /** §3.1 risk rule (domain/risk.ts scaRequired → false): EXEMPTED at once, no scaRedirect. */
  exempted?: boolean;
}

export interface AuthorisationLinks {
  scaRedirect?: { href: string };
  scaStatus: { href: string };
}

export interface StartedAuthorisation {
  authorisation: Authorisation;
  links: AuthorisationLinks;
}

/**
 * Creates an authorisation for the PSU context of a request (the session stage's ResolvedPsu).
 * The starting request's TPP-Session-ID and TPP-Redirect-URI are bound to it for good (§5.3.1,
 * §6.1); a PSU already known from PSU-ID or X-PSU-IDENTITY makes it PSU_IDENTIFIED, and the login
 * must then be that PSU's. `origin` is the bank's own origin for the absolute scaRedirect link.
 */
export function startAuthorisation(
  state: DomainEntities,
  psu: ResolvedPsu,
  input: StartAuthorisationInput,
  now: Date,
  origin: string,
): StartedAuthorisation {
  if (psu.tppSessionId === undefined || psu.tppRedirectUri === undefined)
    throw new Error(
      'startAuthorisation: the route must require TPP-Session-ID and TPP-Redirect-URI',
    );
  const at = now.toISOString();
  const authorisation: Authorisation = {
    authorisationId: randomUUID(),
    kind: input.kind,
    tppId: psu.tppId,
    tppSessionId: psu.tppSessionId,
    redirectUri: psu.tppRedirectUri,
    scaStatus: 'RECEIVED',
    redirectPreferred: psu.redirectPreferred,
    appLinkCandidate: psu.appLinkCandidate,
    createdAt: at,
    updatedAt: at,
    history: [{ scaStatus: 'RECEIVED', at }],
    site: {
      linkToken: randomToken(),
      formToken: randomToken(),
      loginAttempts: 0,
      resourcePath: input.resourcePath,
    },
  };
  if (input.resourceId !== undefined) authorisation.resourceId = input.resourceId;
  if (psu.tppName !== undefined) authorisation.tppName = psu.tppName;
  if (psu.requestedContext !== undefined) authorisation.requestedContext = psu.requestedContext;
  if (psu.agreementId !== undefined) {
    authorisation.requestedContext = 'CORPORATE';
    authorisation.requestedAgreementId = psu.agreementId;
  }
  state.authorisations.push(authorisation);
  if (input.exempted) {
    authorisation.scaStatus = 'EXEMPTED';
    authorisation.history.push({ scaStatus: 'EXEMPTED', at });
  } else if (
    psu.customerNumber !== undefined &&
    (psu.identifiedBy === 'PSU-ID' || psu.identifiedBy === 'X-PSU-IDENTITY')
  ) {
    // Named by the TPP on this request: only that PSU may log in. (A PSU known only from the
    // session is not assumed: the TPP may be starting SCA for someone else.)
    authorisation.customerNumber = psu.customerNumber;
    moveScaStatus(authorisation, 'PSU_IDENTIFIED', now);
  }
  const links: AuthorisationLinks = {
    scaStatus: { href: `${input.resourcePath}/authorisations/${authorisation.authorisationId}` },
  };
  if (!input.exempted) links.scaRedirect = { href: scaRedirectHref(origin, authorisation) };
  return { authorisation, links };
}

/** The link the PSU's browser opens: authorisation id plus its link token. */
export function scaRedirectHref(origin: string, authorisation: Authorisation): string {
  return `${origin}/sca/${authorisation.authorisationId}?t=${authorisation.site?.linkToken ?? ''}`;
}

export function findAuthorisation(
  state: DomainEntities,
  authorisationId: string,
): Authorisation | undefined {
  // Ids are unique (state.ts checkReferences).
  return authorisationsById.last(state.authorisations, authorisationId);
}

/** Constant-time comparison of two tokens. */
export function sameToken(expected: string | undefined, given: string | undefined): boolean {
  if (expected === undefined || given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Production login's second factor: a six-digit code derived from the authorisation's secret, so
 * the page can show it as "sent to your device" and automation can read it (docs/sca.md).
 */
export function oneTimeCodeOf(authorisation: Authorisation): string {
  const digest = createHmac('sha256', authorisation.site?.formToken ?? '')
    .update(`one-time-code:${authorisation.authorisationId}`)
    .digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

// ---- ending one: the §6 redirects ------------------------------------------------------------

/** The TPP-Redirect-URI with `params` set (its own query kept). Never any other address. */
export function redirectTo(authorisation: Authorisation, params: Record<string, string>): string {
  const url = new URL(authorisation.redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** §6.2: FAILED, the failure recorded, the kind told; returns the failure redirect. */
export function failAuthorisation(
  state: DomainState,
  authorisation: Authorisation,
  failure: AuthorisationFailure,
  now: Date,
  kinds: AuthorisationKinds,
): string {
  if (!isFinal(authorisation)) moveScaStatus(authorisation, 'FAILED', now);
  authorisation.failure = { ...failure, system: SCA_SYSTEM };
  kinds[authorisation.kind].onFailed?.(state, authorisation, now);
  return redirectTo(authorisation, {
    system: SCA_SYSTEM,
    status: String(failure.status),
    code: failure.code,
    message: failure.message,
    'tpp-session-id': authorisation.tppSessionId,
  });
}

/**
 * The PSU confirmed: the kind's resource is updated (a failure there becomes §6.2), the SCA is
 * FINALISED, the TPP session holds it (§3.4), and the §6.1 redirect carries the PSU's ids.
 */
export function finaliseAuthorisation(
  state: DomainState,
  authorisation: Authorisation,
  now: Date,
  kinds: AuthorisationKinds,
): string {
  const customerNumber = authorisation.customerNumber!;
  const context = authorisation.context ?? 'PRIVATE';
  const refused = kinds[authorisation.kind].onConfirmed?.(state, authorisation, now);
  if (refused) return failAuthorisation(state, authorisation, refused, now, kinds);
  moveScaStatus(authorisation, 'FINALISED', now);
  completeSca(
    state,
    {
      tppId: authorisation.tppId,
      tppSessionId: authorisation.tppSessionId,
      customerNumber,
      context,
      ...(authorisation.agreementId !== undefined
        ? { agreementId: authorisation.agreementId }
        : {}),
    },
    now,
  );
  const params: Record<string, string> = {
    'psu-id': psuIdFor(state, authorisation.tppId, customerNumber),
    'tpp-session-id': authorisation.tppSessionId,
    context,
  };
  if (context === 'CORPORATE' && authorisation.agreementId !== undefined)
    params['psu-corporate-id'] = psuCorporateIdFor(
      state,
      authorisation.tppId,
      authorisation.agreementId,
    );
  return redirectTo(authorisation, params);
}
