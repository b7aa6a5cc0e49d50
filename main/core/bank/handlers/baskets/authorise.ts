/**
 * POST /v1/signing-baskets/{basketId}/authorisations (§4.2.1, §2.4): starts one SCA for every
 * payment of the basket still waiting, like a single payment's; the risk rule may exempt it.
 */
import { bankError } from '../../../spec/errors.js';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import { SigningBasketAuthorisationResponseSchema } from '../../../spec/schemas/signing-baskets.js';
import { faultActive } from '../../faults/index.js';
import { findAuthorisation } from '../../domain/authorisations.js';
import { approveBasket, basketPath, paymentsOf } from '../../domain/baskets.js';
import { scaRequired } from '../../domain/risk.js';
import { psuContextOf } from '../../context/accessors.js';
import { startAuthorisationFor } from '../../context/sca-redirect.js';
import { isRejection, reject } from '../../http/refusal.js';
import type { RouteDefinition } from '../../context/request-context.js';
import { BASKET_AUTHORISATION_HEADERS } from '../payments/shapes.js';
import { link } from '../sca/api-shapes.js';
import { BASKET_ID, ownBasket, refuse } from './common.js';

const UNKNOWN = { description: 'RESOURCE_UNKNOWN.', schema: ErrorResponseSchema };

export const startSigningBasketAuthorisation: RouteDefinition = {
  operationId: 'startSigningBasketAuthorisation',
  method: 'POST',
  path: '/v1/signing-baskets/{basketId}/authorisations',
  summary: 'Start the authorisation of a signing basket',
  description:
    '§4.2.1, §2.4: like a single payment — 201 with scaStatus, authorisationId and _links.scaRedirect (or EXEMPTED by the risk rule, §3.1). One SCA confirms every payment of the basket still waiting; each is approved on its own (not atomic). A basket already authorised, or with no payment waiting: 409 CONFLICT.',
  tag: 'Signing baskets',
  modes: ['sandbox', 'production'],
  headers: BASKET_AUTHORISATION_HEADERS,
  acceptFixValue: 'amount-as-string',
  requirementFaults: { 'HDR-BASKET-AUTHORISATION-REQUIRED': ['psu-id'] },
  tppRole: 'PISP',
  signed: true,
  access: 'none',
  pathParameters: BASKET_ID,
  responses: {
    201: {
      description: 'Authorisation started (§2.4).',
      schema: SigningBasketAuthorisationResponseSchema,
      headers: ['Location', 'ASPSP-SCA-Approach'],
    },
    404: UNKNOWN,
    409: {
      description: 'CONFLICT: already authorised, or nothing waiting.',
      schema: ErrorResponseSchema,
    },
  },
  handle(ctx, env) {
    if (faultActive(ctx, 'BASKET-AUTHORISATION-PATH'))
      return reject(
        'handler.basket.fault-path',
        bankError('NOT_FOUND', 'no endpoint POST /v1/signing-baskets/{basketId}/authorisations'),
      );
    if (
      faultActive(ctx, 'HDR-BASKET-AUTHORISATION-OPTIONAL') &&
      ctx.request.headers['tpp-redirect-preferred'] !== undefined
    )
      return refuse(
        'fault-optional-header',
        'FORMAT_ERROR',
        'TPP-Redirect-Preferred',
        'header is not accepted',
      );
    const state = env.state;
    const basket = ownBasket(ctx, env);
    if (isRejection(basket)) return basket;
    const previous = basket.authorisationId
      ? findAuthorisation(state, basket.authorisationId)
      : undefined;
    if (previous?.scaStatus === 'FINALISED' || previous?.scaStatus === 'EXEMPTED')
      return refuse(
        'authorised',
        'CONFLICT',
        'basketId',
        'the signing basket is already authorised',
      );
    const waiting = paymentsOf(state, basket).filter((p) => p.transactionStatus === 'RCVD');
    if (waiting.length === 0)
      return refuse(
        'nothing-waiting',
        'CONFLICT',
        'basketId',
        'no payment of the signing basket waits for authorisation',
      );
    const psu = psuContextOf(ctx)!;
    const currencies = new Set(waiting.map((payment) => payment.currency));
    const exempted =
      psu.customerNumber !== undefined &&
      !scaRequired(state, {
        kind: 'basket',
        ...(currencies.size === 1
          ? { amountMinor: waiting.reduce((sum, p) => sum + p.amount, 0) }
          : {}),
      });
    const path = basketPath(basket.basketId);
    const { authorisation, links } = startAuthorisationFor(ctx, env, {
      kind: 'basket',
      resourceId: basket.basketId,
      resourcePath: path,
      ...(exempted ? { exempted: true } : {}),
    });
    basket.authorisationId = authorisation.authorisationId;
    if (exempted)
      approveBasket(
        state,
        basket,
        {
          customerNumber: psu.customerNumber!,
          context: psu.context ?? 'PRIVATE',
          ...(psu.context === 'CORPORATE' && psu.agreementId !== undefined
            ? { agreementId: psu.agreementId }
            : {}),
        },
        ctx.now,
      );
    const _links: Record<string, unknown> = {};
    if (links.scaRedirect) _links.scaRedirect = link(links.scaRedirect.href);
    _links.scaStatus = link(links.scaStatus.href);
    _links.self = link(path);
    return {
      status: faultActive(ctx, 'BASKET-AUTHORISATION-201') ? 200 : 201,
      headers: { location: links.scaStatus.href, 'aspsp-sca-approach': 'REDIRECT' },
      body: {
        scaStatus: authorisation.scaStatus,
        authorisationId: authorisation.authorisationId,
        _links,
      },
    };
  },
};
