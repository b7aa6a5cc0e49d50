/**
 * Judging one case: the property every answer keeps (a success, or a well-formed error — a
 * tppMessages body, or the HTML error page on the SCA page routes — never ≥ 500, never no
 * answer), the outcome the spec fixes for some mutations, and the case described for a failure.
 */
import type { RouteDefinition } from '../../../../main/core/bank/index.js';
import { ErrorResponseSchema } from '../../../../main/core/spec/schemas/shared.js';
import { SpecValidator } from '../../../../main/core/spec/validation.js';
import type { BankUnderTest } from './bank-setup.js';
import type { Built } from './mutated-request.js';
import type { Mutation } from './mutations.js';
import type { Outcome } from './send.js';

const validator = new SpecValidator();

/** Undefined when the answer keeps the property; else what is wrong. */
export function violation(
  route: RouteDefinition,
  built: Built,
  outcome: Outcome,
): string | undefined {
  if (outcome.kind !== 'answer') return `no HTTP answer (${outcome.kind}: ${outcome.detail})`;
  const { status, headers, body } = outcome;
  const type = headers['content-type'] ?? '';
  const text = body.toString('utf8');
  if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`;
  if (status < 200) return `status ${status}`;
  const isPage = /^text\/html/.test(type);
  const pageRoute = route.kind === 'page' && built.wire.target.startsWith('/sca/');
  if (status < 400) {
    if (pageRoute) {
      if (!/^text\/(html|css)/.test(type)) return `page answer ${status} with content-type ${type}`;
      if (status >= 300 && !headers.location) return `redirect ${status} without Location`;
      return undefined;
    }
    if (status === 204) return body.length === 0 ? undefined : '204 with a body';
    if (!/^application\/json/.test(type)) return `success ${status} with content-type ${type}`;
    try {
      JSON.parse(text);
    } catch {
      return `success ${status} whose body is not JSON`;
    }
    return undefined;
  }
  if (isPage) {
    if (!pageRoute) return `HTML error ${status} outside the SCA pages`;
    return /data-testid="(sca-page|error-message)"/.test(text)
      ? undefined
      : `HTML error ${status} that is not an SCA page`;
  }
  if (!/^application\/json/.test(type)) return `error ${status} with content-type ${type}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `error ${status} whose body is not JSON: ${text.slice(0, 200)}`;
  }
  const check = validator.check(ErrorResponseSchema, parsed);
  return check.ok ? undefined : `error ${status} is not a tppMessages body: ${text.slice(0, 300)}`;
}

/** Undefined when the answer is what the spec fixes for the case (Built.expect), if it fixes any. */
export function expectationFailure(built: Built, outcome: Outcome): string | undefined {
  if (outcome.kind !== 'answer' || !built.expect) return undefined;
  const { status } = outcome;
  switch (built.expect) {
    case 'status-413':
      return status === 413 ? undefined : `a body over 1 MiB answered ${status}, not 413`;
    case 'not-413':
      return status === 413 ? 'a body within 1 MiB answered 413' : undefined;
    case 'refused':
      return status >= 400 ? undefined : `accepted (${status}) what the spec refuses`;
  }
}

/** The case as JSON (long values cut short), for the message of a failure. */
export function describeCase(
  route: RouteDefinition,
  target: BankUnderTest,
  built: Built,
  m: Mutation,
) {
  const wire = built.wire;
  return JSON.stringify({
    mode: target.mode,
    route: route.operationId,
    mutation: m,
    method: wire.method,
    target: wire.target.slice(0, 200),
    headers: wire.headers.map(([n, v]) => [n, v.slice(0, 120)]),
    bodyBytes: wire.body?.length ?? 0,
  });
}
