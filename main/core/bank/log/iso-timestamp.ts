/**
 * ISO 8601 text of an instant (`Date#toISOString`), remembered for the millisecond asked last.
 * The request log stamps every exchange twice (its arrival on the wall clock, its moment on the
 * bank clock), and under load many requests share a millisecond; formatting a date is about a
 * microsecond, comparing two numbers is nothing.
 */
export function isoTimestamps(): (epochMs: number) => string {
  let lastMs = Number.NaN;
  let lastText = '';
  return (epochMs) => {
    if (epochMs !== lastMs) {
      lastText = new Date(epochMs).toISOString();
      lastMs = epochMs;
    }
    return lastText;
  };
}

/**
 * RFC 9110 §5.6.7 IMF-fixdate text of an instant (`Date#toUTCString`), remembered for the second
 * asked last: every answer carries a Date header (assembly/pipeline.ts), and the text only changes
 * once a second.
 */
export function httpDates(): (epochMs: number) => string {
  let lastSecond = Number.NaN;
  let lastText = '';
  return (epochMs) => {
    const second = Math.floor(epochMs / 1000);
    if (second !== lastSecond) {
      lastText = new Date(epochMs).toUTCString();
      lastSecond = second;
    }
    return lastText;
  };
}
