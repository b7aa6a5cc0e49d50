/** The collection fixtures (test/fixtures/collections) and a fixed import context. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  CollectionFormatError,
  type Collection,
  type CollectionFile,
  type CollectionItem,
  type ImportContext,
} from '../../../main/core/collections/index.js';

export const FIXTURES = join(import.meta.dirname, '../../fixtures/collections');

export function fixtureText(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8');
}

/** Every file under a fixture folder, by its path inside it (as a folder picker gives them). */
export function folderFiles(path: string, prefix = ''): CollectionFile[] {
  const root = join(FIXTURES, path);
  const files: CollectionFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else
        files.push({ path: `${prefix}${relative(root, full)}`, text: readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return files;
}

export function fixedContext(): ImportContext {
  let n = 0;
  return { newId: () => `id-${(n += 1)}`, now: '2026-11-27T12:00:00.000Z' };
}

/** What a round trip keeps: the tree without ids and save times. */
export function comparable(collection: Collection): unknown {
  const strip = (item: CollectionItem): unknown =>
    item.kind === 'folder'
      ? { folder: item.name, description: item.description, items: item.items.map(strip) }
      : { name: item.name, description: item.description, request: item.request };
  return {
    name: collection.name,
    description: collection.description,
    variables: collection.variables,
    items: collection.items.map(strip),
  };
}

/** The message of the CollectionFormatError `read` throws; fails when it reads the input. */
export function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof CollectionFormatError) return error.message;
    throw error;
  }
  throw new Error('The input was read, not refused.');
}
