/**
 * A check's deadline: its code races a per-check timer and the run's cancellation. Whichever ends
 * first settles the outcome and aborts the check's own signal; a check that ignores the signal is
 * abandoned, not awaited, so one stuck check cannot hold the run.
 */
import type { Outcome } from './outcome.js';

export interface Deadline {
  timeoutMs: number;
  /** The run's cancellation. */
  runSignal?: AbortSignal | undefined;
  /** The check's own controller, aborted on timeout or cancellation. */
  controller: AbortController;
}

export function withinDeadline(
  execute: () => Promise<Outcome>,
  { timeoutMs, runSignal, controller }: Deadline,
): Promise<Outcome> {
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const onCancel = () => {
      controller.abort(runSignal?.reason);
      settle({ kind: 'cancelled' });
    };
    const timer = setTimeout(() => {
      controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
      settle({ kind: 'timeout', timeoutMs });
    }, timeoutMs);
    function settle(result: Outcome) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      runSignal?.removeEventListener('abort', onCancel);
      resolve(result);
    }
    if (runSignal?.aborted) onCancel();
    else runSignal?.addEventListener('abort', onCancel, { once: true });
    // execute() catches everything; the rejection handler only guards against the impossible.
    execute().then(settle, (error: unknown) => settle({ kind: 'error', error, preparing: false }));
  });
}
