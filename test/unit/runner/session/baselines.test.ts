/** The adopted baseline and the evidence bundle are replaced whole through the one atomic writer. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeAtomically } from '../../../../main/core/runner/session/baselines';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workbench-baselines-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeAtomically', () => {
  it('creates the folder and writes the file whole, with nothing beside it', async () => {
    const path = join(dir, 'ci', 'baseline.json');
    await writeAtomically(path, '{"expectedFailures":[]}\n');
    expect(await readFile(path, 'utf8')).toBe('{"expectedFailures":[]}\n');
    expect(await readdir(join(dir, 'ci'))).toEqual(['baseline.json']);
  });

  it('names the file when it cannot be replaced and leaves no temporary file', async () => {
    const path = join(dir, 'baseline.json');
    await mkdir(path);
    await expect(writeAtomically(path, '{}')).rejects.toThrow(`could not write ${path}: `);
    expect(await readdir(dir)).toEqual(['baseline.json']);
  });
});
