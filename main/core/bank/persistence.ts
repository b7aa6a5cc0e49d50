/**
 * Durable bank state (issue "Reliability" §3): after a request changes the state, its answer
 * waits until a snapshot holding that change is on disk — what the bank acknowledged survives a
 * kill. Writes are atomic (temporary file + fsync + rename) and grouped: while one write runs,
 * every later change waits for the next single write of the newest state (group commit), so a
 * burst of requests costs two writes, not one each.
 */
import { readFile, rename } from 'node:fs/promises';
import { writeFileAtomic } from '../persistence/atomic-file.js';
import { SnapshotError, readSnapshot, type BankState } from './state.js';

export interface StateStore {
  /** Persists the snapshot text; resolves when it is durable. */
  save(snapshotText: string): Promise<void>;
}

export function fileStateStore(path: string): StateStore {
  return { save: (text) => writeFileAtomic(path, text) };
}

/**
 * Reads a persisted snapshot. A missing file is `undefined` (a fresh bank); a corrupt one is moved
 * aside to `<file>.corrupt-<timestamp>` and reported, never silently replaced.
 */
export async function loadStateFile(
  path: string,
  now: Date,
): Promise<{ state?: BankState; notice?: string }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    return { state: readSnapshot(text) };
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    const movedTo = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
    await rename(path, movedTo);
    return {
      notice: `The saved bank state ${path} could not be read (${error.message}); it was moved to ${movedTo} and the bank started from its initial state.`,
    };
  }
}

export class GroupCommitter {
  private writing: Promise<void> | undefined;
  private pending:
    { text: string; waiters: { resolve(): void; reject(error: unknown): void }[] } | undefined;
  private lastCommitted: string | undefined;

  constructor(private readonly store: StateStore) {}

  /** Resolves when `text` (or a newer state) is durable. */
  commit(text: string): Promise<void> {
    if (text === this.lastCommitted && !this.writing) return Promise.resolve();
    return new Promise((resolve, reject) => {
      if (this.pending) {
        this.pending.text = text;
        this.pending.waiters.push({ resolve, reject });
      } else {
        this.pending = { text, waiters: [{ resolve, reject }] };
      }
      if (!this.writing) this.writing = this.drain();
    });
  }

  private async drain(): Promise<void> {
    while (this.pending) {
      const { text, waiters } = this.pending;
      this.pending = undefined;
      try {
        if (text !== this.lastCommitted) await this.store.save(text);
        this.lastCommitted = text;
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
    this.writing = undefined;
  }
}
