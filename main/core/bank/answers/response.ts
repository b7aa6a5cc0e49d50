/**
 * Building the HTTP answer: JSON body, Content-Type, X-Request-ID echoed. Errors
 * come only from the spec catalogue (main/core/spec/errors.ts).
 */
import { bankError } from '../../spec/errors.js';
import type { BankRequest, BankResponse } from '../http/messages.js';
import type { HandlerResult } from '../context/request-context.js';
import type { Rejection } from '../http/refusal.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Characters node:http allows in a header value; anything else is not echoed. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]{1,256}$/;

function baseHeaders(request: BankRequest): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': JSON_CONTENT_TYPE };
  const requestId = request.headers['x-request-id'];
  if (requestId !== undefined && HEADER_VALUE.test(requestId)) headers['x-request-id'] = requestId;
  return headers;
}

export function rejectionResponse(request: BankRequest, rejection: Rejection): BankResponse {
  return {
    status: rejection.error.status,
    headers: { ...baseHeaders(request), ...rejection.headers },
    body: JSON.stringify(rejection.error.body),
    json: rejection.error.body,
  };
}

/** Serialises a handler result; a body that cannot be serialised is a bank bug (SYSTEM_ERROR). */
export function handlerResponse(request: BankRequest, result: HandlerResult): BankResponse {
  const headers = { ...baseHeaders(request), ...result.headers };
  if (result.body === undefined) {
    delete headers['content-type'];
    return { status: result.status, headers, body: '' };
  }
  let body: string;
  try {
    body = result.bodyText ?? JSON.stringify(result.body);
  } catch (error) {
    const failure = bankError(
      'SYSTEM_ERROR',
      `response could not be serialised: ${(error as Error).message}`,
    );
    return {
      status: failure.status,
      headers: baseHeaders(request),
      body: JSON.stringify(failure.body),
    };
  }
  return { status: result.status, headers, body };
}
