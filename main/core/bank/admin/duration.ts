/**
 * ISO 8601 durations for the admin API's clock moves (docs/ci.md "Admin API"): days, hours,
 * minutes and seconds only (`P1D`, `PT61M`, `P1DT2H30M`, `PT0.5S`), optionally negative (`-PT1H`,
 * ISO 8601-2). Years, months and weeks are refused: their length depends on the calendar.
 */

const DURATION =
  /^(-)?P(?:(\d{1,9})D)?(?:T(?:(\d{1,9})H)?(?:(\d{1,9})M)?(?:(\d{1,9}(?:[.,]\d{1,3})?)S)?)?$/;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds of `text`, or an Error whose message says what is wrong. */
export function parseDurationMs(text: string): number | Error {
  const match = DURATION.exec(text);
  // 'P' and 'PT' alone match the pattern but name no amount.
  if (!match || text.endsWith('P') || text.endsWith('T'))
    return new Error(
      `'${text}' is not an ISO 8601 duration of days, hours, minutes and seconds (e.g. PT61M, P90D, P1DT2H)`,
    );
  const [, sign, days, hours, minutes, seconds] = match;
  const ms =
    Number(days ?? 0) * DAY +
    Number(hours ?? 0) * HOUR +
    Number(minutes ?? 0) * MINUTE +
    Math.round(Number((seconds ?? '0').replace(',', '.')) * SECOND);
  return sign ? -ms : ms;
}
