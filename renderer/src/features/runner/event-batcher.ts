/**
 * Collects items that arrive one by one (the runner's events) and hands them on in batches, at
 * most once per interval: a run of hundreds of checks costs a few renders a second, not one per
 * event. `flushNow` delivers at once (a run just finished: show the end without waiting).
 */
export interface Batcher<T> {
  push(item: T): void;
  flushNow(): void;
}

export interface Scheduler {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const timers: Scheduler = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createBatcher<T>(
  deliver: (items: T[]) => void,
  intervalMs: number,
  scheduler: Scheduler = timers,
): Batcher<T> {
  let queued: T[] = [];
  let handle: unknown;
  const flushNow = () => {
    if (handle !== undefined) scheduler.clear(handle);
    handle = undefined;
    const items = queued;
    queued = [];
    if (items.length > 0) deliver(items);
  };
  return {
    push(item) {
      queued.push(item);
      handle ??= scheduler.set(flushNow, intervalMs);
    },
    flushNow,
  };
}
