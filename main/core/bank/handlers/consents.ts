/**
 * Consent (§1, decisions.md "Paths"): bank-offered. POST /v1/consents ignores its body and answers
 * 201 with `consentId`, `consentStatus` and `_links.scaRedirect`; the PSU ticks accounts on the
 * bank's consent screen. GET .../{consentId}, GET .../status and DELETE (204) follow Berlin Group
 * 1.3.8. A consent of another TPP is 403 CONSENT_UNKNOWN (decisions.md status mapping).
 */
import { randomUUID } from 'node:crypto';
import { bankError } from '../../spec/errors.js';
import {
  CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY,
  SCA_RENEWAL_PERIOD_DAYS,
} from '../../spec/limits.js';
import { ErrorResponseSchema } from '../../spec/schemas/shared.js';
import {
  consentRunsOut,
  consentValidUntil,
  findConsent,
  refreshConsent,
  setConsentStatus,
} from '../domain/access.js';
import type { AuthorisationKindHandler } from '../domain/authorisations.js';
import type { Consent, DomainState } from '../domain/model.js';
import { tppIdOf } from '../context/accessors.js';
import { faultActive, type FaultId } from '../faults/index.js';
import { startAuthorisationFor } from '../context/sca-redirect.js';
import { isRejection, reject, type Rejection } from '../http/refusal.js';
import type { RequestContext, RouteDefinition } from '../context/request-context.js';
import {
  ConsentCreatedShape,
  ConsentInformationShape,
  ConsentStatusShape,
  READ_HEADERS,
  SCA_START_HEADERS,
  link,
} from './sca/api-shapes.js';
import { DAY_MS } from '../../../shared/calendar.js';

const RENEWAL_FAULT_DAYS = 90;

/** The 'consent' kind: access to accounts; a failed SCA rejects a consent still received. */
export const consentAuthorisation: AuthorisationKindHandler = {
  describeForPsu: (_state, authorisation) => ({
    title: 'Share account information',
    lines: [
      `${authorisation.tppName ?? 'The TPP'} asks to read the balances and transactions of the accounts you tick below.`,
      `The access lasts ${SCA_RENEWAL_PERIOD_DAYS} days; you can revoke it at any time in your bank.`,
    ],
  }),
  onFailed(state, authorisation, now) {
    const consent = findConsent(state, authorisation.resourceId);
    if (consent?.consentStatus === 'received') setConsentStatus(consent, 'rejected', now);
  },
};

const consentPath = (consentId: string) => `/v1/consents/${encodeURIComponent(consentId)}`;

/** The consent named in the path, when it is this TPP's; else 403 CONSENT_UNKNOWN. */
export function ownConsent(ctx: RequestContext, state: DomainState): Consent | Rejection {
  const consentId = ctx.pathParams.consentId!;
  const consent = findConsent(state, consentId);
  if (!consent || consent.tppId !== tppIdOf(ctx))
    return reject(
      'handler.consent-unknown',
      bankError('CONSENT_UNKNOWN', `consent '${consentId}' is unknown to this TPP`, {
        path: 'consentId',
        ...(faultActive(ctx, 'ERR-STATUS-403') ? { status: 404 } : {}),
      }),
    );
  refreshConsent(consent, ctx.now);
  if (renewalFaultExpires(ctx, consent)) setConsentStatus(consent, 'expired', ctx.now);
  return consent;
}

/** The CONSENT-SCA-RENEWABLE-180D fault expires a valid consent 90 days after its SCA. */
function renewalFaultExpires(ctx: RequestContext, consent: Consent): boolean {
  return (
    faultActive(ctx, 'CONSENT-SCA-RENEWABLE-180D') &&
    consent.consentStatus === 'valid' &&
    consent.scaCompletedAt !== undefined &&
    ctx.now.getTime() - Date.parse(consent.scaCompletedAt) >= RENEWAL_FAULT_DAYS * DAY_MS
  );
}

