/**
 * Atomic file replacement: write a temporary file in the same directory, flush it, rename it over
 * the target. A crash or failure at any point leaves either the old file or the new one, never a
 * torn mix; on failure the temporary file is removed and the previous file is untouched.
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
}

export const nodeFileSystem: AtomicFileSystem = {
  writeFile: (path, data, options) => fsPromises.writeFile(path, data, options),
  rename: (from, to) => fsPromises.rename(from, to),
  rm: (path, options) => fsPromises.rm(path, options),
};

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
    throw error;
  }
}
