/**
 * How a profile and the files it names are read: only a regular file, at most MAX_PROFILE_FILE
 * bytes (the reading itself, FIFOs and devices refused, is persistence/regular-file.ts).
 */
import { FileRefused, readRegularFile } from '../../persistence/regular-file.js';

export { FileRefused };

/** Profiles, PEM and PKCS#12 files, baselines and PSU steps are kilobytes; 1 MiB is plenty. */
export const MAX_PROFILE_FILE = 1024 * 1024;

/**
 * The bytes of the regular file at `path`; throws FileRefused ("is a FIFO, not a regular file",
 * "is 2097152 bytes, more than the 1048576 a profile's file may have", "cannot be read (ENOENT)").
 */
export function readProfileFile(path: string, limit = MAX_PROFILE_FILE): Promise<Buffer> {
  return readRegularFile(path, { limit, what: "a profile's file" });
}
