/**
 * Recordings of the SCA pages (docs/sca.md, "Recording SCA steps"): the reports the recorder in
 * the bank's page sends back through the host (the web host's relay, the desktop app's SCA
 * window), kept per SCA attempt, and the PSU steps they make (core/tpp/psu-recorder/).
 */
import { parseRecordedBatch, type RecordedEvent } from '../../../core/tpp/psu-recorder/events.js';
import {
  recordingName,
  stepsFileText,
  stepsFromRecording,
} from '../../../core/tpp/psu-recorder/to-steps.js';
import { CallRefused } from '../../dispatch.js';
import type { ScaRecordingView } from '../../contract/index.js';

/** Where a host delivers what the page reported; a bad batch throws an Error naming the field. */
export interface RecordingSink {
  report(batch: unknown): void;
}

/** A host's relay of the bank's pages with the recorder added (the web host). */
export type RelayScaPages = (plan: {
  url: string;
  recording: RecordingSink;
}) => Promise<{ url: string; close(): Promise<void> }>;

interface Recording {
  attemptId: string;
  events: RecordedEvent[];
  redirected: boolean;
  stopped: boolean;
  startedAt: Date;
  /** The name of the target whose pages are recorded: the recording is named after it. */
  targetName?: string;
  close?: () => Promise<void>;
}

/** A recording is one SCA: a few pages of typing, never unbounded. */
const MAX_EVENTS = 5_000;
const KEPT = 10;

export class ScaRecordings {
  private readonly recordings = new Map<string, Recording>();

  /** Starts recording `attemptId`; the sink is what the host reports to. */
  start(attemptId: string, startedAt: Date, targetName?: string): RecordingSink {
    const recording: Recording = {
      attemptId,
      events: [],
      redirected: false,
      stopped: false,
      startedAt,
      ...(targetName !== undefined ? { targetName } : {}),
    };
    this.recordings.set(attemptId, recording);
    for (const old of [...this.recordings.keys()].slice(0, -KEPT)) this.forget(old);
    return {
      report: (batch) => {
        const events = parseRecordedBatch(batch);
        if (recording.stopped) return;
        if (recording.events.length + events.length > MAX_EVENTS)
          throw new Error(`a recording holds at most ${MAX_EVENTS} events`);
        recording.events.push(...events);
        if (events.some((event) => event.kind === 'redirect')) recording.redirected = true;
      },
    };
  }

  /** The host's relay for this recording, closed when the recording stops. */
  relayed(attemptId: string, close: () => Promise<void>): void {
    const recording = this.recordings.get(attemptId);
    if (recording) recording.close = close;
  }

  /** The bank sent the PSU back to the TPP (§6): the last submitted page led there. */
  redirected(attemptId: string): void {
    const recording = this.recordings.get(attemptId);
    if (recording && !recording.stopped) recording.redirected = true;
  }

  view(attemptId: string, stop = false): ScaRecordingView {
    const recording = this.recordings.get(attemptId);
    if (!recording) throw new CallRefused(`No recording of the SCA attempt '${attemptId}'.`);
    if (stop && !recording.stopped) {
      recording.stopped = true;
      void recording.close?.().catch(() => undefined);
    }
    const events: RecordedEvent[] = recording.redirected
      ? [...recording.events, { kind: 'redirect', seq: Number.MAX_SAFE_INTEGER, url: 'about:tpp' }]
      : recording.events;
    const base = {
      attemptId,
      events: recording.events.length,
      redirected: recording.redirected,
      stopped: recording.stopped,
    };
    try {
      const { startedAt, targetName } = recording;
      const made = stepsFromRecording(events, {
        recordedAt: startedAt,
        ...(targetName !== undefined ? { name: recordingName(targetName, startedAt) } : {}),
      });
      return {
        ...base,
        steps: made.steps,
        file: { name: `${made.steps.name}.psu-steps.json`, text: stepsFileText(made.steps) },
        secrets: made.secrets,
        warnings: made.warnings,
      };
    } catch (error) {
      return { ...base, secrets: [], warnings: [], problem: (error as Error).message };
    }
  }

  private forget(attemptId: string): void {
    void this.recordings
      .get(attemptId)
      ?.close?.()
      .catch(() => undefined);
    this.recordings.delete(attemptId);
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.recordings.values()].map((r) => r.close?.().catch(() => undefined)));
    this.recordings.clear();
  }
}
