/**
 * What the TPP findings recorder remembers of the bank's answers (answer-memory.ts): Retry-After
 * on 429 and SYSTEM_ERROR in both RFC 9110 forms, measured on the bank clock; requests in flight
 * with the answer not judged; the consentId of a badly signed consent answer.
 */
import { describe, expect, it } from 'vitest';
import { AnswerMemory } from '../../../../../main/core/bank/log/tpp-findings/answer-memory.js';
import type { ExchangeRecord } from '../../../../../main/core/bank/log/request-log.js';

const T0 = Date.parse('2026-03-02T10:00:00Z');
let nextId = 1;

/** A request sent `sentMs` after T0 on the wall clock, at `bankMs` after T0 on the bank clock. */
function exchange(
  target: string,
  status: number,
  at: { sentMs: number; bankMs?: number },
  headers: Record<string, string> = {},
  requestHeaders: Record<string, string> = {},
): ExchangeRecord {
  return {
    id: nextId++,
    mode: 'sandbox',
    receivedAt: new Date(T0 + (at.bankMs ?? at.sentMs)).toISOString(),
    arrivedAt: new Date(T0 + at.sentMs).toISOString(),
    durationMs: 5,
    stageTimings: {},
    request: { method: 'GET', target, headers: requestHeaders, bodySize: 0 },
    response: { status, headers, body: undefined },
  } as ExchangeRecord;
}

const READ = { method: 'GET', path: '/v1/any' } as const;
const CREATE = { method: 'POST', path: '/v1/consents' } as const;

const judge = (memory: AnswerMemory, record: ExchangeRecord) =>
  memory.judge(READ, { record }).map((v) => `${v.rule} ${v.verdict}`);

const CARD = '/v1/card-accounts/c1/transactions';

describe('Retry-After', () => {
  it('fails a request to the resource before it runs out, passes the first after', () => {
    const memory = new AnswerMemory();
    expect(
      judge(memory, exchange(`${CARD}?x=1`, 429, { sentMs: 0 }, { 'retry-after': '20' })),
    ).toEqual([]);
    // Another resource is not held back.
    expect(judge(memory, exchange('/v1/accounts', 200, { sentMs: 100 }))).toEqual([]);
    expect(judge(memory, exchange(CARD, 200, { sentMs: 200 }))).toEqual([
      'TPP-ACCESS-EXCEEDED-BACKOFF fail',
    ]);
    expect(judge(memory, exchange(CARD, 503, { sentMs: 300 }, { 'retry-after': '20' }))).toEqual(
      [],
    );
    // 20 s later on the bank clock (the tester moved it on), a moment later on the wall clock.
    expect(judge(memory, exchange(CARD, 200, { sentMs: 400, bankMs: 20_400 }))).toEqual([
      'TPP-SYSTEM-ERROR-BACKOFF pass',
    ]);
    expect(judge(memory, exchange(CARD, 200, { sentMs: 500, bankMs: 20_500 }))).toEqual([]);
  });

  it('reads an HTTP-date, and leaves requests sent before the answer went out unjudged', () => {
    const memory = new AnswerMemory();
    const until = new Date(T0 + 30_000).toUTCString();
    judge(memory, exchange(CARD, 503, { sentMs: 0 }, { 'retry-after': until }));
    expect(judge(memory, exchange(CARD, 200, { sentMs: 2 }))).toEqual([]);
    expect(judge(memory, exchange(CARD, 200, { sentMs: 10, bankMs: 29_000 }))).toEqual([
      'TPP-SYSTEM-ERROR-BACKOFF fail',
    ]);
  });

  it('remembers nothing from an answer without Retry-After, or one it cannot read', () => {
    const memory = new AnswerMemory();
    judge(memory, exchange(CARD, 429, { sentMs: 0 }));
    judge(memory, exchange('/v1/accounts', 503, { sentMs: 0 }, { 'retry-after': 'soon' }));
    expect(judge(memory, exchange(CARD, 200, { sentMs: 100 }))).toEqual([]);
    expect(judge(memory, exchange('/v1/accounts', 200, { sentMs: 100 }))).toEqual([]);
  });
});

describe('a badly signed consent answer', () => {
  const created = (memory: AnswerMemory, badSignature: boolean, consentId: string, sentMs = 0) =>
    memory.judge(CREATE, {
      record: {
        ...exchange('/v1/consents', 201, { sentMs }),
        request: { method: 'POST', target: '/v1/consents', headers: {}, bodySize: 2 },
      } as ExchangeRecord,
      responseBody: { consentId },
      ...(badSignature ? { scripted: { badSignature } } : {}),
    });

  it('fails every use of its consentId; a new consent instead passes', () => {
    const used = new AnswerMemory();
    created(used, true, 'consent-bad');
    expect(judge(used, exchange('/v1/consents/consent-bad/status', 200, { sentMs: 50 }))).toEqual([
      'TPP-RESPONSE-SIGNATURE-CHECKED fail',
    ]);
    expect(
      judge(
        used,
        exchange('/v1/accounts', 200, { sentMs: 60 }, {}, { 'consent-id': 'consent-bad' }),
      ),
    ).toEqual(['TPP-RESPONSE-SIGNATURE-CHECKED fail']);

    const discarded = new AnswerMemory();
    created(discarded, true, 'consent-bad');
    expect(created(discarded, false, 'consent-good', 20).map((v) => v.verdict)).toEqual(['pass']);
    expect(
      judge(discarded, exchange('/v1/consents/consent-good/status', 200, { sentMs: 50 })),
    ).toEqual([]);
  });

  it('remembers no consentId of a well signed answer', () => {
    const memory = new AnswerMemory();
    created(memory, false, 'consent-ok');
    expect(judge(memory, exchange('/v1/consents/consent-ok/status', 200, { sentMs: 50 }))).toEqual(
      [],
    );
  });
});
