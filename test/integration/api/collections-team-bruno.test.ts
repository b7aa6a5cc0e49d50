/**
 * A team's Bruno collection folder and its environment (test/fixtures/collections/bruno/team/)
 * through the services the UI and the CLI call (collections.import/export,
 * workspace.importEnvironment/exportEnvironment): folders three deep with `folder.bru`, every
 * request's method, path, query, headers and body, its `assert` block as assertions, the
 * `script:pre-request`, `script:post-response` and `tests` blocks of `collection.bru`, folders and
 * requests kept as inert text, and the environment's values (an empty one, a secret one under
 * `vars:secret`) arrive; the export, read back with Bruno's own parser (@usebruno/lang), gives
 * every file's blocks back as they came.
 */
import bruno from '@usebruno/lang';
import { describe, expect, it } from 'vitest';
import type {
  CollectionExportView,
  CollectionImportView,
  CollectionView,
  EnvironmentExportView,
  EnvironmentImportView,
} from '../../../main/api/contract';
import { requestsOf } from '../../../main/core/collections/index.js';
import { fixtureText, folderFiles } from '../../unit/collections/fixtures';
import { ok, useServices } from './services-harness';

useServices();

const TARGET = 'embedded-sandbox';
const ENVIRONMENT = 'bruno/team/environments/Team sandbox.bru';

const importTeam = () =>
  ok<CollectionImportView>('collections.import', {
    format: 'bruno',
    files: folderFiles('bruno/team', 'team/'),
  });
/** The collection an import made, as saved (the import answers its name, not the collections). */
const named = async (view: CollectionImportView): Promise<CollectionView> =>
  (await ok<CollectionView[]>('collections.list', {})).find((c) => c.name === view.imported)!;

/** What Bruno's parser reads of a file's blocks; auth aside (the workbench writes none). */
function blocks(path: string, text: string): unknown {
  const folderLike = path.endsWith('folder.bru') || path === 'collection.bru';
  const read = (folderLike ? bruno.collectionBruToJson(text) : bruno.bruToJsonV2(text)) as Record<
    string,
    unknown
  > & { http?: Record<string, unknown> };
  const { http, ...rest } = read;
  return http ? { ...rest, http: { ...http, auth: undefined } } : rest;
}

