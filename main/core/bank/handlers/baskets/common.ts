/** What the signing-basket routes share: the basket of the path, its links, its status. */
import { bankError } from '../../../spec/errors.js';
import { faultActive } from '../../faults/index.js';
import { basketPath, basketStatus, findBasket } from '../../domain/baskets.js';
import type { DomainState, SigningBasket } from '../../domain/model.js';
import { tppIdOf } from '../../context/accessors.js';
import { reject, type Rejection } from '../../http/refusal.js';
import type { RequestContext } from '../../context/request-context.js';
import { link } from '../sca/api-shapes.js';

export const unknownBasket = (basketId: string) =>
  reject(
    'handler.basket.unknown',
    bankError('RESOURCE_UNKNOWN', `signing basket '${basketId}' is unknown to this TPP`, {
      path: 'basketId',
    }),
  );

export function ownBasket(
  ctx: RequestContext,
  env: { state: DomainState },
): SigningBasket | Rejection {
  const basketId = ctx.pathParams.basketId ?? '';
  const basket = findBasket(env.state, basketId);
  if (!basket || basket.tppId !== tppIdOf(ctx)) return unknownBasket(basketId);
  return basket;
}
export const statusOf = (ctx: RequestContext, state: DomainState, basket: SigningBasket) =>
  basketStatus(state, basket, { bestCase: faultActive(ctx, 'BASKET-NOT-ATOMIC-WORST-STATUS') });

export function basketLinks(basket: SigningBasket) {
  const path = basketPath(basket.basketId);
  const links: Record<string, unknown> = {
    self: link(path),
    status: link(`${path}/status`),
    startAuthorisation: link(`${path}/authorisations`, ['POST']),
  };
  if (basket.authorisationId !== undefined)
    links.scaStatus = link(`${path}/authorisations/${basket.authorisationId}`);
  return links;
}

export const refuse = (
  rule: string,
  code: Parameters<typeof bankError>[0],
  path: string,
  text: string,
) => reject(`handler.basket.${rule}`, bankError(code, `${path}: ${text}`, { path }));

export const BASKET_ID = { basketId: { description: 'The basketId of the 201 answer.' } };
