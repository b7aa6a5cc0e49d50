/**
 * Faults in how the bank answers (faults.ts): errors with the wrong body shape, the wrong status
 * for a code, a 500 for bad input (§7, decisions.md "Errors"); answers that do not state their
 * Content-Type (§4.1).
 */
import { createHash } from 'node:crypto';
import { bankError } from '../spec/errors.js';
import { declareFaults, faultActive } from './faults.js';
import type { BankResponse, Rejection, RequestContext } from './types.js';

declareFaults([
  {
    ruleId: 'ERR-BODY-SHAPE',
    effect: 'answers errors as { "error": { "code", "message" } } instead of tppMessages',
  },
  { ruleId: 'ERR-STATUS-404', effect: 'answers RESOURCE_UNKNOWN with 400 instead of 404' },
  {
    ruleId: 'ERR-NO-500-FOR-BAD-INPUT',
    effect: 'answers an unreadable request body with 500 SYSTEM_ERROR',
  },
  { ruleId: 'HDR-NEGOTIATION-STATED', effect: 'does not state Content-Type on its answers' },
  { ruleId: 'ERR-STATUS-429', effect: 'answers ACCESS_EXCEEDED with 403 instead of 429' },
  {
    ruleId: 'SIGN-RESPONSE-SIGNATURE',
    effect: 'signs its answers with a Digest over other bytes than the body',
  },
]);

/** The rejection as the active error faults would answer it. */
export function applyErrorFaults(
  ctx: Pick<RequestContext, 'faults'>,
  rejection: Rejection,
): Rejection {
  if (ctx.faults.size === 0) return rejection;
  let error = rejection.error;
  const first = error.body.tppMessages[0];
  if (
    faultActive(ctx, 'ERR-NO-500-FOR-BAD-INPUT') &&
    rejection.rule.startsWith('request-schema.body')
  ) {
    error = bankError('SYSTEM_ERROR', 'internal error while reading the request');
  }
  if (faultActive(ctx, 'ERR-STATUS-429') && first?.code === 'ACCESS_EXCEEDED') {
    error = { ...error, status: 403 };
  }
  if (faultActive(ctx, 'ERR-STATUS-404') && first?.code === 'RESOURCE_UNKNOWN') {
    error = { ...error, status: 400 };
  }
  if (faultActive(ctx, 'ERR-BODY-SHAPE') && first) {
    error = { ...error, body: { error: { code: first.code, message: first.text } } as never };
  }
  return { ...rejection, error };
}

/** The final answer as the active response faults would send it. */
export function applyResponseFaults(
  ctx: Pick<RequestContext, 'faults'>,
  response: BankResponse,
): BankResponse {
  let answer = response;
  if (faultActive(ctx, 'SIGN-RESPONSE-SIGNATURE')) {
    const other = createHash('sha256').update(`${response.body} `).digest('base64');
    answer = {
      ...answer,
      headers: {
        ...answer.headers,
        digest: `SHA-256=${other}`,
        signature:
          'keyId="SN=01,CA=CN=Workbench Bank CA",algorithm="rsa-sha256",headers="digest",signature="AAAA"',
      },
    };
  }
  if (!faultActive(ctx, 'HDR-NEGOTIATION-STATED')) return answer;
  const { 'content-type': _dropped, ...headers } = answer.headers;
  return { ...answer, headers };
}