describe("a team's Bruno collection", () => {
  it('arrives with its folders, requests, assertions and scripts at every level', async () => {
    const view = await importTeam();
    const collection = await named(view);
    expect(collection.name).toBe('PSD2 team (from Bruno)');
    expect(collection.description?.trim()).toBe(
      "The team's shared PSD2 collection: AIS and PIS, three folders deep.",
    );
    expect(collection.variables).toEqual([
      { key: 'psuIpAddress', value: '192.0.2.10' },
      { key: 'validUntil', value: '2026-12-31' },
    ]);
    expect(collection.scripts).toEqual([
      {
        phase: 'pre-request',
        text: '// Collection level: runs before every request.\nconsole.log("team collection");',
      },
      { phase: 'post-response', text: 'console.log("team collection post-response");' },
      {
        phase: 'tests',
        text: 'test("no 5xx", function () {\n  expect(res.getStatus()).to.be.below(500);\n});',
      },
    ]);
    const tree = (items: CollectionView['items']): unknown[] =>
      items.map((i) =>
        i.kind === 'folder' ? { [i.name]: tree(i.items), scripts: i.scripts } : i.name,
      );
    expect(tree(collection.items)).toEqual([
      {
        AIS: [
          {
            Consents: [
              'Create consent',
              {
                Lifecycle: ['Consent status', 'Delete consent'],
                scripts: [
                  {
                    phase: 'tests',
                    text: 'test("JSON answer", () => expect(res.getHeader("content-type")).to.contain("json"));',
                  },
                ],
              },
            ],
            scripts: [
              {
                phase: 'pre-request',
                text: '// Folder level (Consents).\nbru.setVar("tppRedirectPreferred", "true");',
              },
              {
                phase: 'post-response',
                text: 'bru.setVar("lastConsentStatus", res.body.consentStatus);',
              },
            ],
          },
          { Accounts: ['Read transactions'], scripts: undefined },
        ],
        scripts: [
          { phase: 'pre-request', text: '// Folder level (AIS).' },
          {
            phase: 'tests',
            text: 'test("no 4xx in AIS", function () {\n  expect(res.getStatus()).to.be.below(400);\n});',
          },
        ],
      },
      { PIS: ['Initiate payment'], scripts: undefined },
    ]);

    const requests = requestsOf(collection);
    expect(requests.map((r) => [r.name, r.request, r.assertions])).toEqual([
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
          body: '{\n  "access": { "allPsd2": "allAccounts" },\n  "recurringIndicator": true,\n  "validUntil": "{{validUntil}}",\n  "frequencyPerDay": 4,\n  "combinedServiceIndicator": false\n}',
        },
        [
          { kind: 'status', expected: '201' },
          { kind: 'json', path: '$.consentStatus', op: 'equals', value: 'received' },
        ],
      ],
      [
        'Consent status',
        {
          method: 'GET',
          path: '/v1/consents/{{consentId}}/status',
          headers: { 'X-Api-Key': '{{apiKey}}' },
        },
        [
          { kind: 'status', expected: '2xx' },
          { kind: 'json', path: '$.consentStatus', op: 'exists' },
        ],
      ],
      [
        'Delete consent',
        { method: 'DELETE', path: '/v1/consents/{{consentId}}' },
        [{ kind: 'status', expected: '204' }],
      ],
      [
        'Read transactions',
        {
          method: 'GET',
          path: '/v1/accounts/{{resourceId}}/transactions',
          query: { bookingStatus: '{{bookingStatus}}', dateFrom: '2026-01-01' },
          headers: { 'Consent-ID': '{{consentId}}' },
        },
        [
          { kind: 'status', expected: '200' },
          { kind: 'json', path: '$.transactions', op: 'exists' },
        ],
      ],
      [
        'Initiate payment',
        {
          method: 'POST',
          path: '/v1/payments/sepa-credit-transfers',
          headers: { 'Content-Type': 'application/json', 'PSU-IP-Address': '{{psuIpAddress}}' },
          body: '{"instructedAmount":{"currency":"EUR","amount":"12.50"},"debtorAccount":{"iban":"{{debtorIban}}"},"creditorAccount":{"iban":"DE02100100109307118603"},"creditorName":"Team lunch","remittanceInformationUnstructured":"{{reference}}"}',
        },
        [{ kind: 'status', expected: '201' }],
      ],
    ]);
    expect(requests[0]!.scripts).toEqual([
      {
        phase: 'pre-request',
        text: '// Request level: a fresh validUntil.\nbru.setVar("validUntil", "2026-12-31");',
      },
      { phase: 'post-response', text: 'bru.setVar("consentId", res.body.consentId);' },
      {
        phase: 'tests',
        text: 'test("201 Created", function () {\n  expect(res.getStatus()).to.equal(201);\n});',
      },
    ]);
    expect(requests[1]!.scripts).toEqual([
      { phase: 'pre-request', text: 'console.log("status of " + bru.getVar("consentId"));' },
    ]);
    expect(view.notes.join('\n')).toMatch(/Left out the Bruno environments/);
  });

  it("leaves as it came: every file's blocks, read back by Bruno's parser", async () => {
    const view = await importTeam();
    const { files } = await ok<CollectionExportView>('collections.export', {
      collection: view.imported,
      format: 'bruno',
    });
    const fixture = folderFiles('bruno/team').filter(
      (f) => !f.path.startsWith('environments/') && f.path !== 'bruno.json',
    );
    const exported = files!.filter((f) => f.path !== 'bruno.json');
    expect(exported.map((f) => f.path).sort()).toEqual(fixture.map((f) => f.path).sort());
    for (const file of fixture) {
      const out = exported.find((f) => f.path === file.path)!;
      expect(blocks(out.path, out.text), file.path).toEqual(blocks(file.path, file.text));
    }
    const manifest = JSON.parse(files!.find((f) => f.path === 'bruno.json')!.text) as object;
    expect(manifest).toMatchObject({ name: 'PSD2 team (from Bruno)', type: 'collection' });
  });
});

describe("a team's Bruno environment", () => {
  const importEnvironment = () =>
    ok<EnvironmentImportView>('workspace.importEnvironment', {
      targetId: TARGET,
      format: 'bruno',
      text: fixtureText(ENVIRONMENT),
      fileName: 'Team sandbox.bru',
    });

  it('arrives with every enabled value, the empty ones too, and the secret marked', async () => {
    const view = await importEnvironment();
    expect(view.imported).toBe('Team sandbox');
    const environment = view.variables[TARGET]!.environments[view.imported]!;
    const values = Object.fromEntries(
      Object.entries(environment).map(([k, [v]]) => [k, [v!.value, v!.secret === true]]),
    );
    expect(values).toEqual({
      consentId: ['', false],
      resourceId: ['acc-team-01', false],
      psuId: ['PSU-TEAM', false],
      debtorIban: ['DE89370400440532013000', false],
      reference: ['', false],
      apiKey: ['', true],
    });
    expect(view.notes).toEqual([
      "Left out the disabled values 'bookingStatus': they are not part of what is sent.",
    ]);
  });

  it('leaves with the same values, the secret under vars:secret', async () => {
    const { imported } = await importEnvironment();
    const exported = await ok<EnvironmentExportView>('workspace.exportEnvironment', {
      targetId: TARGET,
      environment: imported,
      format: 'bruno',
    });
    expect(exported.fileName).toBe('Team sandbox.bru');
    const enabled = (text: string) =>
      (bruno.bruToEnvJsonV2(text) as { variables: { enabled: boolean }[] }).variables.filter(
        (v) => v.enabled,
      );
    expect(enabled(exported.text)).toEqual(enabled(fixtureText(ENVIRONMENT)));
  });
});
