/**
 * A small JSON document on disk (settings, targets, saved request collections): read once, kept in
 * memory, replaced atomically on every change (temp file + fsync + rename in the same folder, see
 * atomic-file.ts). A file that cannot be read is moved aside to `<name>.corrupt-<timestamp>`
 * and reported as a notice for the UI: the user's data is never silently reset.
 */
import * as fsPromises from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { writeFileAtomic, type AtomicFileSystem } from './atomic-file.js';

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
}

export class JsonFileStore<T> {
  private value: T;
  private writing: Promise<unknown> = Promise.resolve();
  private constructor(
    private readonly options: JsonFileStoreOptions<T>,
    value: T,
    /** Set when the file on disk was unreadable and moved aside at open. */
    readonly notice: StoreNotice | undefined,
  ) {
    this.value = value;
  }

  /** Reads the file; a missing file is the defaults, an unreadable one is moved aside and reported. */
  static async open<T>(options: JsonFileStoreOptions<T>): Promise<JsonFileStore<T>> {
    if (!options.path) return new JsonFileStore(options, options.defaults(), undefined);
    let text: string;
    try {
      text = await fsPromises.readFile(options.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return new JsonFileStore(options, options.defaults(), undefined);
      }
      throw error;
    }
    try {
      return new JsonFileStore(options, options.parse(JSON.parse(text)), undefined);
    } catch (error) {
      const notice = await moveAside(options, options.path, (error as Error).message);
      return new JsonFileStore(options, options.defaults(), notice);
    }
  }

  get path(): string | undefined {
    return this.options.path;
  }

  get(): T {
    return this.value;
  }

  /**
   * Applies a change, writes the result, and only then makes it current: a failed write leaves
   * both the file and the in-memory document as they were. Changes run one after another.
   */
  update(change: (current: T) => T): Promise<T> {
    const run = async (): Promise<T> => {
      const next = this.options.parse(structuredClone(change(this.value)));
      const path = this.options.path;
      if (path) {
        await fsPromises.mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await writeFileAtomic(path, JSON.stringify(next, null, 2) + '\n', {
          ...(this.options.fileSystem ? { fs: this.options.fileSystem } : {}),
        });
      }
      this.value = next;
      return next;
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
