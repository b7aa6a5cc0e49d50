/**
 * GET /v1/user (§1 "corporate id, way 1", decisions.md): how a PISP without the AISP role learns
 * the PSU's identity. With SCA in the TPP session's hour: 200 with the PSU id and context (and the
 * corporate id in corporate context). Otherwise the session stage answers 401 with a fresh
 * `_links.scaRedirect` (SCA_NOT_FOUND, SCA_EXPIRED or SCA_INVALID); the redirect after it delivers
 * psu-id and, in corporate context, psu-corporate-id (§6.1). Response shape: docs/sca.md.
 */
import { formatDateTime } from '../../spec/dates.js';
import type { AuthorisationKindHandler } from '../domain/authorisations.js';
import { psuContextOf } from '../context/accessors.js';
import { psuCorporateIdFor, psuIdFor } from '../domain/psu.js';
import { scaValidUntil } from '../domain/sessions.js';
import { faultActive } from '../faults/index.js';
import type { RouteDefinition } from '../context/request-context.js';
import { SCA_START_HEADERS, ScaNeededShape, UserShape } from './sca/api-shapes.js';

/** The 'user' kind (GET /v1/user): the PSU shares who they are, nothing else. */
export const userAuthorisation: AuthorisationKindHandler = {
  describeForPsu: (_state, authorisation) => ({
    title: 'Confirm your identity',
    lines: [
      `${authorisation.tppName ?? 'The TPP'} will receive an identifier for you (PSU-ID) and the context you chose.`,
      'No account information and no payment is shared by this confirmation.',
    ],
  }),
};

export const getUser: RouteDefinition = {
  operationId: 'getUser',
  method: 'GET',
  path: '/v1/user',
  summary: 'The PSU of this TPP session',
  description: [
    "decisions.md: 200 with the PSU id and context when the TPP session holds SCA (1 hour, §3.4); otherwise 401 with tppMessages (SCA_NOT_FOUND: no SCA under this TPP-Session-ID; SCA_EXPIRED: older than one hour; SCA_INVALID: replaced by a later SCA, or another PSU's) and _links.scaRedirect / _links.scaStatus of a new identity authorisation.",
    'Any TPP role. Workbench shape: { psuId, context, psuCorporateId?, scaValidUntil }.',
  ].join(' '),
  tag: 'PSU',
  modes: ['sandbox', 'production'],
  headers: SCA_START_HEADERS,
  tppRole: null,
  signed: true,
  access: 'sca',
  responses: {
    200: { description: 'The PSU.', schema: UserShape },
    401: {
      description: 'SCA needed: redirect the PSU to _links.scaRedirect.',
      schema: ScaNeededShape,
    },
  },
  handle(ctx, env) {
    const psu = psuContextOf(ctx)!;
    const session = psu.session!;
    const body: Record<string, unknown> = {
      psuId: psu.psuId ?? psuIdFor(env.state, psu.tppId, session.customerNumber),
      context: psu.context ?? session.context,
    };
    if (psu.context === 'CORPORATE' && psu.agreementId !== undefined)
      body.psuCorporateId =
        psu.psuCorporateId ?? psuCorporateIdFor(env.state, psu.tppId, psu.agreementId);
    const validUntil = scaValidUntil(session);
    body.scaValidUntil = faultActive(ctx, 'GEN-PAYLOAD-DATE-TIME-FORM')
      ? validUntil.toISOString()
      : formatDateTime(validUntil);
    if (faultActive(ctx, 'SCA-USER-WITH-SCA')) delete body.context;
    return { status: 200, body };
  },
};
