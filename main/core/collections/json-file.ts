/**
 * Reading a collection file's text as JSON, with an error that says where it is not, and the maps
 * of names from it. Pure.
 */
import { CollectionFormatError } from './model.js';

/**
 * Where JSON.parse stopped, without the text its message quotes ("Unexpected token 'S',
 * \"SECRET=...\" is not valid JSON"): a file that is no JSON may be a secret, and an error must not
 * echo it.
 */
function jsonSyntaxError(error: unknown): string {
  const message = String((error as Error)?.message ?? error);
  const position = /at position (\d+)(?: \(line (\d+) column (\d+)\))?/.exec(message);
  if (position?.[2]) return `it stops being JSON at line ${position[2]}, column ${position[3]}`;
  if (position) return `it stops being JSON at character ${position[1]}`;
  if (/end of (JSON )?input/i.test(message)) return 'it ends before the JSON does';
  return 'it has a character JSON does not allow there';
}

export function parsedJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CollectionFormatError(`${what} is not JSON: ${jsonSyntaxError(error)}.`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `record[key]` only when the record has the key itself: a name from a file ("__proto__",
 * "constructor") never reaches what every object inherits.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** An empty map for names from a file: without a prototype, "__proto__" is a name like any other. */
export function ownMap<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
