/**
 * What a request does to a bank, read from the request alone, as the target profile's `allows`
 * names it (TargetAllows, docs/targets.md): the effects tests judge the checks' declarations
 * (Check.effects) and a run's permissions by it.
 *
 * - POST /v1/sandbox/initialize resets the sandbox (§1 "an initialisation operation resets the
 *   sandbox to a known state"; decisions.md "Paths").
 * - POST /v1/sandbox/fixed-test-data adds data and replaces an earlier fill with what was attached
 *   to its accounts (the bank's API reference for it; decisions.md "Paths"): both.
 * - Any other POST, PUT, PATCH or DELETE under /v1/sandbox/ creates or changes sandbox data
 *   (§4.3: accounts, balances, transactions, card accounts, agreements, engagements).
 * - DELETE of a payment resource, /v1/{payment-service}/{payment-product}/{paymentId} with the
 *   payment services of decisions.md "Paths" (payments, bulk-payments, periodic-payments), or
 *   anything below one, deletes (cancels) a payment.
 *
 * A request counts whatever the bank answered: the permission is about what the run sends (a
 * refused or misrouted request would still have done it on a bank that took it).
 */
import type { CheckEffect } from '../../../main/core/runner/check-api/index';
import type { EvidenceItem } from '../../../main/core/runner/index';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PAYMENT_SERVICES = ['payments', 'bulk-payments', 'periodic-payments'];

/** The path of a request URL from `/v1/` on (a base URL may carry a prefix of its own). */
function apiPath(url: string): string {
  const pathname = new URL(url).pathname;
  const at = pathname.indexOf('/v1/');
  return at >= 0 ? pathname.slice(at) : pathname;
}

/** The effects one request has on a bank; empty for a read or for anything outside these. */
export function requestEffects(method: string, url: string): CheckEffect[] {
  const verb = method.toUpperCase();
  const path = apiPath(url).replace(/\/+$/, '');
  if (MUTATING.has(verb) && path.startsWith('/v1/sandbox/')) {
    if (verb === 'POST' && path === '/v1/sandbox/initialize') return ['sandbox-reset'];
    if (verb === 'POST' && path === '/v1/sandbox/fixed-test-data')
      return ['sandbox-data', 'sandbox-reset'];
    return ['sandbox-data'];
  }
  const segments = path.split('/').slice(1); // ['v1', service, product, id, ...]
  if (
    verb === 'DELETE' &&
    segments[0] === 'v1' &&
    PAYMENT_SERVICES.includes(segments[1] ?? '') &&
    segments.length >= 4
  )
    return ['payment-delete'];
  return [];
}

/** One request of a check's evidence that has an effect: what it was, for a message. */
export interface EffectfulRequest {
  effect: CheckEffect;
  request: string;
  status: number | undefined;
}

/** Every request in `evidence` with an effect, once per effect it has. */
export function effectfulRequests(evidence: readonly EvidenceItem[]): EffectfulRequest[] {
  const found: EffectfulRequest[] = [];
  for (const item of evidence) {
    if (item.kind !== 'exchange') continue;
    const { method, url } = item.exchange.request;
    for (const effect of requestEffects(method, url))
      found.push({
        effect,
        request: `${method} ${apiPath(url)}`,
        status: item.exchange.response?.status,
      });
  }
  return found;
}
