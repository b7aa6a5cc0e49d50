/**
 * Header lists for route definitions, in the words of §4.1–§4.3. A route states its required and
 * optional headers with these; the header stage and /openapi.json read the result.
 */
import { headerGroup } from '../../spec/headers.js';

/** §4.1 negotiation group (all optional), including Content-Type on requests with a body. */
export const NEGOTIATION = headerGroup('negotiation');

/** §4.1 signed request group without Digest (Digest is required only with a body). */
export const SIGNED_REQUEST = ['x-request-id', 'tpp-signature-certificate', 'signature'] as const;

/** Signed-request headers that may appear: Digest (with a body) and Date (signed when present, §5.2.4). */
export const SIGNED_OPTIONAL = ['digest', 'date'] as const;

/** Every §4.1 PSU header. */
export const PSU_HEADERS = headerGroup('psu');

/** Builds a header declaration: required first; optional minus anything already required. */
export function headerSet(
  required: readonly string[],
  optional: readonly string[],
): { required: readonly string[]; optional: readonly string[] } {
  const requiredSet = new Set(required);
  const optionalUnique = [...new Set(optional)].filter((key) => !requiredSet.has(key));
  return { required: [...requiredSet], optional: optionalUnique };
}
