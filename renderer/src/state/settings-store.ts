/** The user's settings as main keeps them; the theme applies at once, the rest on Save. */
import { create } from 'zustand';
import type { SettingsView, WorkbenchSettings } from '../../../main/api/contract';
import { api } from '../api';

interface SettingsState {
  view?: SettingsView;
  saving: boolean;
  error?: unknown;
  load(): Promise<void>;
  update(patch: Partial<WorkbenchSettings>): Promise<boolean>;
  received(view: SettingsView): void;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  saving: false,
  async load() {
    try {
      set({ view: await api.call('settings.get', {}), error: undefined });
    } catch (error) {
      set({ error });
    }
  },
  async update(patch) {
    // The change shows at once (a theme switch must not wait for the settings file's write);
    // main's answer then stands, and a refused save puts back what was kept.
    const kept = get().view;
    set({
      saving: true,
      error: undefined,
      ...(kept ? { view: { ...kept, settings: { ...kept.settings, ...patch } } } : {}),
    });
    try {
      set({ view: await api.call('settings.update', patch), saving: false });
      return true;
    } catch (error) {
      set({ error, saving: false, ...(kept ? { view: kept } : {}) });
      return false;
    }
  },
  received: (view) => set({ view }),
}));

/** Settings with their defaults until main has answered (so views never wait to render). */
export const FALLBACK_SETTINGS: WorkbenchSettings = {
  theme: 'dark',
  defaultPsuIpAddress: '127.0.0.1',
  defaultAcceptFix: 'amount-as-string',
  requestTimeoutMs: 30_000,
};

export function useSettings(): WorkbenchSettings {
  return useSettingsStore((state) => state.view?.settings ?? FALLBACK_SETTINGS);
}