/**
 * The key of a consent read's answer (a pure read, answers/read-answers.ts): the consent, the TPP
 * that asks (another TPP's read is 403, not this answer) and the faults the answer honours. It
 * does not count against §8's calls without PSU-IP-Address (card account transactions only).
 * The bank clock matters only where it changes the consent: a read at which its 180 days run
 * out (§8 SCA renewal), or the renewal fault's 90, stores it expired. That read has no key.
 */
function consentReadKey(faults: readonly FaultId[]): NonNullable<RouteDefinition['answerKey']> {
  return (ctx, env) => {
    const consentId = ctx.pathParams.consentId!;
    const consent = findConsent(env.state, consentId);
    if (consent && (consentRunsOut(consent, ctx.now) || renewalFaultExpires(ctx, consent)))
      return undefined;
    let key = '';
    for (const fault of faults) key += faultActive(ctx, fault) ? '1' : '0';
    // The TPP's id with its length: no consent id can make two requests' keys meet.
    const tppId = tppIdOf(ctx) ?? '';
    return `${key}${tppId.length}:${tppId}${consentId}`;
  };
}

/** The faults ownConsent honours, which every consent read's answer depends on. */
const OWN_CONSENT_FAULTS: readonly FaultId[] = ['ERR-STATUS-403', 'CONSENT-SCA-RENEWABLE-180D'];

const CONSENT_ID = { consentId: { description: 'The consentId of POST /v1/consents.' } };
const UNKNOWN = {
  description: 'CONSENT_UNKNOWN: not a consent of this TPP.',
  schema: ErrorResponseSchema,
};

export const createConsent: RouteDefinition = {
  operationId: 'createConsent',
  method: 'POST',
  path: '/v1/consents',
  summary: 'Create a bank-offered consent',
  description: [
    "§1, decisions.md: the body is ignored (any JSON, or none); the PSU chooses the accounts on the bank's consent screen behind _links.scaRedirect.",
    'PSU-ID or X-PSU-IDENTITY names the PSU who must log in; PSU-Corporate-ID or PSU-Context preselects the context (§1, §4.1); TPP-Redirect-Preferred and app-link redirect URIs are recorded (§5.3.5, §5.3.6).',
    'The PSU is sent back to TPP-Redirect-URI with §6.1 or §6.2 parameters (docs/sca.md).',
  ].join(' '),
  tag: 'Consents (AIS)',
  modes: ['sandbox', 'production'],
  headers: SCA_START_HEADERS,
  tppRole: 'AISP',
  signed: true,
  access: 'none',
  body: { ignored: true, description: 'Any JSON value; ignored (bank-offered consent, §1).' },
  responses: {
    201: {
      description: 'Consent created; redirect the PSU to _links.scaRedirect.',
      schema: ConsentCreatedShape,
      headers: ['Location', 'ASPSP-SCA-Approach'],
    },
  },
  handle(ctx, env) {
    if (ctx.mode === 'sandbox' && faultActive(ctx, 'GEN-PRODUCTION-PATHS-IN-SANDBOX'))
      return reject(
        'fault.production-path-in-sandbox',
        bankError('NOT_FOUND', 'no endpoint POST /v1/consents in sandbox mode'),
      );
    const body = ctx.body;
    const emptyObject =
      body === undefined ||
      (typeof body === 'object' &&
        body !== null &&
        !Array.isArray(body) &&
        Object.keys(body).length === 0);
    if (faultActive(ctx, 'CONSENT-POST-BODY-IGNORED') && !emptyObject)
      return reject(
        'fault.consent-body',
        bankError('FORMAT_ERROR', 'the consent request body is not a valid consent request'),
      );
    const at = ctx.now.toISOString();
    const consent: Consent = {
      consentId: randomUUID(),
      tppId: tppIdOf(ctx)!,
      consentStatus: 'received',
      createdAt: at,
      statusChangedAt: at,
    };
    env.state.consents.push(consent);
    const path = consentPath(consent.consentId);
    const { authorisation, links } = startAuthorisationFor(ctx, env, {
      kind: 'consent',
      resourceId: consent.consentId,
      resourcePath: path,
    });
    consent.authorisationId = authorisation.authorisationId;
    const answerLinks: Record<string, unknown> = {
      scaRedirect: link(links.scaRedirect!.href),
      self: link(path),
      status: link(`${path}/status`),
      scaStatus: link(links.scaStatus.href),
    };
    if (faultActive(ctx, 'SCA-REDIRECT-LINK')) delete answerLinks.scaRedirect;
    const answer: Record<string, unknown> = {
      consentStatus: consent.consentStatus,
      consentId: consent.consentId,
      _links: faultActive(ctx, 'GEN-LINK-SHAPE') ? bareLinks(answerLinks) : answerLinks,
    };
    if (faultActive(ctx, 'CONSENT-POST-SCA-REDIRECT-ONLY'))
      answer.access = (body as { access?: unknown } | undefined)?.access ?? {
        allPsd2: 'allAccounts',
      };
    return {
      status: faultActive(ctx, 'CONSENT-CREATE-201') ? 200 : 201,
      headers: { location: path, 'aspsp-sca-approach': 'REDIRECT' },
      body: answer,
    };
  },
};

