/**
 * §1: "Dates in payloads are ISO 8601 date (`YYYY-MM-DD`) or ISO 8601 date-time
 * (`YYYY-MM-DDThh:mm:ss+00:00`)". Every date-time the bank writes into a payload goes through
 * `formatDateTime`; instants the bank keeps in its state stay `Date#toISOString` (they are compared
 * as strings and never leave the bank as they are).
 */

/** §1 payload date-time: whole seconds, offset `+00:00`. */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/** `2026-11-24T18:25:09+00:00`: the §1 date-time of an instant (UTC, fraction dropped). */
export function formatDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}
