/**
 * The one target switcher as the app hands it to the composer and the Runner
 * (renderer/src/app/target-switchers.tsx): the environments it offers are the active target's
 * workspace variables, which the composer keeps, and the composer's picker is locked, saying why,
 * while a run runs.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The stores as plain objects: rendered to a string, a zustand hook reads its store's initial
 * state, so the three stores the switcher reads are stood in for by hooks over what they hold.
 */
const held = vi.hoisted(() => {
  const hook = <T extends object>(state: T) =>
    Object.assign(<U>(select: (s: T) => U) => select(state), { getState: () => state });
  const targets = {
    busy: false,
    setActive: async () => undefined,
    view: {
      readOrder: 1,
      activeTargetId: 'embedded-sandbox',
      targets: [
        {
          id: 'embedded-sandbox',
          kind: 'embedded',
          name: 'Embedded bank (sandbox)',
          mode: 'sandbox',
          running: true,
          defaultHeaders: {},
        },
      ],
      profiles: [],
    },
  };
  const composer = {
    variables: {
      'embedded-sandbox': { active: 'staging', environments: { default: {}, staging: {} } },
    },
    switchEnvironment: () => undefined,
  };
  const runner: { activeRunId?: string } = {};
  return { targets, composer, runner, hook };
});

vi.mock('../../../../renderer/src/state/targets-store', () => ({
  useTargetsStore: held.hook(held.targets),
}));
vi.mock('../../../../renderer/src/features/composer/store', () => ({
  useComposerStore: held.hook(held.composer),
}));
vi.mock('../../../../renderer/src/features/runner/store', () => ({
  useRunnerStore: held.hook(held.runner),
}));

const { ActiveTargetSwitcher, ComposerTargetPicker } =
  await import('../../../../renderer/src/app/target-switchers');

beforeEach(() => {
  delete held.runner.activeRunId;
});

describe('the target switcher the app hands in', () => {
  it("offers the active target's environments as the composer keeps them, the active one chosen", () => {
    const html = renderToStaticMarkup(
      createElement(ActiveTargetSwitcher, { use: 'run', testId: 'runner-target', locked: false }),
    );
    expect(html).toContain('data-testid="runner-target-environment"');
    expect(html).toContain('<option value="default">default</option>');
    expect(html).toContain('<option value="staging" selected="">staging</option>');
  });

  it("locks the composer's picker while a run runs, and says why", () => {
    expect(renderToStaticMarkup(createElement(ComposerTargetPicker))).not.toContain(
      'target-picker-locked',
    );
    held.runner.activeRunId = 'run-1';
    const html = renderToStaticMarkup(createElement(ComposerTargetPicker));
    expect(html).toContain('data-testid="target-picker-locked"');
    expect(html).toContain('a run is in progress in the Runner against this target');
  });
});
