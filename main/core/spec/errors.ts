/**
 * §7 Errors: the one catalogue of error codes, their HTTP statuses, and the `tppMessages` body
 * builder every bank answer uses. Pure: no Node-only imports.
 */
import type { TppMessageCategory } from './enums.js';
import { TPP_MESSAGE_TEXT_MAX } from './limits.js';

/** §7.2 allowed codes, in the spec's order, plus REFERENCE_MIX_INVALID (§7.2, §3.2). */
export const ERROR_CODES = [
  'SYSTEM_ERROR',
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'HTTP_HEADER_REQUIRED',
  'QUERY_PARAMETER_REQUIRED',
  'SCA_NOT_FOUND',
  'SCA_EXPIRED',
  'SCA_INVALID',
  'FORMAT_ERROR',
  'RESOURCE_UNKNOWN',
  'PSU_CREDENTIALS_INVALID',
  'CONSENT_UNKNOWN',
  'CONSENT_INVALID',
  'CONSENT_EXPIRED',
  'ACCESS_EXCEEDED',
  'PRODUCT_UNKNOWN',
  'PRODUCT_INVALID',
  'KID_MISSING',
  'KID_INVALID',
  'PAYMENT_FAILED',
  'EXECUTION_DATE_INVALID',
  'REFERENCE_MIX_INVALID',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * HTTP status per code: §7.3 where it states one (KID errors, REFERENCE_MIX_INVALID, signature
 * errors → 400), else decisions.md "Errors" (the Berlin Group mapping).
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  SYSTEM_ERROR: 500,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  HTTP_HEADER_REQUIRED: 400,
  QUERY_PARAMETER_REQUIRED: 400,
  SCA_NOT_FOUND: 401,
  SCA_EXPIRED: 401,
  SCA_INVALID: 401,
  FORMAT_ERROR: 400,
  RESOURCE_UNKNOWN: 404,
  PSU_CREDENTIALS_INVALID: 401,
  CONSENT_UNKNOWN: 403,
  CONSENT_INVALID: 401,
  CONSENT_EXPIRED: 401,
  ACCESS_EXCEEDED: 429,
  PRODUCT_UNKNOWN: 404,
  PRODUCT_INVALID: 400,
  KID_MISSING: 400,
  KID_INVALID: 400,
  PAYMENT_FAILED: 400,
  EXECUTION_DATE_INVALID: 400,
  REFERENCE_MIX_INVALID: 400,
};

/**
 * Transport conditions whose status is not the code's default. The body still carries a §7.2
 * code (the spec allows no other): these are the only statuses outside ERROR_STATUS the bank uses.
 */
export const TRANSPORT_STATUS = {
  /** Bodies over the limit (1 MiB). Code BAD_REQUEST. */
  payloadTooLarge: 413,
  /** Known path, method not offered there (RFC 9110 §15.5.6). Code BAD_REQUEST. */
  methodNotAllowed: 405,
} as const;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** §2.1 TppMessage. */
export interface TppMessage {
  category: TppMessageCategory;
  code: ErrorCode;
  path?: string;
  text?: string;
}

export interface TppMessagesBody {
  tppMessages: TppMessage[];
}

/** A complete error answer: status and `{ tppMessages }` body. */
export interface BankError {
  status: number;
  body: TppMessagesBody;
}

export interface BankErrorOptions {
  /** JSON path or parameter name the message is about (§2.1 TppMessage `path`). */
  path?: string;
  /** Only for TRANSPORT_STATUS conditions; every other answer takes the code's status. */
  status?: number;
  category?: TppMessageCategory;
}

const ELLIPSIS = '…';

/**
 * §2.1 / §8: a TppMessage text holds at most 512 characters. Cuts on a code-point boundary (never
 * half a surrogate pair) and marks the cut with an ellipsis, so the result is valid UTF-16 and at
 * most `max` UTF-16 units (hence also at most `max` code points, which is what JSON Schema counts).
 */
export function truncateTppText(text: string, max: number = TPP_MESSAGE_TEXT_MAX): string {
  if (text.length <= max) return text;
  let end = max - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // would split a surrogate pair
  return text.slice(0, end) + ELLIPSIS;
}

/** One TppMessage with the text cut to the §8 limit. */
export function tppMessage(
  code: ErrorCode,
  text: string,
  options: { path?: string; category?: TppMessageCategory } = {},
): TppMessage {
  const message: TppMessage = { category: options.category ?? 'ERROR', code };
  if (options.path !== undefined) message.path = options.path;
  message.text = truncateTppText(text);
  return message;
}

/** The error answer for `code`: status per ERROR_STATUS and a one-message `tppMessages` body. */
export function bankError(
  code: ErrorCode,
  text: string,
  options: BankErrorOptions = {},
): BankError {
  const messageOptions: { path?: string; category?: TppMessageCategory } = {};
  if (options.path !== undefined) messageOptions.path = options.path;
  if (options.category !== undefined) messageOptions.category = options.category;
  return {
    status: options.status ?? ERROR_STATUS[code],
    body: { tppMessages: [tppMessage(code, text, messageOptions)] },
  };
}
