/**
 * The one target switcher as the app hands it to the composer and the Runner
 * (renderer/src/app/target-switchers.tsx): the environments it offers are the active target's
 * workspace variables, which the composer keeps, and the composer's picker is locked, saying why,
 * while a run runs.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TargetsView } from '../../../../main/api/contract';

vi.mock('../../../../renderer/src/api', () =>
  import('../fake-api.js').then((m) => m.fakeApiModule),
);

const { useTargetsStore } = await import('../../../../renderer/src/state/targets-store');
const { useComposerStore } = await import('../../../../renderer/src/features/composer/store');
const { useRunnerStore } = await import('../../../../renderer/src/features/runner/store');
const { ActiveTargetSwitcher, ComposerTargetPicker } =
  await import('../../../../renderer/src/app/target-switchers');

const view: TargetsView = {
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
};

beforeEach(() => {
  useTargetsStore.setState({ view, busy: false });
  useComposerStore.setState({
    variables: {
      'embedded-sandbox': {
        active: 'staging',
        environments: { default: {}, staging: {} },
      },
    },
  });
  useRunnerStore.setState({ activeRunId: undefined });
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
    useRunnerStore.setState({ activeRunId: 'run-1' });
    const html = renderToStaticMarkup(createElement(ComposerTargetPicker));
    expect(html).toContain('data-testid="target-picker-locked"');
    expect(html).toContain('a run is in progress in the Runner against this target');
  });
});
