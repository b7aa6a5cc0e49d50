/**
 * batchCatchUp (main/core/bank/assembly/catch-up.ts) tells of a catch-up that performed an event:
 * the kept answers of pure reads (answers/read-answers.ts) must not outlive a settlement or an
 * expiry the batch made before a request's stages.
 */
import { describe, expect, it } from 'vitest';
import { batchCatchUp } from '../../../../main/core/bank/assembly/catch-up.js';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import type { Payment } from '../../../../main/core/bank/domain/model.js';
import type { PaymentDetails } from '../../../../main/core/bank/domain/payments.js';

const at = (time: string, day = 10) =>
  new Date(`2026-03-${String(day).padStart(2, '0')}T${time}:00.000Z`);

/** The sandbox data with one payment initiated at 09:30 and never authorised. */
function stateWithPendingPayment() {
  const state = buildInitialState(at('00:00'));
  state.behaviour.lastBatchRunAt = at('09:00').toISOString();
  const details: PaymentDetails = {
    transfers: [
      {
        creditorName: 'Kari',
        creditorIban: 'NO6997100712346',
        amountMinor: 10_000,
        currency: 'NOK',
        debitMinor: 10_000,
        feeMinor: 0,
      },
    ],
    psuNamedAtInitiation: false,
    duplicateKey: 'k1',
  };
  const payment: Payment = {
    paymentId: 'p1',
    paymentService: 'payments',
    paymentProduct: 'sepa-credit-transfers',
    tppId: 'tpp',
    request: {},
    debtorAccountId: 'acc-10000001-brukskonto',
    amount: 10_000,
    currency: 'NOK',
    transactionStatus: 'RCVD',
    createdAt: at('09:30').toISOString(),
    statusHistory: [],
    transactionIds: [],
    details,
  };
  state.payments.push(payment);
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
