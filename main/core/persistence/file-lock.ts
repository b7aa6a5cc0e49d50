/**
 * A lock between processes on one file of the data folder: `<file>.lock`, created exclusively and
 * holding the owner's process id. The CLI, the web host and the desktop may all use one data
 * folder; a change is read, applied and written under this lock, so no process writes over a change
 * another made after it last read the file. A lock whose owner is gone (crashed, killed) is taken
 * over: its process id names no live process, or it is older than any change takes.
 */
import * as fsPromises from 'node:fs/promises';

export interface FileLockOptions {
  /** How long to wait for a live owner before refusing, in ms. */
  waitMs?: number;
  /** A lock older than this is stale whatever its process id says (the id may be reused), in ms. */
  staleMs?: number;
}

const DEFAULT_WAIT_MS = 10_000;
const DEFAULT_STALE_MS = 60_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type LockState =
  { kind: 'gone' } | { kind: 'held'; pid: number | undefined } | { kind: 'stale'; ino: number };

async function lockState(lockPath: string, staleMs: number): Promise<LockState> {
  try {
    const [text, stat] = await Promise.all([
      fsPromises.readFile(lockPath, 'utf8'),
      fsPromises.stat(lockPath),
    ]);
    if (Date.now() - stat.mtimeMs > staleMs) return { kind: 'stale', ino: stat.ino };
    // A lock being created has no id written yet: held until it is stale.
    if (text === '') return { kind: 'held', pid: undefined };
    const pid = Number.parseInt(text, 10);
    return Number.isSafeInteger(pid) && pid > 0 && processAlive(pid)
      ? { kind: 'held', pid }
      : { kind: 'stale', ino: stat.ino };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'gone' };
    throw error;
  }
}

/** Removes a stale lock unless another process replaced it meanwhile (a new file, a new inode). */
async function removeStale(lockPath: string, ino: number): Promise<void> {
  const now = await fsPromises.stat(lockPath).catch(() => undefined);
  if (now?.ino === ino) await fsPromises.rm(lockPath, { force: true });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` holding the lock of `path`; the lock is removed afterwards, whatever `work` did. */
export async function withFileLock<T>(
  path: string,
  work: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const lockPath = `${path}.lock`;
  const deadline = Date.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
  for (let attempt = 0; ; attempt++) {
    try {
      await fsPromises.writeFile(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const state = await lockState(lockPath, options.staleMs ?? DEFAULT_STALE_MS);
    if (state.kind === 'gone') continue;
    if (state.kind === 'stale') {
      await removeStale(lockPath, state.ino);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `${path} is locked by ${state.pid ? `process ${state.pid}` : 'another process'} ` +
          `(${lockPath}); nothing was changed. Try again when that process has written, or ` +
          `remove ${lockPath} if no workbench is running.`,
      );
    }
    await pause(Math.min(5 + attempt * 5, 50));
  }
  try {
    return await work();
  } finally {
    await fsPromises.rm(lockPath, { force: true });
  }
}
