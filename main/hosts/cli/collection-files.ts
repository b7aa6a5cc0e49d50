/**
 * The files `workbench collection import` reads: one collection file, or the files of a Bruno
 * collection folder. Each is sized before it is read (MAX_COLLECTION_FILE_CHARS, the limit the UI
 * has too). Inside a Bruno folder only regular files are read: a symbolic link could point at a
 * file outside the folder (a secret the import would echo), a FIFO named `*.bru` would block the
 * read for good, so each is left out with a note naming its path, never its content.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { FileRefused, kindOfFile, readRegularFile } from '../../core/persistence/regular-file.js';
import { CollectionFormatError } from '../../core/collections/index.js';
import { isBrunoCollectionFile } from '../../shared/bruno-files.js';
import {
  MAX_BRUNO_FILES,
  MAX_COLLECTION_FILE_CHARS,
  MAX_COLLECTION_ZIP_BYTES,
  collectionTooBig,
} from '../../shared/collection-limits.js';

const WHAT = 'a collection to import';

async function readRefusing(path: string, limit: number, noFollow: boolean): Promise<Buffer> {
  try {
    return await readRegularFile(path, { limit, what: WHAT, noFollow });
  } catch (error) {
    if (error instanceof FileRefused) throw new CollectionFormatError(`${path} ${error.message}.`);
    throw error;
  }
}

/** A collection file (Postman, OpenAPI) or a Bruno zip; sized (fstat) before it is read. */
export function collectionFile(path: string, zip: boolean): Promise<Buffer> {
  return readRefusing(path, zip ? MAX_COLLECTION_ZIP_BYTES : MAX_COLLECTION_FILE_CHARS, false);
}

export interface BrunoFolder {
  files: { path: string; text: string }[];
  /** What was left out, by path (symbolic links, FIFOs). */
  notes: string[];
}

/** The refusal of a folder with more `what` than an import reads, naming the limit. */
function tooMany(root: string, what: string, limit: number): CollectionFormatError {
  return new CollectionFormatError(
    `${root} holds more than ${limit} ${what}, more than a Bruno collection folder to import may have.`,
  );
}

/**
 * The files of the Bruno collection folder `root` (bruno.json and .bru files). At most
 * `maxFiles` files are read and `maxFiles` folders walked (MAX_BRUNO_FILES: every folder the
 * workbench exports holds a folder.bru, so it has no more folders than files).
 */
export async function brunoFolderFiles(
  root: string,
  maxFiles = MAX_BRUNO_FILES,
): Promise<BrunoFolder> {
  const folder: BrunoFolder = { files: [], notes: [] };
  let total = 0;
  let folders = 0;
  const walk = async (dir: string) => {
    for (const name of await readdir(dir)) {
      const full = join(dir, name);
      const path = relative(root, full).split('\\').join('/');
      // lstat: the entry itself, never what a link points at.
      const info = await lstat(full);
      if (info.isDirectory()) {
        // A folder the collection never keeps files in (node_modules, .git) is not walked.
        if (!isBrunoCollectionFile(`${path}/request.bru`)) continue;
        if ((folders += 1) > maxFiles) throw tooMany(root, 'folders', maxFiles);
        await walk(full);
        continue;
      }
      if (!isBrunoCollectionFile(path)) continue;
      if (!info.isFile()) {
        folder.notes.push(
          `Left out ${path}: it is ${kindOfFile(info)}; only regular files inside the folder are read.`,
        );
        continue;
      }
      if (folder.files.length >= maxFiles) throw tooMany(root, '.bru files', maxFiles);
      total += info.size;
      if (total > MAX_COLLECTION_FILE_CHARS)
        throw new CollectionFormatError(
          collectionTooBig(
            `${root} (its bruno.json and .bru files together)`,
            total,
            MAX_COLLECTION_FILE_CHARS,
            'bytes',
          ),
        );
      const bytes = await readRefusing(full, MAX_COLLECTION_FILE_CHARS, true);
      folder.files.push({ path, text: bytes.toString('utf8') });
    }
  };
  await walk(root);
  return folder;
}
