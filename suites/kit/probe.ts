/**
 * The probe request many checks send: POST /v1/consents, which exists in both modes, ignores its
 * body (§1) and answers 201 when the request is acceptable — so any refusal is the rule under test.
 * `probeControl` sends it without any defect first (kit/controls.ts): a bank that does not accept
 * the plain probe cannot show that it refuses the defective one.
 */
import type {
  CheckContext,
  EvidenceExchange,
  JsonSchema,
  TargetRequest,
} from '../../main/core/runner/check-api/index.js';
import { expectAnswer, expectRefusal, sendControl, sendRefusedControl } from './controls.js';

export const PROBE_PATH = '/v1/consents';

const LINK = {
  type: 'object',
  required: ['href'],
  properties: { href: { type: 'string', minLength: 1 } },
};

/** The answer of POST /v1/consents (Berlin Group 1.3.8 consentsResponse-201): the consent's id, status and SCA link. */
export const CONSENT_CREATED_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['consentStatus', 'consentId', '_links'],
  properties: {
    consentStatus: { type: 'string', minLength: 1 },
    consentId: { type: 'string', minLength: 1 },
    _links: { type: 'object', required: ['scaRedirect'], properties: { scaRedirect: LINK } },
  },
};

export function probe(
  ctx: CheckContext,
  request: Partial<TargetRequest> = {},
): Promise<EvidenceExchange> {
  return ctx.client.send({
    method: 'POST',
    path: PROBE_PATH,
    body: {},
    label: request.label ?? 'probe: POST /v1/consents',
    ...request,
  });
}

/**
 * The positive control of a check that probes a defect: the same probe without it (`request`
 * holds what the check keeps, e.g. the same extra headers) is accepted, or the check is
 * INCONCLUSIVE.
 */
export async function probeControl(
  ctx: CheckContext,
  what = 'the probe without the defect',
  request: Partial<TargetRequest> = {},
): Promise<EvidenceExchange> {
  return sendControl(
    ctx,
    { method: 'POST', path: PROBE_PATH, body: {}, label: `control: ${what}`, ...request },
    { what, status: 201, schema: CONSENT_CREATED_SCHEMA },
  );
}

/** The probe is accepted: 201 with a consent (id, status, SCA link), not just any body. */
export function expectAccepted(ctx: CheckContext, exchange: EvidenceExchange, what: string): void {
  expectAnswer(ctx, exchange, 201, CONSENT_CREATED_SCHEMA, what);
}

/** 400 HTTP_HEADER_REQUIRED on `header` (§4.1, decisions.md "Errors"). */
export function expectHeaderRequired(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  header: string,
  what: string,
): void {
  expectRefusal(
    ctx,
    exchange,
    { code: 'HTTP_HEADER_REQUIRED', path: header, textIncludes: header },
    what,
  );
}

/**
 * The negative control of a check that expects the probe accepted: the same probe with a
 * signature that does not verify is refused, so the bank judges requests at all.
 */
export function probeRefusedControl(ctx: CheckContext): Promise<EvidenceExchange> {
  return sendRefusedControl(
    ctx,
    { method: 'POST', path: PROBE_PATH, body: {}, signing: { corruptSignature: true } },
    'the probe with a signature that does not verify',
  );
}
