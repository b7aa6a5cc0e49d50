import { describe, expect, it } from 'vitest';
import type { CollectionView } from '../../../../../main/api/contract';
import { searchCollections } from '../../../../../renderer/src/features/composer/collection-search';

const collection: CollectionView = {
  name: 'Team',
  // A secret variable has no value in the store; its requests hold only {{name}}.
  variables: [
    { key: 'apiKey', value: '', secret: true },
    { key: 'region', value: 'north-ceta' },
  ],
  items: [
    {
      kind: 'folder',
      id: 'f1',
      name: 'Payments',
      items: [
        {
          kind: 'folder',
          id: 'f2',
          name: 'SEPA',
          items: [
            {
              kind: 'request',
              id: 'r1',
              name: 'Initiate',
              request: {
                method: 'POST',
                path: '/v1/payments/sepa-credit-transfers',
                headers: { 'X-Trace-Tag': 'trace-41', 'X-Api-Key': '{{apiKey}}' },
                body: '{"endToEndIdentification":"E2E-77"}',
              },
              savedAt: '2026-11-29T09:00:00.000Z',
            },
          ],
        },
      ],
    },
    {
      kind: 'request',
      id: 'r2',
      name: 'List accounts',
      request: { method: 'GET', path: '/v1/accounts', query: { withBalance: 'true' } },
      savedAt: '2026-11-29T09:00:00.000Z',
    },
  ],
};

const found = (query: string) =>
  searchCollections([collection], query).matches.map((m) => [m.saved.id, m.folder, m.where]);

describe('searchCollections', () => {
  it('finds a request by its name, path, header name or value, query and body, case-insensitive', () => {
    expect(found('list ACC')).toEqual([['r2', '', 'name']]);
    expect(found('sepa-credit')).toEqual([['r1', 'Payments / SEPA', 'path']]);
    expect(found('post /v1/pay')).toEqual([['r1', 'Payments / SEPA', 'path']]);
    expect(found('x-trace-tag')).toEqual([['r1', 'Payments / SEPA', 'header X-Trace-Tag']]);
    expect(found('trace-41')).toEqual([['r1', 'Payments / SEPA', 'header X-Trace-Tag']]);
    expect(found('withbalance=true')).toEqual([['r2', '', 'query']]);
    expect(found('e2e-77')).toEqual([['r1', 'Payments / SEPA', 'body']]);
  });

  it('finds nothing for an empty query, and no variable value, secret or not', () => {
    expect(found('  ')).toEqual([]);
    expect(found('north-ceta')).toEqual([]);
    // The reference as saved is found; no value is put in its place.
    expect(found('{{apikey}}')).toEqual([['r1', 'Payments / SEPA', 'header X-Api-Key']]);
  });

  it('keeps at most the limit of matches and counts them all', () => {
    const result = searchCollections([collection], '/v1/', 1);
    expect(result.matches.map((m) => m.saved.id)).toEqual(['r1']);
    expect(result.total).toBe(2);
  });
});
