/**
 * The one atomic file replacement: the file is whole after, no temporary file is left, the data
 * is flushed before the rename and the directory after it, and a failure names the file, keeps
 * the system's code and leaves the previous file as it was.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  nodeFileSystem,
  writeFileAtomic,
  type AtomicFileSystem,
} from '../../../main/core/persistence/atomic-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workbench-atomic-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The node file system, with every call written down in order. */
function recording(): { fs: AtomicFileSystem; calls: string[] } {
  const calls: string[] = [];
  const fs: AtomicFileSystem = {
    writeFile: async (path, data, options) => {
      calls.push(`writeFile flush=${String(options.flush)} flag=${options.flag}`);
      return nodeFileSystem.writeFile(path, data, options);
    },
    rename: async (from, to) => {
      calls.push(`rename to ${to}`);
      return nodeFileSystem.rename(from, to);
    },
    rm: async (path, options) => {
      calls.push('rm');
      return nodeFileSystem.rm(path, options);
    },
    syncDirectory: async (path) => {
      calls.push(`syncDirectory ${path}`);
      return nodeFileSystem.syncDirectory?.(path);
    },
  };
  return { fs, calls };
}

describe('writeFileAtomic', () => {
  it('replaces the file whole and leaves no temporary file', async () => {
    const path = join(dir, 'report.json');
    await writeFile(path, 'the previous report, longer than the next one');
    const content = 'x'.repeat(1 << 20) + '\n';
    await writeFileAtomic(path, content, { mode: 0o644 });
    expect(await readFile(path, 'utf8')).toBe(content);
    expect(await readdir(dir)).toEqual(['report.json']);
    expect((await stat(path)).mode & 0o777).toBe(0o644 & ~process.umask());
  });

  it('flushes the data before the rename and the directory after it', async () => {
    const path = join(dir, 'baseline.json');
    const { fs, calls } = recording();
    await writeFileAtomic(path, '{}', { fs });
    expect(calls).toEqual([
      'writeFile flush=true flag=wx',
      `rename to ${path}`,
      `syncDirectory ${dir}`,
    ]);
    expect(await readFile(path, 'utf8')).toBe('{}');
  });

  it('names the file when the rename fails, keeps the code and the previous file', async () => {
    const path = join(dir, 'ca.crl');
    await writeFile(path, 'old CRL');
    const fs: AtomicFileSystem = {
      ...nodeFileSystem,
      rename: async () => {
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      },
    };
    const failure = writeFileAtomic(path, 'new CRL', { fs });
    await expect(failure).rejects.toThrow(`could not write ${path}: no space left on device`);
    await expect(failure).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await readFile(path, 'utf8')).toBe('old CRL');
    expect(await readdir(dir)).toEqual(['ca.crl']);
  });

  it('names the file when its directory is missing', async () => {
    const path = join(dir, 'missing', 'report.html');
    await expect(writeFileAtomic(path, '<html>')).rejects.toThrow(`could not write ${path}: `);
    expect(await readdir(dir)).toEqual([]);
  });

  it('names the file when the target is a directory, leaving no temporary file', async () => {
    const path = join(dir, 'taken');
    await mkdir(path);
    await expect(writeFileAtomic(path, 'data')).rejects.toThrow(`could not write ${path}: `);
    expect(await readdir(dir)).toEqual(['taken']);
  });

  it('names the file when the directory cannot be flushed', async () => {
    const path = join(dir, 'keystore.json');
    const fs: AtomicFileSystem = {
      ...nodeFileSystem,
      syncDirectory: async () => {
        throw Object.assign(new Error('input/output error'), { code: 'EIO' });
      },
    };
    await expect(writeFileAtomic(path, '{}', { fs })).rejects.toMatchObject({
      message: `could not write ${path}: input/output error`,
      code: 'EIO',
    });
  });
});