/** `YYYY-MM-DD` of an instant (§1), or DD.MM.YYYY under the GEN-PAYLOAD-DATE-FORMAT fault. */
function dateOf(ctx: RequestContext, instant: string): string {
  const day = instant.slice(0, 10);
  if (!faultActive(ctx, 'GEN-PAYLOAD-DATE-FORMAT')) return day;
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** `_links` with each Link replaced by its bare href (the GEN-LINK-SHAPE fault). */
function bareLinks(links: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(links).map(([name, value]) => [name, (value as { href: string }).href]),
  );
}

function accessOf(state: DomainState, consent: Consent) {
  if (consent.consentStatus !== 'valid') return {};
  const references = state.grants
    .filter((grant) => grant.consentId === consent.consentId && grant.revokedAt === undefined)
    .flatMap((grant): { iban?: string; maskedPan?: string; currency: string }[] => {
      if (grant.accountKind === 'account') {
        const account = state.accounts.find((a) => a.id === grant.accountId);
        return account && account.status === 'enabled'
          ? [{ iban: account.iban, currency: account.currency }]
          : [];
      }
      const card = state.cardAccounts.find((c) => c.resourceId === grant.accountId);
      return card && card.status === 'enabled'
        ? [{ maskedPan: card.maskedPan, currency: card.currency }]
        : [];
    });
  return { accounts: references, balances: references, transactions: references };
}

export const getConsent: RouteDefinition = {
  operationId: 'getConsentInformation',
  method: 'GET',
  path: '/v1/consents/{consentId}',
  summary: 'Read a consent',
  description:
    'Berlin Group consentInformationResponse. access lists the accounts granted under this consent (accounts, balances and transactions alike; card accounts by maskedPan); empty unless valid. validUntil is 180 days after the SCA (§5.3.7); frequencyPerDay is the §8 limit for calls without PSU-IP-Address.',
  tag: 'Consents (AIS)',
  modes: ['sandbox', 'production'],
  headers: READ_HEADERS,
  tppRole: 'AISP',
  signed: true,
  access: 'none',
  pathParameters: CONSENT_ID,
  responses: {
    200: { description: 'The consent.', schema: ConsentInformationShape },
    403: UNKNOWN,
  },
  answerKey: consentReadKey([
    ...OWN_CONSENT_FAULTS,
    'CONSENT-READ-200',
    'GEN-PAYLOAD-DATE-FORMAT',
    'GEN-LINK-SHAPE',
  ]),
  handle(ctx, env) {
    const consent = ownConsent(ctx, env.state);
    if (isRejection(consent)) return consent;
    if (faultActive(ctx, 'CONSENT-READ-200') && consent.consentStatus === 'received')
      return reject(
        'fault.consent-not-authorised',
        bankError('RESOURCE_UNKNOWN', `consent '${consent.consentId}' is not authorised yet`),
      );
    const path = consentPath(consent.consentId);
    const validUntil =
      consentValidUntil(consent) ??
      new Date(new Date(consent.createdAt).getTime() + SCA_RENEWAL_PERIOD_DAYS * DAY_MS);
    const links: Record<string, unknown> = { self: link(path), status: link(`${path}/status`) };
    if (consent.authorisationId !== undefined)
      links.scaStatus = link(`${path}/authorisations/${consent.authorisationId}`);
    return {
      status: 200,
      body: {
        access: accessOf(env.state, consent),
        recurringIndicator: true,
        validUntil: dateOf(ctx, validUntil.toISOString()),
        frequencyPerDay: CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY,
        lastActionDate: dateOf(ctx, consent.statusChangedAt ?? consent.createdAt),
        consentStatus: consent.consentStatus,
        _links: faultActive(ctx, 'GEN-LINK-SHAPE') ? bareLinks(links) : links,
      },
    };
  },
};

