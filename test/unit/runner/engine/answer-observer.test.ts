/**
 * The run's every-answer observer (main/core/runner/engine/answer-observer.ts): a rule about some
 * answers only (ERR-STATUS-500: a 500 or a SYSTEM_ERROR) is judged only when the run got such an
 * answer. A bank that never fails earns no PASS on it; one that failed and said so PASSes it.
 */
import { describe, expect, it } from 'vitest';
import { AnswerObserver } from '../../../../main/core/runner/engine/answer-observer';
import type { EvidenceExchange } from '../../../../main/shared/exchange';
import type { JsonValue } from '../../../../main/shared/json';

const AT = '2026-11-24T18:25:09.000Z';
let next = 0;

function answer(status: number, json?: JsonValue): EvidenceExchange {
  next += 1;
  return {
    id: `x${next}`,
    request: { method: 'GET', url: `http://bank.test/v1/accounts?n=${next}`, headers: {} },
    response: {
      status,
      headers: { date: 'Tue, 24 Nov 2026 18:25:09 GMT', 'content-type': 'application/json' },
      body: JSON.stringify(json ?? null),
      ...(json === undefined ? {} : { json }),
    },
    timings: { startedAt: AT, durationMs: 1 },
  } as EvidenceExchange;
}
const body = (code: string) => ({ tppMessages: [{ category: 'ERROR', code, text: 'failed' }] });

function observed(...exchanges: EvidenceExchange[]) {
  const observer = new AnswerObserver();
  exchanges.forEach((exchange, at) => observer.observe(`CHECK-${at}`, exchange, AT));
  return observer.results().filter((result) => result.rules.includes('ERR-STATUS-500'));
}

describe('ERR-STATUS-500 judged on every answer of a run', () => {
  it('is not judged when no answer was 500 or SYSTEM_ERROR', () => {
    expect(observed(answer(200, { accounts: [] }), answer(400, body('FORMAT_ERROR')))).toEqual([]);
  });

  it('PASSes when the answers that were 500 carry SYSTEM_ERROR', () => {
    const failed = answer(500, body('SYSTEM_ERROR'));
    const [result, ...more] = observed(answer(200, {}), failed, answer(503, body('SYSTEM_ERROR')));
    expect(more).toEqual([]);
    expect(result).toMatchObject({ checkId: 'EVERY-ANSWER-ERR-STATUS-500', status: 'PASS' });
    expect(result!.failure).toBeUndefined();
    const evidence = result!.evidence.find((item) => item.kind === 'exchange');
    expect(evidence?.kind === 'exchange' && evidence.exchange.id).toBe(failed.id);
    expect(result!.evidence.find((item) => item.kind === 'note')).toMatchObject({
      text: expect.stringMatching(/^2 answers .* met it, in CHECK-1, CHECK-2$/),
    });
  });

  it.each([
    ['500 INTERNAL', answer(500, body('INTERNAL')), /carries INTERNAL, not SYSTEM_ERROR/],
    ['500 without a body', answer(500), /body is not the §7 error body/],
    ['400 SYSTEM_ERROR', answer(400, body('SYSTEM_ERROR')), /SYSTEM_ERROR is answered with 400/],
  ])('FAILs a %s, even after a right one', (_, wrong, names) => {
    const [result, ...more] = observed(answer(500, body('SYSTEM_ERROR')), wrong);
    expect(more).toEqual([]);
    expect(result).toMatchObject({ checkId: 'EVERY-ANSWER-ERR-STATUS-500', status: 'FAIL' });
    expect(result!.failure!.message).toMatch(names);
    expect(result!.failure!.exchangeId).toBe(wrong.id);
    expect(result!.observedIn).toEqual(['CHECK-1']);
  });

  it('keeps the rules about every answer silent when none broke them', () => {
    const observer = new AnswerObserver();
    observer.observe('CHECK-0', answer(200, { accounts: [] }), AT);
    expect(observer.results()).toEqual([]);
  });
});
