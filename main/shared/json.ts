/** JSON as it travels: what `expected`/`actual`, request bodies and parsed responses are made of. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object: what a request body or an answer's body is at its top. */
export type JsonObject = { [key: string]: JsonValue };

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

/**
 * Why `text` is not JSON, without any of its characters: JSON.parse's own message quotes the start
 * of the text (`Unexpected token 'r', "root:*:202"... is not valid JSON`), and a file named by a
 * caller who may not read it must not be shown through an error. Gives "it is empty", "it ends
 * too early" or the line and column where the syntax breaks, when the engine says where.
 */
export function jsonSyntaxProblem(text: string, error: unknown): string {
  if (text.trim() === '') return 'it is empty';
  const message = error instanceof Error ? error.message : '';
  if (/Unexpected end of JSON input/.test(message)) return 'it ends too early';
  const position = /at position (\d+)/.exec(message);
  if (!position) return 'its syntax is broken';
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `its syntax breaks at line ${line}, column ${column}`;
}
