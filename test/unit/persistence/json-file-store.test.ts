/**
 * The JSON document store behind settings, targets and collections: atomic replacement (a failed
 * write keeps the previous file and the previous value), a corrupt file moved aside and reported,
 * never silently reset, and the XDG data folder.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonFileStore, defaultDataDir } from '../../../main/core/persistence/index';
import { nodeFileSystem, type AtomicFileSystem } from '../../../main/core/persistence/atomic-file';

interface Doc {
  count: number;
}

const parse = (value: unknown): Doc => {
  if (typeof (value as Doc)?.count !== 'number') throw new Error('/count: must be a number');
  return value as Doc;
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workbench-store-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const open = (fileSystem?: AtomicFileSystem) =>
  JsonFileStore.open<Doc>({
    path: join(dir, 'doc.json'),
    what: 'test documents',
    defaults: () => ({ count: 0 }),
    parse,
    now: () => new Date('2026-02-03T04:05:06.789Z'),
    ...(fileSystem ? { fileSystem } : {}),
  });

describe('JsonFileStore', () => {
  it('starts from the defaults without a file and writes on the first change', async () => {
    const store = await open();
    expect(store.get()).toEqual({ count: 0 });
    expect(await readdir(dir)).toEqual([]);
    await store.update((doc) => ({ count: doc.count + 1 }));
    expect(JSON.parse(await readFile(join(dir, 'doc.json'), 'utf8'))).toEqual({ count: 1 });
    expect((await open()).get()).toEqual({ count: 1 });
  });

  it('keeps the previous file and value when the write fails, leaving no temporary file', async () => {
    const store = await open();
    await store.update(() => ({ count: 1 }));
    const failing = await open({
      ...nodeFileSystem,
      rename: async () => {
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      },
    });
    await expect(failing.update(() => ({ count: 2 }))).rejects.toThrow('disk full');
    expect(failing.get()).toEqual({ count: 1 });
    expect(await readdir(dir)).toEqual(['doc.json']);
    expect(JSON.parse(await readFile(join(dir, 'doc.json'), 'utf8'))).toEqual({ count: 1 });
    // The next change still works.
    expect(await store.update(() => ({ count: 3 }))).toEqual({ count: 3 });
  });

  it('refuses a change that breaks the document, writing nothing', async () => {
    const store = await open();
    await store.update(() => ({ count: 1 }));
    await expect(store.update(() => ({ count: 'many' }) as unknown as Doc)).rejects.toThrow(
      '/count',
    );
    expect(JSON.parse(await readFile(join(dir, 'doc.json'), 'utf8'))).toEqual({ count: 1 });
  });

  it('moves a corrupt file aside with a message instead of silently resetting it', async () => {
    await writeFile(join(dir, 'doc.json'), '{"count": ');
    const store = await open();
    const movedTo = join(dir, 'doc.json.corrupt-2026-02-03T04-05-06-789Z');
    expect(store.notice).toMatchObject({ file: 'doc.json', movedTo });
    expect(store.notice!.message).toContain('could not be read');
    expect(store.notice!.message).toContain(movedTo);
    expect(await readFile(movedTo, 'utf8')).toBe('{"count": ');
    expect(store.get()).toEqual({ count: 0 });
    expect(await readdir(dir)).toEqual(['doc.json.corrupt-2026-02-03T04-05-06-789Z']);
  });

  it('reports a file that parses but breaks the schema the same way', async () => {
    await writeFile(join(dir, 'doc.json'), '{"count": "three"}');
    const store = await open();
    expect(store.notice?.message).toContain('/count: must be a number');
  });

  it('keeps a document in memory when no path is given', async () => {
    const store = await JsonFileStore.open<Doc>({
      what: 'x',
      defaults: () => ({ count: 0 }),
      parse,
    });
    expect(await store.update(() => ({ count: 5 }))).toEqual({ count: 5 });
    expect(store.path).toBeUndefined();
  });
});

describe('JsonFileStore shared by several processes', () => {
  it('applies a change to what another store wrote since, losing neither write', async () => {
    const host = await open();
    const cli = await open();
    await host.update(() => ({ count: 1 }));
    // The second store read the file before the first wrote: its change still starts from 1.
    expect(await cli.update((doc) => ({ count: doc.count + 10 }))).toEqual({ count: 11 });
    expect(await host.update((doc) => ({ count: doc.count + 100 }))).toEqual({ count: 111 });
    expect(JSON.parse(await readFile(join(dir, 'doc.json'), 'utf8'))).toEqual({ count: 111 });
  });

  it('reads what another store wrote', async () => {
    const host = await open();
    const cli = await open();
    await cli.update(() => ({ count: 7 }));
    expect(host.get()).toEqual({ count: 7 });
  });

  it('refuses to write over a file another process left unreadable, naming it', async () => {
    const store = await open();
    await store.update(() => ({ count: 1 }));
    await writeFile(join(dir, 'doc.json'), '{"count": ');
    expect(store.get()).toEqual({ count: 1 });
    await expect(store.update(() => ({ count: 2 }))).rejects.toThrow(
      /doc\.json was changed by another process and cannot be read.*nothing was changed/,
    );
    expect(await readFile(join(dir, 'doc.json'), 'utf8')).toBe('{"count": ');
  });

  it('waits for a live lock and then names its owner, changing nothing', async () => {
    const store = await JsonFileStore.open<Doc>({
      path: join(dir, 'doc.json'),
      what: 'test documents',
      defaults: () => ({ count: 0 }),
      parse,
      lock: { waitMs: 100 },
    });
    // The lock of a live process: this test's own parent (alive for the test's duration).
    await writeFile(join(dir, 'doc.json.lock'), String(process.ppid));
    await expect(store.update(() => ({ count: 1 }))).rejects.toThrow(
      `is locked by process ${process.ppid}`,
    );
    expect(await readdir(dir)).toEqual(['doc.json.lock']);
  });

  it('takes over the lock of a process that is gone', async () => {
    const store = await open();
    // No process has this id (above the kernel's pid_max of 2^22).
    await writeFile(join(dir, 'doc.json.lock'), '99999999');
    await store.update(() => ({ count: 1 }));
    expect(await readdir(dir)).toEqual(['doc.json']);
  });
});

describe('defaultDataDir', () => {
  it('follows XDG_CONFIG_HOME and falls back to ~/.config', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x/config' }, '/home/u')).toBe(
      '/x/config/psd2-workbench',
    );
    expect(defaultDataDir({}, '/home/u')).toBe('/home/u/.config/psd2-workbench');
    // A relative XDG_CONFIG_HOME is invalid per the XDG spec and ignored.
    expect(defaultDataDir({ XDG_CONFIG_HOME: 'rel' }, '/home/u')).toBe(
      '/home/u/.config/psd2-workbench',
    );
  });
});
