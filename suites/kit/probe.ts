/**
 * The probe request many checks send: POST /v1/consents, which exists in both modes, ignores its
 * body (§1) and answers 201 when the request is acceptable — so any refusal is the rule under test.
 * `probeControl` sends it without any defect first (kit/controls.ts): a bank that does not accept
 * the plain probe cannot show that it refuses the defective one.
 */
import {
  matchesTppMessage,
  type CheckContext,
  type EvidenceExchange,
  type JsonSchema,
  type TargetRequest,
} from '../../main/core/runner/check-api/index.js';
import {
  expectAnswer,
  expectRefusal,
  howAnswered,
  isRefusal,
  sendControl,
  sendRefusedControls,
} from './controls.js';

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

/**
 * A request the check's rule says the bank accepts was refused. That refusal is the check's
 * verdict only when the bank says why it refuses: the probe without Signature is refused naming
 * Signature (400 HTTP_HEADER_REQUIRED, §5.2, decisions.md "Errors"). A bank that refuses that
 * without naming the header refuses whatever it is sent, so its refusing the check's request says
 * nothing about the check's rules: INCONCLUSIVE (docs/writing-checks.md §2, "could not test").
 */
export async function requireExplainedRefusals(
  ctx: CheckContext,
  refused: EvidenceExchange,
  what: string,
): Promise<void> {
  if (!isRefusal(refused)) return;
  const unsigned = await probe(ctx, {
    signing: { dropHeaders: ['Signature'] },
    label: 'control: the probe without Signature (does the bank say why it refuses?)',
  });
  const messages = (unsigned.response?.json as { tppMessages?: unknown } | undefined)?.tppMessages;
  const explained =
    unsigned.response?.status === 400 &&
    Array.isArray(messages) &&
    messages.some((entry) =>
      matchesTppMessage(entry, { code: 'HTTP_HEADER_REQUIRED', path: 'Signature' }),
    );
  if (!explained)
    ctx.inconclusive(
      `cannot tell why the bank refused ${what}: it ${howAnswered(refused)} and does not say why it refuses: the probe without Signature ${howAnswered(unsigned)}, not 400 HTTP_HEADER_REQUIRED naming Signature`,
      refused,
    );
  ctx.expect.true(
    true,
    'control: the bank says why it refuses (the probe without Signature: 400 HTTP_HEADER_REQUIRED on Signature)',
  );
}

/**
 * The probe is accepted: 201 with a consent (id, status, SCA link), not just any body. A refusal
 * is judged only from a bank that says why it refuses (requireExplainedRefusals).
 */
export async function expectAccepted(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  what: string,
): Promise<void> {
  await requireExplainedRefusals(ctx, exchange, what);
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
 * The negative control of a check that expects the probe accepted: the same probe without
 * X-Request-ID (required on every request, §4.1), or else with a signature that does not
 * verify, is refused, so the bank judges requests at all (sendRefusedControls).
 */
export function probeRefusedControl(ctx: CheckContext): Promise<EvidenceExchange> {
  const request = { method: 'POST', path: PROBE_PATH, body: {} } as const;
  return sendRefusedControls(ctx, [
    {
      // Signed over what it carries, so that only the missing header is wrong (§5.2(4)).
      request: {
        ...request,
        omitHeaders: ['X-Request-ID'],
        signing: { signedHeaders: ['digest', 'tpp-redirect-uri'] },
      },
      what: 'the probe without X-Request-ID',
    },
    {
      request: { ...request, signing: { corruptSignature: true } },
      what: 'the probe with a signature that does not verify',
    },
  ]);
}
