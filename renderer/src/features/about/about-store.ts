/** The About view's state: what main says about itself, and the last bridge round trip. */
import { create } from 'zustand';
import type { AppInfo, PongEvent } from '../../../../main/api/contract';
import { api } from '../../api';

interface RoundTrip {
  message: string;
  callMs: number;
  pong?: PongEvent;
}

interface AboutState {
  info?: AppInfo;
  roundTrip?: RoundTrip;
  error?: string;
  load(): Promise<void>;
  ping(message: string): Promise<void>;
}

export const useAboutStore = create<AboutState>((set, get) => ({
  async load() {
    try {
      set({ info: await api.call('app.info', {}), error: undefined });
    } catch (error) {
      set({ error: (error as Error).message });
    }
  },
  async ping(message) {
    const started = performance.now();
    const off = api.on('diagnostics.pong', (pong) => {
      if (pong.message !== message) return;
      off();
      const current = get().roundTrip;
      if (current?.message === message) set({ roundTrip: { ...current, pong } });
    });
    try {
      await api.call('diagnostics.ping', { message });
      set({ roundTrip: { message, callMs: performance.now() - started }, error: undefined });
    } catch (error) {
      off();
      set({ error: (error as Error).message });
    }
  },
}));
