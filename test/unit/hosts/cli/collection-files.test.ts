/**
 * The files `workbench collection import` reads of a Bruno folder
 * (main/hosts/cli/collection-files.ts): more files, or more folders, than the bound are refused
 * naming the folder and the limit, before the rest is read.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CollectionFormatError } from '../../../../main/core/collections/index';
import { brunoFolderFiles } from '../../../../main/hosts/cli/collection-files';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workbench-bruno-folder-'));
  await writeFile(join(dir, 'bruno.json'), '{ "version": "1", "name": "x" }');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function refusal(maxFiles: number): Promise<string> {
  const error: unknown = await brunoFolderFiles(dir, maxFiles).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CollectionFormatError);
  return (error as Error).message;
}

describe('a Bruno folder to import', () => {
  it('is read up to the bound', async () => {
    for (const n of [1, 2]) await writeFile(join(dir, `r${n}.bru`), '');
    expect((await brunoFolderFiles(dir, 3)).files).toHaveLength(3);
  });

  it('is refused with more files than the bound, naming it', async () => {
    for (const n of [1, 2, 3]) await writeFile(join(dir, `r${n}.bru`), '');
    expect(await refusal(3)).toBe(
      `${dir} holds more than 3 .bru files, more than a Bruno collection folder to import may have.`,
    );
  });

  it('is refused with more folders than the bound, naming it', async () => {
    for (const n of [1, 2, 3, 4]) await mkdir(join(dir, `f${n}`));
    expect(await refusal(3)).toBe(
      `${dir} holds more than 3 folders, more than a Bruno collection folder to import may have.`,
    );
  });
});
