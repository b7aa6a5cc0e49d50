/** domain/batch.ts: when batch runs happen, catching up lazily, and the bank console's extra run.
 * */
import { describe, expect, it } from 'vitest';
import {
  nextBatchRun,
  runBatchNow,
  runDueBatches,
  startDueBatches,
} from '../../../../main/core/bank/domain/batch.js';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import type { DomainState, Payment } from '../../../../main/core/bank/domain/model.js';
import { withPaymentToKari } from '../payment-fixtures.js';

const at = (time: string) => new Date(`2026-03-10T${time}:00.000Z`);

function withPayment(state: DomainState, overrides: Partial<Payment> = {}): Payment {
  return withPaymentToKari(
    state,
    at('09:30').toISOString(),
    { transactionStatus: 'ACTC', ...overrides },
    { duplicateKey: 'k', approvedAt: at('10:00').toISOString() },
  );
}

describe('the batch schedule (§1: five runs a day)', () => {
  it('finds the next run after an instant, across midnight', () => {
    const state = buildInitialState(at('00:00'));
    expect(nextBatchRun(state, at('10:00'))?.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(nextBatchRun(state, at('12:00'))?.toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(nextBatchRun(state, at('18:30'))?.toISOString()).toBe('2026-03-11T06:00:00.000Z');
    state.behaviour.faultProfiles = ['SANDBOX-BATCH-5-PER-DAY'];
    expect(nextBatchRun(state, at('10:00'))?.toISOString()).toBe('2026-03-11T06:00:00.000Z');
    state.behaviour.batchTimes = [];
    expect(nextBatchRun(state, at('10:00'))).toBeUndefined();
  });

  it('a bank that never ran starts counting at its first request', () => {
    const state = buildInitialState(at('00:00'));
    const payment = withPayment(state);
    expect(runDueBatches(state, at('13:00')).runs).toEqual([]);
    expect(payment.transactionStatus).toBe('ACTC');
    expect(state.behaviour.lastBatchRunAt).toBe(at('13:00').toISOString());
  });

  it('catches up every run due, settles once, and remembers the last scheduled run', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = at('09:00').toISOString();
    const payment = withPayment(state);
    const report = runDueBatches(state, at('16:00'));
    expect(report.runs).toEqual([at('12:00').toISOString()]);
    expect(report.settled).toEqual([payment.paymentId]);
    expect(payment.transactionStatus).toBe('ACSC');
    expect(payment.transactionIds).toHaveLength(2); // debit, and Kari's credit
    expect(state.behaviour.lastBatchRunAt).toBe(at('15:00').toISOString());
    expect(runDueBatches(state, at('17:00')).settled).toEqual([]);
  });

  it('counts from now again when the clock was moved back before its last run', () => {
    const state = buildInitialState(at('00:00'));
    // The last run a year ahead: a clock check moved the clock forward, and the run undid it.
    state.behaviour.lastBatchRunAt = new Date(
      at('09:00').getTime() + 365 * 86_400_000,
    ).toISOString();
    const payment = withPayment(state);
    expect(runDueBatches(state, at('10:00')).runs).toEqual([]);
    expect(state.behaviour.lastBatchRunAt).toBe(at('10:00').toISOString());
    // The 12:00 run of today comes, rather than none until next year.
    expect(runDueBatches(state, at('13:00')).settled).toEqual([payment.paymentId]);
  });

  it('after a jump of two centuries, finds the last run at once', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = '2000-01-01T00:00:00.000Z';
    const payment = withPayment(state);
    const started = performance.now();
    const report = runDueBatches(state, new Date('2199-12-31T13:00:00.000Z'));
    // A loop over the million runs in between took seconds; the answer is a few computations.
    expect(performance.now() - started).toBeLessThan(200);
    expect(report.settled).toEqual([payment.paymentId]);
    expect(state.behaviour.lastBatchRunAt).toBe('2199-12-31T12:00:00.000Z');
    state.behaviour.batchTimes = ['23:30'];
    state.behaviour.lastBatchRunAt = '2000-01-01T00:00:00.000Z';
    runDueBatches(state, new Date('2199-12-31T23:00:00.000Z'));
    expect(state.behaviour.lastBatchRunAt).toBe('2199-12-30T23:30:00.000Z');
  });

  it('a catch-up stopped early records its last run just before its last event, and goes on', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = at('09:00').toISOString();
    const first = withPayment(state);
    const second = withPayment(state, { createdAt: at('09:40').toISOString() });
    // No time at all: one event per catch-up.
    const stopped = startDueBatches(state, at('16:00'), 0);
    expect(stopped.step(5)).toBe(true);
    expect(stopped.report.settled).toEqual([first.paymentId]);
    expect(second.transactionStatus).toBe('ACTC');
    expect(state.behaviour.lastBatchRunAt).toBe('2026-03-10T11:59:59.999Z');
    // The next catch-up settles the second in the same run, 12:00.
    expect(runDueBatches(state, at('16:00')).runs).toEqual([at('12:00').toISOString()]);
    expect(second.transactionStatus).toBe('ACSC');
    expect(state.behaviour.lastBatchRunAt).toBe(at('15:00').toISOString());
  });

  it('a payment it cannot process is left as it is, and the others still settle', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = at('09:00').toISOString();
    // A hand-made snapshot: an account without balances makes the funds check throw.
    state.accounts.push({ ...state.accounts[0]!, id: 'broken', balances: undefined as never });
    const broken = withPayment(state, { debtorAccountId: 'broken' });
    const good = withPayment(state);
    const report = runDueBatches(state, at('13:00'));
    expect(report.settled).toEqual([good.paymentId]);
    expect(report.errors.map((error) => error.paymentId)).toEqual([broken.paymentId]);
    expect(broken.transactionStatus).toBe('ACTC');
    expect(runDueBatches(state, at('13:30')).errors).toEqual([]);
  });

  it('runBatchNow settles what is ready, now', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = at('09:00').toISOString();
    const ready = withPayment(state);
    const later = withPayment(state, { requestedExecutionDate: '2026-03-12' });
    const report = runBatchNow(state, at('10:30'));
    expect(report.settled).toEqual([ready.paymentId]);
    expect(later.transactionStatus).toBe('ACTC');
    expect(state.behaviour.lastBatchRunAt).toBe(at('10:30').toISOString());
  });
});

