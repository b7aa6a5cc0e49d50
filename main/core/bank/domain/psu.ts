/**
 * Who the PSU is to a TPP (§1, §5.3.8, §6.1): the PSU-ID a TPP receives (stable for that TPP and
 * this bank), the psu-corporate-id per TPP and corporate agreement, and the sandbox login's
 * identity check (§1, §4.3 rule 7, decisions.md). What a request says of its TPP and PSU is read
 * in context/accessors.ts: the domain never sees a request.
 */
import { randomUUID } from 'node:crypto';
import { boundedMemo } from '../../../shared/bounded-memo.js';
import { isIpAddress } from '../../spec/headers.js';
import { validateNorwegianIdentityNumber } from '../../spec/validators/national-identity-number.js';
import type { PsuContext } from '../../spec/enums.js';
import type { Agreement, Customer, DomainState, TppSession, DomainEntities } from './model.js';
import {
  agreementsRepresentedBy,
  consentableAccounts,
  customerByIdentityNumber,
  type ConsentableAccount,
} from './parties.js';
import type { SessionState } from './sessions.js';

// The sandbox engineer's queries over parties (domain/parties.ts), re-exported for the SCA code.
export { agreementsRepresentedBy, consentableAccounts, customerByIdentityNumber };
export type { ConsentableAccount };

/**
 * What the session stage learnt about the PSU a request acts for (stages/session.ts puts it in
 * `ctx.session`; read it with `psuContextOf(ctx)`, context/accessors.ts). Handlers never read PSU
 * headers themselves.
 */
export interface ResolvedPsu {
  /** organizationIdentifier, or the certificate subject DN when it has none (`tppIdOf`). */
  tppId: string;
  tppName?: string;
  tppSessionId?: string;
  tppRedirectUri?: string;
  /** §5.3.5: false when TPP-Redirect-Preferred: false asked for the biometric app flow. */
  redirectPreferred: boolean;
  /** §5.3.6: the TPP-Redirect-URI could be an app link (https, a domain name, a path). */
  appLinkCandidate: boolean;
  /** The customer the request acts for: from PSU-ID, X-PSU-IDENTITY or the TPP session. */
  customerNumber?: string;
  /** The PSU-ID this TPP knows the customer by, when it has one. */
  psuId?: string;
  identifiedBy?: 'PSU-ID' | 'X-PSU-IDENTITY' | 'session';
  /** PSU-Context as sent (§4.1). */
  requestedContext?: PsuContext;
  /** Effective context: PSU-Corporate-ID → CORPORATE; else PSU-Context; else the session's. */
  context?: PsuContext;
  /** Corporate agreement behind PSU-Corporate-ID (or the corporate session's). */
  agreementId?: string;
  psuCorporateId?: string;
  psuIpAddress?: string;
  /** §3.4 state of the SCA under this TPP-Session-ID for this PSU ('other-psu': someone else's). */
  sessionState: SessionState | 'other-psu';
  /** The session, when `sessionState` is 'valid'. */
  session?: TppSession;
}

/** §5.3.8: the PSU-ID of `customerNumber` for `tppId`, created on first use and then stable. */
export function psuIdFor(state: DomainEntities, tppId: string, customerNumber: string): string {
  const known = state.psuIdentities.find(
    (identity) => identity.tppId === tppId && identity.customerNumber === customerNumber,
  );
  if (known) return known.psuId;
  const psuId = randomUUID();
  state.psuIdentities.push({ psuId, tppId, customerNumber });
  return psuId;
}

/** The customer a TPP's PSU-ID stands for; a PSU-ID issued to another TPP is unknown here. */
export function customerOfPsuId(
  state: DomainEntities,
  tppId: string,
  psuId: string,
): string | undefined {
  const lower = psuId.toLowerCase();
  return state.psuIdentities.find(
    (identity) => identity.tppId === tppId && identity.psuId.toLowerCase() === lower,
  )?.customerNumber;
}

/** §6.1: the psu-corporate-id of a corporate agreement for `tppId`, stable once created. */
export function psuCorporateIdFor(
  state: DomainEntities,
  tppId: string,
  agreementId: string,
): string {
  const known = state.corporateIdentities.find(
    (identity) => identity.tppId === tppId && identity.agreementId === agreementId,
  );
  if (known) return known.psuCorporateId;
  const psuCorporateId = randomUUID();
  state.corporateIdentities.push({ psuCorporateId, tppId, agreementId });
  return psuCorporateId;
}

export function agreementOfPsuCorporateId(
  state: DomainEntities,
  tppId: string,
  psuCorporateId: string,
): string | undefined {
  const lower = psuCorporateId.toLowerCase();
  return state.corporateIdentities.find(
    (identity) => identity.tppId === tppId && identity.psuCorporateId.toLowerCase() === lower,
  )?.agreementId;
}

/** The corporate agreement `customerNumber` represents, by id; undefined when they do not. */
export function representedAgreement(
  state: DomainState,
  customerNumber: string,
  agreementId: string,
): Agreement | undefined {
  return agreementsRepresentedBy(state, customerNumber).find(
    (agreement) => agreement.id === agreementId,
  );
}

export type IdentityCheck =
  | { ok: true; customer: Customer }
  | { ok: false; reason: 'format' | 'unknown' | 'corporate'; text: string };

/**
 * The sandbox login and X-PSU-IDENTITY (§4.1): a valid birth number or D-number (decisions.md) of
 * a private customer. A corporate customer's number is refused naming the type (§4.3 rule 7):
 * corporations act through the persons who represent them, chosen as context during SCA (§1).
 */
export function checkIdentityNumber(state: DomainState, value: string): IdentityCheck {
  const trimmed = value.trim();
  const format = validateNorwegianIdentityNumber(trimmed);
  if (!format.ok)
    return {
      ok: false,
      reason: 'format',
      text: `The national identity number is not a valid Norwegian birth number or D-number: ${format.problem}.`,
    };
  const customer = customerByIdentityNumber(state, trimmed);
  if (!customer)
    return {
      ok: false,
      reason: 'unknown',
      text: 'No customer of this bank has this national identity number.',
    };
  if (customer.type === 'CORPORATE')
    return {
      ok: false,
      reason: 'corporate',
      text: `This number belongs to a corporate customer (${customer.name}); log in with the number of a person who represents it and choose the corporate context.`,
    };
  return { ok: true, customer };
}

/** The TPP-Redirect-URIs whose answer is kept: a TPP sends the same one on every request. */
const URIS_KEPT = 256;

/** §5.3.6: https, a domain name and a path — what an app link can be (recorded only). */
const appLinkCandidate = boundedMemo(URIS_KEPT, (uri) => {
  try {
    const url = new URL(uri);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return (
      url.protocol === 'https:' &&
      host !== 'localhost' &&
      !isIpAddress(host) &&
      host.includes('.') &&
      url.pathname.length > 1
    );
  } catch {
    return false;
  }
});

/** §5.3.6: whether the TPP-Redirect-URI can be an app link; a URI's answer is made once. */
export function isAppLinkCandidate(uri: string | undefined): boolean {
  return uri !== undefined && appLinkCandidate(uri);
}
