/**
 * The §7 rules every error answer meets (main/core/runner/engine/error-answer-rules.ts): the
 * body of every 4xx and 5xx, and the status of each ERROR code it carries.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_ANSWER_RULES } from '../../../../main/core/runner/engine/error-answer-rules';
import type { EvidenceExchange } from '../../../../main/shared/exchange';
import type { JsonValue } from '../../../../main/shared/json';

const rule = (id: string) => {
  const found = ERROR_ANSWER_RULES.find((r) => r.ruleId === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};

function answered(status: number, json?: JsonValue, body?: string): EvidenceExchange {
  return {
    id: 'x1',
    request: { method: 'GET', url: 'http://bank.test/v1/consents/c1', headers: {} },
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      body: body ?? (json === undefined ? '' : JSON.stringify(json)),
      ...(json === undefined ? {} : { json }),
    },
    timings: { startedAt: '2026-11-24T18:25:09.000Z', durationMs: 1 },
  } as EvidenceExchange;
}

const message = (code: string, category = 'ERROR') => ({ category, code, text: 'refused' });
const body = (...messages: object[]) => ({ tppMessages: messages }) as unknown as JsonValue;

describe('ERR-BODY-SHAPE on every error answer', () => {
  const { judge, concerns } = rule('ERR-BODY-SHAPE');
  it('leaves a §7 body and every answer below 400 alone', () => {
    expect(judge(answered(400, body(message('FORMAT_ERROR'))))).toBeUndefined();
    expect(judge(answered(404, body(message('RESOURCE_UNKNOWN'), message('NOT_FOUND'))))).toBe(
      undefined,
    );
    expect(judge(answered(200, { error: 'not an error answer' }))).toBeUndefined();
    expect(judge(answered(302))).toBeUndefined();
  });
  it('names a body of another shape, an unknown code and an unknown category', () => {
    expect(judge(answered(404, { error: { code: 'NOT_FOUND', message: 'no' } }))).toMatch(
      /^the 404 answer's body is not \{ "tppMessages".* with a §7\.2 code: .*tppMessages/,
    );
    expect(judge(answered(400, body(message('INVALID_INPUT'))))).toMatch(/code/);
    expect(judge(answered(400, body(message('FORMAT_ERROR', 'FATAL'))))).toMatch(/category/);
    expect(judge(answered(400, body()))).toMatch(/tppMessages/);
  });
  it('names an error answer whose body is not JSON, or empty', () => {
    expect(judge(answered(405))).toBe(
      `the 405 answer's body is not JSON (it is empty), not { "tppMessages": [ { "category", "code", "text" } ] }`,
    );
    expect(judge(answered(502, undefined, '<html>Bad Gateway</html>'))).toMatch(
      /^the 502 answer's body is not JSON, not/,
    );
  });
  it('adds only FAILs: no answer makes it a PASS', () => {
    expect(concerns).toBeUndefined();
  });
});

describe('the code-to-status rules on every answer', () => {
  it('has one rule per 4xx status of the table', () => {
    expect(
      ERROR_ANSWER_RULES.map((r) => r.ruleId).filter((id) => /^ERR-STATUS-4/.test(id)),
    ).toEqual([
      'ERR-STATUS-400',
      'ERR-STATUS-403',
      'ERR-STATUS-404',
      'ERR-STATUS-409',
      'ERR-STATUS-401',
      'ERR-STATUS-429',
    ]);
  });
  it('names a code answered with another status than its own', () => {
    expect(rule('ERR-STATUS-403').judge(answered(404, body(message('CONSENT_UNKNOWN'))))).toBe(
      'CONSENT_UNKNOWN is answered with 404, not 403',
    );
    expect(rule('ERR-STATUS-404').judge(answered(400, body(message('RESOURCE_UNKNOWN'))))).toBe(
      'RESOURCE_UNKNOWN is answered with 400, not 404',
    );
    expect(rule('ERR-STATUS-429').judge(answered(403, body(message('ACCESS_EXCEEDED'))))).toBe(
      'ACCESS_EXCEEDED is answered with 403, not 429',
    );
    expect(rule('ERR-STATUS-401').judge(answered(200, body(message('SCA_EXPIRED'))))).toBe(
      'SCA_EXPIRED is answered with 200, not 401',
    );
  });
  it('leaves the mapped status, and a status another ERROR code of the answer accounts for', () => {
    expect(rule('ERR-STATUS-403').judge(answered(403, body(message('CONSENT_UNKNOWN'))))).toBe(
      undefined,
    );
    const both = body(message('FORMAT_ERROR'), message('CONSENT_UNKNOWN'));
    expect(rule('ERR-STATUS-403').judge(answered(400, both))).toBeUndefined();
    expect(rule('ERR-STATUS-400').judge(answered(400, both))).toBeUndefined();
  });
  it('leaves BAD_REQUEST with 405 or 413 (transport conditions without a code of their own)', () => {
    expect(rule('ERR-STATUS-400').judge(answered(405, body(message('BAD_REQUEST'))))).toBe(
      undefined,
    );
    expect(rule('ERR-STATUS-400').judge(answered(413, body(message('BAD_REQUEST'))))).toBe(
      undefined,
    );
    expect(rule('ERR-STATUS-400').judge(answered(405, body(message('FORMAT_ERROR'))))).toBe(
      'FORMAT_ERROR is answered with 405, not 400',
    );
  });
  it('judges ERROR entries only: a WARNING says nothing of the status', () => {
    const warning = body(message('CONSENT_EXPIRED', 'WARNING'));
    expect(rule('ERR-STATUS-401').judge(answered(200, warning))).toBeUndefined();
  });
  it('adds only FAILs', () => {
    for (const r of ERROR_ANSWER_RULES.filter((r) => /^ERR-STATUS-4/.test(r.ruleId)))
      expect(r.concerns, r.ruleId).toBeUndefined();
  });
});
