/**
 * JSON from a bank, parsed only after cheap guards. A bank under test is not trusted: an answer of
 * a few MiB nested thousands of levels deep makes JSON.parse (and every walk after it) cost
 * gigabytes. So the size and the nesting depth are checked first, by one linear scan that skips
 * strings and stops at the first level past the cap; only then is the text parsed. Every place
 * the client, the runner and the CLI parse a bank's answer goes through `parseBankJson`.
 */
import type { JsonRefusal } from '../../shared/exchange.js';
import { nestsDeeperThan } from '../../shared/json.js';
import { MAX_JSON_NESTING } from '../spec/limits.js';

/** Largest answer text parsed as JSON, in characters. */
export const DEFAULT_MAX_JSON_CHARS = 8 * 1024 * 1024;
/** Deepest nesting of arrays and objects parsed; the bank refuses requests deeper than this too. */
export const DEFAULT_MAX_JSON_DEPTH = MAX_JSON_NESTING;
/** How much of a refused body is kept as evidence. */
export const REFUSED_BODY_EXCERPT_CHARS = 64 * 1024;

export interface JsonLimits {
  maxChars?: number;
  maxDepth?: number;
}

/** Why a body was not parsed: a named finding the caller reports, never an exception. */
export type { JsonRefusal };

export type SafeJsonResult =
  | { ok: true; value: unknown }
  | { ok: false; refusal: JsonRefusal }
  | { ok: false; refusal?: undefined; invalid: true };

/** Checks size and depth, then parses. Invalid JSON is `{ ok: false, invalid: true }`. */
export function parseBankJson(text: string, limits: JsonLimits = {}): SafeJsonResult {
  const maxChars = limits.maxChars ?? DEFAULT_MAX_JSON_CHARS;
  const maxDepth = limits.maxDepth ?? DEFAULT_MAX_JSON_DEPTH;
  if (text.length > maxChars) {
    return {
      ok: false,
      refusal: {
        code: 'JSON_TOO_LARGE',
        message: `JSON answer not parsed: ${text.length} characters, over the limit of ${maxChars}`,
      },
    };
  }
  if (nestsDeeperThan(text, maxDepth)) {
    return {
      ok: false,
      refusal: {
        code: 'JSON_TOO_DEEP',
        message: `JSON answer not parsed: nested deeper than ${maxDepth} levels`,
      },
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, invalid: true };
  }
}

/** The start of a refused body, marked as cut, for evidence. */
export function bodyExcerpt(text: string, maxChars = REFUSED_BODY_EXCERPT_CHARS): string {
  return text.length <= maxChars
    ? text
    : `${text.slice(0, maxChars)}… [${text.length - maxChars} more characters not kept]`;
}
