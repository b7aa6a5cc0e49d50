/**
 * Reading and cancelling a payment (decisions.md "Paths", §3.2, release 1.14.2): GET the payment,
 * GET its status (`transactionStatus`, `fundsAvailable`), GET the SCA status of its authorisation,
 * and DELETE in sandbox mode (CANC). Norwegian domestic transfers cannot be read before the PSU
 * approved them (§3.2): 403 FORBIDDEN until then. Payment ids stay valid whatever happens to the
 * payment (1.18.0): a cancelled, rejected or settled payment is still read.
 */
import { bankError } from '../../../spec/errors.js';
import { faultActive } from '../../faults/index.js';
import type { Payment } from '../../domain/model.js';
import {
  cancelPayment,
  detailsOf,
  fundsAvailableOf,
  isNorwegianDomestic,
  paymentPath,
} from '../../domain/payments.js';
import { scaStatusAnswer } from '../authorisations.js';
import { isRejection, reject, type Rejection } from '../../http/refusal.js';
import type { Handler, HandlerEnvironment, RequestContext } from '../../context/request-context.js';
import { ownPayment, paymentPathOf } from './lookup.js';
import { link } from '../sca/api-shapes.js';

/** The path's payment, when it may be read (§3.2 Norwegian domestic rule). */
function readablePayment(
  ctx: RequestContext,
  env: HandlerEnvironment,
  what: 'details' | 'status',
): Payment | Rejection {
  const { product } = paymentPathOf(ctx);
  const payment = ownPayment(ctx, env.state);
  if (isRejection(payment)) return payment;
  if (
    isNorwegianDomestic(product) &&
    detailsOf(payment).approvedAt === undefined &&
    !faultActive(ctx, 'PAY-NORWEGIAN-DOMESTIC-UNREADABLE-BEFORE-APPROVAL')
  )
    return reject(
      'handler.payment.not-yet-approved',
      bankError(
        'FORBIDDEN',
        `the ${what} of a Norwegian domestic credit transfer cannot be read before the PSU approved the payment (§3.2)`,
        { path: 'paymentId' },
      ),
    );
  if (
    what === 'status' &&
    payment.basketId !== undefined &&
    faultActive(ctx, 'BASKET-PAYMENT-STATUS-INDIVIDUAL')
  )
    return reject(
      'handler.payment.fault-in-basket',
      bankError('RESOURCE_UNKNOWN', 'the payment is in a signing basket: read the basket status'),
    );
  return payment;
}

/**
 * The PAY-ANSWER-AMOUNTS-DECIMAL-STRING fault: instructedAmount.amount as a JSON number (copies;
 * the stored request stays as it was).
 */
function withNumericAmount(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null) return entry;
  const { instructedAmount } = entry as { instructedAmount?: unknown };
  if (typeof instructedAmount !== 'object' || instructedAmount === null) return entry;
  const amount = Number((instructedAmount as { amount?: unknown }).amount);
  return { ...entry, instructedAmount: { ...instructedAmount, amount } };
}

export const readPaymentHandler: Handler = (ctx, env) => {
  const payment = readablePayment(ctx, env, 'details');
  if (isRejection(payment)) return payment;
  if (faultActive(ctx, 'PAY-READ-200')) return { status: 204 };
  const path = paymentPath(payment);
  const links: Record<string, unknown> = { self: link(path), status: link(`${path}/status`) };
  if (payment.authorisationId !== undefined)
    links.scaStatus = link(`${path}/authorisations/${payment.authorisationId}`);
  const request =
    typeof payment.request === 'object' && payment.request !== null ? payment.request : {};
  const body: Record<string, unknown> = {
    ...request,
    transactionStatus: payment.transactionStatus,
    _links: links,
  };
  if (!faultActive(ctx, 'PAY-ANSWER-AMOUNTS-DECIMAL-STRING')) return { status: 200, body };
  const faulty = withNumericAmount(body) as Record<string, unknown>;
  if (Array.isArray(body.payments)) faulty.payments = body.payments.map(withNumericAmount);
  return { status: 200, body: faulty };
};

export const readPaymentStatusHandler: Handler = (ctx, env) => {
  const payment = readablePayment(ctx, env, 'status');
  if (isRejection(payment)) return payment;
  const body: Record<string, unknown> = {
    transactionStatus: faultActive(ctx, 'PAY-TRANSACTION-STATUS-VALUES')
      ? 'RECEIVED'
      : payment.transactionStatus,
  };
  if (!faultActive(ctx, 'PAY-STATUS-200'))
    body.fundsAvailable = faultActive(ctx, 'PAY-FUNDS-AVAILABLE')
      ? true
      : fundsAvailableOf(env.state, payment);
  return { status: 200, body };
};

export const readPaymentScaStatusHandler: Handler = (ctx, env) => {
  const payment = ownPayment(ctx, env.state);
  if (isRejection(payment)) return payment;
  return scaStatusAnswer(ctx, env, { kind: 'payment', resourceId: payment.paymentId });
};

export const listPaymentAuthorisationsHandler: Handler = (ctx, env) => {
  const payment = ownPayment(ctx, env.state);
  if (isRejection(payment)) return payment;
  const authorisationIds = env.state.authorisations
    .filter((a) => a.kind === 'payment' && a.resourceId === payment.paymentId)
    .map((a) => a.authorisationId);
  return { status: 200, body: { authorisationIds } };
};

/**
 * §1: DELETE is available for every product in the sandbox (decisions.md: 204). A payment not yet
 * final becomes CANC (a periodic one stops); cancelling a cancelled one again is 204; a settled or
 * rejected one cannot be cancelled: 409 CONFLICT. The route exists in sandbox mode only, so
 * production answers 405 with Allow: GET (docs/payments.md).
 */
export const cancelPaymentHandler: Handler = (ctx, env) => {
  const { product } = paymentPathOf(ctx);
  if (faultActive(ctx, 'PAY-DELETE-IN-SANDBOX') && product !== 'sepa-credit-transfers')
    return reject(
      'handler.payment.fault-delete',
      bankError('PRODUCT_INVALID', `DELETE is not offered for ${product}`, {
        path: 'payment-product',
      }),
    );
  const payment = ownPayment(ctx, env.state);
  if (isRejection(payment)) return payment;
  const outcome = cancelPayment(
    env.state,
    payment.paymentId,
    ctx.now,
    'deleted by the TPP (sandbox)',
  );
  if (outcome === 'final')
    return reject(
      'handler.payment.cancel-final',
      bankError(
        'CONFLICT',
        `payment '${payment.paymentId}' is ${payment.transactionStatus} and can no longer be cancelled`,
        { path: 'paymentId' },
      ),
    );
  return { status: 204 };
};
