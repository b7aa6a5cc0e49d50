/** domain/payments-periodic.ts: the execution days of Berlin Group schedules. */
import { describe, expect, it } from 'vitest';
import type { PeriodicSchedule } from '../../../../main/core/bank/domain/payments.js';
import {
  dueExecutionDays,
  nextExecutionDay,
} from '../../../../main/core/bank/domain/payments-periodic.js';

const schedule = (overrides: Partial<PeriodicSchedule>): PeriodicSchedule => ({
  startDate: '2026-01-31',
  frequency: 'Monthly',
  executions: 0,
  ...overrides,
});

describe('periodic execution days', () => {
  it('monthly on the start day, falling back to the last day of short months', () => {
    expect(dueExecutionDays(schedule({}), '2026-05-01')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('honours dayOfExecution, endDate and what was already executed', () => {
    const s = schedule({ startDate: '2026-01-10', dayOfExecution: '5', endDate: '2026-06-05' });
    expect(dueExecutionDays(s, '2026-12-31')).toEqual([
      '2026-02-05',
      '2026-03-05',
      '2026-04-05',
      '2026-05-05',
      '2026-06-05',
    ]);
    expect(dueExecutionDays({ ...s, executedThrough: '2026-04-05' }, '2026-12-31')).toEqual([
      '2026-05-05',
      '2026-06-05',
    ]);
    expect(nextExecutionDay(s, '2026-06-05')).toBeUndefined();
  });

  it('daily, weekly and every two weeks count days from the start', () => {
    expect(
      dueExecutionDays(schedule({ startDate: '2026-03-01', frequency: 'Daily' }), '2026-03-03'),
    ).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(
      dueExecutionDays(
        schedule({ startDate: '2026-03-01', frequency: 'EveryTwoWeeks' }),
        '2026-04-01',
      ),
    ).toEqual(['2026-03-01', '2026-03-15', '2026-03-29']);
  });

  it('quarterly and MonthlyVariable pick their months', () => {
    expect(
      dueExecutionDays(schedule({ startDate: '2026-01-15', frequency: 'Quarterly' }), '2026-12-31'),
    ).toEqual(['2026-01-15', '2026-04-15', '2026-07-15', '2026-10-15']);
    expect(
      dueExecutionDays(
        schedule({
          startDate: '2026-02-01',
          frequency: 'MonthlyVariable',
          dayOfExecution: '31',
          monthsOfExecution: ['1', '4', '10'],
        }),
        '2027-02-01',
      ),
    ).toEqual(['2026-04-30', '2026-10-31', '2027-01-31']);
  });
});
