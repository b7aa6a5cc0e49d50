/**
 * How a profile and the files it names are read: only a regular file, at most MAX_PROFILE_FILE
 * bytes, checked on the open descriptor (fstat), so a FIFO cannot block the read, a device
 * (/dev/zero) cannot fill memory and a directory is named as one. A problem names the path and
 * what was wrong with it, never what the file holds (SECURITY.md: what UI callers may reach).
 */
import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

/** Profiles, PEM and PKCS#12 files, baselines and PSU steps are kilobytes; 1 MiB is plenty. */
export const MAX_PROFILE_FILE = 1024 * 1024;

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

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'not a file';
}

// O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
// Windows has neither flag nor FIFOs.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * The bytes of the regular file at `path`; throws FileRefused ("is a FIFO, not a regular file",
 * "is 2097152 bytes, more than the 1048576 a profile's file may have", "cannot be read (ENOENT)").
 */
export async function readProfileFile(path: string, limit = MAX_PROFILE_FILE): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, READ_FLAGS);
  } catch (error) {
    throw unreadable(error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new FileRefused(`is ${kindOf(stats)}, not a regular file`);
    if (stats.size > limit)
      throw new FileRefused(
        `is ${stats.size} bytes, more than the ${limit} a profile's file may have`,
      );
    // Read at most one byte past the limit: a file that grows while read is refused too.
    const buffer = Buffer.alloc(Math.min(stats.size, limit) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > limit)
        throw new FileRefused(`grew past the ${limit} bytes a profile's file may have`);
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
