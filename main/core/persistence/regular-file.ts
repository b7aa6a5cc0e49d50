/**
 * Reading a file the user names (a target profile, a collection): only a regular file, at most a
 * given number of bytes, checked on the open descriptor (fstat), so a FIFO cannot block the read,
 * a device (/dev/zero) cannot fill memory and a directory is named as one. A problem names the
 * path and what was wrong with it, never what the file holds (SECURITY.md: what UI callers may
 * reach).
 */
import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * Why a file was not read: what is wrong with it after its path ("is a FIFO, not a regular
 * file"), or `unreadable`, the error code, when the system would not open or read it.
 */
export class FileRefused extends Error {
  override readonly name = 'FileRefused';
  constructor(
    message: string,
    readonly unreadable?: string,
  ) {
    super(message);
  }
}

function unreadable(error: unknown): FileRefused {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new FileRefused(`cannot be read (${code})`, code);
}

/** What a file that is not a regular one is, as a refusal names it ("a FIFO"). */
export function kindOfFile(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'not a file';
}

// O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
// O_NOFOLLOW (when asked): a symbolic link swapped in after the caller's lstat is not opened.
// Windows has none of these flags, nor FIFOs.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

export interface RegularFileLimits {
  /** The most bytes the file may have. */
  limit: number;
  /** Who may have that many, for the refusal: "a profile's file". */
  what: string;
  /** Refuse a symbolic link instead of reading its target. */
  noFollow?: boolean;
}

/**
 * The bytes of the regular file at `path`; throws FileRefused ("is a FIFO, not a regular file",
 * "is 2097152 bytes, more than the 1048576 a profile's file may have", "cannot be read (ENOENT)").
 */
export async function readRegularFile(path: string, options: RegularFileLimits): Promise<Buffer> {
  const { limit, what } = options;
  let handle;
  try {
    handle = await open(path, READ_FLAGS | (options.noFollow ? NO_FOLLOW : 0));
  } catch (error) {
    throw unreadable(error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new FileRefused(`is ${kindOfFile(stats)}, not a regular file`);
    if (stats.size > limit)
      throw new FileRefused(`is ${stats.size} bytes, more than the ${limit} ${what} may have`);
    // Read at most one byte past the limit: a file that grows while read is refused too.
    const buffer = Buffer.alloc(Math.min(stats.size, limit) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > limit) throw new FileRefused(`grew past the ${limit} bytes ${what} may have`);
      if (length === buffer.length) break;
    }
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw unreadable(error);
  } finally {
    await handle.close();
  }
}
