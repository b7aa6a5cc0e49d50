/**
 * Turns whatever a check compared into JSON that a result file can hold: assertion values can be
 * anything (undefined, bigint, Errors, Maps, cycles), and a result must survive JSON round trips.
 */
import type { JsonValue } from '../check-api/index.js';

const MAX_DEPTH = 20;

/** A JSON rendering of `value`; `undefined` stays undefined (the field is left out). */
export function toJsonValue(value: unknown): JsonValue | undefined {
  return convert(value, new WeakSet(), 0);
}

function convert(value: unknown, seen: WeakSet<object>, depth: number): JsonValue | undefined {
  switch (typeof value) {
    case 'undefined':
      return undefined;
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // NaN and ±Infinity have no JSON form; keep them readable rather than turning them into null.
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return `[function ${value.name || 'anonymous'}]`;
  }
  if (value === null) return null;
  const object = value as object;
  if (seen.has(object)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  seen.add(object);
  try {
    if (value instanceof Date) {
      return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    }
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (value instanceof Map) {
      return convert(Object.fromEntries(value), seen, depth + 1) ?? null;
    }
    if (value instanceof Set) return convert([...value], seen, depth + 1) ?? null;
    if (Array.isArray(value)) {
      // As JSON.stringify does: an undefined array entry becomes null.
      return value.map((entry) => convert(entry, seen, depth + 1) ?? null);
    }
    if (ArrayBuffer.isView(value))
      return `[${value.constructor.name} of ${value.byteLength} bytes]`;
    const result: { [key: string]: JsonValue } = {};
    for (const [key, entry] of Object.entries(object)) {
      const converted = convert(entry, seen, depth + 1);
      if (converted !== undefined) result[key] = converted;
    }
    return result;
  } finally {
    seen.delete(object);
  }
}