describe('the catch-up before every request', () => {
  it('with nothing due makes nothing: one idle answer, on a frozen or a running clock', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = at('09:00').toISOString();
    const payment = withPayment(state); // approved at 10:00: due at the 12:00 run
    runDueBatches(state, at('10:30')); // learns that its time is 12:00
    const idle = startDueBatches(state, at('10:30'));
    expect(startDueBatches(state, at('10:30'))).toBe(idle); // the clock frozen
    expect(startDueBatches(state, at('11:59'))).toBe(idle); // the clock running
    expect(idle.step(5)).toBe(true);
    expect(idle.report).toEqual(runDueBatches(state, at('11:00')));
    expect(state.behaviour.lastBatchRunAt).toBe(at('09:00').toISOString());
    // What a caller is given still takes the runs it adds (the console's extra run).
    expect(runBatchNow(state, at('11:30')).settled).toEqual([payment.paymentId]);
  });

  it('still performs what is due at the first catch-up at or after its time, either clock', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = at('09:00').toISOString();
    const idle = startDueBatches(state, at('10:30'));
    // The clock running: a payment made after an idle catch-up is due at the 12:00 run.
    const first = withPayment(state);
    expect(runDueBatches(state, at('11:00')).settled).toEqual([]); // learns that it is 12:00
    expect(startDueBatches(state, new Date(at('12:00').getTime() - 1))).toBe(idle);
    expect(first.transactionStatus).toBe('ACTC');
    const atNoon = startDueBatches(state, at('12:00'));
    atNoon.step(Infinity);
    expect(atNoon.report.settled).toEqual([first.paymentId]);
    // The batch times changed in place: the next run is 12:45, not 15:00.
    const second = withPayment(state);
    runDueBatches(state, at('12:30')); // learns that it is 15:00
    expect(startDueBatches(state, at('12:40'))).toBe(idle);
    state.behaviour.batchTimes[0] = '12:45';
    // The clock frozen at 12:45 after it was set there: the first catch-up settles, then none.
    expect(runDueBatches(state, at('12:45')).settled).toEqual([second.paymentId]);
    expect(startDueBatches(state, at('12:45'))).toBe(idle);
    // Nothing due, but the 15:00 run came: the last run moves on to it.
    startDueBatches(state, at('15:30')).step(Infinity);
    expect(state.behaviour.lastBatchRunAt).toBe(at('15:00').toISOString());
    expect(startDueBatches(state, at('15:40'))).toBe(idle);
    // Due between runs: a payment never authorised expires a day after its initiation.
    const pending = withPayment(state, {
      transactionStatus: 'RCVD',
      createdAt: at('15:45').toISOString(),
    });
    const nextDay = (ms: number) => new Date(at('15:45').getTime() + 86_400_000 + ms);
    runDueBatches(state, nextDay(-30 * 60_000)); // the 15:00 run of the next day passed
    expect(startDueBatches(state, nextDay(-1))).toBe(idle);
    expect(runDueBatches(state, nextDay(0)).rejected).toEqual([pending.paymentId]);
  });
});
