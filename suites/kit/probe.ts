/**
 * The probe request many checks send: POST /v1/consents, which exists in both modes, ignores its
 * body (§1) and answers 201 when the request is acceptable — so any refusal is the rule under test.
 */
import type {
  CheckContext,
  EvidenceExchange,
  TargetRequest,
} from '../../main/core/runner/check-api/index.js';

export const PROBE_PATH = '/v1/consents';

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

/** The probe is accepted: 201 (the consent was created). */
export function expectAccepted(ctx: CheckContext, exchange: EvidenceExchange, what: string): void {
  ctx.expect.status(exchange, 201, what);
}

/** 400 HTTP_HEADER_REQUIRED naming `header` (§4.1, decisions.md "Errors"). */
export function expectHeaderRequired(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  header: string,
  what: string,
): void {
  ctx.expect.status(exchange, 400, what);
  ctx.expect.tppMessage(exchange, { code: 'HTTP_HEADER_REQUIRED', textIncludes: header });
}
