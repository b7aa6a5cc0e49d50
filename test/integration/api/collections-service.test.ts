/**
 * Saved collections through the contract (main/api/services/collections/collections-service.ts): a file of
 * the first format (no folders) keeps every request; folders are created, renamed, moved into and
 * removed, and stay after a relaunch; imports from Postman, Bruno (folder or zip) and a target's
 * /openapi.json become new collections, a bad file changes nothing saved, and an imported request
 * is signed by the workbench on send. A Bruno zip that a ZIP cannot hold is refused naming the
 * limit; the folder export (the CLI's) still has every file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/api/services';
import type {
  CallName,
  CollectionExportView,
  CollectionImportView,
  CollectionView,
  ExchangeView,
} from '../../../main/api/contract';
import { requestsOf } from '../../../main/core/collections/index.js';
import { tppReadyThrough } from '../../support/tpp-ready';
import { fixtureText, folderFiles } from '../../unit/collections/fixtures';

const PASSPHRASE = 'integration passphrase';
let dataDir: string;
let services: Services;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'workbench-collections-'));
});
afterEach(async () => {
  await services?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const launch = () => {
  services = createServices({ kind: 'web', dataDir, keystorePassphrase: PASSPHRASE });
};

async function ok<T>(name: CallName, args: unknown): Promise<T> {
  const outcome = await services.dispatch(name, args);
  if (!outcome.ok) throw new Error(`${name}: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as T;
}

async function refused(name: CallName, args: unknown): Promise<string> {
  const outcome = await services.dispatch(name, args);
  if (outcome.ok) throw new Error(`${name} was not refused`);
  return outcome.error.message;
}

describe('the saved collections file', () => {
  it('reads a file of the first format (no folders) with every request kept', async () => {
    const saved = {
      id: 'r-1',
      name: 'Accounts',
      operationId: 'getAccountList',
      request: { method: 'GET', path: '/v1/accounts', headers: { 'PSU-IP-Address': '192.0.2.1' } },
      savedAt: '2026-11-01T10:00:00.000Z',
    };
    await writeFile(
      join(dataDir, 'collections.json'),
      JSON.stringify([
        { name: 'My requests', requests: [saved, { ...saved, id: 'r-2', name: 'Two' }] },
      ]),
    );
    launch();
    const [collection] = await ok<CollectionView[]>('collections.list', {});
    expect(collection).toEqual({
      name: 'My requests',
      variables: [],
      items: [
        { kind: 'request', ...saved },
        { kind: 'request', ...saved, id: 'r-2', name: 'Two' },
      ],
    });
  });

  it('creates, renames, moves into and removes folders, kept after a relaunch', async () => {
    launch();
    await ok('collections.create', { collection: 'AIS' });
    let [ais] = await ok<CollectionView[]>('collections.addFolder', {
      collection: 'AIS',
      name: 'Consents',
    });
    const folder = ais!.items[0]!;
    [ais] = await ok<CollectionView[]>('collections.saveRequest', {
      collection: 'AIS',
      name: 'Accounts',
      request: { method: 'GET', path: '/v1/accounts' },
    });
    const request = ais!.items[1]!;
    await ok('collections.moveItem', { collection: 'AIS', id: request.id, folderId: folder.id });
    await ok('collections.renameItem', { collection: 'AIS', id: folder.id, name: 'Reads' });
    await ok('collections.rename', { collection: 'AIS', to: 'Account information' });
    expect(
      await refused('collections.moveItem', {
        collection: 'Account information',
        id: folder.id,
        folderId: folder.id,
      }),
    ).toMatch(/cannot go inside itself/);
    await services.dispose();
    launch();
    [ais] = await ok<CollectionView[]>('collections.list', {});
    expect(ais).toMatchObject({
      name: 'Account information',
      items: [{ kind: 'folder', name: 'Reads', items: [{ kind: 'request', name: 'Accounts' }] }],
    });
    // Saving under a name the folder has replaces that request where it stands.
    await ok('collections.saveRequest', {
      collection: 'Account information',
      name: 'Other',
      folderId: folder.id,
      request: { method: 'GET', path: '/v1/consents' },
    });
    [ais] = await ok<CollectionView[]>('collections.saveRequest', {
      collection: 'Account information',
      name: 'Accounts',
      folderId: folder.id,
      request: { method: 'GET', path: '/v1/accounts', query: { withBalance: 'true' } },
    });
    const reads = ais!.items[0]!;
    expect(reads.kind === 'folder' && reads.items.map((i) => [i.name, i.id])).toEqual([
      ['Accounts', request.id],
      ['Other', expect.any(String)],
    ]);
    [ais] = await ok<CollectionView[]>('collections.removeItem', {
      collection: 'Account information',
      id: folder.id,
    });
    expect(ais!.items).toEqual([]);
    expect(await refused('collections.rename', { collection: 'Nope', to: 'x' })).toMatch(
      /no collection 'Nope'/,
    );
  });
});

describe('imports and exports', () => {
  it('refuses a bad file naming what is wrong, and keeps what is saved', async () => {
    launch();
    await ok('collections.saveRequest', {
      collection: 'Mine',
      name: 'A',
      request: { method: 'GET', path: '/v1/accounts' },
    });
    const before = await ok<CollectionView[]>('collections.list', {});
    expect(await refused('collections.import', { format: 'postman', text: 'not json' })).toMatch(
      /not JSON/,
    );
    expect(
      await refused('collections.import', {
        format: 'bruno',
        files: [{ path: 'x/a.bru', text: 'meta {' }],
      }),
    ).toMatch(/no bruno\.json/);
    expect(
      await refused('collections.import', { format: 'bruno', zipBase64: 'bm90IGEgemlw' }),
    ).toMatch(/Bruno zip could not be read/);
    expect(
      await refused('collections.import', {
        format: 'openapi',
        text: '{"openapi":"3.0.3","paths":{}}',
      }),
    ).toMatch(/no paths/);
    expect(await ok('collections.list', {})).toEqual(before);
  });

  it('blames the file, not the data folder, for a request it cannot keep', async () => {
    launch();
    const V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
    // A header value longer than the composer sends (ComposedRequestSchema).
    const text = JSON.stringify({
      info: { name: 'x', schema: V21 },
      item: [
        {
          name: 'r',
          request: {
            method: 'GET',
            url: '{{baseUrl}}/v1/a',
            header: [{ key: 'X-Long', value: 'v'.repeat(16_385) }],
          },
        },
      ],
    });
    const message = await refused('collections.import', { format: 'postman', text });
    expect(message).toMatch(/^The file makes a collection the workbench cannot keep \(/);
    expect(message).toMatch(/nothing was saved/);
    expect(message).not.toMatch(/data folder/);
    expect(
      await refused('collections.import', {
        format: 'openapi',
        text: '{"openapi":"3.0.3","paths":{"v1/a":{"get":{"responses":{}}}}}',
      }),
    ).toMatch(/Left out the path 'v1\/a': an OpenAPI path begins with '\/'/);
    expect(await ok('collections.list', {})).toEqual([]);
  });

  it('imports Postman and Bruno as new collections; a Bruno zip export imports back the same', async () => {
    launch();
    const postman = await ok<CollectionImportView>('collections.import', {
      format: 'postman',
      text: fixtureText('postman/psd2-sandbox.postman_collection.json'),
    });
    expect(postman.imported).toBe('PSD2 sandbox (from Postman)');
    expect(postman.notes.join(' ')).toMatch(/Dropped Signature/);
    const again = await ok<CollectionImportView>('collections.import', {
      format: 'postman',
      text: fixtureText('postman/psd2-sandbox.postman_collection.json'),
    });
    expect(again.imported).toBe('PSD2 sandbox (from Postman) (2)');

    const bruno = await ok<CollectionImportView>('collections.import', {
      format: 'bruno',
      files: folderFiles('bruno/psd2-sandbox', 'psd2-sandbox/'),
    });
    const exported = await ok<CollectionExportView>('collections.export', {
      collection: bruno.imported,
      format: 'bruno',
    });
    expect(exported.fileName).toBe('PSD2 sandbox (from Bruno).bruno.zip');
    const fromZip = await ok<CollectionImportView>('collections.import', {
      format: 'bruno',
      zipBase64: exported.base64,
      name: 'From the zip',
    });
    const saved = await ok<CollectionView[]>('collections.list', {});
    const byName = (name: string) => saved.find((c) => c.name === name)!;
    const strip = (c: CollectionView) => requestsOf(c).map((r) => [r.name, r.request]);
    expect(fromZip.imported).toBe('From the zip');
    expect(strip(byName(fromZip.imported))).toEqual(strip(byName(bruno.imported)));
  });

  it('refuses a Bruno zip too big for a ZIP, naming the limit; the folder export still has the files', async () => {
    // 65,534 requests: with bruno.json and collection.bru, 65,536 files, one more than a ZIP holds.
    const requests = Array.from({ length: 65_534 }, (_, i) => ({
      kind: 'request',
      id: `r-${i}`,
      name: `R${i}`,
      request: { method: 'GET', path: `/v1/accounts/${i}` },
      savedAt: '2026-11-29T09:00:00.000Z',
    }));
    await writeFile(
      join(dataDir, 'collections.json'),
      JSON.stringify([{ name: 'Huge', variables: [], items: requests }]),
    );
    launch();
    expect(await refused('collections.export', { collection: 'Huge', format: 'bruno' })).toBe(
      "The Bruno zip of 'Huge' could not be written: 65536 entries, more than the 65535 a ZIP without ZIP64 holds. Export it as a folder: workbench collection export 'Huge' --format bruno --out FOLDER.",
    );
    const folder = await ok<CollectionExportView>('collections.export', {
      collection: 'Huge',
      format: 'bruno',
      folder: true,
    });
    expect(folder.base64).toBeUndefined();
    expect(folder.files).toHaveLength(65_536);
  }, 120_000);

  it('keeps imported scripts in the file, after a relaunch and when the composer saves over them', async () => {
    launch();
    const { imported } = await ok<CollectionImportView>('collections.import', {
      format: 'postman',
      text: fixtureText('postman/scripts.postman_collection.json'),
    });
    await services.dispose();
    launch();
    const listed = await ok<CollectionView[]>('collections.list', {});
    const collection = listed.find((c) => c.name === imported)!;
    expect(collection.scripts).toHaveLength(2);
    const [create] = requestsOf(collection);
    const folder = collection.items[0]!;
    const saved = await ok<CollectionView[]>('collections.saveRequest', {
      collection: imported,
      name: create!.name,
      folderId: folder.id,
      request: { ...create!.request, body: '{"changed":true}' },
    });
    const [again] = requestsOf(saved.find((c) => c.name === imported)!);
    expect(again!.request.body).toBe('{"changed":true}');
    expect(again!.scripts).toEqual(create!.scripts);
  });

  it("makes a collection of the target's /openapi.json whose request is signed on send", async () => {
    launch();
    await tppReadyThrough(ok);
    await ok('bank.start', { mode: 'sandbox' });
    const { imported } = await ok<CollectionImportView>('collections.import', {
      format: 'openapi',
      targetId: 'embedded-sandbox',
    });
    const collections = await ok<CollectionView[]>('collections.list', {});
    const collection = collections.find((c) => c.name === imported)!;
    const consent = requestsOf(collection).find((r) => r.operationId === 'createConsent')!;
    const sent = await ok<ExchangeView>('tpp.send', {
      targetId: 'embedded-sandbox',
      request: consent.request,
    });
    expect(sent.response?.status).toBe(201);
    expect(sent.signing).toBeDefined();
    const headers = Object.fromEntries(
      Object.entries(sent.request.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(headers.signature).toMatch(/keyId=/);
    expect(headers.digest).toMatch(/^SHA-256=/);
    expect(headers['tpp-signature-certificate']).toBeDefined();
  });
});
