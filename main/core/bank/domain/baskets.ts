/**
 * Signing baskets (§3.2, §4.2.1, decisions.md "Paths", release 1.7.13 and 1.21.20): several
 * payments authorised by one SCA. A basket is not atomic: the SCA approves each payment on its
 * own, and the basket's single status is only the worst case of its payments (§3.2), each of which
 * stays readable on its own.
 */
import type { SigningBasketTransactionStatus, TransactionStatus } from '../../spec/enums.js';
import type { AuthorisationFailure } from './authorisations.js';
import type { DomainState, Payment, SigningBasket, DomainEntities } from './model.js';
import { STATUS_SEVERITY, findPayment, worstStatus } from './payments.js';
import { approvePayment, rejectUnapproved, type Approver } from './payments-approval.js';
import { KeyIndex } from './collection-index.js';

const basketsById = KeyIndex.ofField<SigningBasket>('basketId');

export function findBasket(state: DomainEntities, basketId: string): SigningBasket | undefined {
  return basketsById.first(state.baskets, basketId);
}

export function basketPath(basketId: string): string {
  return `/v1/signing-baskets/${encodeURIComponent(basketId)}`;
}

export function paymentsOf(state: DomainEntities, basket: SigningBasket): Payment[] {
  return basket.paymentIds.flatMap((paymentId) => findPayment(state, paymentId) ?? []);
}

/** The basket statuses of Berlin Group (transactionStatus_SBS) for a payment status. */
const AS_BASKET_STATUS: Partial<Record<TransactionStatus, SigningBasketTransactionStatus>> = {
  RJCT: 'RJCT',
  CANC: 'CANC',
  RCVD: 'RCVD',
  PDNG: 'RCVD',
  PART: 'PATC',
  ACSC: 'ACSC',
};

/** §3.2: the worst case of the basket's payments (best case under a fault profile). */
export function basketStatus(
  state: DomainEntities,
  basket: SigningBasket,
  options: { bestCase?: boolean } = {},
): SigningBasketTransactionStatus {
  const statuses = paymentsOf(state, basket).map((payment) => payment.transactionStatus);
  const status = options.bestCase
    ? statuses.reduce<TransactionStatus | undefined>(
        (best, next) =>
          best === undefined || STATUS_SEVERITY.indexOf(next) > STATUS_SEVERITY.indexOf(best)
            ? next
            : best,
        undefined,
      )
    : worstStatus(statuses);
  return status === undefined ? 'RCVD' : (AS_BASKET_STATUS[status] ?? 'ACTC');
}

/**
 * One SCA confirms every payment of the basket still waiting (§4.2.1): each is approved on its
 * own; those that cannot be are rejected (not atomic). Fails (§6.2 PAYMENT_FAILED) only when no
 * payment could be approved. `onlyFirst` is a fault profile's broken basket.
 */
export function approveBasket(
  state: DomainState,
  basket: SigningBasket,
  approver: Approver,
  now: Date,
  options: { onlyFirst?: boolean } = {},
): AuthorisationFailure | undefined {
  const waiting = paymentsOf(state, basket).filter((p) => p.transactionStatus === 'RCVD');
  let approved = 0;
  let lastFailure: AuthorisationFailure | undefined;
  for (const [index, payment] of waiting.entries()) {
    if (options.onlyFirst && index > 0) continue;
    const failure = approvePayment(state, payment, approver, now);
    if (failure) lastFailure = failure;
    else approved++;
  }
  if (approved > 0 || waiting.length === 0) return undefined;
  return {
    status: 400,
    code: 'PAYMENT_FAILED',
    message:
      `No payment of the signing basket could be authorised. ${lastFailure?.message ?? ''}`.trim(),
  };
}

/** The basket SCA failed or was cancelled: its waiting payments are rejected. */
export function rejectBasket(
  state: DomainEntities,
  basket: SigningBasket,
  now: Date,
  reason: string,
): void {
  for (const payment of paymentsOf(state, basket)) rejectUnapproved(payment, now, reason);
}
