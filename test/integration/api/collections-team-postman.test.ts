/**
 * A team's Postman collection and environment (test/fixtures/collections/postman/team/) through
 * the services the UI and the CLI call (collections.import/export, workspace.importEnvironment/
 * exportEnvironment): folders three deep, every request's method, path, query, headers and body,
 * the scripts of the collection, its folders and its requests kept as inert text, a secret
 * variable kept secret with no value in clear, and the environment's values, the empty ones
 * included, arrive; the exports give each piece back as it came and validate against Postman's
 * published v2.1 schema.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type {
  CollectionExportView,
  CollectionImportView,
  CollectionView,
  EnvironmentExportView,
  EnvironmentImportView,
} from '../../../main/api/contract';
import { requestsOf } from '../../../main/core/collections/index.js';
import { fixtureText } from '../../unit/collections/fixtures';
import { dataDir, ok, useServices } from './services-harness';

useServices();

const COLLECTION = 'postman/team/psd2-team.postman_collection.json';
const ENVIRONMENT = 'postman/team/team-sandbox.postman_environment.json';
const SECRET = 'team-api-key-7f3c9d';
const TARGET = 'embedded-sandbox';

const validate = (() => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(fixtureText('postman/collection-v2.1.0.schema.json')) as object);
})();

interface PostmanEvent {
  listen: string;
  script: { exec: string[] };
}
interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  event?: PostmanEvent[];
  request?: {
    method: string;
    url: string | PostmanUrl;
    header?: { key: string; value: string }[];
    body?: { raw?: string };
  };
}

interface PostmanUrl {
  raw?: string;
  host?: string[];
  path?: string[];
  query?: { key: string; value: string }[];
}

/** A URL as its text: the SDK writes host, path and query without `raw`. */
function urlText(url: string | PostmanUrl): string {
  if (typeof url === 'string') return url;
  if (url.raw) return url.raw;
  const query = (url.query ?? []).map((q) => `${q.key}=${q.value}`).join('&');
  return `${(url.host ?? []).join('.')}/${(url.path ?? []).join('/')}${query ? `?${query}` : ''}`;
}

/** What a Postman file says of each folder and request: names, nesting, scripts, requests. */
function postmanTree(items: readonly PostmanItem[]): unknown[] {
  return items.map((item) => ({
    name: item.name,
    events: (item.event ?? []).map((e) => [e.listen, e.script.exec]),
    ...(item.item ? { items: postmanTree(item.item) } : {}),
    ...(item.request
      ? {
          method: item.request.method,
          url: urlText(item.request.url),
          headers: (item.request.header ?? []).map((h) => [h.key, h.value]),
          body: item.request.body?.raw,
        }
      : {}),
  }));
}

/** Every file of the data folder, as text: where a secret must not be in clear. */
async function dataFolderText(): Promise<string> {
  const names = await readdir(dataDir, { recursive: true, withFileTypes: true });
  const files = names.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return (await Promise.all(files.map((f) => readFile(f, 'latin1')))).join('\n');
}

const importTeam = () =>
  ok<CollectionImportView>('collections.import', {
    format: 'postman',
    text: fixtureText(COLLECTION),
  });
/** The collection an import made, as saved (the import answers its name, not the collections). */
const named = async (view: CollectionImportView): Promise<CollectionView> =>
  (await ok<CollectionView[]>('collections.list', {})).find((c) => c.name === view.imported)!;

