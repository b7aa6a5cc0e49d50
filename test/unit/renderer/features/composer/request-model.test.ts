/** The composer's request model: endpoint → draft, draft → the contract's request. */
import { describe, expect, it } from 'vitest';
import type { EndpointView } from '../../../../../main/api/contract';
import {
  composedRequest,
  draftFromEndpoint,
  draftFromCheckRequest,
  draftOfCheckRequest,
  draftFromExchange,
  draftOfExchange,
  draftProblems,
  operationOfRequest,
  editedRow,
  emptyDraft,
  row,
} from '../../../../../renderer/src/features/composer/request-model';
import { FALLBACK_SETTINGS } from '../../../../../renderer/src/state/settings-store';

const automatic = {
  automaticHeaders: {
    generated: ['X-Request-ID', 'Digest', 'TPP-Signature-Certificate', 'Signature'],
    session: ['TPP-Session-ID', 'TPP-Redirect-URI', 'PSU-ID', 'PSU-Corporate-ID'],
  },
};

const cardTransactions: EndpointView = {
  operationId: 'getCardAccountTransactionList',
  method: 'GET',
  pathTemplate: '/v1/card-accounts/{account-id}/transactions',
  group: 'production',
  tag: 'Card accounts (AIS)',
  summary: 'Get card account transactions',
  description: '§4.2.3',
  tppRole: 'AISP',
  pathParameters: [{ name: 'account-id', required: true }],
  query: [
    { name: 'bookingStatus', required: true, enum: ['booked', 'pending', 'both'] },
    { name: 'dateFrom', required: false, format: 'date' },
  ],
  requiredHeaders: [
    'x-accept-fix',
    'X-Request-ID',
    'TPP-Session-ID',
    'TPP-Redirect-URI',
    'TPP-Signature-Certificate',
    'Signature',
  ],
  optionalHeaders: ['PSU-ID', 'PSU-IP-Address', 'Accept'],
  acceptFix: { required: true },
  body: 'none',
};

describe('draftFromEndpoint', () => {
  it('fills method, path parameters, required query, required headers and defaults', () => {
    const draft = draftFromEndpoint(cardTransactions, automatic, {
      ...FALLBACK_SETTINGS,
      defaultAcceptFix: 'longer-names',
      defaultPsuIpAddress: '192.0.2.7',
    });
    expect(draft).toMatchObject({
      operationId: 'getCardAccountTransactionList',
      method: 'GET',
      pathParams: { 'account-id': '' },
      body: '',
    });
    expect(draft.query.map((r) => [r.name, r.value, r.enabled])).toEqual([
      ['bookingStatus', 'booked', true],
      ['dateFrom', '', false],
    ]);
    // Generated and PSU-session headers are the client's: only the rest is typed here.
    expect(draft.headers.map((r) => [r.name, r.value])).toEqual([
      ['x-accept-fix', 'longer-names'],
      ['PSU-IP-Address', '192.0.2.7'],
    ]);
  });

  it("uses the endpoint's own fix, and the example body with Content-Type for a body", () => {
    const draft = draftFromEndpoint(
      {
        ...cardTransactions,
        method: 'POST',
        acceptFix: { required: true, value: 'amount-as-string' },
        optionalHeaders: ['Content-Type'],
        body: 'schema',
        exampleBody: '{"a": 1}',
      },
      automatic,
      { ...FALLBACK_SETTINGS, defaultPsuIpAddress: '' },
    );
    expect(draft.headers.map((r) => [r.name, r.value])).toEqual([
      ['x-accept-fix', 'amount-as-string'],
      ['Content-Type', 'application/json'],
    ]);
    expect(draft.body).toBe('{"a": 1}');
  });
});

describe('composedRequest', () => {
  it('sends enabled rows only, encodes the path, and drops the body of a GET', () => {
    const draft = {
      ...draftFromEndpoint(cardTransactions, automatic, FALLBACK_SETTINGS),
      body: '{"ignored": true}',
    };
    draft.pathParams['account-id'] = 'card 1';
    draft.headers.push(row('X-Off', 'no', false), row('', 'nameless'));
    expect(composedRequest(draft)).toEqual({
      method: 'GET',
      path: '/v1/card-accounts/card%201/transactions',
      query: { bookingStatus: 'booked' },
      headers: { 'x-accept-fix': 'amount-as-string', 'PSU-IP-Address': '127.0.0.1' },
      sign: true,
    });
    expect(composedRequest({ ...emptyDraft(), body: '{}' })).toMatchObject({
      method: 'POST',
      path: '/v1/consents',
      body: '{}',
    });
  });

  it('names what stops a send', () => {
    const draft = draftFromEndpoint(cardTransactions, automatic, FALLBACK_SETTINGS);
    draft.headers.push(row('Bad Name', 'x'), row('X-Ok', 'a\nb'));
    expect(draftProblems({ ...draft, pathTemplate: draft.pathTemplate })).toEqual([
      'Fill in the path parameter {account-id}.',
      "'Bad Name' is not a header name.",
      'The X-Ok value has a line break.',
    ]);
    expect(draftProblems({ ...emptyDraft(), pathTemplate: 'v1/x' })).toEqual([
      'The path must start with / (or be a URL).',
    ]);
  });
});

