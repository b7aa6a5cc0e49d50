/**
 * A request body's JSON as the recorder's judges read it. Two judges read a payment initiation's
 * body (payment-refusals.ts, sca-exemption.ts), so the text seen last is parsed once for both.
 * The value is shared: a judge reads it and never changes it.
 */

let lastText: string | undefined;
let lastValue: unknown;

/** The parsed body, or undefined when it is absent or no JSON (JSON.parse never gives undefined). */
export function bodyJson(bodyText: string | undefined): unknown {
  if (bodyText === undefined) return undefined;
  if (bodyText !== lastText) {
    lastText = bodyText;
    try {
      lastValue = JSON.parse(bodyText) as unknown;
    } catch {
      lastValue = undefined;
    }
  }
  return lastValue;
}
