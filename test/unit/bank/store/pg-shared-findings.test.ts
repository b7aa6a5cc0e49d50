/**
 * What a shared log stores of an exchange for the findings (store/pg-shared-findings.ts
 * `judgementJson`): the route, the refusal, and the answer's body when the log record lacks it;
 * a body the answer was sent as text of goes in as that text, read back as the same value.
 */
import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../../../main/core/bank/context/request-context.js';
import type { ExchangeRecord } from '../../../../main/core/bank/log/request-log.js';
import type { Observation } from '../../../../main/core/bank/log/tpp-findings/recorder.js';
import { judgementJson } from '../../../../main/core/bank/store/pg-shared-findings.js';

const route = {
  operationId: 'getConsentInformation',
  kind: 'api',
  signed: true,
} as RouteDefinition;
const body = { consentStatus: 'valid', _links: { status: { href: '/v1/consents/c1/status' } } };

const observation = (extra: Partial<Observation> = {}): Observation => ({
  route,
  record: { response: { status: 200, headers: {}, body: undefined } } as unknown as ExchangeRecord,
  responseBody: body,
  ...extra,
});

describe('judgementJson', () => {
  it('stores the route and the body of a handler answer', () => {
    expect(JSON.parse(judgementJson(observation())!)).toEqual({
      route: 'getConsentInformation',
      responseBody: body,
    });
  });

  it('takes the text the body was sent as, verbatim, and reads back as the same value', () => {
    // Spaced as JSON.stringify would not: only the text given can have put them there.
    const text =
      '{ "consentStatus": "valid", "_links": { "status": { "href": "/v1/consents/c1/status" } } }';
    const json = judgementJson(observation({ responseBodyText: text }))!;
    expect(json).toContain(text);
    expect(JSON.parse(json)).toEqual({ route: 'getConsentInformation', responseBody: body });
  });

  it('keeps a refusal beside the text, and stores no body the log record holds', () => {
    const refused = observation({
      refusedAt: 'handler',
      rejection: { rule: 'CONSENT_UNKNOWN', text: 'no such consent' },
      responseBodyText: JSON.stringify(body),
    });
    expect(JSON.parse(judgementJson(refused)!)).toEqual({
      route: 'getConsentInformation',
      refusedAt: 'handler',
      rejection: { rule: 'CONSENT_UNKNOWN', text: 'no such consent' },
      responseBody: body,
    });
    const logged = observation({ responseBodyText: JSON.stringify(body) });
    logged.record.response.body = body;
    expect(JSON.parse(judgementJson(logged)!)).toEqual({ route: 'getConsentInformation' });
  });

  it('stores nothing for a route the findings pass over', () => {
    expect(judgementJson(observation({ route: undefined }))).toBeNull();
  });
});
