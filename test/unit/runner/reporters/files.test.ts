/** Report files are replaced whole through the one atomic writer: none is left half-written. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReportFile } from '../../../../main/core/runner/reporters/files';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workbench-reports-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeReportFile', () => {
  it('writes the report into a new folder, readable by others, with nothing beside it', async () => {
    const path = await writeReportFile(join(dir, 'out'), 'report.xml', '<testsuites/>');
    expect(path).toBe(join(dir, 'out', 'report.xml'));
    expect(await readFile(path, 'utf8')).toBe('<testsuites/>');
    expect((await stat(path)).mode & 0o777).toBe(0o644 & ~process.umask());
    expect(await readdir(join(dir, 'out'))).toEqual(['report.xml']);
  });

  it('names the report when it cannot be replaced and leaves no temporary file', async () => {
    await mkdir(join(dir, 'report.html'));
    await expect(writeReportFile(dir, 'report.html', '<html>')).rejects.toThrow(
      `could not write ${join(dir, 'report.html')}: `,
    );
    expect(await readdir(dir)).toEqual(['report.html']);
  });
});
