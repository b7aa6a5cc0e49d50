/**
 * A saved or imported request in the composer's form (renderer/src/features/composer/saved-draft.ts):
 * it lands on the catalogue operation its path calls with `{{name}}` segments as path parameter
 * values (`{{account-id}}` the composer's `{{resourceId}}`), resolves like any draft, and saves back
 * with `{{name}}` unencoded.
 */
import { describe, expect, it } from 'vitest';
import type { EndpointView } from '../../../../../main/api/contract';
import { composedRequest } from '../../../../../renderer/src/features/composer/request-model';
import {
  draftOfSaved,
  savedRequestOf,
} from '../../../../../renderer/src/features/composer/saved-draft';
import { resolvedDraft } from '../../../../../renderer/src/features/composer/variables';

const endpoint = (operationId: string, method: EndpointView['method'], pathTemplate: string) =>
  ({ operationId, method, pathTemplate, query: [] }) as unknown as EndpointView;
const endpoints = [
  endpoint('getConsentStatus', 'GET', '/v1/consents/{consentId}/status'),
  endpoint('getCardAccountTransactionList', 'GET', '/v1/card-accounts/{account-id}/transactions'),
];

describe('a saved request in the composer', () => {
  it('opens on the operation its path calls, {{name}} segments as parameter values', () => {
    const draft = draftOfSaved(
      {
        method: 'GET',
        path: '/v1/consents/{{consentId}}/status',
        headers: { 'PSU-IP-Address': '{{ip}}' },
      },
      undefined,
      endpoints,
    );
    expect(draft).toMatchObject({
      operationId: 'getConsentStatus',
      pathTemplate: '/v1/consents/{consentId}/status',
      pathParams: { consentId: '{{consentId}}' },
    });
    const sent = composedRequest(resolvedDraft(draft, { consentId: 'c-1', ip: '192.0.2.1' }));
    expect(sent).toMatchObject({
      path: '/v1/consents/c-1/status',
      headers: { 'PSU-IP-Address': '192.0.2.1' },
    });
    expect(savedRequestOf(draft).path).toBe('/v1/consents/{{consentId}}/status');
  });

  it('reads {{account-id}} (an OpenAPI path parameter) as the captured {{resourceId}}', () => {
    const draft = draftOfSaved(
      {
        method: 'GET',
        path: '/v1/card-accounts/{{account-id}}/transactions',
        query: { bookingStatus: 'booked' },
      },
      'getCardAccountTransactionList',
      endpoints,
    );
    expect(draft.pathParams).toEqual({ 'account-id': '{{resourceId}}' });
    expect(draft.query.map((r) => [r.name, r.value, r.enabled])).toEqual([
      ['bookingStatus', 'booked', true],
    ]);
  });

  it('keeps a path no operation matches, its {{name}} segments still resolved on send', () => {
    const draft = draftOfSaved({ method: 'GET', path: '/v2/things/{{thingId}}' }, 'old', endpoints);
    expect(draft.operationId).toBeUndefined();
    expect(draft).toMatchObject({
      pathTemplate: '/v2/things/{thingId}',
      pathParams: { thingId: '{{thingId}}' },
    });
    expect(composedRequest(resolvedDraft(draft, { thingId: 'a b' })).path).toBe('/v2/things/a%20b');
    expect(savedRequestOf({ ...draft, pathParams: { thingId: 'a b' } }).path).toBe(
      '/v2/things/a%20b',
    );
  });

  it('sends an absolute URL where it says, on no operation', () => {
    const draft = draftOfSaved(
      { method: 'GET', path: 'https://bank.example/v1/consents/x/status' },
      undefined,
      endpoints,
    );
    expect(draft.operationId).toBeUndefined();
    expect(composedRequest(draft).path).toBe('https://bank.example/v1/consents/x/status');
  });
});
