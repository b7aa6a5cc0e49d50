/**
 * A target's OpenAPI document (`GET /openapi.json`, unsigned: the bank serves it to anyone), for
 * a collection made from it. The request goes through the signing client like any other, so it
 * is in the history and reaches an external bank over the target's TLS settings.
 */
import { CallRefused } from '../../dispatch.js';
import type { TppService } from './tpp-service.js';

export async function openApiOfTarget(tpp: TppService, targetId: string): Promise<unknown> {
  const exchange = await tpp.send(
    targetId,
    { method: 'GET', path: '/openapi.json', sign: false },
    'openapi.json for a collection',
  );
  const response = exchange.response;
  if (!response)
    throw new CallRefused(
      `The target did not answer GET /openapi.json: ${exchange.error ?? 'no response'}.`,
    );
  if (response.status !== 200)
    throw new CallRefused(
      `The target answered GET /openapi.json with ${response.status}, not its OpenAPI document.`,
    );
  if (response.json === undefined) throw new CallRefused('The target’s /openapi.json is not JSON.');
  return response.json;
}
