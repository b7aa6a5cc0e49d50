/**
 * Atomic file replacement, the one way the workbench replaces a file (documents, keystore, reports,
 * baselines, certificates): write a temporary file in the same directory, flush it, rename it over
 * the target, then flush the directory so the rename itself survives a power cut. A crash or
 * failure at any point leaves either the old file or the new one, never a torn mix; on failure the
 * temporary file is removed, the previous file is untouched, and the error names the target.
 */
import { randomBytes } from 'node:crypto';
import * as fsPromises from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The file operations used, injectable so tests can make a step fail. */
export interface AtomicFileSystem {
  writeFile(
    path: string,
    data: string | Buffer,
    options: { mode: number; flag: string; flush?: boolean },
  ): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: boolean }): Promise<void>;
  /** Flushes a directory's entries (the rename); absent where there is no disk. */
  syncDirectory?(path: string): Promise<void>;
}

/**
 * fsync of a directory. Windows cannot open a directory for it (NTFS makes the rename durable
 * with the file), and some file systems answer EINVAL: there, nothing more can be done.
 */
async function syncDirectory(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fsPromises.open(path, 'r');
  try {
    await handle.sync();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
  } finally {
    await handle.close();
  }
}

export const nodeFileSystem: AtomicFileSystem = {
  writeFile: (path, data, options) => fsPromises.writeFile(path, data, options),
  rename: (from, to) => fsPromises.rename(from, to),
  rm: (path, options) => fsPromises.rm(path, options),
  syncDirectory,
};

/** The failure of a replacement, naming the file; the system's code (ENOSPC, EACCES…) is kept. */
function replaceError(path: string, cause: unknown): Error {
  const message = cause instanceof Error ? cause.message : String(cause);
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return Object.assign(new Error(`could not write ${path}: ${message}`, { cause }), {
    ...(code ? { code } : {}),
  });
}

/** Replaces `path` with `data` whole or not at all (see the top of this file). */
export async function writeFileAtomic(
  path: string,
  data: string | Buffer,
  options: { mode?: number; fs?: AtomicFileSystem } = {},
): Promise<void> {
  const fs = options.fs ?? nodeFileSystem;
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    // 'wx': never follow or reuse an existing file; flush: fsync before the rename (Node ≥ 20.10).
    await fs.writeFile(temporary, data, { mode: options.mode ?? 0o600, flag: 'wx', flush: true });
    await fs.rename(temporary, path);
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw replaceError(path, error);
  }
  try {
    await fs.syncDirectory?.(dirname(path));
  } catch (error) {
    throw replaceError(path, error);
  }
}
