/**
 * scaStatus reads (§3.1, §2.4; Berlin Group "Read the SCA status of the … authorisation"): the
 * `scaStatus` link every started authorisation carries, `{resource}/authorisations/{id}` →
 * `{ scaStatus }`, and the list of a consent's authorisations. The payments engineer serves the
 * payment and basket variants with `scaStatusAnswer`.
 */
import { bankError } from '../../spec/errors.js';
import { ErrorResponseSchema } from '../../spec/schemas/shared.js';
import { findAuthorisation, type AuthorisationKind } from '../domain/authorisations.js';
import { tppIdOf } from '../context/accessors.js';
import { faultActive } from '../faults/index.js';
import { isRejection, reject, type Rejection } from '../http/refusal.js';
import type {
  HandlerEnvironment,
  HandlerResult,
  RequestContext,
  RouteDefinition,
} from '../context/request-context.js';
import { ownConsent } from './consents.js';
import { AuthorisationIdsShape, READ_HEADERS, ScaStatusShape } from './sca/api-shapes.js';

/**
 * 200 `{ scaStatus }` for authorisation `authorisationId` of this TPP, of `kind`, for `resourceId`
 * (omit for 'user'); anything else is 404 RESOURCE_UNKNOWN (no hint whether it exists elsewhere).
 */
export function scaStatusAnswer(
  ctx: RequestContext,
  env: HandlerEnvironment,
  expected: { kind: AuthorisationKind; resourceId?: string },
): HandlerResult | Rejection {
  const authorisationId = ctx.pathParams.authorisationId!;
  const authorisation = findAuthorisation(env.state, authorisationId);
  if (
    !authorisation ||
    authorisation.tppId !== tppIdOf(ctx) ||
    authorisation.kind !== expected.kind ||
    authorisation.resourceId !== expected.resourceId
  )
    return reject(
      'handler.authorisation-unknown',
      bankError('RESOURCE_UNKNOWN', `authorisation '${authorisationId}' is unknown here`, {
        path: 'authorisationId',
      }),
    );
  const scaStatus = faultActive(ctx, 'SCA-STATUS-VALUES')
    ? authorisation.scaStatus.toLowerCase()
    : authorisation.scaStatus;
  return { status: 200, body: { scaStatus } };
}

const PARAMETERS = {
  consentId: { description: 'The consentId of POST /v1/consents.' },
  authorisationId: { description: 'From the scaStatus link.' },
};
const RESPONSES = {
  200: { description: 'scaStatus (§3.1; transitions in docs/sca.md).', schema: ScaStatusShape },
  404: { description: 'RESOURCE_UNKNOWN.', schema: ErrorResponseSchema },
};

export const getConsentScaStatus: RouteDefinition = {
  operationId: 'getConsentScaStatus',
  method: 'GET',
  path: '/v1/consents/{consentId}/authorisations/{authorisationId}',
  summary: 'Read the SCA status of a consent authorisation',
  description: '§3.1. Berlin Group scaStatusResponse.',
  tag: 'Consents (AIS)',
  modes: ['sandbox', 'production'],
  headers: READ_HEADERS,
  tppRole: 'AISP',
  signed: true,
  access: 'none',
  pathParameters: PARAMETERS,
  responses: RESPONSES,
  handle(ctx, env) {
    const consent = ownConsent(ctx, env.state);
    if (isRejection(consent)) return consent;
    return scaStatusAnswer(ctx, env, { kind: 'consent', resourceId: consent.consentId });
  },
};

export const getConsentAuthorisations: RouteDefinition = {
  operationId: 'getConsentAuthorisations',
  method: 'GET',
  path: '/v1/consents/{consentId}/authorisations',
  summary: 'List the authorisations of a consent',
  description: 'Berlin Group authorisations: `{ authorisationIds }`.',
  tag: 'Consents (AIS)',
  modes: ['sandbox', 'production'],
  headers: READ_HEADERS,
  tppRole: 'AISP',
  signed: true,
  access: 'none',
  pathParameters: { consentId: PARAMETERS.consentId },
  responses: { 200: { description: 'Authorisation ids.', schema: AuthorisationIdsShape } },
  handle(ctx, env) {
    const consent = ownConsent(ctx, env.state);
    if (isRejection(consent)) return consent;
    const authorisationIds = env.state.authorisations
      .filter((a) => a.kind === 'consent' && a.resourceId === consent.consentId)
      .map((a) => a.authorisationId);
    return { status: 200, body: { authorisationIds } };
  },
};

export const getUserScaStatus: RouteDefinition = {
  operationId: 'getUserScaStatus',
  method: 'GET',
  path: '/v1/user/authorisations/{authorisationId}',
  summary: 'Read the SCA status of an identity authorisation',
  description:
    '§3.1. The scaStatus link of the authorisations GET /v1/user and other calls needing SCA start (docs/sca.md).',
  tag: 'PSU',
  modes: ['sandbox', 'production'],
  headers: READ_HEADERS,
  tppRole: null,
  signed: true,
  access: 'none',
  pathParameters: { authorisationId: PARAMETERS.authorisationId },
  responses: RESPONSES,
  handle: (ctx, env) => scaStatusAnswer(ctx, env, { kind: 'user' }),
};

export const AUTHORISATION_ROUTES: readonly RouteDefinition[] = [
  getConsentScaStatus,
  getConsentAuthorisations,
  getUserScaStatus,
];
