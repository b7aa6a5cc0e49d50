/**
 * Secret variables leave the workbench only as their names (docs/variables.md, "Secret
 * values"): every text of an exchange (URL, headers, body, the answer, the signing string) with
 * each exact secret value, and its URL-encoded spelling, replaced by `{{name}}`. The exchange
 * sent is not changed; the copy is what History, HAR and curl show. Pure.
 */
import type { Exchange } from '../../shared/exchange.js';

/** A secret variable's name and the value `{{name}}` stood for when the request was sent. */
export interface SecretValue {
  name: string;
  value: string;
}

/** Each spelling of each value, the longest first, so a value inside a longer one is not cut. */
function spellings(secrets: readonly SecretValue[]): [string, string][] {
  const pairs = new Map<string, string>();
  for (const { name, value } of secrets) {
    if (!value) continue;
    for (const spelling of [value, encodeURIComponent(value)])
      if (!pairs.has(spelling)) pairs.set(spelling, `{{${name}}}`);
  }
  return [...pairs].sort(([a], [b]) => b.length - a.length);
}

/** The text with every secret value in it replaced by its `{{name}}`. */
export function redactedText(text: string, secrets: readonly SecretValue[]): string {
  let out = text;
  for (const [spelling, reference] of spellings(secrets)) out = out.split(spelling).join(reference);
  return out;
}

function redacted(node: unknown, secrets: readonly SecretValue[]): unknown {
  if (typeof node === 'string') return redactedText(node, secrets);
  if (Array.isArray(node)) return node.map((item) => redacted(item, secrets));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    out[redactedText(key, secrets)] = redacted(value, secrets);
  return out;
}

/** A copy of plain data (a report, a run's results) with no secret value left in its strings. */
export function redactedData<T>(data: T, secrets: readonly SecretValue[]): T {
  return spellings(secrets).length === 0 ? data : (redacted(data, secrets) as T);
}

/** A copy of the exchange with no secret value left in any of its texts. */
export function redactedExchange(exchange: Exchange, secrets: readonly SecretValue[]): Exchange {
  if (spellings(secrets).length === 0) return exchange;
  return redacted(exchange, secrets) as Exchange;
}
