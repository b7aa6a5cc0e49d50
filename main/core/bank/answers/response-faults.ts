/**
 * Faults in how the bank answers (faults/): errors with the wrong body shape, the wrong status
 * for a code, a 500 for bad input (§7, decisions.md "Errors"); answers that do not state their
 * Content-Type (§4.1); a Date header not in the RFC 7231 form (§1).
 */
import { createHash } from 'node:crypto';
import { bankError } from '../../spec/errors.js';
import { faultActive } from '../faults/index.js';
import type { BankResponse } from '../http/messages.js';
import type { Rejection } from '../http/refusal.js';
import type { RequestContext } from '../context/request-context.js';

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
  ctx: Pick<RequestContext, 'faults' | 'now'>,
  response: BankResponse,
): BankResponse {
  let answer = response;
  // §1: the HTTP layer writes Date as an IMF-fixdate; this fault writes it as ISO 8601 instead.
  if (faultActive(ctx, 'GEN-RESPONSE-DATE-HEADER-RFC-7231'))
    answer = { ...answer, headers: { ...answer.headers, date: ctx.now.toISOString() } };
  if (!faultActive(ctx, 'HDR-NEGOTIATION-STATED')) return answer;
  const { 'content-type': _dropped, ...headers } = answer.headers;
  return { ...answer, headers };
}

/**
 * The answer as sent with the response-signature fault on, applied after the bank's own signing
 * (§5.2.7).
 */
export function applyResponseSignatureFault(
  ctx: Pick<RequestContext, 'faults'>,
  response: BankResponse,
): BankResponse {
  return faultActive(ctx, 'SIGN-RESPONSE-SIGNATURE') ? spoilResponseSignature(response) : response;
}

/**
 * A signed answer keeps its Signature over a Digest of other bytes than the body; an unsigned one
 * gets such a Digest and a Signature that verifies with no certificate (§5.2.7: a TPP that
 * verifies refuses both).
 */
export function spoilResponseSignature(response: BankResponse): BankResponse {
  const digest = `SHA-256=${createHash('sha256').update(`${response.body} `).digest('base64')}`;
  if (response.headers.signature !== undefined)
    return { ...response, headers: { ...response.headers, digest } };
  return {
    ...response,
    headers: {
      ...response.headers,
      digest,
      signature:
        'keyId="SN=01,CA=CN=Workbench Bank CA",algorithm="rsa-sha256",headers="digest",signature="AAAA"',
    },
  };
}
