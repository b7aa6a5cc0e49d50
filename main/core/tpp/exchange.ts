/** Reading a recorded exchange's bodies (the record itself: main/shared/exchange.ts). */
import type { JsonRefusal } from '../../shared/exchange.js';
import type { JsonValue } from '../../shared/json.js';
import { parseBankJson, type JsonLimits } from './safe-json.js';

/** Text of a body for display and export; undefined when it is not valid UTF-8. */
export function utf8Text(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * A JSON answer's value, through the size and depth guards of safe-json.ts. `refusal` is set when a
 * guard refused the text; invalid JSON or another content type is neither value nor refusal.
 */
export function parseJson(
  text: string,
  contentType: string | undefined,
  limits?: JsonLimits,
): { json?: JsonValue; refusal?: JsonRefusal } {
  if (text === '' || !(contentType ?? '').toLowerCase().includes('json')) return {};
  const parsed = parseBankJson(text, limits);
  if (parsed.ok) return { json: parsed.value as JsonValue };
  return parsed.refusal ? { refusal: parsed.refusal } : {};
}
