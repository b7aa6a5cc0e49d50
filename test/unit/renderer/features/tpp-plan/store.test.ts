/**
 * Test my TPP's store (renderer/src/features/tpp-plan/store.ts): the current module is the running
 * one, else the first waiting one not skipped; a refusal is kept with what the tester was doing;
 * the running module's exchange count follows the live progress events.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanModuleView, PlanView } from '../../../../../main/api/contract';
import { answers, calls } from '../../fake-api.js';

vi.mock('../../../../../renderer/src/api', () =>
  import('../../fake-api.js').then((m) => m.fakeApiModule),
);

const { currentModule, useTppPlanStore } =
  await import('../../../../../renderer/src/features/tpp-plan/store');

const module = (id: string, state: PlanModuleView['state']): PlanModuleView => ({
  id,
  title: id,
  section: '§4.1',
  rules: [],
  instruction: 'Do it.',
  state,
});

const plan = (modules: PlanModuleView[], running?: string): PlanView => ({
  plan: 'basic',
  title: 'Basic',
  ...(running ? { running } : {}),
  modules,
});

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  useTppPlanStore.setState({
    plans: [],
    state: {},
    skipped: [],
    loaded: false,
    error: undefined,
    done: undefined,
  });
});

describe('the current module', () => {
  it('is the running module, whatever was skipped', () => {
    const view = plan([module('A', 'waiting'), module('B', 'running')], 'B');
    expect(currentModule(view, [])?.id).toBe('B');
  });

  it('is the first waiting module the tester did not skip', () => {
    const view = plan([module('A', 'judged'), module('B', 'waiting'), module('C', 'waiting')]);
    expect(currentModule(view, [])?.id).toBe('B');
    expect(currentModule(view, ['B'])?.id).toBe('C');
    expect(currentModule(view, ['B', 'C'])).toBeUndefined();
    expect(currentModule(undefined, [])).toBeUndefined();
  });
});

describe('the store', () => {
  it('skips a module: the next one becomes current', () => {
    useTppPlanStore.setState({
      state: { plan: plan([module('A', 'waiting'), module('B', 'waiting')]) },
    });
    useTppPlanStore.getState().skip('A');
    const { state, skipped, done } = useTppPlanStore.getState();
    expect(currentModule(state.plan, skipped)?.id).toBe('B');
    expect(done).toMatch(/A skipped: the report counts it NOT_EXERCISED/);
  });

  it('a skipped module started after all is no longer skipped', async () => {
    const running = plan([module('A', 'running'), module('B', 'waiting')], 'A');
    answers.set('plan.startModule', () => ({ plan: running }));
    useTppPlanStore.setState({ skipped: ['A', 'B'] });
    await useTppPlanStore.getState().startModule('A');
    expect(useTppPlanStore.getState().skipped).toEqual(['B']);
    expect(currentModule(useTppPlanStore.getState().state.plan, ['B'])?.id).toBe('A');
  });

  it('keeps a refusal with what the tester was doing', async () => {
    await useTppPlanStore.getState().startModule('A');
    expect(calls).toEqual([{ name: 'plan.startModule', args: { module: 'A' } }]);
    expect(useTppPlanStore.getState()).toMatchObject({
      doing: 'Starting A',
      error: expect.objectContaining({ message: 'no answer for plan.startModule' }),
      busy: undefined,
    });
  });

  it('counts the running module’s exchanges from the progress events, no other module’s', () => {
    useTppPlanStore.setState({
      state: { plan: plan([module('A', 'running'), module('B', 'waiting')], 'A') },
    });
    useTppPlanStore.getState().receivedProgress({ module: 'A', exchanges: 7 });
    useTppPlanStore.getState().receivedProgress({ module: 'B', exchanges: 3 });
    const modules = useTppPlanStore.getState().state.plan!.modules;
    expect(modules.map((m) => m.exchanges)).toEqual([7, undefined]);
  });

  it('a new run of the plan, chosen elsewhere, has skipped nothing', () => {
    useTppPlanStore.setState({ skipped: ['A'] });
    useTppPlanStore.getState().received({ plan: plan([module('A', 'waiting')]) });
    expect(useTppPlanStore.getState().skipped).toEqual([]);
  });

  it('knows the bank’s state only once the first load answered, not when it failed', async () => {
    await useTppPlanStore.getState().load();
    expect(useTppPlanStore.getState().loaded).toBe(false);
    answers.set('plan.list', () => [{ name: 'basic', title: 'Basic', modules: 5 }]);
    answers.set('plan.state', () => ({ bankUrl: 'http://127.0.0.1:5000' }));
    await useTppPlanStore.getState().load();
    expect(useTppPlanStore.getState()).toMatchObject({
      loaded: true,
      choice: 'basic',
      state: { bankUrl: 'http://127.0.0.1:5000' },
    });
  });

  it('follows the sandbox bank’s URL as it starts and stops', () => {
    useTppPlanStore.getState().receivedBankUrl('http://127.0.0.1:5000');
    expect(useTppPlanStore.getState().state.bankUrl).toBe('http://127.0.0.1:5000');
    useTppPlanStore.getState().receivedBankUrl(undefined);
    expect(useTppPlanStore.getState().state).toEqual({});
  });
});