describe('editedRow', () => {
  it('ticks an unticked row when a value is typed into it, so the value is sent', () => {
    const draft = draftFromEndpoint(cardTransactions, automatic, FALLBACK_SETTINGS);
    const dateFrom = draft.query.find((r) => r.name === 'dateFrom')!;
    expect(dateFrom.enabled).toBe(false);
    const typed = editedRow(dateFrom, { value: '2' });
    expect(typed).toEqual({ ...dateFrom, value: '2', enabled: true });
    expect(dateFrom).toMatchObject({ value: '', enabled: false }); // not mutated
    draft.query = draft.query.map((r) => (r.id === typed.id ? typed : r));
    expect(composedRequest(draft).query).toEqual({ bookingStatus: 'booked', dateFrom: '2' });
  });

  it('takes the checkbox as it is: unticked by hand stays unticked until typed into again', () => {
    const typed = editedRow(row('dateFrom', '', false), { value: '2026-01-01' });
    const unticked = editedRow(typed, { enabled: false });
    expect(unticked).toMatchObject({ value: '2026-01-01', enabled: false });
    // Renaming, clearing or setting the same value is not typing a value: the tick stays off.
    expect(editedRow(unticked, { name: 'dateTo' })).toMatchObject({ enabled: false });
    expect(editedRow(unticked, { value: '' })).toMatchObject({ value: '', enabled: false });
    expect(editedRow(unticked, { value: '2026-01-01' }).enabled).toBe(false);
    // Typing again ticks it again: what the user just typed is never silently dropped.
    expect(editedRow(unticked, { value: '2026-01-02' }).enabled).toBe(true);
    // A change that sets the tick itself wins over the typing.
    expect(editedRow(row('limit', '', false), { value: '5', enabled: false }).enabled).toBe(false);
  });

  it('leaves ticked rows ticked, also when their value is cleared', () => {
    const header = row('PSU-IP-Address', '192.0.2.7');
    expect(editedRow(header, { value: '' })).toMatchObject({ value: '', enabled: true });
    expect(editedRow(header, { value: '192.0.2.8' })).toMatchObject({ enabled: true });
  });
});

describe('draftFromExchange', () => {
  it('keeps what the user typed and the path below the target, not what the client computed', () => {
    const draft = draftFromExchange(
      {
        id: 'e1',
        targetId: 'embedded-sandbox',
        startedAt: '2026-01-01T00:00:00Z',
        sent: true,
        request: {
          method: 'GET',
          url: 'http://127.0.0.1:4000/v1/card-accounts/x/transactions?bookingStatus=both',
          headers: { 'X-Request-ID': 'r', Signature: 's', 'x-accept-fix': 'amount-as-string' },
        },
        headerSources: {
          'X-Request-ID': 'generated',
          Signature: 'generated',
          'x-accept-fix': 'request',
        },
        signing: { signingString: '', signedHeaderNames: [], keyId: '' },
        timings: { headersMs: 0, totalMs: 0 },
        responseSignature: { status: 'absent' },
        curl: '',
      },
      'http://127.0.0.1:4000/',
    );
    expect(draft.pathTemplate).toBe('/v1/card-accounts/x/transactions');
    expect(draft.query.map((r) => [r.name, r.value])).toEqual([['bookingStatus', 'both']]);
    expect(draft.headers.map((r) => r.name)).toEqual(['x-accept-fix']);
    expect(draft.sign).toBe(true);
  });
});

