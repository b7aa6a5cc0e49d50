/** Reading a recorded exchange's bodies (the record itself: main/shared/exchange.ts). */
import type { JsonValue } from '../../shared/json.js';

/** Text of a body for display and export; undefined when it is not valid UTF-8. */
export function utf8Text(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export function parseJson(text: string, contentType: string | undefined): JsonValue | undefined {
  if (text === '' || !(contentType ?? '').toLowerCase().includes('json')) return undefined;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}