describe("a team's Postman collection", () => {
  it('arrives with its folders, requests, scripts at every level and its secret', async () => {
    const view = await importTeam();
    const collection = await named(view);
    expect(collection.name).toBe('PSD2 team (from Postman)');
    // {{baseUrl}} is the target's base URL; the secret arrives secret, without its value.
    expect(collection.variables).toEqual([
      { key: 'psuIpAddress', value: '192.0.2.10' },
      { key: 'validUntil', value: '2026-12-31' },
      { key: 'apiKey', value: '', secret: true },
    ]);
    expect(collection.scripts).toEqual([
      {
        phase: 'pre-request',
        text: "// Collection level: runs before every request.\nconsole.log('team collection');",
      },
      {
        phase: 'tests',
        text: 'pm.test("no 5xx", function () {\n\tpm.expect(pm.response.code).to.be.below(500);\n});',
      },
    ]);
    const [ais, pis] = collection.items;
    expect(ais).toMatchObject({
      kind: 'folder',
      name: 'AIS',
      description: 'Account information (§5).',
    });
    expect(ais!.scripts).toEqual([
      { phase: 'pre-request', text: '// Folder level (AIS).' },
      {
        phase: 'tests',
        text: 'pm.test("no 4xx in AIS", function () {\n\tpm.expect(pm.response.code).to.be.below(400);\n});',
      },
    ]);
    const [consents, accounts] = ais!.kind === 'folder' ? ais!.items : [];
    expect(consents).toMatchObject({ name: 'Consents' });
    expect(consents!.scripts).toEqual([
      {
        phase: 'pre-request',
        text: '// Folder level (Consents).\npm.variables.set("tppRedirectPreferred", "true");',
      },
    ]);
    const [create, lifecycle] = consents!.kind === 'folder' ? consents!.items : [];
    expect(lifecycle).toMatchObject({
      kind: 'folder',
      name: 'Lifecycle',
      scripts: [{ phase: 'tests', text: 'pm.test("JSON answer", () => pm.response.to.be.json);' }],
    });
    expect(accounts).toMatchObject({ kind: 'folder', name: 'Accounts' });
    expect(pis).toMatchObject({ kind: 'folder', name: 'PIS' });

    expect(create).toMatchObject({
      name: 'Create consent',
      description: 'Creates an AIS consent (§5.3).',
      scripts: [
        {
          phase: 'pre-request',
          text: '// Request level: a fresh validUntil.\npm.collectionVariables.set("validUntil", "2026-12-31");',
        },
        {
          phase: 'tests',
          text: 'pm.test("201 Created", function () {\n    pm.response.to.have.status(201);\n});\npm.collectionVariables.set("consentId", pm.response.json().consentId);',
        },
      ],
    });
    const requests = requestsOf(collection);
    expect(requests.map((r) => [r.name, r.request])).toEqual([
      [
        'Create consent',
        {
          method: 'POST',
          path: '/v1/consents',
          headers: {
            'Content-Type': 'application/json',
            'PSU-IP-Address': '{{psuIpAddress}}',
            'PSU-ID': '{{psuId}}',
          },
          body: '{\n\t"access": { "allPsd2": "allAccounts" },\n\t"recurringIndicator": true,\n\t"validUntil": "{{validUntil}}",\n\t"frequencyPerDay": 4,\n\t"combinedServiceIndicator": false\n}',
        },
      ],
      [
        'Consent status',
        {
          method: 'GET',
          path: '/v1/consents/{{consentId}}/status',
          headers: { 'X-Api-Key': '{{apiKey}}' },
        },
      ],
      ['Delete consent', { method: 'DELETE', path: '/v1/consents/{{consentId}}' }],
      [
        'Read transactions',
        {
          method: 'GET',
          path: '/v1/accounts/{{resourceId}}/transactions',
          query: { bookingStatus: '{{bookingStatus}}', dateFrom: '2026-01-01' },
          headers: { 'Consent-ID': '{{consentId}}' },
        },
      ],
      [
        'Initiate payment',
        {
          method: 'POST',
          path: '/v1/payments/sepa-credit-transfers',
          headers: { 'Content-Type': 'application/json', 'PSU-IP-Address': '{{psuIpAddress}}' },
          body: '{"instructedAmount":{"currency":"EUR","amount":"12.50"},"debtorAccount":{"iban":"{{debtorIban}}"},"creditorAccount":{"iban":"DE02100100109307118603"},"creditorName":"Team lunch","remittanceInformationUnstructured":"{{reference}}"}',
        },
      ],
    ]);
    expect(requests[1]!.scripts).toEqual([
      {
        phase: 'pre-request',
        text: '\tconsole.log(\'status of \' + pm.collectionVariables.get("consentId"));  ',
      },
    ]);
    expect(view.notes.join('\n')).toMatch(
      /Left out the value of the secret variable \{\{apiKey\}\}/,
    );
    expect(view.notes.join('\n')).not.toMatch(/auth settings/);
    expect(await dataFolderText()).not.toContain(SECRET);
  });

  it('leaves as it came: nesting, requests and scripts unchanged, the secret typed secret and empty', async () => {
    const view = await importTeam();
    const { text } = await ok<CollectionExportView>('collections.export', {
      collection: view.imported,
      format: 'postman',
    });
    const exported = JSON.parse(text!) as {
      item: PostmanItem[];
      event: PostmanEvent[];
      variable: { key: string; value: string; type: string }[];
    };
    const fixture = JSON.parse(fixtureText(COLLECTION)) as typeof exported;
    expect(postmanTree(exported.item)).toEqual(postmanTree(fixture.item));
    expect(postmanTree([{ name: 'top', event: exported.event }])).toEqual(
      postmanTree([{ name: 'top', event: fixture.event }]),
    );
    expect(exported.variable.map(({ key, value, type }) => ({ key, value, type }))).toEqual([
      { key: 'baseUrl', value: '', type: 'string' },
      { key: 'psuIpAddress', value: '192.0.2.10', type: 'string' },
      { key: 'validUntil', value: '2026-12-31', type: 'string' },
      { key: 'apiKey', value: '', type: 'secret' },
    ]);
    expect(text).not.toContain(SECRET);
    // Postman's published v2.1 schema predates `type: "secret"`: all else in the file is valid.
    const unmarked = {
      ...exported,
      variable: exported.variable.map((v) => ({ ...v, type: 'string' })),
    };
    expect(validate(unmarked), JSON.stringify(validate.errors)).toBe(true);

    const again = await ok<CollectionImportView>('collections.import', { format: 'postman', text });
    // Imported again, the same tree, requests, variables and scripts (ids and times aside).
    const kept = (c: CollectionView) =>
      JSON.stringify({ ...c, name: '' }, (key, value: unknown) =>
        key === 'id' || key === 'savedAt' ? undefined : value,
      );
    expect(kept(await named(again))).toBe(kept(await named(view)));
  });
});

