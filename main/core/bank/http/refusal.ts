/**
 * A refusal: what any stage, handler or domain rule answers instead of going on, built from the
 * error catalogue (main/core/spec/errors.ts, design property 4). It knows nothing of the request
 * context, so the domain can refuse without importing it.
 */
import type { SigningForensics } from '../../signature/index.js';
import type { BankError } from '../../spec/errors.js';

/** A refusal: the error answer plus the id of the rule that refused (for the log). */
export interface Rejection {
  kind: 'rejection';
  rule: string;
  error: BankError;
  /** Extra response headers (e.g. Allow on 405). */
  headers?: Record<string, string>;
  /** Signature stage: the signing-string forensics of a refused signature (TPP findings). */
  forensics?: SigningForensics;
}

export function reject(
  rule: string,
  error: BankError,
  headers?: Record<string, string>,
): Rejection {
  return headers ? { kind: 'rejection', rule, error, headers } : { kind: 'rejection', rule, error };
}

export function isRejection(value: unknown): value is Rejection {
  return typeof value === 'object' && value !== null && (value as Rejection).kind === 'rejection';
}
