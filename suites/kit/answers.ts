/**
 * Reading what the bank answered, over HTTP only: the JSON body and the links it carries (hrefs
 * may be relative to the bank's base URL).
 */
import type { CheckContext, EvidenceExchange } from '../../main/core/runner/check-api/index.js';

/** The response body as JSON, typed by the caller (checks judge its shape themselves). */
export function json<T = Record<string, unknown>>(exchange: EvidenceExchange): T {
  return exchange.response?.json as T;
}

/**
 * The response body as a JSON object, asserted before any field of it is read: an answer whose
 * body is not one (another Content-Type, text that does not parse) FAILS the check on that
 * assertion, where a read of a field would end it on an exception ("could not test").
 */
export function expectJsonObject<T = Record<string, unknown>>(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  what: string,
): T {
  const body = exchange.response?.json;
  const contentType = Object.entries(exchange.response?.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'content-type',
  )?.[1];
  ctx.expect.true(
    typeof body === 'object' && body !== null && !Array.isArray(body),
    `${what}: the body is a JSON object (Content-Type: ${contentType ?? 'none'})`,
  );
  return body as T;
}

interface Link {
  href: string;
}

/** `_links.scaRedirect.href` of an answer, or undefined. */
export function scaRedirectOf(exchange: EvidenceExchange): string | undefined {
  const links = json<{ _links?: Record<string, Link | undefined> } | undefined>(exchange)?._links;
  const href = links?.scaRedirect?.href;
  return typeof href === 'string' ? href : undefined;
}

/** Absolute URL of a link the bank gave (hrefs may be relative to the bank's base URL). */
export function absoluteHref(href: string, exchange: EvidenceExchange): string {
  return new URL(href, exchange.request.url).toString();
}

/** The query parameters of a link's href. */
export function paramsOf(href: string): Record<string, string> {
  return Object.fromEntries(new URL(href, 'http://bank.invalid').searchParams);
}

/** The path (no query) of a link's href. */
export function pathOf(href: string): string {
  return new URL(href, 'http://bank.invalid').pathname;
}
