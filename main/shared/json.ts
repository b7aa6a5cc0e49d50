/** JSON as it travels: what `expected`/`actual`, request bodies and parsed responses are made of. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * True when the nesting of arrays and objects in JSON `text` goes deeper than `maxDepth`: one
 * linear pass that skips string contents (and escaped characters in them) and stops at the first
 * level too deep. Run before JSON.parse, so nothing recursive ever sees a deeper document: the
 * bank on requests (§8 limits) and the client on a bank's answers.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}
