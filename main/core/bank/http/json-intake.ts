/**
 * A JSON document parsed from its bytes as they arrive: neither the bytes nor their text is ever
 * held whole, only the value being built. A snapshot of 100,000 consents and payments is about
 * 140 MB of text; `JSON.parse` needs all of it as one string, beside the bytes it came in (the
 * admin API's `PUT /admin/snapshot`, `workbench bank --state FILE`; docs/performance.md).
 *
 * The parser is @streamparser/json's, which reads what `JSON.parse` reads (RFC 8259): UTF-8, a
 * leading byte order mark ignored, one value with whitespace around it, a later duplicate key
 * winning, and `__proto__` kept as an own key rather than setting the prototype.
 */
import { JSONParser } from '@streamparser/json';
import { createReadStream } from 'node:fs';

/** What the bytes held: the value, or why they are not one JSON document. */
export type JsonIntakeResult = { value: unknown } | { problem: string };

export class JsonIntake {
  /** Bytes written so far, counted whether or not they were parsed. */
  bytes = 0;
  private value: unknown;
  private complete = false;
  private problem: string | undefined;
  /**
   * The bytes are decoded here, strictly (JSON.parse's callers decode with `fatal`), and the
   * parser reads the text: its own UTF-8 decoding lets some invalid bytes through.
   */
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  /** Where the last token began, a character offset in the whole document. */
  private offset = 0;
  private readonly parser = new JSONParser({ paths: ['$'], keepStack: false });

  /**
   * `maxBytes`: the most bytes a listener writes before it answers 413 instead (listener/http.ts
   * `BodySink`); the intake itself parses whatever it is given.
   */
  constructor(readonly maxBytes = Number.POSITIVE_INFINITY) {
    this.parser.onValue = ({ value, parent }) => {
      if (parent !== undefined) return;
      this.value = value;
      this.complete = true;
    };
    // The tokenizer's errors name their byte; the token parser's (a value where a key belongs)
    // do not, so the last token's is kept to name it.
    this.parser.onToken = ({ offset }) => {
      this.offset = offset;
    };
    this.parser.onError = (error) => {
      this.problem ??= this.readable(error.message);
    };
  }

  /** The next bytes; after a problem they are only counted. */
  write(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.problem !== undefined) return;
    let text: string;
    try {
      text = this.utf8.decode(chunk, { stream: true });
    } catch {
      this.problem = `it is not UTF-8 (in bytes ${this.bytes - chunk.length} to ${this.bytes})`;
      return;
    }
    try {
      this.parser.write(text);
    } catch (error) {
      this.problem ??= this.readable((error as Error).message);
    }
  }

  /**
   * The parser's message for a reader: its positions are counted per piece and overall (the
   * overall one, in characters, is the reader's), its states and token names are its own.
   */
  private readable(message: string): string {
    const tokenProblem = /^Unexpected (?:partial )?[A-Z_]+ \((.*)\) in state [A-Z_]+$/.exec(
      message,
    );
    if (tokenProblem) return `Unexpected ${tokenProblem[1]} at character ${this.offset}`;
    if (/ended in (?:the middle|mid-parsing)/.test(message))
      return `it ends after ${this.bytes} bytes, before its value is complete`;
    return message
      .replace(/at chunk position "\d+" \(absolute position "(\d+)"\)/, 'at character $1')
      .replace(/ in state [A-Z_]+$/, '');
  }

  /** No more bytes: the value, or the first problem found. */
  end(): JsonIntakeResult {
    if (this.problem === undefined)
      try {
        this.parser.write(this.utf8.decode());
      } catch {
        this.problem = 'it is not UTF-8 (its last bytes begin a character they do not finish)';
      }
    // A number at the root ends only with the input; an object or array ends the parser itself.
    if (this.problem === undefined && !this.parser.isEnded)
      try {
        this.parser.end();
      } catch (error) {
        this.problem ??= this.readable((error as Error).message);
      }
    if (this.problem !== undefined) return { problem: this.problem };
    if (!this.complete) return { problem: 'there is no JSON value' };
    return { value: this.value };
  }
}

/** The JSON document in the file at `path`, read in pieces (see JsonIntake). */
export async function readJsonFile(path: string): Promise<JsonIntakeResult> {
  const intake = new JsonIntake();
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) intake.write(chunk);
  return intake.end();
}
