/**
 * What the PSU's approval does to a payment (§3.2, §5.3): the SCA finalised — or the risk rule
 * exempted it (§3.1) — for a PSU who may pay from the debtor account in the chosen context. An
 * approved payment is ACTC (waiting for the batch run), ACCP (periodic: its schedule runs), or —
 * an instant payment between own accounts (1.21.8) — settled at once, ACSC. A payment that
 * cannot be approved is RJCT, and the SCA redirect reports PAYMENT_FAILED (§6.2, §7.4).
 */
import type { PsuContext } from '../../spec/enums.js';
import type { AuthorisationFailure } from './authorisations.js';
import type { DomainState, Payment, DomainEntities } from './model.js';
import { detailsOf, isInstant, mayPayFrom, setTransactionStatus, type Payer } from './payments.js';
import { settlePayment } from './payments-settlement.js';
import { paymentDueChanged } from './batch.js';
import { profileActive } from '../faults/index.js';

export interface Approver extends Payer {
  context: PsuContext;
}

/**
 * The §6.2 message of a payment refused because the PSU may not pay from the debtor account (its
 * payment permission removed, §1, or never given in this context): the TPP report reads it to
 * know the refusal is final for that account (log/tpp-findings/payment-refusals.ts).
 */
export const NOT_PERMITTED_TO_PAY =
  'You may not initiate payments from the debtor account in this context.';

const paymentFailed = (message: string): AuthorisationFailure => ({
  status: 400,
  code: 'PAYMENT_FAILED',
  message,
});

/** The reason the approver may not approve `payment`, or undefined. */
export function approvalProblem(
  state: DomainEntities,
  payment: Payment,
  approver: Payer,
): string | undefined {
  if (payment.transactionStatus !== 'RCVD')
    return `The payment is no longer waiting for authorisation (${payment.transactionStatus}).`;
  const account = state.accounts.find((candidate) => candidate.id === payment.debtorAccountId);
  if (!account || !mayPayFrom(state, approver, account)) return NOT_PERMITTED_TO_PAY;
  return undefined;
}

/**
 * Approves `payment` for `approver` at `now`; returns the §6.2 failure when it cannot be approved
 * or (instant) cannot be settled, after rejecting it.
 */
export function approvePayment(
  state: DomainState,
  payment: Payment,
  approver: Approver,
  now: Date,
): AuthorisationFailure | undefined {
  const problem = approvalProblem(state, payment, approver);
  if (problem !== undefined) {
    if (payment.transactionStatus === 'RCVD') setTransactionStatus(payment, 'RJCT', now, problem);
    return paymentFailed(problem);
  }
  payment.customerNumber = approver.customerNumber;
  payment.context = approver.context;
  if (approver.agreementId !== undefined) payment.agreementId = approver.agreementId;
  else delete payment.agreementId;
  detailsOf(payment).approvedAt = now.toISOString();
  // Authorised, the payment is due at its run or execution day, no longer at its expiry.
  if (payment.paymentService === 'periodic-payments') {
    setTransactionStatus(payment, 'ACCP', now, 'authorised; the schedule runs');
    paymentDueChanged(state, payment);
    return undefined;
  }
  const instantNow =
    isInstant(payment.paymentProduct) && !profileActive(state, 'PAY-INSTANT-OWN-ACCOUNTS');
  if (!instantNow) {
    setTransactionStatus(payment, 'ACTC', now, 'authorised; waiting for the batch run');
    paymentDueChanged(state, payment);
    return undefined;
  }
  // 1.21.8: an instant payment between own accounts settles at once, never in a batch run.
  setTransactionStatus(payment, 'ACTC', now, 'authorised');
  const outcome = settlePayment(state, payment, now);
  if (outcome === 'settled') return undefined;
  return paymentFailed(
    payment.fundsAvailable === false
      ? 'The instant payment was rejected: lack of funds.'
      : 'The instant payment could not be settled.',
  );
}

/** The SCA failed or the PSU cancelled: a payment still waiting is rejected. */
export function rejectUnapproved(payment: Payment, now: Date, reason: string): void {
  if (payment.transactionStatus === 'RCVD') setTransactionStatus(payment, 'RJCT', now, reason);
}
