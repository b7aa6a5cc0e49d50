/**
 * batchCatchUp (main/core/bank/assembly/catch-up.ts) tells of a catch-up that performed an event:
 * the kept answers of pure reads (answers/read-answers.ts) must not outlive a settlement or an
 * expiry the batch made before a request's stages.
 */
import { describe, expect, it } from 'vitest';
import { batchCatchUp } from '../../../../main/core/bank/assembly/catch-up.js';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import { withPaymentToKari } from '../payment-fixtures.js';

const at = (time: string, day = 10) =>
  new Date(`2026-03-${String(day).padStart(2, '0')}T${time}:00.000Z`);

/** The sandbox data with one payment initiated at 09:30 and never authorised. */
function stateWithPendingPayment() {
  const state = buildInitialState(at('00:00'));
  state.behaviour.lastBatchRunAt = at('09:00').toISOString();
  const payment = withPaymentToKari(
    state,
    at('09:30').toISOString(),
    { paymentId: 'p1' },
    { duplicateKey: 'k1' },
  );
  return { state, payment };
}

describe('batchCatchUp', () => {
  it('tells of a catch-up that performed an event, and of none that did nothing', () => {
    const { state, payment } = stateWithPendingPayment();
    let changes = 0;
    const catchUp = batchCatchUp(
      () => state,
      () => (changes += 1),
    );
    expect(catchUp(at('10:00'))).toBeUndefined();
    expect(changes).toBe(0);
    // Past a day from its initiation the payment expires (RJCT): the state changed.
    expect(catchUp(at('12:00', 11))).toBeUndefined();
    expect(payment.transactionStatus).toBe('RJCT');
    expect(changes).toBe(1);
  });
});
