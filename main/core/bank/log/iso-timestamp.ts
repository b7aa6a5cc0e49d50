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
