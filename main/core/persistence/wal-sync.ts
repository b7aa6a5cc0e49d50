/**
 * The fsync of a WAL database taken off the event loop (durable writes with 16 in
 * flight). better-sqlite3 is synchronous: with `synchronous=FULL` every COMMIT waits for its fsync
 * on the main thread, and no request runs meanwhile. Here the connection commits with
 * `synchronous=NORMAL` (the WAL frames are written, not yet synced) and the caller acknowledges
 * the commit only after `synced()`: an `fdatasync` of the WAL file, begun after that commit, run
 * in libuv's thread pool while the next requests run. The guarantee is FULL's: nothing is
 * answered before it is on disk (docs/reliability.md "Durability").
 *
 * - An fdatasync covers every frame written before it began, so one covers every commit made
 *   before it; callers arriving while one runs share the next one (coalesced).
 * - SQLite itself syncs the WAL before a checkpoint copies it into the database, and the database
 *   after (NORMAL in WAL mode), so a checkpoint never loses synced frames.
 * - A failed fdatasync cannot be retried safely (the kernel may have dropped the dirty pages), so
 *   the file is failed for good: every later `synced()` and `check()` throws, and the bank answers
 *   503 until it is restarted and recovers from the file.
 */
import { closeSync, existsSync, fdatasync, fdatasyncSync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SqliteDatabase } from './sqlite-file.js';

/** A storage error in the shape the bank answers 503 for (an SQLITE_ code). */
function syncError(path: string, cause: unknown): Error {
  return Object.assign(
    new Error(`fdatasync of ${path} failed: ${(cause as Error).message}`, { cause }),
    { code: 'SQLITE_IOERR_FSYNC' },
  );
}

export class WalSync {
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private failure: Error | undefined;
  private inFlight = 0;
  private closed = false;
  /** The connection's write count that the last completed sync covers, and the running one. */
  private syncedThrough = 0;
  private runningCovers = 0;
  /** The highest write count waiting for the next sync. */
  private latest = 0;

  private constructor(
    private readonly fd: number,
    private readonly path: string,
  ) {}

  /**
   * Switches `db` (in WAL mode, its file at `path`) to commits synced here; undefined when there
   * is no WAL file to sync (an in-memory database), and the connection keeps its own setting.
   */
  static attach(db: SqliteDatabase, path: string): WalSync | undefined {
    const walPath = `${path}-wal`;
    if (!existsSync(walPath)) return undefined;
    const fd = openSync(walPath, 'r');
    // The WAL's directory entry is durable before anything relies on the file.
    const directory = openSync(dirname(walPath), 'r');
    try {
      fsyncSync(directory);
    } finally {
      closeSync(directory);
    }
    db.pragma('synchronous = NORMAL');
    return new WalSync(fd, walPath);
  }

  /** Throws once a sync has failed: the file may have lost acknowledged-looking frames. */
  check(): void {
    if (this.failure) throw this.failure;
  }

  /**
   * Resolves when every commit made before this call is on disk; rejects when that failed.
   * `writes` is the connection's count of rows written so far (SQLite's total_changes()): a
   * caller whose commits wrote nothing since the last sync began waits for that one only, or
   * for none (a read costs no fsync).
   */
  synced(writes: number): Promise<void> {
    return this.waitFor(writes) ?? Promise.resolve();
  }

  /** `synced`, or undefined when nothing needs waiting for (the caller answers at once). */
  waitFor(writes: number): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed || writes <= this.syncedThrough) return undefined;
    if (!this.running) return this.start(writes);
    if (writes <= this.runningCovers) return this.running;
    // The running sync began before the caller's commit: the next one covers it.
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.failure ? Promise.reject(this.failure) : this.start(this.latest);
      });
    this.latest = Math.max(this.latest, writes);
    return this.next;
  }

  /** The same, on this thread (a console change returns durable). */
  syncNow(): void {
    this.check();
    try {
      fdatasyncSync(this.fd);
    } catch (error) {
      throw (this.failure = syncError(this.path, error));
    }
  }

  /** A last sync, then the descriptor is closed (once no sync is running on it). */
  close(): void {
    if (this.closed) return;
    if (!this.failure)
      try {
        fdatasyncSync(this.fd);
      } catch {
        // Closing anyway: the file's own recovery decides what it holds.
      }
    this.closed = true;
    if (this.inFlight === 0) closeSync(this.fd);
  }

  private start(writes: number): Promise<void> {
    this.runningCovers = writes;
    const run = new Promise<void>((resolve, reject) => {
      this.inFlight += 1;
      fdatasync(this.fd, (error) => {
        this.inFlight -= 1;
        if (this.running === run) this.running = undefined;
        if (this.closed && this.inFlight === 0) closeSync(this.fd);
        if (error) return reject((this.failure ??= syncError(this.path, error)));
        this.syncedThrough = Math.max(this.syncedThrough, writes);
        resolve();
      });
    });
    this.running = run;
    return run;
  }
}
