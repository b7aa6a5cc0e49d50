/**
 * The `{payment-product}` and `{paymentId}` of a payment path (decisions.md "Paths"): an unknown
 * product is 404 PRODUCT_UNKNOWN, a product the service does not offer 400 PRODUCT_INVALID, and
 * a payment that is not this TPP's under this service and product 404 RESOURCE_UNKNOWN (one text
 * for all, so no TPP learns of another's payments).
 */
import { PAYMENT_PRODUCTS, isOneOf, type PaymentService } from '../../../spec/enums.js';
import { bankError } from '../../../spec/errors.js';
import { faultActive } from '../../faults/index.js';
import type { DomainState, Payment } from '../../domain/model.js';
import { PRODUCTS_OF_SERVICE, findPayment } from '../../domain/payments.js';
import { tppIdOf } from '../../context/accessors.js';
import { reject, type Rejection } from '../../http/refusal.js';
import type { PaymentPath, RequestContext, ResolvedParams } from '../../context/request-context.js';

/**
 * The route's `resolveParams` (params stage): the typed service and product of the path, or the
 * refusal of a product this bank or this service does not offer.
 */
export function resolvePaymentPath(
  ctx: RequestContext,
  service: PaymentService,
): ResolvedParams | Rejection {
  const product = ctx.pathParams['payment-product'] ?? '';
  const endpoint = `${ctx.route!.method} /v1/${service}/{payment-product}`;
  if (
    (faultActive(ctx, 'PAY-INITIATION-PATH') &&
      service === 'payments' &&
      ctx.route!.method === 'POST') ||
    (faultActive(ctx, 'PAY-PAYMENT-SERVICES') && service === 'bulk-payments')
  )
    return reject('handler.payment.fault-path', bankError('NOT_FOUND', `no endpoint ${endpoint}`));
  const known =
    isOneOf(PAYMENT_PRODUCTS, product) &&
    !(
      faultActive(ctx, 'PAY-PAYMENT-PRODUCTS') &&
      product === 'instant-norwegian-domestic-credit-transfers-straks'
    );
  if (!known)
    return reject(
      'handler.payment.product-unknown',
      faultActive(ctx, 'PAY-PRODUCT-UNKNOWN')
        ? bankError('FORMAT_ERROR', `payment-product '${product}' is malformed`, {
            path: 'payment-product',
          })
        : bankError(
            'PRODUCT_UNKNOWN',
            `payment-product '${product}' is unknown; this bank offers ${PAYMENT_PRODUCTS.join(', ')}`,
            { path: 'payment-product' },
          ),
    );
  if (!PRODUCTS_OF_SERVICE[service].includes(product))
    return reject(
      'handler.payment.product-invalid',
      bankError(
        'PRODUCT_INVALID',
        `payment-product '${product}' is not offered as ${service}; ${service} takes ${PRODUCTS_OF_SERVICE[service].join(', ')}`,
        { path: 'payment-product' },
      ),
    );
  const paymentId = ctx.pathParams.paymentId;
  return { payment: { service, product, ...(paymentId !== undefined ? { paymentId } : {}) } };
}

/** The payment path the params stage resolved (every payment route resolves one). */
export function paymentPathOf(ctx: RequestContext): PaymentPath {
  const path = ctx.params.payment;
  if (!path) throw new Error(`route ${ctx.route?.operationId} resolves no payment path`);
  return path;
}

/** The payment of the path when it is this TPP's, under this service and product. */
export function ownPayment(ctx: RequestContext, state: DomainState): Payment | Rejection {
  const { service, product, paymentId = '' } = paymentPathOf(ctx);
  const payment = findPayment(state, paymentId);
  if (
    !payment ||
    payment.tppId !== tppIdOf(ctx) ||
    payment.paymentService !== service ||
    payment.paymentProduct !== product
  )
    return reject(
      'handler.payment.unknown',
      bankError(
        'RESOURCE_UNKNOWN',
        `payment '${paymentId}' is unknown to this TPP as ${service}/${product}`,
        {
          path: 'paymentId',
        },
      ),
    );
  return payment;
}
