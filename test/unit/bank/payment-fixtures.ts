/**
 * A payment as the bank keeps one after its initiation: 100.00 NOK from Ola's current account to
 * Kari, for the tests of the batch (domain/batch.ts) and of what runs it.
 */
import type { DomainState, Payment } from '../../../main/core/bank/domain/model.js';
import type { PaymentDetails } from '../../../main/core/bank/domain/payments.js';

/**
 * The payment appended to `state`: `p<n>` and the duplicate key `k<n>` by its place, initiated at
 * `createdAt`; `overrides` and `details` change any of its fields.
 */
export function withPaymentToKari(
  state: DomainState,
  createdAt: string,
  overrides: Partial<Payment> = {},
  details: Partial<PaymentDetails> = {},
): Payment {
  const payment: Payment = {
    paymentId: `p${state.payments.length + 1}`,
    paymentService: 'payments',
    paymentProduct: 'sepa-credit-transfers',
    tppId: 'tpp',
    request: {},
    debtorAccountId: 'acc-10000001-brukskonto',
    amount: 10_000,
    currency: 'NOK',
    transactionStatus: 'RCVD',
    createdAt,
    statusHistory: [],
    transactionIds: [],
    details: {
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
      duplicateKey: `k${state.payments.length}`,
      ...details,
    } satisfies PaymentDetails,
    ...overrides,
  };
  state.payments.push(payment);
  return payment;
}