describe("a team's Postman environment", () => {
  const values = (view: EnvironmentImportView) =>
    view.variables[TARGET]!.environments[view.imported]!;

  it('arrives with every enabled value, the empty ones too, and the secret sealed', async () => {
    const view = await ok<EnvironmentImportView>('workspace.importEnvironment', {
      targetId: TARGET,
      format: 'postman',
      text: fixtureText(ENVIRONMENT),
    });
    expect(view.imported).toBe('Team sandbox');
    const environment = values(view);
    expect(Object.keys(environment)).toEqual([
      'consentId',
      'resourceId',
      'psuId',
      'debtorIban',
      'reference',
      'apiKey',
    ]);
    expect(environment.consentId![0]!.value).toBe('');
    expect(environment.reference![0]!.value).toBe('');
    expect(environment.resourceId![0]!.value).toBe('acc-team-01');
    expect(environment.apiKey![0]!.secret).toBe(true);
    expect(view.notes).toEqual([
      "Left out the disabled values 'bookingStatus': they are not part of what is sent.",
    ]);
    expect(await dataFolderText()).not.toContain(SECRET);
  });

  it('leaves with the same values, the secret typed secret with no value', async () => {
    const { imported } = await ok<EnvironmentImportView>('workspace.importEnvironment', {
      targetId: TARGET,
      format: 'postman',
      text: fixtureText(ENVIRONMENT),
    });
    const exported = await ok<EnvironmentExportView>('workspace.exportEnvironment', {
      targetId: TARGET,
      environment: imported,
      format: 'postman',
    });
    expect(exported.fileName).toBe('Team sandbox.postman_environment.json');
    const file = JSON.parse(exported.text) as { name: string; values: object[] };
    const fixture = JSON.parse(fixtureText(ENVIRONMENT)) as {
      values: { key: string; value: string; enabled: boolean; type: string }[];
    };
    expect(file.name).toBe('Team sandbox');
    expect(file.values).toEqual(
      fixture.values
        .filter((v) => v.enabled)
        .map((v) => ({ ...v, value: v.type === 'secret' ? '' : v.value })),
    );
    expect(exported.text).not.toContain(SECRET);
  });
});
