/**
 * The request log entry and the TPP findings' observation the pipeline makes of each exchange
 * (main/core/bank/assembly/pipeline.ts `exchangeRecorder`): their fields in the record's order,
 * an optional one only when it has a value, as the admin API and the shared log serialise them;
 * and the stages, awaited only when one waits.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBank, type ExchangeRecord } from '../../../../main/core/bank/index.js';
import type { Observation } from '../../../../main/core/bank/log/tpp-findings/observation.js';
import { STAGE_NAMES } from '../../../../main/core/bank/context/request-context.js';
import { VirtualClock } from '../../../../main/core/clock.js';
import { createPki, signedRequest, type Pki } from '../fixtures.js';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

describe('the log entry and the observation of an exchange', () => {
  it('hold their fields in order, the optional ones only when they have a value', async () => {
    const observed: Observation[] = [];
    const bank = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      observe: (observation) => observed.push(observation),
    });
    const listed = signedRequest(pki, {
      method: 'GET',
      path: '/v1/sandbox/customers',
      headers: { 'X-Request-ID': randomUUID() },
    });
    const answer = await bank.handle({ ...listed, remoteAddress: undefined } as never);
    await bank.handle({ ...listed, target: '/v1/unknown' });
    const [answered, refused] = bank.requestLog.entries() as [ExchangeRecord, ExchangeRecord];
    const fields = ['id', 'mode', 'receivedAt', 'arrivedAt', 'durationMs', 'stageTimings'];
    expect(Object.keys(answered)).toEqual([...fields, 'operationId', 'request', 'response']);
    expect(Object.keys(answered.request)).toEqual([
      'method',
      'target',
      'headers',
      'bodySize',
      'bodyText',
    ]);
    expect(Object.keys(refused)).toEqual([...fields, 'request', 'response', 'rejectedBy']);
    expect(Object.keys(refused.request)).toEqual([
      'method',
      'target',
      'headers',
      'remoteAddress',
      'bodySize',
      'bodyText',
    ]);
    // A pure read's answer is kept with its JSON text (answers/read-answers.ts): the
    // observation carries the text the body was sent as, for a shared log to store.
    expect(Object.keys(observed[0]!)).toEqual([
      'route',
      'record',
      'responseBody',
      'responseBodyText',
    ]);
    expect(observed[0]!.responseBodyText).toBe(answer.body);
    expect(JSON.parse(answer.body)).toEqual(observed[0]!.responseBody);
    expect(Object.keys(observed[1]!)).toEqual(['refusedAt', 'rejection', 'record', 'responseBody']);
    expect(observed[1]!.rejection).toEqual({
      rule: 'route.not-found',
      text: expect.stringContaining('/v1/unknown'),
    });
    await bank.close();
  });

  // A stored exchange (a shared log's row, an export) carries eleven timings: each to the
  // microsecond, not the clock's seventeen digits.
  it('times the request and each stage to the microsecond, each stage once', async () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const listed = signedRequest(pki, {
      method: 'GET',
      path: '/v1/sandbox/customers',
      headers: { 'X-Request-ID': randomUUID() },
    });
    await bank.handle(listed);
    const [answered] = bank.requestLog.entries() as [ExchangeRecord];
    const timings = Object.values(answered.stageTimings) as number[];
    expect(Object.keys(answered.stageTimings)).toEqual([...STAGE_NAMES]);
    for (const ms of [answered.durationMs, ...timings]) {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(JSON.stringify(ms)).toMatch(/^\d+(\.\d{1,3})?$/);
    }
    const staged = timings.reduce((sum, ms) => sum + ms, 0);
    expect(staged).toBeLessThanOrEqual(answered.durationMs + 0.01);
    await bank.close();
  });
});

describe('the headers the log keeps of a request', () => {
  const bank = () => createBank({ mode: 'sandbox', clock: new VirtualClock() });
  const listed = () =>
    signedRequest(pki, {
      method: 'GET',
      path: '/v1/sandbox/customers',
      headers: { 'X-Request-ID': randomUUID() },
    });

  it('are the request as sent, whatever a caller of handle does to its headers afterwards', async () => {
    const sandbox = bank();
    const request = listed();
    const sent = { ...request.headers };
    await sandbox.handle(request);
    delete request.headers['x-request-id'];
    request.headers['digest'] = 'changed';
    expect(sandbox.requestLog.entries().at(-1)!.request.headers).toEqual(sent);
    await sandbox.close();
  });

  it("are the listener's own headers object, made for the request alone, not a copy", async () => {
    const sandbox = bank();
    const request = listed();
    await sandbox.handle({ ...request, headersUnshared: true });
    expect(sandbox.requestLog.entries().at(-1)!.request.headers).toBe(request.headers);
    await sandbox.close();
  });
});

describe('the stages and the handler of a request', () => {
  it('run in the turn the request is handed in when none of them waits', async () => {
    const reached: string[] = [];
    const sandbox = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      sessionHook: (ctx) => {
        reached.push('session');
        return ctx;
      },
    });
    const listed = signedRequest(pki, {
      method: 'GET',
      path: '/v1/sandbox/customers',
      headers: { 'X-Request-ID': randomUUID() },
    });
    const answered = sandbox.handle(listed);
    // An await per stage would leave the session stage, the seventh, to later microtasks.
    expect(reached).toEqual(['session']);
    expect((await answered).status).toBe(200);
    await sandbox.close();
  });

  it('still wait for a stage that does', async () => {
    let release!: () => void;
    const sandbox = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      sessionHook: (ctx) =>
        new Promise((resolve) => {
          release = () => resolve(ctx);
        }),
    });
    const answered = sandbox.handle(
      signedRequest(pki, {
        method: 'GET',
        path: '/v1/sandbox/customers',
        headers: { 'X-Request-ID': randomUUID() },
      }),
    );
    let settled = false;
    void answered.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    expect((await answered).status).toBe(200);
    await sandbox.close();
  });
});
