/**
 * Every export the workbench writes is read back by `workbench collection import`: a saved
 * collection of 20,000 requests in folders twenty deep (made here, in a temp data folder)
 * exported as a Bruno folder (a `.bru` file per request, a `folder.bru` per folder) and as a
 * Postman v2.1 file imports again with all its requests; a Bruno folder of more files than a ZIP
 * holds is written all the same. The CLI runs in this process (runCli), as `workbench collection`
 * runs it.
 */
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionItem } from '../../../main/core/collections/index';
import { runCli } from '../../../main/hosts/cli/index';
import { MAX_COLLECTION_FILE_CHARS } from '../../../main/shared/collection-limits';
import { captureCliIo } from '../../support/cli-capture';

const REQUESTS = 20_000;
const FOLDERS = 20;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workbench-read-back-'));
  await mkdir(join(dir, 'data'));
  await writeFile(join(dir, 'data', 'collections.json'), JSON.stringify([bigCollection()]));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const run = async (...argv: string[]) => {
  const io = captureCliIo();
  const code = await runCli(['collection', ...argv, '--data-dir', join(dir, 'data')], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

/** REQUESTS saved requests in FOLDERS folders, each folder inside the one before. */
function bigCollection() {
  const perFolder = REQUESTS / FOLDERS;
  const folder = (f: number): CollectionItem => ({
    kind: 'folder',
    id: `f-${f}`,
    name: `Folder ${f}`,
    items: [
      ...Array.from({ length: perFolder }, (_, r): CollectionItem => ({
        kind: 'request',
        id: `r-${f}-${r}`,
        name: `Account ${f}-${r}`,
        request: {
          method: 'GET',
          path: `/v1/accounts/acc-${f}-${r}`,
          query: { withBalance: 'true' },
          headers: { 'Consent-ID': '{{consentId}}' },
        },
        savedAt: '2026-11-29T09:00:00.000Z',
      })),
      ...(f + 1 < FOLDERS ? [folder(f + 1)] : []),
    ],
  });
  return { name: 'Big', variables: [], items: [folder(0)] };
}

async function filesUnder(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

describe(`workbench collection reads back its exports of ${REQUESTS} requests`, () => {
  it('as a Bruno folder', async () => {
    const bruno = join(dir, 'big-bruno');
    expect((await run('export', 'Big', '--format', 'bruno', '--out', bruno)).code).toBe(0);
    // bruno.json, collection.bru, a folder.bru per folder and a .bru per request.
    expect(await filesUnder(bruno)).toBe(REQUESTS + FOLDERS + 2);
    const again = await run('import', '--format', 'bruno', bruno, '--name', 'From Bruno');
    expect(again.err).toBe('');
    expect(again.out).toContain(`Imported 'From Bruno': ${REQUESTS} requests.`);
  }, 600_000);

  it('as a Postman file', async () => {
    const postman = join(dir, 'big.postman_collection.json');
    expect((await run('export', 'Big', '--format', 'postman', '--out', postman)).code).toBe(0);
    expect((await stat(postman)).size).toBeLessThanOrEqual(MAX_COLLECTION_FILE_CHARS);
    const again = await run('import', '--format', 'postman', postman, '--name', 'From Postman');
    expect(again.err).toBe('');
    expect(again.out).toContain(`Imported 'From Postman': ${REQUESTS} requests.`);
  }, 600_000);

  it('writes a Bruno folder of more files than a ZIP holds', async () => {
    // 65,534 requests: with bruno.json and collection.bru, 65,536 files; the zip the UI
    // downloads holds at most 65,535 entries, the folder the CLI writes has no such bound.
    const data = join(dir, 'huge-data');
    await mkdir(data);
    const items = Array.from({ length: 65_534 }, (_, i) => ({
      kind: 'request',
      id: `r-${i}`,
      name: `R${i}`,
      request: { method: 'GET', path: `/v1/accounts/${i}` },
      savedAt: '2026-11-29T09:00:00.000Z',
    }));
    await writeFile(
      join(data, 'collections.json'),
      JSON.stringify([{ name: 'Huge', variables: [], items }]),
    );
    const io = captureCliIo();
    const out = join(dir, 'huge-bruno');
    const argv = ['export', 'Huge', '--format', 'bruno', '--out', out, '--data-dir', data];
    expect(await runCli(['collection', ...argv], io)).toBe(0);
    expect(io.stderr).toEqual([]);
    expect(await filesUnder(out)).toBe(65_536);
  }, 600_000);
});
