/**
 * ReadAnswers (main/core/bank/answers/read-answers.ts): a pure read's answer is made once per
 * key while the state stays as it was, and made again after anything that may have changed it.
 */
import { describe, expect, it } from 'vitest';
import { ReadAnswers } from '../../../../main/core/bank/answers/read-answers.js';
import { handlerResponse } from '../../../../main/core/bank/answers/response.js';
import { reject } from '../../../../main/core/bank/http/refusal.js';
import { bankError } from '../../../../main/core/spec/errors.js';
import type {
  HandlerEnvironment,
  HandlerResult,
  RequestContext,
  RouteDefinition,
} from '../../../../main/core/bank/context/request-context.js';

type Handle = RouteDefinition['handle'];

/** A route whose handler answers how many calls it has had so far, unless `handle` is given. */
function countingRoute(handle?: Handle) {
  const counter = { calls: 0 };
  const route = {
    operationId: 'listThings',
    handle: handle ?? (() => ({ status: 200, body: { calls: ++counter.calls } })),
  } as unknown as RouteDefinition;
  return { route, counter };
}

const ctx = {} as RequestContext;
const environment = () => ({ state: {} }) as unknown as HandlerEnvironment;

describe('ReadAnswers', () => {
  it('answers a pure read once per key, its JSON text made once, until told of a change', () => {
    const answers = new ReadAnswers();
    const { route, counter } = countingRoute();
    const env = environment();
    const first = answers.answer(route, 'page 1', ctx, env);
    expect(answers.answer(route, 'page 1', ctx, env)).toBe(first);
    expect(first).toEqual({ status: 200, body: { calls: 1 }, bodyText: '{"calls":1}' });
    expect(answers.answer(route, 'page 2', ctx, env)).toMatchObject({ body: { calls: 2 } });
    answers.changed();
    expect(answers.answer(route, 'page 1', ctx, env)).toMatchObject({ body: { calls: 3 } });
    expect(counter.calls).toBe(3);
  });

  it('makes the answer again on a new state object (a reset, a rolled-back commit)', () => {
    const answers = new ReadAnswers();
    const { route } = countingRoute();
    answers.answer(route, 'page 1', ctx, environment());
    expect(answers.answer(route, 'page 1', ctx, environment())).toMatchObject({
      body: { calls: 2 },
    });
  });

  it('makes the answer again once the engine’s generation moved (others’ commits taken)', () => {
    let generation = 0;
    const answers = new ReadAnswers(() => generation);
    const { route } = countingRoute();
    const env = environment();
    expect(answers.answer(route, 'page 1', ctx, env)).toMatchObject({ body: { calls: 1 } });
    expect(answers.answer(route, 'page 1', ctx, env)).toMatchObject({ body: { calls: 1 } });
    generation += 1;
    expect(answers.answer(route, 'page 1', ctx, env)).toMatchObject({ body: { calls: 2 } });
    expect(answers.answer(route, 'page 1', ctx, env)).toMatchObject({ body: { calls: 2 } });
  });

  it('keeps neither a refusal nor an answer made across an await', async () => {
    const env = environment();
    const answers = new ReadAnswers();
    const refusing = countingRoute(() =>
      reject('handler.test', bankError('FORMAT_ERROR', 'page: bad')),
    );
    const refusal = answers.answer(refusing.route, 'page 1', ctx, env);
    expect(answers.answer(refusing.route, 'page 1', ctx, env)).not.toBe(refusal);
    let calls = 0;
    const awaiting = countingRoute(() =>
      Promise.resolve({ status: 200, body: { calls: ++calls } }),
    );
    await answers.answer(awaiting.route, 'page 1', ctx, env);
    await answers.answer(awaiting.route, 'page 1', ctx, env);
    expect(calls).toBe(2);
  });

  it('gives the bytes of the answer made without it', () => {
    const body = { name: 'Kari \u00e6\u00f8\u00e5', amount: 1.5, list: [null, true] };
    const { route } = countingRoute(() => ({ status: 200, body }));
    const request = { method: 'GET', target: '/x', headers: {}, body: Buffer.alloc(0) };
    const kept = new ReadAnswers().answer(route, 'page 1', ctx, environment()) as HandlerResult;
    expect(handlerResponse(request, kept).body).toBe(
      handlerResponse(request, { status: 200, body }).body,
    );
  });
});
