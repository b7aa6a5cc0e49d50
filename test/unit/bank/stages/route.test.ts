import { describe, expect, it } from 'vitest';
import { BANK_ROUTES } from '../../../../main/core/bank/handlers/routes.js';
import { compileRoutes, parseTarget, routeStage } from '../../../../main/core/bank/stages/route.js';
import type { RequestContext } from '../../../../main/core/bank/context/request-context.js';

describe('parseTarget (the route stage)', () => {
  it('decodes percent-encoded segments and keeps the others as sent', () => {
    expect(parseTarget('/v1/a%20b/c%2Fd/plain')).toEqual({
      path: '/v1/a%20b/c%2Fd/plain',
      segments: ['v1', 'a b', 'c/d', 'plain'],
      query: new Map(),
    });
  });

  it('refuses a segment that is not valid percent-encoding, naming it', () => {
    expect(parseTarget('/v1/%ZZ')).toEqual({
      error: "path segment '%ZZ' is not valid percent-encoding",
    });
  });

  it('collects repeated query parameters, and has none for an empty or absent query', () => {
    expect(parseTarget('/v1/x?b=1&a=2&b=3%204')).toMatchObject({
      path: '/v1/x',
      query: new Map([
        ['b', ['1', '3 4']],
        ['a', ['2']],
      ]),
    });
    expect(parseTarget('/v1/x?')).toEqual({
      path: '/v1/x',
      segments: ['v1', 'x'],
      query: new Map(),
    });
    expect(parseTarget('/v1/x')).toEqual({
      path: '/v1/x',
      segments: ['v1', 'x'],
      query: new Map(),
    });
  });
});

describe('routeStage: matching a request line against every route', () => {
  const stage = routeStage(compileRoutes(BANK_ROUTES), 'sandbox');
  const routed = (method: string, target: string) => {
    const ctx = { request: { method, target } } as unknown as RequestContext;
    const result = stage(ctx) as RequestContext | { rule: string };
    return 'rule' in result
      ? result.rule
      : { path: result.route?.path, params: result.pathParams, query: [...result.rawQuery] };
  };

  it('takes the parameters of its own route, not of the routes with as many segments tried before', () => {
    expect(routed('GET', '/v1/consents/c-1/status')).toEqual({
      path: '/v1/consents/{consentId}/status',
      params: { consentId: 'c-1' },
      query: [],
    });
    expect(routed('GET', '/v1/payments/sepa-credit-transfers/p-1/status')).toEqual({
      path: '/v1/payments/{payment-product}/{paymentId}/status',
      params: { 'payment-product': 'sepa-credit-transfers', paymentId: 'p-1' },
      query: [],
    });
  });

  it("matches no route with an empty parameter, and keeps each request's query its own", () => {
    expect(routed('GET', '/v1/consents//status')).toBe('route.not-found');
    expect(routed('GET', '/v1/accounts/a-1/transactions?bookingStatus=booked')).toMatchObject({
      query: [['bookingStatus', ['booked']]],
    });
    expect(routed('GET', '/v1/accounts/a-1/transactions')).toMatchObject({ query: [] });
  });
});
