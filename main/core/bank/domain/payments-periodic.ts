/**
 * Periodic payments' own schedule (§1: the sandbox batch covers all payments except periodic
 * ones): the execution days a Berlin Group schedule (startDate, endDate, frequency, dayOfExecution,
 * monthsOfExecution) names. Workbench choices (docs/payments.md): days are bank dates (UTC); a
 * day of execution past the month's end means its last day ("31" is ultimo); the bank keeps no
 * holiday calendar, so `executionRule` never moves a day.
 */
import type { PeriodicFrequency } from '../../spec/enums.js';
import type { PeriodicSchedule } from './payments.js';
import { DAY_MS } from '../../../shared/calendar.js';

const MONTH_STEP: Partial<Record<PeriodicFrequency, number>> = {
  Monthly: 1,
  EveryTwoMonths: 2,
  Quarterly: 3,
  SemiAnnual: 6,
  Annual: 12,
};

const DAY_STEP: Partial<Record<PeriodicFrequency, number>> = {
  Daily: 1,
  Weekly: 7,
  EveryTwoWeeks: 14,
};

const toDay = (date: Date) => date.toISOString().slice(0, 10);
const parseDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The execution day in `year`/`month` (0-based) for a day of the month, clamped to its end. */
function dayIn(year: number, month: number, dayOfMonth: number): string {
  return toDay(new Date(Date.UTC(year, month, Math.min(dayOfMonth, daysInMonth(year, month)))));
}

/**
 * The first execution day of `schedule` strictly after `after` (or from startDate when absent),
 * up to endDate; undefined when the schedule has no further day.
 */
export function nextExecutionDay(schedule: PeriodicSchedule, after?: string): string | undefined {
  const start = parseDay(schedule.startDate);
  const floor = after !== undefined && after >= schedule.startDate ? after : undefined;
  const within = (day: string) =>
    (floor === undefined ? day >= schedule.startDate : day > floor) &&
    (schedule.endDate === undefined || day <= schedule.endDate);
  const beyondEnd = (day: string) => schedule.endDate !== undefined && day > schedule.endDate;

  const dayStep = DAY_STEP[schedule.frequency];
  if (dayStep !== undefined) {
    let index = 0;
    if (floor !== undefined)
      index = Math.floor((parseDay(floor).getTime() - start.getTime()) / (dayStep * DAY_MS)) + 1;
    const day = toDay(new Date(start.getTime() + index * dayStep * DAY_MS));
    return within(day) ? day : undefined;
  }

  const dayOfMonth = Number(schedule.dayOfExecution ?? start.getUTCDate());
  const monthStep = MONTH_STEP[schedule.frequency];
  const months =
    schedule.frequency === 'MonthlyVariable'
      ? new Set((schedule.monthsOfExecution ?? []).map((month) => Number(month) - 1))
      : undefined;
  if (months !== undefined && months.size === 0) return undefined;
  // Walk months from the start month; at most a few years of months before something matches.
  for (let offset = 0; offset < 12 * 50; offset++) {
    const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + offset) / 12);
    const month = (start.getUTCMonth() + offset) % 12;
    const scheduled = months !== undefined ? months.has(month) : offset % (monthStep ?? 1) === 0;
    if (!scheduled) continue;
    const day = dayIn(year, month, dayOfMonth);
    if (beyondEnd(day)) return undefined;
    if (within(day)) return day;
  }
  return undefined;
}

/** Every execution day of the schedule up to and including `through`, after those done. */
export function dueExecutionDays(schedule: PeriodicSchedule, through: string): string[] {
  const days: string[] = [];
  let day = nextExecutionDay(schedule, schedule.executedThrough);
  while (day !== undefined && day <= through && days.length < 10_000) {
    days.push(day);
    day = nextExecutionDay(schedule, day);
  }
  return days;
}
