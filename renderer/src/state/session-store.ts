/**
 * PSU sessions per target (§5.3.8, §6.1): what the status bar and the SCA panel show, with the
 * bank's own view of each TPP session (§3.4: valid, expired, replaced) beside it.
 */
import { create } from 'zustand';
import type { BankSessionView, PsuSessionView } from '../../../main/api/contract';
import { api } from '../api';

interface SessionState {
  sessions: Record<string, PsuSessionView>;
  /** The bank's view of each target's current TPP session (`session.bankView`). */
  bankViews: Record<string, BankSessionView>;
  /** Per target: the last reset forgot a PSU and can be undone (`session.undoReset`). */
  undoable: Record<string, boolean>;
  error?: unknown;
  load(): Promise<void>;
  /**
   * A new TPP session for the target (§3.4, §5.3.4): a new TPP-Session-ID; the PSU-ID,
   * PSU-Corporate-ID and context forgotten unless `keep` is 'psu'. False when main refused.
   */
  reset(targetId: string, keep?: 'psu'): Promise<boolean>;
  /** Brings back the session the last reset replaced. */
  undoReset(targetId: string): Promise<boolean>;
  update(
    targetId: string,
    change: {
      psuId?: string | null;
      psuCorporateId?: string | null;
      context?: 'PRIVATE' | 'CORPORATE' | null;
    },
  ): Promise<boolean>;
  /** Asks the bank about the target's TPP session now. */
  refreshBankView(targetId: string): Promise<void>;
  /** Asks again shortly for every known target (bank activity, clock moves: coalesced). */
  bankMayHaveChanged(): void;
  received(session: PsuSessionView): void;
}

const REFRESH_DELAY_MS = 250;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

export const useSessionStore = create<SessionState>((set, get) => {
  const stored = (session: PsuSessionView) =>
    set((state) => ({ sessions: { ...state.sessions, [session.targetId]: session } }));

  return {
    sessions: {},
    bankViews: {},
    undoable: {},
    async load() {
      try {
        const list = await api.call('session.list', {});
        set({ sessions: Object.fromEntries(list.map((s) => [s.targetId, s])), error: undefined });
        get().bankMayHaveChanged();
      } catch (error) {
        set({ error });
      }
    },
    async reset(targetId, keep) {
      try {
        const session = await api.call('session.reset', {
          targetId,
          ...(keep ? { keep } : {}),
        });
        stored(session);
        set((state) => ({ error: undefined, undoable: { ...state.undoable, [targetId]: true } }));
        void get().refreshBankView(targetId);
        return true;
      } catch (error) {
        set({ error });
        return false;
      }
    },
    async undoReset(targetId) {
      try {
        const session = await api.call('session.undoReset', { targetId });
        stored(session);
        set((state) => ({ error: undefined, undoable: { ...state.undoable, [targetId]: false } }));
        void get().refreshBankView(targetId);
        return true;
      } catch (error) {
        set((state) => ({ error, undoable: { ...state.undoable, [targetId]: false } }));
        return false;
      }
    },
    async update(targetId, change) {
      try {
        const session = await api.call('session.update', { targetId, ...change });
        stored(session);
        set({ error: undefined });
        return true;
      } catch (error) {
        set({ error });
        return false;
      }
    },
    async refreshBankView(targetId) {
      try {
        const view = await api.call('session.bankView', { targetId });
        // An answer about a session the target no longer has is dropped.
        if (get().sessions[targetId]?.tppSessionId !== view.tppSessionId) return;
        set((state) => ({ bankViews: { ...state.bankViews, [targetId]: view } }));
      } catch {
        // Not shown: the bar keeps its last reading; the next event asks again.
      }
    },
    bankMayHaveChanged() {
      if (refreshTimer) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = undefined;
        for (const targetId of Object.keys(get().sessions)) void get().refreshBankView(targetId);
      }, REFRESH_DELAY_MS);
    },
    received(session) {
      const before = get().sessions[session.targetId];
      stored(session);
      // A session changed elsewhere (SCA completed, edited) ends what undo would bring back.
      if (before?.tppSessionId !== session.tppSessionId || session.scaCompletedAt)
        set((state) => ({ undoable: { ...state.undoable, [session.targetId]: false } }));
      void get().refreshBankView(session.targetId);
    },
  };
});
