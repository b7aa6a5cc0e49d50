/**
 * The 'payment' and 'basket' kinds of authorisation (domain/authorisations.ts, docs/sca.md): what
 * the PSU reads on the bank's confirmation page, and what confirming or failing the SCA does —
 * approve (domain/payments-approval.ts) or reject; a payment that cannot be approved turns the
 * redirect into §6.2 PAYMENT_FAILED (§7.4).
 */
import type { AuthorisationKindHandler } from '../../domain/authorisations.js';
import { approveBasket, findBasket, paymentsOf, rejectBasket } from '../../domain/baskets.js';
import type { Authorisation } from '../../domain/model.js';
import { findPayment } from '../../domain/payments.js';
import { approvePayment, rejectUnapproved, type Approver } from '../../domain/payments-approval.js';
import { describePayment } from './presentation.js';
import { profileActive } from '../../faults/index.js';

function approverOf(authorisation: Authorisation): Approver {
  const approver: Approver = {
    customerNumber: authorisation.customerNumber ?? '',
    context: authorisation.context ?? 'PRIVATE',
  };
  if (authorisation.context === 'CORPORATE' && authorisation.agreementId !== undefined)
    approver.agreementId = authorisation.agreementId;
  return approver;
}

const gone = {
  status: 400,
  code: 'PAYMENT_FAILED' as const,
  message: 'The payment no longer exists.',
};

export const paymentAuthorisation: AuthorisationKindHandler = {
  describeForPsu(state, authorisation) {
    const payment = findPayment(state, authorisation.resourceId ?? '');
    return {
      title: 'Authorise a payment',
      lines: payment
        ? [
            `${authorisation.tppName ?? 'The TPP'} asks you to authorise this payment.`,
            ...describePayment(state, payment),
          ]
        : ['The payment no longer exists.'],
    };
  },
  onConfirmed(state, authorisation, now) {
    const payment = findPayment(state, authorisation.resourceId ?? '');
    if (!payment) return gone;
    return approvePayment(state, payment, approverOf(authorisation), now);
  },
  onFailed(state, authorisation, now) {
    const payment = findPayment(state, authorisation.resourceId ?? '');
    if (payment)
      rejectUnapproved(payment, now, `SCA failed: ${authorisation.failure?.code ?? 'FAILED'}`);
  },
};

export const basketAuthorisation: AuthorisationKindHandler = {
  describeForPsu(state, authorisation) {
    const basket = findBasket(state, authorisation.resourceId ?? '');
    const payments = basket
      ? paymentsOf(state, basket).filter((p) => p.transactionStatus === 'RCVD')
      : [];
    return {
      title: `Authorise ${payments.length} payment${payments.length === 1 ? '' : 's'}`,
      lines: [
        `${authorisation.tppName ?? 'The TPP'} asks you to authorise the payments of a signing basket with one confirmation. Each payment is carried out on its own.`,
        ...payments.flatMap((payment, index) => [
          `Payment ${index + 1}:`,
          ...describePayment(state, payment),
        ]),
      ],
    };
  },
  onConfirmed(state, authorisation, now) {
    const basket = findBasket(state, authorisation.resourceId ?? '');
    if (!basket) return gone;
    return approveBasket(state, basket, approverOf(authorisation), now, {
      onlyFirst: profileActive(state, 'BASKET-AUTHORISATION-LIKE-SINGLE-PAYMENT'),
    });
  },
  onFailed(state, authorisation, now) {
    const basket = findBasket(state, authorisation.resourceId ?? '');
    if (basket)
      rejectBasket(
        state,
        basket,
        now,
        `basket SCA failed: ${authorisation.failure?.code ?? 'FAILED'}`,
      );
  },
};
