/**
 * JSON bodies rewritten as text, for what JSON.stringify cannot make: a raw token where a number
 * stands, another amount, a value nested n levels deep, a body padded to a byte size.
 */
import type { JsonValue } from './well-formed.js';

/** JSON text of `value` with one part replaced by raw text (tokens that JSON.stringify cannot make). */
export function withRawToken(value: JsonValue, token: string, leaf: number): string {
  const marker = JSON.stringify('\u0000TOKEN\u0000');
  const leaves: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const amountLeaves: typeof leaves = [];
  const copy = structuredClone(value);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(node, i, item));
    else if (node && typeof node === 'object')
      for (const [key, item] of Object.entries(node))
        visit(node as Record<string, unknown>, key, item);
  };
  const visit = (
    parent: (typeof leaves)[number]['parent'],
    key: string | number,
    item: unknown,
  ) => {
    if (typeof item === 'number') leaves.push({ parent, key });
    else if (key === 'amount') amountLeaves.push({ parent, key });
    walk(item);
  };
  walk(copy);
  const candidates = leaves.length > 0 ? leaves : amountLeaves;
  if (candidates.length === 0) {
    // Nothing numeric: add a field (an object body) or an element (an array body).
    const text = JSON.stringify(copy ?? {});
    if (Array.isArray(copy)) return text === '[]' ? `[${token}]` : `${text.slice(0, -1)},${token}]`;
    return text === '{}' ? `{"limit":${token}}` : `${text.slice(0, -1)},"limit":${token}}`;
  }
  const { parent, key } = candidates[leaf % candidates.length]!;
  (parent as Record<string, unknown>)[key as string] = '\u0000TOKEN\u0000';
  return JSON.stringify(copy).replace(marker, token);
}

/** A copy of a payment body (or any object body) with `instructedAmount` set to amount and currency. */
export function setAmount(value: JsonValue, amount: string | number, currency: string): JsonValue {
  const copy = structuredClone(value) as Record<string, unknown>;
  const target = Array.isArray(copy.payments)
    ? (copy.payments[0] as Record<string, unknown>)
    : copy;
  if (target && typeof target === 'object' && 'instructedAmount' in target)
    target.instructedAmount = { amount, currency };
  else if (copy && typeof copy === 'object' && !Array.isArray(copy))
    copy.instructedAmount = { amount, currency };
  return copy;
}

/** JSON text of an empty array or object nested `depth` levels deep. */
export function nested(depth: number, shape: string): string {
  if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  return '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
}

/** JSON text of `value` grown with `extra` (raw JSON) as a field or element. */
export function grown(value: JsonValue | undefined, extra: string, field = 'padding'): string {
  if (value === undefined) return extra;
  const text = JSON.stringify(value);
  if (Array.isArray(value)) return text === '[]' ? `[${extra}]` : `${text.slice(0, -1)},${extra}]`;
  if (value && typeof value === 'object')
    return text === '{}' ? `{"${field}":${extra}}` : `${text.slice(0, -1)},"${field}":${extra}}`;
  return extra;
}

/** `value` as JSON text grown with a padding string to `size` characters (none when longer). */
export function padTo(value: JsonValue | undefined, size: number): Buffer {
  const empty = grown(value ?? {}, '""').length;
  const text = grown(value ?? {}, `"${'x'.repeat(Math.max(0, size - empty))}"`);
  return Buffer.from(text);
}
