/**
 * Reading what the bank answered, over HTTP only: the JSON body and the links it carries (hrefs
 * may be relative to the bank's base URL).
 */
import type { EvidenceExchange } from '../../main/core/runner/check-api/index.js';

/** The response body as JSON, typed by the caller (checks judge its shape themselves). */
export function json<T = Record<string, unknown>>(exchange: EvidenceExchange): T {
  return exchange.response?.json as T;
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
