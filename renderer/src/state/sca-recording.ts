/**
 * Recording SCA steps by clicking (docs/sca.md, "Recording SCA steps"): whether the next SCA
 * window records, the recording of the current attempt (polled while it runs), and the replay of
 * the recorded steps in browser mode with a screenshot per page. A replay first shows what it will
 * type where (main answers that without typing anything) and plays only once the user confirms
 * it (SECURITY.md: a recording can be made by the bank's page itself).
 */
import { create } from 'zustand';
import type {
  ScaReplayConfirmation,
  ScaRecordingView,
  ScaReplayView,
} from '../../../main/api/contract';
import { api } from '../api';
import { useUsedLinks } from './used-links';

const POLL_MS = 1500;

interface RecordingState {
  /** The next "Open SCA" records what the PSU does on the bank's pages. */
  record: boolean;
  attemptId?: string;
  recording?: ScaRecordingView;
  replaying: boolean;
  replay?: ScaReplayView;
  /** What the replay would type where, waiting for the user's confirmation. */
  confirming?: { targetId: string; href: string; confirmation: ScaReplayConfirmation };
  error?: unknown;
  setRecord(on: boolean): void;
  /** The SCA window opened for `attemptId` records. */
  started(attemptId: string): void;
  refresh(): Promise<void>;
  stop(): Promise<void>;
  /** Asks main what the replay would type where; nothing is played yet. */
  replayOn(targetId: string, href: string): Promise<void>;
  /** Plays the steps the confirmation shown was given for. */
  confirmReplay(): Promise<void>;
  cancelReplay(): void;
}

let timer: ReturnType<typeof setInterval> | undefined;
const stopPolling = () => {
  if (timer) clearInterval(timer);
  timer = undefined;
};

export const useScaRecording = create<RecordingState>((set, get) => ({
  record: false,
  replaying: false,
  setRecord: (record) => set({ record }),
  started(attemptId) {
    stopPolling();
    set({
      attemptId,
      recording: undefined,
      replay: undefined,
      confirming: undefined,
      error: undefined,
    });
    timer = setInterval(() => void get().refresh(), POLL_MS);
  },
  async refresh() {
    const attemptId = get().attemptId;
    if (!attemptId) return;
    try {
      const recording = await api.call('sca.recording', { attemptId });
      if (get().attemptId === attemptId) set({ recording });
    } catch (error) {
      stopPolling();
      set({ error });
    }
  },
  async stop() {
    const attemptId = get().attemptId;
    stopPolling();
    if (!attemptId) return;
    try {
      set({ recording: await api.call('sca.recording', { attemptId, stop: true }), record: false });
    } catch (error) {
      set({ error });
    }
  },
  async replayOn(targetId, href) {
    const steps = get().recording?.steps;
    if (!steps) return;
    set({ replay: undefined, confirming: undefined, error: undefined });
    try {
      const asked = await api.call('sca.replay', { targetId, href, steps: steps as object });
      if (asked.confirmation)
        set({ confirming: { targetId, href, confirmation: asked.confirmation } });
    } catch (error) {
      set({ error });
    }
  },
  async confirmReplay() {
    const steps = get().recording?.steps;
    const confirming = get().confirming;
    if (!steps || !confirming) return;
    const { targetId, href, confirmation } = confirming;
    set({ replaying: true, confirming: undefined, replay: undefined, error: undefined });
    try {
      const replay = await api.call('sca.replay', {
        targetId,
        href,
        steps: steps as object,
        confirm: confirmation.token,
      });
      // Chromium opened the link (an attempt was made): the bank has bound it to that browser.
      if (replay.attemptId !== undefined) useUsedLinks.getState().used(targetId, href, 'replayed');
      set({ replay });
    } catch (error) {
      set({ error });
    } finally {
      set({ replaying: false });
    }
  },
  cancelReplay: () => set({ confirming: undefined }),
}));
