/**
 * A bank's bounded log: numbered records, oldest first, the oldest dropped beyond `capacity`, and
 * subscribers told of each new record. The request log and the console event log are both one.
 */

export class CappedLog<T extends { id: number }> {
  private readonly buffer: T[] = [];
  private readonly listeners = new Set<(record: T) => void>();
  private nextId = 1;

  /** `what` names the log in the error for a bad capacity. */
  constructor(
    readonly capacity: number,
    what: string,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`${what} capacity must be a positive integer`);
  }

  /** Numbers the record `make` builds, stores it and notifies subscribers. */
  append(make: (id: number) => T): T {
    const record = make(this.nextId++);
    this.buffer.push(record);
    // One in, at most one out: the oldest goes (capacity never changes after construction).
    if (this.buffer.length > this.capacity) this.buffer.shift();
    for (const listener of this.listeners) {
      try {
        listener(record);
      } catch {
        // A subscriber's failure is its own; the bank keeps serving.
      }
    }
    return record;
  }

  /** Oldest first. */
  entries(): T[] {
    return [...this.buffer];
  }

  get size(): number {
    return this.buffer.length;
  }

  clear(): void {
    this.buffer.length = 0;
  }

  /** Calls `listener` for every new record; returns the unsubscribe function. */
  subscribe(listener: (record: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
