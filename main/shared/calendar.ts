/**
 * A calendar day in milliseconds. The bank counts days in UTC (ids.ts `bankDay`, §6.1's daily
 * access counts, consent validity), where every day has this length: no daylight saving, and
 * leap seconds are not in JavaScript's time.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
