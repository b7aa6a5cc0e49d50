/**
 * The matcher of openapi-exchanges.test.ts reports what it must: an undocumented status, a body
 * off its schema, a missing required header, a wrong answer to an unknown path or method.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../main/core/bank/openapi/document';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes';
import { OpenApiMatcher, type RecordedExchange } from './openapi-match';

const matcher = new OpenApiMatcher(buildOpenApiDocument(BANK_ROUTES, { mode: 'sandbox' }));
const base = 'http://127.0.0.1:1';
const error = { tppMessages: [{ category: 'ERROR', code: 'NOT_FOUND', text: 'x' }] };
const created: RecordedExchange = {
  method: 'POST',
  url: `${base}/v1/consents`,
  status: 201,
  headers: { location: '/v1/consents/c1', 'aspsp-sca-approach': 'REDIRECT', 'x-request-id': 'r' },
  body: '{}',
  json: {
    consentStatus: 'received',
    consentId: 'c1',
    _links: {
      scaRedirect: { href: 'http://127.0.0.1:1/sca/a1', verbs: ['GET'] },
      self: { href: '/v1/consents/c1', verbs: ['GET'] },
      status: { href: '/v1/consents/c1/status', verbs: ['GET'] },
      scaStatus: { href: '/v1/consents/c1/authorisations/a1', verbs: ['GET'] },
    },
  },
};

describe('OpenApiMatcher', () => {
  it('accepts a documented answer', () => {
    expect(matcher.match(created)).toEqual({
      kind: 'operation',
      operation: 'createConsent',
      problems: [],
    });
  });

  it('reports an undocumented status', () => {
    expect(matcher.match({ ...created, status: 202 }).problems).toEqual([
      `POST ${base}/v1/consents → 202: status 202 is not documented for createConsent`,
    ]);
  });

  it('reports a body off its schema and a missing required header', () => {
    const { location: _dropped, ...headers } = created.headers;
    const problems = matcher.match({
      ...created,
      headers,
      json: { ...(created.json as object), consentStatus: 'nonsense' },
    }).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/required response header Location is missing/);
    expect(problems[1]).toMatch(/does not match the documented schema/);
  });

  it('an unknown path must be 404 with an error body; another method 405 with Allow', () => {
    const unknown = { ...created, url: `${base}/v1/nothing`, status: 404, json: error };
    expect(matcher.match(unknown)).toEqual({ kind: 'unknown-path', problems: [] });
    expect(matcher.match({ ...unknown, status: 200 }).problems).toHaveLength(1);
    const patch = {
      ...created,
      method: 'PATCH',
      status: 405,
      headers: { allow: 'POST' },
      json: { tppMessages: [{ category: 'ERROR', code: 'BAD_REQUEST' }] },
    };
    expect(matcher.match(patch)).toEqual({ kind: 'method-not-allowed', problems: [] });
    expect(matcher.match({ ...patch, headers: { allow: 'GET, POST' } }).problems).toHaveLength(1);
  });
});
