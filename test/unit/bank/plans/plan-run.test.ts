import { describe, expect, it } from 'vitest';
import {
  PlanRun,
  type ModuleInspection,
  type PlanBankControl,
  type PlanModule,
} from '../../../../main/core/bank/index.js';
import type { Observation } from '../../../../main/core/bank/log/tpp-findings/recorder.js';

const control: PlanBankControl = {
  act: (operation) => operation({} as never, new Date()),
  exclusive: async (work) => work(),
};

/** A module whose inspection the test resolves, and which needs nothing from the window. */
function inspecting() {
  let resolve!: (found: ModuleInspection) => void;
  const seen: (readonly Observation[])[] = [];
  const module: PlanModule = {
    id: 'LOOKS-BEYOND',
    title: 'Looks beyond the bank',
    section: '§5.3(6)',
    rules: ['TPP-APP-SITE-BINDINGS'],
    instruction: 'Do anything.',
    missing: () => undefined,
    inspect: ({ observations }) => {
      seen.push(observations);
      return new Promise((done) => (resolve = done));
    },
  };
  const other: PlanModule = { ...module, id: 'OTHER' };
  return { module, other, seen, resolve: (found: ModuleInspection) => resolve(found) };
}

describe('PlanRun with a module that inspects beyond the bank', () => {
  it('waits for the inspection, refuses a start or finish meanwhile, and takes no exchange into the closed window', async () => {
    const { module, other, seen, resolve } = inspecting();
    const run = new PlanRun(
      { name: 'p', title: 'P', modules: [module, other] },
      { mode: 'sandbox' },
    );
    run.start('LOOKS-BEYOND', control);
    const finishing = run.finish();
    await Promise.resolve();
    expect(() => run.start('OTHER', control)).toThrow(/LOOKS-BEYOND is being judged/);
    await expect(run.finish()).rejects.toThrow(/already being judged/);
    run.observe({} as Observation); // arrives after the window closed
    resolve({ rule: 'TPP-APP-SITE-BINDINGS', status: 'FAIL', text: 'nothing published' });
    const view = await finishing;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveLength(0);
    expect(view.result).toMatchObject({
      status: 'FAIL',
      text: 'TPP-APP-SITE-BINDINGS (§5.3(6)) broken: nothing published',
      rules: [{ id: 'TPP-APP-SITE-BINDINGS', passes: 0, failures: 1 }],
    });
    expect(() => run.start('OTHER', control)).not.toThrow();
  });

  it('turns an inspection that throws into INCONCLUSIVE with its error, never a crash', async () => {
    const { module } = inspecting();
    const run = new PlanRun(
      {
        name: 'p',
        title: 'P',
        modules: [{ ...module, inspect: () => Promise.reject(new Error('no network')) }],
      },
      { mode: 'sandbox' },
    );
    run.start('LOOKS-BEYOND', control);
    const view = await run.finish();
    expect(view.result).toMatchObject({
      status: 'INCONCLUSIVE',
      text: 'TPP-APP-SITE-BINDINGS: the workbench could not look: no network',
    });
  });
});
