/**
 * A saved request's assertion (docs/collections.md, "Running a collection") and the words that
 * name it: `status 201`, `status 2xx`, `$.consentStatus == "received"`, `$.consentId exists`.
 * Shared, so the Collections panel shows and edits assertions in the words main reads back
 * (main/core/collections/assertions.ts judges them).
 */
import type { JsonValue } from './json.js';

export type RequestAssertion =
  | { kind: 'status'; expected: string }
  | { kind: 'json'; path: string; op: 'equals'; value: JsonValue }
  | { kind: 'json'; path: string; op: 'exists' };

/** The assertion in words: also how the reports and the CLI name it. */
export function assertionName(assertion: RequestAssertion): string {
  if (assertion.kind === 'status') return `status ${assertion.expected}`;
  if (assertion.op === 'exists') return `${assertion.path} exists`;
  return `${assertion.path} == ${JSON.stringify(assertion.value)}`;
}
