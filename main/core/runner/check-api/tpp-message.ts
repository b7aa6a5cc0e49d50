/**
 * Whether a `tppMessages` entry names the reason a check expects (docs/writing-checks.md §2: a
 * refusal is matched on its code, path and a word of its text, never on the raw body). One
 * matcher for `ctx.expect.tppMessage` and for the kit, which asks it without asserting (does the
 * bank say why it refused?).
 */
import type { ErrorCode, TppMessage } from '../../spec/errors.js';
import type { TppMessageCategory } from '../../spec/enums.js';

/** What a check expects of the `tppMessages` entry of a refusal. */
export interface ExpectedTppMessage {
  /** The code, or the codes any one of which names the refusal's reason. */
  code: ErrorCode | readonly ErrorCode[];
  /** Default ERROR. */
  category?: TppMessageCategory;
  /**
   * The `path` the entry must carry (case-insensitive): the header or the body field refused,
   * e.g. `Signature`, `X-Request-ID`, `creditorName`; a nested path ending in the field
   * (`[0].bookingDate` for `bookingDate`) or an element of it (`roles[1]` for `roles`) names it
   * too.
   */
  path?: string;
  /** Case-insensitive substring the message text must contain (decisions.md: name the cause). */
  textIncludes?: string;
}

export function matchesTppMessage(
  entry: unknown,
  expected: ExpectedTppMessage,
): entry is TppMessage {
  if (typeof entry !== 'object' || entry === null) return false;
  const message = entry as Record<string, unknown>;
  const codes: readonly unknown[] =
    typeof expected.code === 'string' ? [expected.code] : expected.code;
  if (!codes.includes(message.code)) return false;
  if (message.category !== (expected.category ?? 'ERROR')) return false;
  if (expected.path !== undefined) {
    // A body field may be named where it sits: `[0].bookingDate` names `bookingDate`, and an
    // element of it too: `roles[1]` names `roles`.
    if (typeof message.path !== 'string') return false;
    const wanted = expected.path.toLowerCase();
    const exact = message.path.toLowerCase();
    const path = exact.replace(/(\[\d+\])+$/, '');
    if (exact !== wanted && path !== wanted && !path.endsWith(`.${wanted}`)) return false;
  }
  if (expected.textIncludes === undefined) return true;
  return (
    typeof message.text === 'string' &&
    message.text.toLowerCase().includes(expected.textIncludes.toLowerCase())
  );
}