describe('the operation a sent request called', () => {
  const endpoint = (operationId: string, method: EndpointView['method'], pathTemplate: string) =>
    ({ ...cardTransactions, operationId, method, pathTemplate, query: [] }) as EndpointView;
  const endpoints = [
    endpoint('createConsent', 'POST', '/v1/consents'),
    endpoint('getConsentInformation', 'GET', '/v1/consents/{consentId}'),
    endpoint('getConsentStatus', 'GET', '/v1/consents/{consentId}/status'),
    endpoint(
      'getConsentScaStatus',
      'GET',
      '/v1/consents/{consentId}/authorisations/{authorisationId}',
    ),
    endpoint('deleteConsent', 'DELETE', '/v1/consents/{consentId}'),
    cardTransactions,
  ];

  it('matches method and template below the base URL, with the parameters decoded', () => {
    const base = 'http://127.0.0.1:4000/bank/';
    const status = operationOfRequest(
      endpoints,
      'GET',
      'http://127.0.0.1:4000/bank/v1/consents/c%201/status',
      base,
    );
    expect(status?.endpoint.operationId).toBe('getConsentStatus');
    expect(status?.pathParams).toEqual({ consentId: 'c 1' });
    const sca = operationOfRequest(
      endpoints,
      'GET',
      'http://127.0.0.1:4000/bank/v1/consents/c1/authorisations/a1?x=1',
      base,
    );
    expect(sca?.pathParams).toEqual({ consentId: 'c1', authorisationId: 'a1' });
    expect(
      operationOfRequest(endpoints, 'DELETE', 'http://127.0.0.1:4000/bank/v1/consents/c1', base)
        ?.endpoint.operationId,
    ).toBe('deleteConsent');
    // Another server, or a path outside the base, is no operation of the target.
    expect(operationOfRequest(endpoints, 'GET', 'http://other/bank/v1/consents/c1', base)).toBe(
      undefined,
    );
    expect(operationOfRequest(endpoints, 'GET', 'http://127.0.0.1:4000/v1/consents/c1', base)).toBe(
      undefined,
    );
  });

  it('opens a sent exchange on its operation, query rows of the operation listed', () => {
    const draft = draftOfExchange(
      {
        id: 'e2',
        targetId: 'embedded-sandbox',
        startedAt: '2026-01-01T00:00:00Z',
        sent: true,
        request: {
          method: 'GET',
          url: 'http://127.0.0.1:4000/v1/card-accounts/acc%2F1/transactions?bookingStatus=both',
          headers: { 'x-accept-fix': 'amount-as-string' },
        },
        headerSources: { 'x-accept-fix': 'request' },
        timings: { headersMs: 0, totalMs: 0 },
        responseSignature: { status: 'absent' },
        curl: '',
      },
      endpoints,
      'http://127.0.0.1:4000',
    );
    expect(draft.operationId).toBe('getCardAccountTransactionList');
    expect(draft.pathTemplate).toBe('/v1/card-accounts/{account-id}/transactions');
    expect(draft.pathParams).toEqual({ 'account-id': 'acc/1' });
    expect(draft.query.map((r) => [r.name, r.value, r.enabled])).toEqual([
      ['bookingStatus', 'both', true],
      ['dateFrom', '', false],
    ]);
    expect(draft.sign).toBe(false);
    // The form composes the request that was sent.
    expect(composedRequest(draft)).toMatchObject({
      method: 'GET',
      path: '/v1/card-accounts/acc%2F1/transactions',
      query: { bookingStatus: 'both' },
      headers: { 'x-accept-fix': 'amount-as-string' },
    });
  });
});

describe('draftFromCheckRequest', () => {
  it('keeps the headers a check set, drops those the client computes again, signs when signed', () => {
    const draft = draftFromCheckRequest(
      {
        method: 'POST',
        url: 'http://127.0.0.1:5/base/v1/consents?x=1',
        headers: {
          'X-Request-ID': 'id',
          'TPP-Redirect-URI': 'http://127.0.0.1:9/cb',
          Digest: 'SHA-256=x',
          'TPP-Signature-Certificate': 'MII',
          Signature: 'keyId="k"',
          'Content-Length': '2',
        },
        body: '{}',
      },
      'http://127.0.0.1:5/base/',
    );
    expect(draft).toMatchObject({
      method: 'POST',
      pathTemplate: '/v1/consents',
      body: '{}',
      sign: true,
    });
    expect(draft.query.map((r) => [r.name, r.value])).toEqual([['x', '1']]);
    expect(draft.headers.map((r) => r.name)).toEqual(['TPP-Redirect-URI']);
  });

  it('keeps a URL outside the target whole, unsigned when it was not signed', () => {
    const draft = draftFromCheckRequest(
      { method: 'GET', url: 'http://other:1/v1/accounts', headers: {} },
      'http://127.0.0.1:5',
    );
    expect(draft).toMatchObject({ pathTemplate: 'http://other:1/v1/accounts', sign: false });
  });
});

describe('draftOfCheckRequest', () => {
  const createConsent: EndpointView = {
    ...cardTransactions,
    operationId: 'createConsent',
    method: 'POST',
    pathTemplate: '/v1/consents',
    pathParameters: [],
    query: [],
  };

  it('reads a request to a bank other than the composer target by its path, with its operation', () => {
    // The embedded target runs one bank per check: its port is not the composer target's.
    const draft = draftOfCheckRequest(
      { method: 'POST', url: 'http://127.0.0.1:41001/v1/consents', headers: {}, body: '{}' },
      [createConsent],
      'http://127.0.0.1:40000',
    );
    expect(draft).toMatchObject({ operationId: 'createConsent', pathTemplate: '/v1/consents' });
  });

  it('reads a request to the composer target against its base path', () => {
    const draft = draftOfCheckRequest(
      { method: 'POST', url: 'http://127.0.0.1:5/base/v1/consents', headers: {}, body: '{}' },
      [createConsent],
      'http://127.0.0.1:5/base/',
    );
    expect(draft).toMatchObject({ operationId: 'createConsent', pathTemplate: '/v1/consents' });
  });
});
