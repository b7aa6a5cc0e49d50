/**
 * A collection run through the contract, as the Collections panel's Run asks it
 * (main/api/services/collections/calls.ts): assertions set as words on saved requests, the run
 * against the embedded sandbox bank, each request signed (§5.2) and sent as
 * `collections.runProgress` as it arrives, the consent's id carried into the status request, and
 * a failing assertion named in the result and its JUnit. Bad assertion words are refused.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/api/services';
import type {
  CallName,
  CollectionRunView,
  CollectionView,
  ExchangeView,
} from '../../../main/api/contract';
import { tppReadyThrough } from '../../support/tpp-ready';
import { fixtureText } from '../../unit/collections/fixtures';

let dataDir: string;
let services: Services;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'workbench-collection-run-'));
  services = createServices({ kind: 'web', dataDir, keystorePassphrase: 'integration passphrase' });
});
afterEach(async () => {
  await services.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function ok<T>(name: CallName, args: unknown): Promise<T> {
  const outcome = await services.dispatch(name, args);
  if (!outcome.ok) throw new Error(`${name}: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as T;
}

const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

async function savedConsentCollection(): Promise<CollectionView> {
  await ok('collections.create', { collection: 'Run' });
  let [collection] = await ok<CollectionView[]>('collections.addFolder', {
    collection: 'Run',
    name: 'AIS',
  });
  const folderId = collection!.items[0]!.id;
  await ok('collections.saveRequest', {
    collection: 'Run',
    folderId,
    name: 'Create consent',
    request: {
      method: 'POST',
      path: '/v1/consents',
      body: JSON.stringify({
        access: { allPsd2: 'allAccounts' },
        recurringIndicator: true,
        validUntil,
        frequencyPerDay: 4,
        combinedServiceIndicator: false,
      }),
    },
  });
  [collection] = await ok<CollectionView[]>('collections.saveRequest', {
    collection: 'Run',
    folderId,
    name: 'Consent status',
    request: { method: 'GET', path: '/v1/consents/{{consentId}}/status' },
  });
  return collection!;
}

describe('collections.run', () => {
  it('runs a folder, signed, with progress events, captured ids and judged assertions', async () => {
    await tppReadyThrough(ok);
    await ok('bank.start', { mode: 'sandbox' });
    const collection = await savedConsentCollection();
    const folder = collection.items[0]!;
    const [create, status] = folder.kind === 'folder' ? folder.items : [];
    await ok('collections.setAssertions', {
      collection: 'Run',
      id: create!.id,
      assertions: ['status 201', '$.consentStatus == "received"'],
    });
    await ok('collections.setAssertions', {
      collection: 'Run',
      id: status!.id,
      assertions: ['$.consentStatus == "valid"'],
    });
    const progress: string[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'collections.runProgress')
        progress.push((payload as { request: { name: string } }).request.name);
    });
    const run = await ok<CollectionRunView>('collections.run', {
      collection: 'Run',
      folder: 'AIS',
      targetId: 'embedded-sandbox',
    });
    expect(progress).toEqual(['Create consent', 'Consent status']);
    expect(run.requests.map((r) => [r.name, r.status, r.passed])).toEqual([
      ['Create consent', 201, true],
      ['Consent status', 200, false],
    ]);
    expect(run.requests[1]!.url).toMatch(/\/v1\/consents\/[^{/]+\/status$/);
    expect(run.requests[1]!.assertions).toEqual([
      {
        name: '$.consentStatus == "valid"',
        passed: false,
        message: '$.consentStatus was "received"',
      },
    ]);
    expect(run.junit).toContain(
      'message="$.consentStatus == &quot;valid&quot;: $.consentStatus was &quot;received&quot;"',
    );
    // Sent as the composer sends: signed, and in the history.
    const history = await ok<ExchangeView[]>('tpp.history', {});
    expect(history.filter((e) => e.signing)).toHaveLength(2);
  }, 60_000);

  it('refuses assertion words that are not one, naming the line, and keeps what was saved', async () => {
    const collection = await savedConsentCollection();
    const folder = collection.items[0]!;
    const id = folder.kind === 'folder' ? folder.items[0]!.id : '';
    await ok('collections.setAssertions', { collection: 'Run', id, assertions: ['status 201'] });
    const outcome = await services.dispatch('collections.setAssertions', {
      collection: 'Run',
      id,
      assertions: ['status 201', 'consentStatus is valid'],
    });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message).toMatch(
      /^Assertion 2: 'consentStatus is valid' is not an assertion/,
    );
    const [after] = await ok<CollectionView[]>('collections.list', {});
    const saved = after!.items[0]!.kind === 'folder' ? after!.items[0]!.items[0]! : undefined;
    expect(saved?.kind === 'request' && saved.assertions).toEqual([
      { kind: 'status', expected: '201' },
    ]);
  });

  it('names an unknown folder and the folders there are', async () => {
    await savedConsentCollection();
    const outcome = await services.dispatch('collections.run', {
      collection: 'Run',
      folder: 'PIS',
      targetId: 'embedded-sandbox',
    });
    expect(!outcome.ok && outcome.error.message).toBe(
      "The collection 'Run' has no folder 'PIS'; its folders: 'AIS'.",
    );
  });

  it("shows a secret as {{name}} in a run's results, even of a request refused before sending", async () => {
    await tppReadyThrough(ok);
    const { imported } = await ok<{ imported: string }>('workspace.importEnvironment', {
      targetId: 'embedded-sandbox',
      format: 'postman',
      text: fixtureText('postman/customer-b.postman_environment.json'),
    });
    await ok('collections.create', { collection: 'Secret' });
    await ok('collections.saveRequest', {
      collection: 'Secret',
      name: 'Elsewhere',
      // Another origin: refused before it is sent, its resolved URL reported with the error.
      request: { method: 'GET', path: 'https://elsewhere.example/x?note={{psuPassword}}' },
    });
    const run = await ok<CollectionRunView>('collections.run', {
      collection: 'Secret',
      targetId: 'embedded-sandbox',
      environment: imported,
    });
    expect(run.requests).toHaveLength(1);
    expect(run.requests[0]!.passed).toBe(false);
    expect(JSON.stringify(run)).not.toContain('open-sesame');
    expect(run.requests[0]!.url).toContain('note={{psuPassword}}');
  });
});
