/** Reading a signing basket, its status (§3.2: the worst case), its authorisations. */
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import {
  SigningBasketSchema,
  SigningBasketStatusSchema,
} from '../../../spec/schemas/signing-baskets.js';
import { faultActive } from '../../faults/index.js';
import { isRejection } from '../../http/refusal.js';
import type { RouteDefinition } from '../../context/request-context.js';
import { scaStatusAnswer } from '../authorisations.js';
import { AuthorisationIdsShape, READ_HEADERS, ScaStatusShape } from '../sca/api-shapes.js';
import { BASKET_ID, basketLinks, ownBasket, statusOf, unknownBasket } from './common.js';

const UNKNOWN = { description: 'RESOURCE_UNKNOWN.', schema: ErrorResponseSchema };

/** What every basket read shares: a signed GET, by the PISP that made the basket, in both modes. */
const BASKET_READ = {
  method: 'GET',
  tag: 'Signing baskets',
  modes: ['sandbox', 'production'],
  headers: READ_HEADERS,
  tppRole: 'PISP',
  signed: true,
  access: 'none',
} as const satisfies Partial<RouteDefinition>;

export const getSigningBasket: RouteDefinition = {
  operationId: 'getSigningBasket',
  ...BASKET_READ,
  path: '/v1/signing-baskets/{basketId}',
  summary: 'Read a signing basket',
  description:
    'Berlin Group signingBasketResponse-200: payments, transactionStatus (§3.2: the worst case of its payments; each payment status is read on its own) and _links.',
  pathParameters: BASKET_ID,
  responses: { 200: { description: 'The basket.', schema: SigningBasketSchema }, 404: UNKNOWN },
  handle(ctx, env) {
    const basket = ownBasket(ctx, env);
    if (isRejection(basket)) return basket;
    if (faultActive(ctx, 'BASKET-READ-200')) return unknownBasket(basket.basketId);
    return {
      status: 200,
      body: {
        payments: [...basket.paymentIds],
        transactionStatus: statusOf(ctx, env.state, basket),
        _links: basketLinks(basket),
      },
    };
  },
};

export const getSigningBasketStatus: RouteDefinition = {
  operationId: 'getSigningBasketStatus',
  ...BASKET_READ,
  path: '/v1/signing-baskets/{basketId}/status',
  summary: 'Read the status of a signing basket',
  description:
    '§3.2: not atomic; the status is the worst case of its payments (RJCT, CANC, RCVD, ACTC, ACSC from worst to best).',
  pathParameters: BASKET_ID,
  responses: {
    200: { description: 'transactionStatus.', schema: SigningBasketStatusSchema },
    404: UNKNOWN,
  },
  handle(ctx, env) {
    const basket = ownBasket(ctx, env);
    if (isRejection(basket)) return basket;
    if (faultActive(ctx, 'BASKET-STATUS-200')) return { status: 200, body: {} };
    return { status: 200, body: { transactionStatus: statusOf(ctx, env.state, basket) } };
  },
};

export const getSigningBasketScaStatus: RouteDefinition = {
  operationId: 'getSigningBasketScaStatus',
  ...BASKET_READ,
  path: '/v1/signing-baskets/{basketId}/authorisations/{authorisationId}',
  summary: 'Read the SCA status of a signing basket authorisation',
  description: '§3.1; the scaStatus link of the authorisation answer.',
  pathParameters: { ...BASKET_ID, authorisationId: { description: 'From the scaStatus link.' } },
  responses: { 200: { description: 'scaStatus.', schema: ScaStatusShape }, 404: UNKNOWN },
  handle(ctx, env) {
    const basket = ownBasket(ctx, env);
    if (isRejection(basket)) return basket;
    return scaStatusAnswer(ctx, env, { kind: 'basket', resourceId: basket.basketId });
  },
};

export const getSigningBasketAuthorisations: RouteDefinition = {
  operationId: 'getSigningBasketAuthorisations',
  ...BASKET_READ,
  path: '/v1/signing-baskets/{basketId}/authorisations',
  summary: 'List the authorisations of a signing basket',
  description: 'Berlin Group authorisations: `{ authorisationIds }`.',
  pathParameters: BASKET_ID,
  responses: {
    200: { description: 'Authorisation ids.', schema: AuthorisationIdsShape },
    404: UNKNOWN,
  },
  handle(ctx, env) {
    const basket = ownBasket(ctx, env);
    if (isRejection(basket)) return basket;
    const authorisationIds = env.state.authorisations
      .filter((a) => a.kind === 'basket' && a.resourceId === basket.basketId)
      .map((a) => a.authorisationId);
    return { status: 200, body: { authorisationIds } };
  },
};
