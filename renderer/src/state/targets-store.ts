/** Targets: the embedded banks and external ones, and which one the composer sends to. */
import { create } from 'zustand';
import type { CallArgs, TargetView, TargetsView } from '../../../main/api/contract';
import { api } from '../api';

export type TargetInput = CallArgs<'targets.save'>['target'];
export type ProfileFormInput = CallArgs<'targets.createProfile'>['form'];

interface TargetsState {
  view?: TargetsView;
  busy: boolean;
  error?: unknown;
  /** Why the last profile action (add, create, remove) was refused: shown by the profiles panel. */
  profileError?: unknown;
  load(): Promise<void>;
  save(target: TargetInput): Promise<boolean>;
  remove(id: string): Promise<void>;
  setActive(id: string): Promise<void>;
  addProfile(path: string): Promise<boolean>;
  createProfile(path: string, form: ProfileFormInput): Promise<boolean>;
  removeProfile(id: string): Promise<void>;
  received(view: TargetsView): void;
}

/**
 * The view to show: the arriving one only if main read it after the shown one. Answers and events
 * may arrive out of order, and an older view would bring back a profile removed since.
 */
export function laterView(shown: TargetsView | undefined, arriving: TargetsView): TargetsView {
  return shown && shown.readOrder >= arriving.readOrder ? shown : arriving;
}

export const useTargetsStore = create<TargetsState>((set, get) => {
  const take = (view: TargetsView) => laterView(get().view, view);
  const run = async (
    action: () => Promise<TargetsView>,
    errorKey: 'error' | 'profileError' = 'error',
  ): Promise<boolean> => {
    set({ busy: true, [errorKey]: undefined });
    try {
      const view = await action();
      set({ view: take(view), busy: false });
      return true;
    } catch (error) {
      set({ [errorKey]: error, busy: false });
      return false;
    }
  };
  return {
    busy: false,
    async load() {
      try {
        const view = await api.call('targets.list', {});
        set({ view: take(view), error: undefined });
      } catch (error) {
        set({ error });
      }
    },
    save: (target) => run(() => api.call('targets.save', { target })),
    remove: async (id) => {
      await run(() => api.call('targets.remove', { id }));
    },
    setActive: async (id) => {
      await run(() => api.call('targets.setActive', { id }));
    },
    addProfile: (path) => run(() => api.call('targets.addProfile', { path }), 'profileError'),
    createProfile: (path, form) =>
      run(() => api.call('targets.createProfile', { path, form }), 'profileError'),
    removeProfile: async (id) => {
      await run(() => api.call('targets.removeProfile', { id }), 'profileError');
    },
    received: (view) => set({ view: take(view) }),
  };
});

export function activeTarget(view: TargetsView | undefined): TargetView | undefined {
  return view?.targets.find((t) => t.id === view.activeTargetId);
}

export function useActiveTarget(): TargetView | undefined {
  return useTargetsStore((state) => activeTarget(state.view));
}

/** The target as an editable input (embedded targets keep their fixed name and mode in main). */
export function targetInput(target: TargetView): TargetInput {
  return {
    id: target.id,
    name: target.name,
    mode: target.mode,
    ...(target.kind === 'external' && target.baseUrl ? { baseUrl: target.baseUrl } : {}),
    ...(target.signingCertificate ? { signingCertificate: target.signingCertificate } : {}),
    ...(target.transportCertificate ? { transportCertificate: target.transportCertificate } : {}),
    ...(target.extraCaPem ? { extraCaPem: target.extraCaPem } : {}),
    defaultHeaders: { ...target.defaultHeaders },
  };
}
