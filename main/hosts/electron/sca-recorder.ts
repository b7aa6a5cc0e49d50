/**
 * Recording in the desktop app's SCA window (docs/sca.md, "Recording SCA steps"), as plain
 * functions the window wires up. The window keeps its hardening — no preload, no bridge to main:
 * main runs the recorder script in each page it loads and reads the reports from the page's
 * console, where the script writes them with a prefix (core/tpp/psu-recorder/page-script.ts).
 */
import {
  CONSOLE_PREFIX,
  pageRecorderScript,
  recordedBatchOfConsole,
} from '../../core/tpp/psu-recorder/page-script.js';
import type { RecordingSink } from '../../api/services/tpp/sca-recordings.js';

/** The script main runs in every page of a recording SCA window. */
export const SCA_WINDOW_RECORDER_SCRIPT = pageRecorderScript({
  kind: 'console',
  prefix: CONSOLE_PREFIX,
});

/**
 * A `console-message` listener that hands the recorder's lines to `sink`. Electron passes either
 * an event carrying `message` (Electron ≥ 35) or `(event, level, message, …)` (before); lines
 * without the prefix are the page's own and ignored, a malformed report is dropped with `onError`.
 */
export function recorderConsoleListener(
  sink: RecordingSink,
  onError: (message: string) => void = () => undefined,
): (...args: unknown[]) => void {
  return (...args) => {
    const first = args[0] as { message?: unknown } | undefined;
    const line = typeof first?.message === 'string' ? first.message : args[2];
    if (typeof line !== 'string') return;
    try {
      const batch = recordedBatchOfConsole(line);
      if (batch) sink.report(batch);
    } catch (error) {
      onError((error as Error).message);
    }
  };
}