export const getConsentStatus: RouteDefinition = {
  operationId: 'getConsentStatus',
  method: 'GET',
  path: '/v1/consents/{consentId}/status',
  summary: 'Read the status of a consent',
  description:
    'received → valid (SCA finalised with accounts ticked) or revokedByPsu (none ticked) or rejected (SCA failed or cancelled); valid → expired (180 days after SCA, or replaced by a newer consent of the same PSU and context), revokedByPsu (the PSU revoked every account in the bank), terminatedByTpp (DELETE). docs/sca.md.',
  tag: 'Consents (AIS)',
  modes: ['sandbox', 'production'],
  headers: READ_HEADERS,
  tppRole: 'AISP',
  signed: true,
  access: 'none',
  pathParameters: CONSENT_ID,
  responses: { 200: { description: 'consentStatus.', schema: ConsentStatusShape }, 403: UNKNOWN },
  answerKey: consentReadKey([...OWN_CONSENT_FAULTS, 'CONSENT-STATUS-200']),
  handle(ctx, env) {
    const consent = ownConsent(ctx, env.state);
    if (isRejection(consent)) return consent;
    if (faultActive(ctx, 'CONSENT-STATUS-200'))
      return { status: 200, body: { status: consent.consentStatus } };
    return { status: 200, body: { consentStatus: consent.consentStatus } };
  },
};

export const deleteConsent: RouteDefinition = {
  operationId: 'deleteConsent',
  method: 'DELETE',
  path: '/v1/consents/{consentId}',
  summary: 'Terminate a consent',
  description:
    'terminatedByTpp; the accounts granted under it are revoked. Idempotent: deleting a consent that has ended answers 204 too.',
  tag: 'Consents (AIS)',
  modes: ['sandbox', 'production'],
  headers: READ_HEADERS,
  tppRole: 'AISP',
  signed: true,
  access: 'none',
  pathParameters: CONSENT_ID,
  responses: { 204: { description: 'Terminated.' }, 403: UNKNOWN },
  handle(ctx, env) {
    const consent = ownConsent(ctx, env.state);
    if (isRejection(consent)) return consent;
    const at = ctx.now.toISOString();
    for (const grant of env.state.grants)
      if (grant.consentId === consent.consentId && grant.revokedAt === undefined)
        grant.revokedAt = at;
    if (consent.consentStatus === 'received' || consent.consentStatus === 'valid')
      setConsentStatus(consent, 'terminatedByTpp', ctx.now);
    if (faultActive(ctx, 'CONSENT-DELETE-204'))
      return {
        status: 200,
        body: { consentId: consent.consentId, consentStatus: consent.consentStatus },
      };
    return { status: 204 };
  },
};

export const CONSENT_ROUTES: readonly RouteDefinition[] = [
  createConsent,
  getConsent,
  getConsentStatus,
  deleteConsent,
];
