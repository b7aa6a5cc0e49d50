/**
 * POST /v1/signing-baskets (Berlin Group signingBasket; docs/payments.md "Signing baskets"):
 * payments of this TPP still waiting (RCVD) and in no other basket; bulk and periodic payments are
 * 400 REFERENCE_MIX_INVALID (§3.2, 1.7.13); NCBCT welcome (1.21.20); consents are not signed in
 * baskets (bank-offered consent has its own screen, §1).
 */
import { randomUUID } from 'node:crypto';
import { bankError } from '../../../spec/errors.js';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import {
  SigningBasketCreatedSchema,
  SigningBasketRequestSchema,
} from '../../../spec/schemas/signing-baskets.js';
import { faultActive } from '../../faults/index.js';
import { basketPath } from '../../domain/baskets.js';
import type { SigningBasket } from '../../domain/model.js';
import { findPayment } from '../../domain/payments.js';
import { tppIdOf } from '../../context/accessors.js';
import { reject } from '../../http/refusal.js';
import type { RouteDefinition } from '../../context/request-context.js';
import { BASKET_CREATION_HEADERS } from '../payments/shapes.js';
import { basketLinks, refuse, statusOf } from './common.js';

export const createSigningBasket: RouteDefinition = {
  operationId: 'createSigningBasket',
  method: 'POST',
  path: '/v1/signing-baskets',
  summary: 'Create a signing basket',
  description:
    'Berlin Group signingBasket: paymentIds of this TPP still waiting for authorisation (RCVD) and in no other basket (else 409 CONFLICT); bulk or periodic payments: 400 REFERENCE_MIX_INVALID (§3.2); NCBCT welcome (1.21.20). A non-empty consentIds is 400 BAD_REQUEST (bank-offered consent has its own consent screen, §1). 201 with basketId, transactionStatus (worst case of its payments) and _links.startAuthorisation.',
  tag: 'Signing baskets',
  modes: ['sandbox', 'production'],
  headers: BASKET_CREATION_HEADERS,
  tppRole: 'PISP',
  signed: true,
  access: 'none',
  body: { schema: SigningBasketRequestSchema },
  responses: {
    201: {
      description: 'Basket created.',
      schema: SigningBasketCreatedSchema,
      headers: ['Location'],
    },
    400: {
      description: 'REFERENCE_MIX_INVALID, FORMAT_ERROR, BAD_REQUEST.',
      schema: ErrorResponseSchema,
    },
    404: { description: 'RESOURCE_UNKNOWN: a payment of the list.', schema: ErrorResponseSchema },
    409: {
      description: 'CONFLICT: a payment already authorised or in a basket.',
      schema: ErrorResponseSchema,
    },
  },
  handle(ctx, env) {
    const state = env.state;
    const body = (ctx.body ?? {}) as { paymentIds?: string[]; consentIds?: string[] };
    const paymentIds = body.paymentIds ?? [];
    if ((body.consentIds ?? []).length > 0)
      return refuse(
        'consents',
        'BAD_REQUEST',
        'consentIds',
        'bank-offered consent is given on its own consent screen (§1); a signing basket signs payments only',
      );
    if (paymentIds.length === 0)
      return refuse(
        'empty',
        'FORMAT_ERROR',
        'paymentIds',
        'a signing basket needs at least one payment',
      );
    const tppId = tppIdOf(ctx);
    const seen = new Set<string>();
    for (const [index, paymentId] of paymentIds.entries()) {
      const path = `paymentIds[${index}]`;
      if (seen.has(paymentId))
        return refuse('duplicate', 'FORMAT_ERROR', path, `payment '${paymentId}' is listed twice`);
      seen.add(paymentId);
      const payment = findPayment(state, paymentId);
      if (!payment || payment.tppId !== tppId)
        return reject(
          'handler.basket.payment-unknown',
          bankError('RESOURCE_UNKNOWN', `${path}: payment '${paymentId}' is unknown to this TPP`, {
            path,
          }),
        );
      if (
        payment.paymentService !== 'payments' &&
        !faultActive(ctx, 'BASKET-REFERENCE-MIX-INVALID')
      )
        return refuse(
          'reference-mix',
          'REFERENCE_MIX_INVALID',
          path,
          `payment '${paymentId}' is a ${payment.paymentService === 'bulk-payments' ? 'bulk' : 'periodic'} payment; bulk and periodic payments cannot be put into a signing basket (§3.2)`,
        );
      if (payment.paymentProduct === 'ncbct' && faultActive(ctx, 'BASKET-NCBCT'))
        return refuse(
          'ncbct',
          'PRODUCT_INVALID',
          path,
          'NCBCT payments cannot be signed in a basket',
        );
      if (payment.transactionStatus !== 'RCVD')
        return refuse(
          'not-waiting',
          'CONFLICT',
          path,
          `payment '${paymentId}' is ${payment.transactionStatus}, no longer waiting for authorisation`,
        );
      if (payment.basketId !== undefined)
        return refuse(
          'in-basket',
          'CONFLICT',
          path,
          `payment '${paymentId}' is already in signing basket '${payment.basketId}'`,
        );
    }
    const basket: SigningBasket = {
      basketId: randomUUID(),
      tppId: tppId!,
      paymentIds: [...paymentIds],
      consentIds: [],
      createdAt: ctx.now.toISOString(),
    };
    state.baskets.push(basket);
    for (const paymentId of paymentIds) findPayment(state, paymentId)!.basketId = basket.basketId;
    return {
      status: faultActive(ctx, 'BASKET-CREATE-201') ? 200 : 201,
      headers: { location: basketPath(basket.basketId) },
      body: {
        transactionStatus: statusOf(ctx, state, basket),
        basketId: basket.basketId,
        _links: basketLinks(basket),
      },
    };
  },
};
