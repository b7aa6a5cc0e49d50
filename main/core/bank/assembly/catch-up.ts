/**
 * The batch catch-up a request does before its stages (§1 sandbox batch): the runs and periodic
 * executions due on the bank clock happen first, in slices that leave the event loop to others.
 */
import { startDueBatches, type BatchCatchUp } from '../domain/batch.js';
import type { DomainState } from '../domain/model.js';

/** The longest stretch a catch-up of batch runs holds the event loop (domain/batch.ts). */
const CATCH_UP_SLICE_MS = 5;
/**
 * The most work one request's catch-up does; what is left is done by the next request, from where
 * it stopped (domain/batch.ts startDueBatches).
 */
const CATCH_UP_TOTAL_MS = 500;

/** One slice of `run`; `changed` is told when it performed an event so far. */
function slice(run: BatchCatchUp, changed: () => void): boolean {
  try {
    return run.step(CATCH_UP_SLICE_MS);
  } finally {
    if (run.performed > 0) changed();
  }
}

/**
 * One pipeline's catch-up over the live state `state()`: performs what is due at `now`, and gives
 * a promise when it takes more than one slice (none when it is done already). `changed` is told
 * after a slice that performed an event (a settlement changes balances and statuses).
 */
export function batchCatchUp(
  state: () => DomainState,
  changed: () => void = () => undefined,
): (now: Date) => Promise<void> | undefined {
  /**
   * The catch-up with the bank clock in progress, if it did not fit in one slice (after a jump of
   * the clock with much due). Requests that arrive meanwhile wait for it, then catch up to their
   * own time; between slices the event loop serves everyone else (/health, the admin API).
   */
  let catchingUp: Promise<void> | undefined;

  function catchUp(now: Date): Promise<void> | undefined {
    if (catchingUp) return catchingUp.then(() => catchUp(now));
    const run = startDueBatches(state(), now, CATCH_UP_TOTAL_MS);
    // A catch-up with nothing due (nearly every request) ends here, having made nothing.
    if (slice(run, changed)) return undefined;
    catchingUp = new Promise<void>((resolve, reject) => {
      const next = () => {
        let done: boolean;
        try {
          // A reset or import replaced the state: what was due on the old one is moot.
          done = run.state !== state() || slice(run, changed);
        } catch (error) {
          catchingUp = undefined;
          reject(error); // a bank bug: the waiting requests answer SYSTEM_ERROR, as before
          return;
        }
        if (!done) return void setImmediate(next);
        catchingUp = undefined;
        resolve();
      };
      setImmediate(next);
    });
    return catchingUp;
  }

  return catchUp;
}
