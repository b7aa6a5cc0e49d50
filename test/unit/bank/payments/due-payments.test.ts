/**
 * domain/batch.ts with its due queue: a payment never authorised expires a day after its
 * initiation (decisions.md "Ambiguities decided"), the runs still settle what is due in time order,
 * and a catch-up reads only the payments that are due.
 */
import { describe, expect, it } from 'vitest';
import { runDueBatches } from '../../../../main/core/bank/domain/batch.js';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import type { DomainState, Payment } from '../../../../main/core/bank/domain/model.js';
import {
  PAYMENT_AUTHORISATION_WINDOW_MS,
  type PaymentDetails,
} from '../../../../main/core/bank/domain/payments.js';
import { approvePayment } from '../../../../main/core/bank/domain/payments-approval.js';
import { withPaymentToKari } from '../payment-fixtures.js';

const at = (time: string, day = 10) =>
  new Date(`2026-03-${String(day).padStart(2, '0')}T${time}:00.000Z`);
const iso = (time: string, day = 10) => at(time, day).toISOString();

function withPayment(state: DomainState, overrides: Partial<Payment> = {}): Payment {
  return withPaymentToKari(state, iso('09:30'), overrides);
}

/** An authorised payment, approved at `approved` (and its execution date, if any). */
function authorised(state: DomainState, approved: string, overrides: Partial<Payment> = {}) {
  const payment = withPayment(state, { transactionStatus: 'ACTC', ...overrides });
  (payment.details as PaymentDetails).approvedAt = approved;
  return payment;
}

const lastChange = (payment: Payment) => payment.statusHistory.at(-1);

describe('a payment never authorised', () => {
  it('is RJCT a day after its initiation on the bank clock, at that instant', () => {
    expect(PAYMENT_AUTHORISATION_WINDOW_MS).toBe(24 * 60 * 60 * 1000);
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = iso('09:00');
    const payment = withPayment(state, { createdAt: iso('09:30') });

    const justBefore = new Date(at('09:30', 11).getTime() - 1);
    expect(runDueBatches(state, justBefore).rejected).toEqual([]);
    expect(payment.transactionStatus).toBe('RCVD');

    // The clock jumps well past the end of the window: the status changed when it ended.
    const report = runDueBatches(state, at('18:00', 13));
    expect(report.rejected).toEqual([payment.paymentId]);
    expect(payment.transactionStatus).toBe('RJCT');
    expect(lastChange(payment)).toEqual({
      transactionStatus: 'RJCT',
      at: iso('09:30', 11),
      reason: 'not authorised within a day of its initiation',
    });
    expect(runDueBatches(state, at('18:00', 14)).rejected).toEqual([]);
  });

  it('authorised within the window, is settled at the next run and does not expire', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = iso('09:00');
    const payment = withPayment(state, { createdAt: iso('09:30') });
    // The catch-up has indexed it by its expiry; the approval brings it forward to its run.
    runDueBatches(state, at('10:00'));
    const failure = approvePayment(
      state,
      payment,
      { customerNumber: '10000001', context: 'PRIVATE' },
      at('10:30'),
    );
    expect(failure).toBeUndefined();
    expect(payment.transactionStatus).toBe('ACTC');
    expect(runDueBatches(state, at('13:00')).settled).toEqual([payment.paymentId]);
    expect(lastChange(payment)).toMatchObject({ transactionStatus: 'ACSC', at: iso('12:00') });
    expect(runDueBatches(state, at('12:00', 12)).rejected).toEqual([]);
    expect(payment.transactionStatus).toBe('ACSC');
  });
});

describe('the catch-up with its due queue', () => {
  it('settles what is due in time order, and expires the unauthorised in the same order', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = iso('09:00');
    const tomorrow = authorised(state, iso('09:50'), { requestedExecutionDate: '2026-03-11' });
    const afternoon = authorised(state, iso('13:00'), { createdAt: iso('12:50') });
    const noon = authorised(state, iso('10:00'), { createdAt: iso('09:40') });
    const unauthorised = withPayment(state, { createdAt: iso('07:00') });
    const sameRun = authorised(state, iso('10:05'), { createdAt: iso('09:35') });

    const report = runDueBatches(state, at('16:00', 11));
    // 12:00 run (by initiation time within a run), 15:00 run, the expiry at 07:00 the next day,
    // then the next day's 06:00 run.
    expect(report.settled).toEqual([
      sameRun.paymentId,
      noon.paymentId,
      afternoon.paymentId,
      tomorrow.paymentId,
    ]);
    expect(report.rejected).toEqual([unauthorised.paymentId]);
    expect(report.runs).toEqual([iso('12:00'), iso('15:00'), iso('06:00', 11)]);
    expect(
      [sameRun, noon, afternoon, unauthorised, tomorrow].map((p) => lastChange(p)?.at),
    ).toEqual([iso('12:00'), iso('12:00'), iso('15:00'), iso('07:00', 11), iso('06:00', 11)]);
    expect(state.behaviour.lastBatchRunAt).toBe(iso('15:00', 11));
  });

  it('reads no payment that is not due: 1,000 waiting for authorisation cost a request nothing', () => {
    const state = buildInitialState(at('00:00'));
    state.behaviour.lastBatchRunAt = iso('09:00');
    let reads = 0;
    for (let i = 0; i < 1000; i++) {
      const payment = withPayment(state);
      let status = payment.transactionStatus;
      Object.defineProperty(payment, 'transactionStatus', {
        enumerable: true,
        get: () => (reads++, status),
        set: (next) => (status = next),
      });
    }
    const due = authorised(state, iso('10:00'));
    runDueBatches(state, at('10:30')); // indexes them all once
    reads = 0;
    expect(runDueBatches(state, at('13:00')).settled).toEqual([due.paymentId]);
    runDueBatches(state, at('18:30'));
    expect(reads).toBe(0);
    // Their day ends: each is read, and rejected.
    expect(runDueBatches(state, at('09:30', 11)).rejected).toHaveLength(1000);
  });
});
