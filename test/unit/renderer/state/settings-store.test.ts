/**
 * Test the settings store (renderer/src/state/settings-store.ts): a change shows before main
 * has written the settings file (the theme switches at once), main's answer then stands, and a
 * refused save puts back the settings that were kept.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingsView } from '../../../../main/api/contract';
import { answers, calls } from '../fake-api.js';

vi.mock('../../../../renderer/src/api', () =>
  import('../fake-api.js').then((m) => m.fakeApiModule),
);

const { useSettingsStore } = await import('../../../../renderer/src/state/settings-store');

const kept: SettingsView = {
  settings: {
    theme: 'dark',
    defaultPsuIpAddress: '127.0.0.1',
    defaultAcceptFix: 'amount-as-string',
    requestTimeoutMs: 30_000,
  },
  notices: [],
};

/** An answer to `settings.update` that comes when the test says so. */
function pendingUpdate() {
  let settle!: (outcome: { view?: SettingsView; error?: Error }) => void;
  const outcome = new Promise<{ view?: SettingsView; error?: Error }>(
    (resolve) => (settle = resolve),
  );
  answers.set('settings.update', async () => {
    const { view, error } = await outcome;
    if (error) throw error;
    return view;
  });
  return settle;
}

beforeEach(() => {
  calls.length = 0;
  answers.clear();
  useSettingsStore.setState({ view: kept, saving: false, error: undefined });
});

describe('a settings change', () => {
  it('shows before main has saved it, then main’s answer stands', async () => {
    const settle = pendingUpdate();
    const saved = useSettingsStore.getState().update({ theme: 'light' });
    expect(useSettingsStore.getState().view?.settings.theme).toBe('light');
    expect(useSettingsStore.getState().saving).toBe(true);
    settle({ view: { ...kept, settings: { ...kept.settings, theme: 'light' }, dataDir: '/d' } });
    expect(await saved).toBe(true);
    expect(useSettingsStore.getState().view?.dataDir).toBe('/d');
    expect(calls).toEqual([{ name: 'settings.update', args: { theme: 'light' } }]);
  });

  it('refused: the kept settings are back, with the error', async () => {
    const settle = pendingUpdate();
    const saved = useSettingsStore.getState().update({ theme: 'light' });
    settle({ error: new Error('disk full') });
    expect(await saved).toBe(false);
    const state = useSettingsStore.getState();
    expect(state.view?.settings.theme).toBe('dark');
    expect((state.error as Error).message).toBe('disk full');
  });
});
