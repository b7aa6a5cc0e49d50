/**
 * A small JSON document on disk (settings, targets, saved request collections), kept in memory and
 * replaced atomically on every change (temp file + fsync + rename in the same folder, see
 * atomic-file.ts). A file that cannot be read is moved aside to `<name>.corrupt-<timestamp>`
 * and reported as a notice for the UI: the user's data is never silently reset.
 *
 * Several processes may share the file (the CLI importing a collection while the web host or the
 * desktop has the same data folder open): a change is applied to the file as it is on disk, read
 * again under a lock between processes (file-lock.ts) when another process wrote it since, and a
 * read sees another process's write. No process writes over a change it has not seen.
 */
import { readFileSync, statSync, type Stats } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { writeFileAtomic, type AtomicFileSystem } from './atomic-file.js';
import { withFileLock, type FileLockOptions } from './file-lock.js';

/** Something the user should know about a stored file (shown by the UI, never swallowed). */
export interface StoreNotice {
  /** The file's base name, e.g. `settings.json`. */
  file: string;
  message: string;
  /** Where a corrupt file was moved. */
  movedTo?: string;
  at: string;
}

export interface JsonFileStoreOptions<T> {
  /** The file. Without one the document lives in memory only (tests, a host without a data folder). */
  path?: string;
  /** What the file holds, for messages: 'settings', 'targets'. */
  what: string;
  defaults(): T;
  /** Returns the document when it is valid; throws an Error saying what is wrong. */
  parse(value: unknown): T;
  /** Injectable for tests (make the write or rename fail). */
  fileSystem?: AtomicFileSystem;
  now?: () => Date;
  /** The lock between processes sharing the file (tests shorten its waits). */
  lock?: FileLockOptions;
}

/**
 * Which version of the file a store last read or wrote: every write is a rename of a new file, so
 * a write by anyone changes the inode, and the time and size tell a reused inode apart.
 */
type FileVersion = Pick<Stats, 'ino' | 'mtimeMs' | 'size'> | undefined;

const versionOf = (stat: Stats | undefined): FileVersion =>
  stat ? { ino: stat.ino, mtimeMs: stat.mtimeMs, size: stat.size } : undefined;

const sameVersion = (a: FileVersion, b: FileVersion): boolean =>
  a?.ino === b?.ino && a?.mtimeMs === b?.mtimeMs && a?.size === b?.size;

function statIfPresent(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export class JsonFileStore<T> {
  private value: T;
  private writing: Promise<unknown> = Promise.resolve();
  private constructor(
    private readonly options: JsonFileStoreOptions<T>,
    value: T,
    /** Set when the file on disk was unreadable and moved aside at open. */
    readonly notice: StoreNotice | undefined,
    private version: FileVersion = undefined,
  ) {
    this.value = value;
  }

  /** Reads the file; a missing file is the defaults, an unreadable one is moved aside and reported. */
  static async open<T>(options: JsonFileStoreOptions<T>): Promise<JsonFileStore<T>> {
    if (!options.path) return new JsonFileStore(options, options.defaults(), undefined);
    let text: string;
    let version: FileVersion;
    try {
      version = versionOf(await fsPromises.stat(options.path));
      text = await fsPromises.readFile(options.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return new JsonFileStore(options, options.defaults(), undefined);
      }
      throw error;
    }
    try {
      return new JsonFileStore(options, options.parse(JSON.parse(text)), undefined, version);
    } catch (error) {
      const notice = await moveAside(options, options.path, (error as Error).message);
      return new JsonFileStore(options, options.defaults(), notice);
    }
  }

  get path(): string | undefined {
    return this.options.path;
  }

  /** The document as the file now holds it, another process's latest write included. */
  get(): T {
    const path = this.options.path;
    if (!path) return this.value;
    try {
      const stat = versionOf(statIfPresent(path));
      if (stat && !sameVersion(stat, this.version)) {
        this.value = this.options.parse(JSON.parse(readFileSync(path, 'utf8')));
        this.version = stat;
      }
    } catch {
      // Written by someone else into a form this store cannot read: keep what it last read. The
      // next change refuses to write over that file (see `current`), so nothing is lost.
    }
    return this.value;
  }

  /**
   * The document as the file holds it before a change: read again when another process wrote it
   * since this store last did. A file another process left unreadable is refused, not replaced.
   */
  private async current(path: string): Promise<T> {
    const stat = versionOf(await fsPromises.stat(path).catch(() => undefined));
    if (!stat || sameVersion(stat, this.version)) return this.value;
    let text: string;
    try {
      text = await fsPromises.readFile(path, 'utf8');
      this.value = this.options.parse(JSON.parse(text));
    } catch (error) {
      throw new Error(
        `The ${this.options.what} file ${path} was changed by another process and cannot be read ` +
          `(${(error as Error).message}); nothing was changed. Fix or move the file, then try again.`,
        { cause: error },
      );
    }
    this.version = stat;
    return this.value;
  }

  /**
   * Applies a change, writes the result, and only then makes it current: a failed write leaves
   * both the file and the in-memory document as they were. Changes run one after another.
   */
  update(change: (current: T) => T): Promise<T> {
    const apply = (current: T): T => this.options.parse(structuredClone(change(current)));
    const run = async (): Promise<T> => {
      const path = this.options.path;
      if (!path) return (this.value = apply(this.value));
      await fsPromises.mkdir(dirname(path), { recursive: true, mode: 0o700 });
      return withFileLock(
        path,
        async () => {
          const next = apply(await this.current(path));
          await writeFileAtomic(path, JSON.stringify(next, null, 2) + '\n', {
            ...(this.options.fileSystem ? { fs: this.options.fileSystem } : {}),
          });
          this.version = versionOf(await fsPromises.stat(path));
          this.value = next;
          return next;
        },
        this.options.lock,
      );
    };
    const result = this.writing.then(run, run);
    this.writing = result.catch(() => undefined);
    return result;
  }
}

async function moveAside<T>(
  options: JsonFileStoreOptions<T>,
  path: string,
  why: string,
): Promise<StoreNotice> {
  const now = options.now?.() ?? new Date();
  const movedTo = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  await fsPromises.rename(path, movedTo);
  return {
    file: basename(path),
    message:
      `The ${options.what} file ${path} could not be read (${why}). It was moved to ${movedTo} ` +
      `and the ${options.what} start from their defaults; copy what you need from the moved file.`,
    movedTo,
    at: now.toISOString(),
  };
}
