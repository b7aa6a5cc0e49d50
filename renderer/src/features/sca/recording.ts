/**
 * Recording SCA steps by clicking (docs/sca.md, "Recording SCA steps"): whether the next SCA
 * window records, the recording of the current attempt (polled while it runs), and the replay of
 * the recorded steps in browser mode with a screenshot per page.
 */
import { create } from 'zustand';
import type { ScaRecordingView, ScaReplayView } from '../../../../main/api/contract';
import { api } from '../../api';

const POLL_MS = 1500;

interface RecordingState {
  /** The next "Open SCA" records what the PSU does on the bank's pages. */
  record: boolean;
  attemptId?: string;
  recording?: ScaRecordingView;
  replaying: boolean;
  replay?: ScaReplayView;
  error?: unknown;
  setRecord(on: boolean): void;
  /** The SCA window opened for `attemptId` records. */
  started(attemptId: string): void;
  refresh(): Promise<void>;
  stop(): Promise<void>;
  replayOn(targetId: string, href: string): Promise<void>;
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
    set({ attemptId, recording: undefined, replay: undefined, error: undefined });
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
    set({ replaying: true, replay: undefined, error: undefined });
    try {
      set({ replay: await api.call('sca.replay', { targetId, href, steps: steps as object }) });
    } catch (error) {
      set({ error });
    } finally {
      set({ replaying: false });
    }
  },
}));
