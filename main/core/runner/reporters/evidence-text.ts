/** Plain-text renderings of evidence, shared by the JUnit and console reporters. */
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type { CheckResult, EvidenceItem } from '../../../shared/run-result.js';

/** Bodies longer than this are cut in reports (the JSON result keeps them whole). */
export const REPORT_BODY_MAX = 100_000;

export function truncate(text: string, max: number = REPORT_BODY_MAX): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n… (${text.length - max} more characters cut; the JSON result has the whole body)`;
}

export function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A JSON value as readable text; `undefined` as `(absent)`. */
export function valueText(value: unknown): string {
  if (value === undefined) return '(absent)';
  if (typeof value === 'string') return JSON.stringify(value);
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** How much of each body and header value a report shows (the JSON result keeps them whole). */
export interface TextLimits {
  bodyMax?: number;
  /** Longer header values (a certificate in TPP-Signature-Certificate) are cut; default: none. */
  headerMax?: number;
}

function headerLines(headers: Record<string, string>, limits: TextLimits = {}): string[] {
  const max = limits.headerMax;
  return Object.entries(headers).map(([name, value]) =>
    max !== undefined && value.length > max
      ? `${name}: ${value.slice(0, max)}… (${value.length} characters; whole in the JSON result)`
      : `${name}: ${value}`,
  );
}

/** Response body: pretty JSON when it is JSON, else the text as received. */
export function responseBodyText(exchange: EvidenceExchange): string {
  const response = exchange.response;
  if (!response) return '';
  if (response.json !== undefined) return JSON.stringify(response.json, null, 2);
  return response.body;
}

export function exchangeTitle(exchange: EvidenceExchange): string {
  const outcome = exchange.response
    ? String(exchange.response.status)
    : `no response (${exchange.transportError ?? 'transport error'})`;
  const label = exchange.label ? ` (${exchange.label})` : '';
  return `${exchange.request.method} ${exchange.request.url} → ${outcome}${label}, ${durationText(exchange.timings.durationMs)}`;
}

export function requestText(exchange: EvidenceExchange, limits: TextLimits = {}): string {
  const { request } = exchange;
  const lines = [`${request.method} ${request.url}`, ...headerLines(request.headers, limits)];
  if (request.body !== undefined) lines.push('', truncate(request.body, limits.bodyMax));
  return lines.join('\n');
}

export function responseText(exchange: EvidenceExchange, limits: TextLimits = {}): string {
  const { response } = exchange;
  if (!response) return `no response: ${exchange.transportError ?? 'transport error'}`;
  const lines = [`HTTP ${response.status}`, ...headerLines(response.headers, limits)];
  if (response.body !== '') lines.push('', truncate(responseBodyText(exchange), limits.bodyMax));
  return lines.join('\n');
}

export function exchangeText(exchange: EvidenceExchange): string {
  const parts = [`=== ${exchangeTitle(exchange)}`, '--- request', requestText(exchange)];
  if (exchange.signingString !== undefined)
    parts.push('--- signing string', exchange.signingString);
  parts.push('--- response', responseText(exchange));
  return parts.join('\n');
}

/** Bytes a base64 text decodes to. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

export function evidenceItemText(item: EvidenceItem): string {
  switch (item.kind) {
    case 'exchange':
      return exchangeText(item.exchange);
    case 'note':
      return `note: ${item.text}`;
    case 'assertion':
      return `${item.passed ? 'passed' : 'FAILED'}: ${item.what}`;
    case 'screenshot':
      return `screenshot: ${item.step} at ${item.url} (PNG, ${base64Bytes(item.pngBase64)} bytes; in the JSON and HTML results)`;
  }
}

/** The failure and its evidence as text, for the body of a JUnit <failure>. */
/**
 * A reviewer's decision in one line, e.g. `reviewed: FAIL (2026-11-29T13:00:00.000Z): no boxes`;
 * every report names it so a reader knows the verdict is a person's, not the machine's.
 */
export function reviewText(review: NonNullable<CheckResult['review']>): string {
  return `reviewed: ${review.decision} (${review.at})${review.note ? `: ${review.note}` : ''}`;
}

/** What a check awaiting review asks of its reviewer (REVIEW_WORDS names the wait itself). */
export const AWAITING_REVIEW = 'awaiting review';

export function failureText(result: CheckResult): string {
  const lines: string[] = [];
  if (result.review) lines.push(reviewText(result.review));
  const failure = result.failure;
  if (failure) {
    lines.push(failure.message);
    if (failure.what !== undefined) {
      lines.push('', `what:     ${failure.what}`);
      lines.push(`expected: ${valueText(failure.expected)}`);
      lines.push(`actual:   ${valueText(failure.actual)}`);
    }
    if (failure.error?.stack) lines.push('', failure.error.stack);
  }
  const couldNotTest = result.couldNotTest;
  if (couldNotTest) {
    lines.push(`could not test: ${couldNotTest.reason}`);
    if (couldNotTest.step !== undefined) lines.push(`step:     ${couldNotTest.step}`);
    if (couldNotTest.error) {
      lines.push(
        '',
        `error inside the check: ${couldNotTest.error.name}: ${couldNotTest.error.message}`,
      );
      if (couldNotTest.error.stack) lines.push(couldNotTest.error.stack);
    }
  }
  lines.push('', `rules: ${result.rules.join(', ')}`);
  for (const { rule, section } of result.specSections ?? [])
    lines.push(`spec: ${section} (${rule})`);
  for (const warning of result.warnings) lines.push(`warning: ${warning}`);
  for (const item of result.evidence) lines.push('', evidenceItemText(item));
  return lines.join('\n');
}
