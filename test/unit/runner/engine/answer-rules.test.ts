/**
 * The rules the run judges on every answer (main/core/runner/engine/answer-rules.ts): each names
 * what an answer does wrong, and leaves alone what the rule does not speak of.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_RULES } from '../../../../main/core/runner/engine/answer-rules';
import type { EvidenceExchange } from '../../../../main/shared/exchange';
import type { JsonValue } from '../../../../main/shared/json';

const rule = (id: string) => ANSWER_RULES.find((r) => r.ruleId === id)!;

function answer(headers: Record<string, string>, json?: JsonValue): EvidenceExchange {
  return {
    id: 'x1',
    request: { method: 'GET', url: 'http://bank.test/v1/user', headers: {} },
    response: {
      status: 200,
      headers,
      body: JSON.stringify(json ?? null),
      ...(json === undefined ? {} : { json }),
    },
    timings: { startedAt: '2026-11-24T18:25:09.000Z', durationMs: 1 },
  } as EvidenceExchange;
}

describe('GEN-PAYLOAD-DATE-TIME-FORM on every answer', () => {
  const judge = rule('GEN-PAYLOAD-DATE-TIME-FORM').judge;
  it('names the first date-time off the §1 form, with its path', () => {
    expect(
      judge(
        answer(
          {},
          { a: [{ at: '2026-11-24T18:25:09+00:00' }, { at: '2026-11-24T18:25:09.164Z' }] },
        ),
      ),
    ).toBe('a[1].at "2026-11-24T18:25:09.164Z" is not YYYY-MM-DDThh:mm:ss+00:00');
  });
  it('leaves dates, free text and the §1 form alone', () => {
    expect(
      judge(
        answer(
          {},
          { d: '2026-11-24', t: 'paid 2026-11-24T18:25Z', ok: '2026-11-24T18:25:09+00:00' },
        ),
      ),
    ).toBeUndefined();
  });
});

describe('GEN-RESPONSE-DATE-HEADER-RFC-7231 on every answer', () => {
  const judge = rule('GEN-RESPONSE-DATE-HEADER-RFC-7231').judge;
  it('names a Date that is not an IMF-fixdate', () => {
    expect(judge(answer({ date: '2026-11-24T18:25:09.164Z' }))).toMatch(
      /^Date "2026-11-24T18:25:09.164Z" is not an IMF-fixdate/,
    );
  });
  it('leaves an IMF-fixdate and an answer without Date alone', () => {
    expect(judge(answer({ date: 'Tue, 24 Nov 2026 18:25:09 GMT' }))).toBeUndefined();
    expect(judge(answer({}))).toBeUndefined();
  });
});

describe('ERR-STATUS-500 on every answer', () => {
  const { judge, concerns } = rule('ERR-STATUS-500');
  function error(status: number, json?: JsonValue): EvidenceExchange {
    const exchange = answer({ 'content-type': 'application/json' }, json);
    return { ...exchange, response: { ...exchange.response!, status } };
  }
  const body = (code: string) => ({ tppMessages: [{ category: 'ERROR', code, text: 'failed' }] });

  it('leaves a 500 SYSTEM_ERROR in the §7 error body alone', () => {
    expect(judge(error(500, body('SYSTEM_ERROR')))).toBeUndefined();
    expect(concerns!(error(500, body('SYSTEM_ERROR')))).toBe(true);
  });
  it('names a 500 with another code, or with no §7 error body', () => {
    expect(judge(error(500, body('INTERNAL')))).toBe(
      'the 500 answer carries INTERNAL, not SYSTEM_ERROR',
    );
    expect(judge(error(500, body('FORMAT_ERROR')))).toBe(
      'the 500 answer carries FORMAT_ERROR, not SYSTEM_ERROR',
    );
    expect(judge(error(500))).toMatch(/^the 500 answer's body is not the §7 error body/);
    expect(judge(error(500, { message: 'Internal Server Error' }))).toMatch(
      /^the 500 answer's body is not the §7 error body/,
    );
    expect(
      judge(error(500, { tppMessages: [{ category: 'FATAL', code: 'SYSTEM_ERROR' }] })),
    ).toMatch(/^the 500 answer's body is not the §7 error body .*category/);
  });
  it('names SYSTEM_ERROR with a status other than 500 or 503', () => {
    expect(judge(error(400, body('SYSTEM_ERROR')))).toBe(
      'SYSTEM_ERROR is answered with 400, not 500',
    );
    expect(judge(error(200, body('SYSTEM_ERROR')))).toBe(
      'SYSTEM_ERROR is answered with 200, not 500',
    );
    expect(concerns!(error(400, body('SYSTEM_ERROR')))).toBe(true);
  });
  it('leaves 503 SYSTEM_ERROR (unavailable for now) alone', () => {
    expect(judge(error(503, body('SYSTEM_ERROR')))).toBeUndefined();
  });
  it('does not concern answers that are neither 500 nor SYSTEM_ERROR', () => {
    expect(concerns!(error(400, body('FORMAT_ERROR')))).toBe(false);
    expect(concerns!(error(503))).toBe(false);
    expect(concerns!(answer({}, { accounts: [] }))).toBe(false);
    expect(judge(error(400, body('FORMAT_ERROR')))).toBeUndefined();
  });
});
