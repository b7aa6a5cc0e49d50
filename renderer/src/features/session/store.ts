/** PSU sessions per target (§5.3.8, §6.1): what the status bar and the SCA panel show. */
import { create } from 'zustand';
import type { PsuSessionView } from '../../../../main/api/contract';
import { api } from '../../api';

interface SessionState {
  sessions: Record<string, PsuSessionView>;
  error?: unknown;
  load(): Promise<void>;
  /**
   * A new TPP session for the target (§3.4, §5.3.4): a new TPP-Session-ID, and the PSU-ID,
   * PSU-Corporate-ID, context and SCA time forgotten. False when main refused (see `error`).
   */
  reset(targetId: string): Promise<boolean>;
  update(
    targetId: string,
    change: {
      psuId?: string | null;
      psuCorporateId?: string | null;
      context?: 'PRIVATE' | 'CORPORATE' | null;
    },
  ): Promise<boolean>;
  received(session: PsuSessionView): void;
}

export const useSessionStore = create<SessionState>((set) => ({
  sessions: {},
  async load() {
    try {
      const list = await api.call('session.list', {});
      set({ sessions: Object.fromEntries(list.map((s) => [s.targetId, s])), error: undefined });
    } catch (error) {
      set({ error });
    }
  },
  async reset(targetId) {
    try {
      const session = await api.call('session.reset', { targetId });
      set((state) => ({ sessions: { ...state.sessions, [targetId]: session }, error: undefined }));
      return true;
    } catch (error) {
      set({ error });
      return false;
    }
  },
  async update(targetId, change) {
    try {
      const session = await api.call('session.update', { targetId, ...change });
      set((state) => ({ sessions: { ...state.sessions, [targetId]: session }, error: undefined }));
      return true;
    } catch (error) {
      set({ error });
      return false;
    }
  },
  received: (session) =>
    set((state) => ({ sessions: { ...state.sessions, [session.targetId]: session } })),
}));
