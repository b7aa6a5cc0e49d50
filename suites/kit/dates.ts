/**
 * Calendar days as the payloads carry them: ISO 8601 `YYYY-MM-DD`, counted in UTC, by the bank's
 * clock (CheckContext.bankNow), never the machine's: a bank whose clock runs ahead would see data
 * dated by the machine as in its past.
 */
import type { CheckContext } from '../../main/core/runner/check-api/index.js';
import { DAY_MS } from '../../main/shared/calendar.js';

export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of the day `days` from `today` (negative: in the past), UTC. */
export function dayFromToday(days: number, today: Date): string {
  return new Date(today.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` `days` from the bank's today (negative: in the past). */
export async function readBankDay(ctx: CheckContext, days = 0): Promise<string> {
  return dayFromToday(days, await ctx.bankNow());
}

/** `YYYY-MM-DD` `days` after `date` (negative: before). */
export function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
