/**
 * "Test my TPP" through the contract (docs/tpp-plans.md, "In the workbench"): the view's calls
 * drive the same plan run as /admin/plan against the embedded sandbox bank, which the app reaches
 * at the URL the state names, and the Bank view sees where each module starts and ends; a refusal
 * names what was wrong.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/api/services/index.js';
import type { CallName } from '../../../main/api/contract/index.js';
import { BASIC_PLAN, RESILIENCE_PLAN, type PlanReport } from '../../../main/core/bank/index.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import { referenceApp } from './plan-harness.js';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

let services: Services;
let seen: { name: string; payload: unknown }[];
beforeEach(() => {
  services = createServices({ kind: 'web' });
  seen = [];
  services.events.subscribe((name, payload) => seen.push({ name, payload }));
});
afterEach(() => services.dispose());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers under test
async function call(name: CallName, args: object): Promise<any> {
  const outcome = await services.dispatch(name, args);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.result;
}

async function refusal(name: CallName, args: object): Promise<string> {
  const outcome = await services.dispatch(name, args);
  expect(outcome.ok, `${name} was answered`).toBe(false);
  return outcome.ok ? '' : outcome.error.message;
}

describe('Test my TPP through the contract', () => {
  it('lists the basic plan and plays it: the reference app passes every module', async () => {
    expect(await call('plan.list', {})).toContainEqual({
      name: 'basic',
      title: BASIC_PLAN.title,
      modules: BASIC_PLAN.modules.length,
    });
    const { url } = await call('bank.start', { mode: 'sandbox' });
    const chosen = await call('plan.choose', { plan: 'basic' });
    expect(chosen).toMatchObject({ bankUrl: url, plan: { plan: 'basic' } });
    expect(seen.at(-1)).toMatchObject({ name: 'plan.changed', payload: chosen });

    for (const module of BASIC_PLAN.modules) {
      const started = await call('plan.startModule', { module: module.id });
      expect(started.plan.running).toBe(module.id);
      await referenceApp(url, pki)();
      const progress = seen.filter((event) => event.name === 'plan.progress');
      expect(progress.at(-1)?.payload).toMatchObject({ module: module.id });
      const finished = await call('plan.finishModule', { module: module.id });
      const view = finished.plan.modules.find((m: { id: string }) => m.id === module.id);
      expect(view.result.status, `${module.id}: ${view.result.text}`).toBe('PASS');
      expect(finished.plan.running).toBeUndefined();
    }

    const json = await call('plan.report', { format: 'json' });
    expect(json.fileName).toBe('tpp-plan-report.json');
    expect((JSON.parse(json.content) as PlanReport).counts).toMatchObject({ PASS: 5, FAIL: 0 });
    const junit = await call('plan.report', { format: 'junit' });
    expect(junit).toMatchObject({ fileName: 'tpp-plan-junit.xml' });
    expect(junit.content).toContain('SIGNED-FLOW');
    expect((await call('plan.report', { format: 'html' })).content).toMatch(/^<!DOCTYPE html>/i);
  });

  it('a broken app fails the module of its rule in the view', async () => {
    const { url } = await call('bank.start', { mode: 'sandbox' });
    await call('plan.choose', { plan: 'basic' });
    await call('plan.startModule', { module: 'X-REQUEST-ID-UNIQUE' });
    await referenceApp(url, pki, { reuseRequestId: true })();
    const finished = await call('plan.finishModule', {});
    expect(finished.plan.modules[1]).toMatchObject({
      id: 'X-REQUEST-ID-UNIQUE',
      result: { status: 'FAIL' },
    });
    // The Bank view shows where the module's window opened and closed, beside the exchanges.
    const events = (await call('bank.events', {})) as { kind: string; text: string }[];
    expect(events.filter((event) => event.kind === 'plan').map((event) => event.text)).toEqual([
      'TPP plan: module X-REQUEST-ID-UNIQUE started; the bank is set up for it',
      'TPP plan: module X-REQUEST-ID-UNIQUE judged FAIL',
    ]);
  });

  it('plays the scripted answers of the resilience plan: the 429 and the 503 reach the app', async () => {
    const { url } = await call('bank.start', { mode: 'sandbox' });
    await call('plan.choose', { plan: 'resilience' });
    const statuses: Record<string, string> = {};
    for (const module of RESILIENCE_PLAN.modules) {
      await call('plan.startModule', { module: module.id });
      // The app waits out Retry-After on the bank clock, which the view's clock is.
      await referenceApp(
        url,
        pki,
        {},
        {
          wait: async (seconds) => services.clock.advance(seconds * 1000),
        },
      )();
      const finished = await call('plan.finishModule', { module: module.id });
      const view = finished.plan.modules.find((m: { id: string }) => m.id === module.id);
      statuses[module.id] = view.result.status;
    }
    // The view's sandbox bank does not sign its answers, so no badly signed one can be played.
    expect(statuses).toEqual({
      'ACCESS-FREQUENCY': 'PASS',
      'SYSTEM-ERROR-BACKOFF': 'PASS',
      'BAD-RESPONSE-SIGNATURE': 'NOT_EXERCISED',
    });
    const log = (await call('bank.requestLog', { mode: 'sandbox' })) as {
      response: { status: number };
    }[];
    expect(log.map((entry) => entry.response.status)).toEqual(expect.arrayContaining([429, 503]));
  });

  it('refuses, naming what was wrong, never a crash', async () => {
    expect(await refusal('plan.startModule', { module: 'SIGNED-FLOW' })).toMatch(
      /No plan is chosen/,
    );
    expect(await refusal('plan.report', { format: 'json' })).toMatch(/No plan is chosen/);
    expect(await refusal('plan.choose', { plan: 'nope' })).toMatch(/no plan 'nope': one of basic/);
    await call('plan.choose', { plan: 'basic' });
    expect(await refusal('plan.finishModule', {})).toMatch(/no module is running/);
    expect(await refusal('plan.startModule', { module: 'NOPE' })).toMatch(
      /no module 'NOPE': one of SIGNED-FLOW/,
    );
    await call('plan.startModule', { module: 'SIGNED-FLOW' });
    expect(await refusal('plan.choose', { plan: 'basic' })).toMatch(
      /SIGNED-FLOW is running: finish it/,
    );
    expect(await refusal('plan.finishModule', { module: 'PAGING-NEXT-LINKS' })).toMatch(
      /SIGNED-FLOW is running, not PAGING-NEXT-LINKS/,
    );
    // Nothing sent: never PASS.
    const finished = await call('plan.finishModule', {});
    expect(finished.plan.modules[0].result.status).toBe('NOT_EXERCISED');
  });
});
