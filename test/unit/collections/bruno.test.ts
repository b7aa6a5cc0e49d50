/**
 * Bruno collections in and out (main/core/collections/bruno.ts, through @usebruno/lang): a folder
 * as Bruno writes it imports with folders, order, variables and bodies, without the headers the
 * workbench makes; an export is a folder Bruno's parser reads back unchanged; a .bru syntax error
 * or a folder without bruno.json is refused naming the file and where, never echoing its lines.
 */
import bruno from '@usebruno/lang';
import { describe, expect, it } from 'vitest';
import { requestsOf } from '../../../main/core/collections/index.js';
import { exportBruno, importBruno } from '../../../main/core/collections/formats.js';
import { comparable, fixedContext, folderFiles, refusal } from './fixtures.js';

// As a folder picker gives them: below the chosen folder's own name.
const files = () => folderFiles('bruno/psd2-sandbox', 'psd2-sandbox/');

describe('Bruno import', () => {
  it('keeps folders in their order, requests, collection variables and docs', () => {
    const { collection, notes } = importBruno(files(), fixedContext());
    expect(collection.name).toBe('PSD2 sandbox (from Bruno)');
    expect(collection.description).toContain('embedded bank');
    expect(collection.items.map((i) => i.name)).toEqual(['Consents', 'Sandbox']);
    const consents = collection.items[0]!;
    expect(consents.kind === 'folder' && consents.items.map((i) => i.name)).toEqual([
      'Create consent',
      'Consent status',
    ]);
    expect(consents.description).toBe('AIS consents (§5.3).');
    // The disabled variable is left out; baseUrl lives in an environment, the target's here.
    expect(collection.variables).toEqual([{ key: 'psuIpAddress', value: '192.0.2.20' }]);
    expect(notes.join('\n')).toMatch(
      /Left out the Bruno environments .*: a collection has none; import each into a target's environments .*workbench collection env import' with the collection's folder/,
    );
  });

  it('keeps method, path, query, headers and body; drops X-Request-ID and Signature', () => {
    const { collection, notes } = importBruno(files(), fixedContext());
    const [create, status, customers] = requestsOf(collection);
    expect(create!.request).toEqual({
      method: 'POST',
      path: '/v1/consents',
      headers: { 'Content-Type': 'application/json', 'PSU-IP-Address': '{{psuIpAddress}}' },
      body: '{}',
    });
    expect(create!.description).toContain('PSU chooses');
    expect(status!.request).toEqual({ method: 'GET', path: '/v1/consents/{{consentId}}/status' });
    expect(customers!.request).toEqual({
      method: 'GET',
      path: '/v1/sandbox/customers',
      query: { limit: '10' },
    });
    const said = notes.join('\n');
    expect(said).toContain('Dropped X-Request-ID from 1 request');
    expect(said).toContain('Dropped Signature from 1 request');
    expect(said).toMatch(/Kept the scripts and tests of 1 request as text, not run/);
    // `res.status: eq 200` is an assert entry the workbench writes too: it is read as an assertion.
    expect(said).not.toMatch(/Left out the assertions/);
    expect(customers!.kind === 'request' && customers!.assertions).toEqual([
      { kind: 'status', expected: '200' },
    ]);
    expect(said).toMatch(/1 disabled query parameter/);
  });

  it('exports files Bruno reads back, and they import unchanged', () => {
    const first = importBruno(files(), fixedContext()).collection;
    const exported = exportBruno(first);
    expect(exported.map((f) => f.path)).toEqual([
      'bruno.json',
      'collection.bru',
      'Consents/folder.bru',
      'Consents/Create consent.bru',
      'Consents/Consent status.bru',
      'Sandbox/folder.bru',
      'Sandbox/List customers.bru',
    ]);
    const create = exported.find((f) => f.path === 'Consents/Create consent.bru')!;
    expect(bruno.bruToJsonV2(create.text)).toMatchObject({
      meta: { name: 'Create consent', type: 'http' },
      http: { method: 'post', url: '{{baseUrl}}/v1/consents', body: 'json' },
    });
    const again = importBruno(exported, fixedContext()).collection;
    expect(comparable(again)).toEqual(comparable(first));
  });
});

describe('Bruno folders that are not a collection', () => {
  const refused = (given: { path: string; text: string }[]) =>
    refusal(() => importBruno(given, fixedContext()));

  it('names the .bru file with a syntax error', () => {
    const broken = files().map((f) =>
      f.path.endsWith('List customers.bru')
        ? { ...f, text: f.text.replace(/\n}\n\nget/, '\n\nget') }
        : f,
    );
    expect(refused(broken)).toMatch(
      /^Sandbox\/List customers\.bru is not a valid \.bru file: Line \d+/,
    );
  });

  it('says where a file is not .bru, never what it holds', () => {
    const secret = files().map((f) =>
      f.path.endsWith('List customers.bru') ? { ...f, text: 'DB_PASSWORD=hunter2\n' } : f,
    );
    const message = refused(secret);
    expect(message).toMatch(
      /^Sandbox\/List customers\.bru is not a valid \.bru file: Line 1, col 1/,
    );
    expect(message).not.toContain('hunter2');
  });

  it('says where a bruno.json is not JSON, never what it holds', () => {
    const secret = files().map((f) =>
      f.path.endsWith('bruno.json') ? { ...f, text: 'DB_PASSWORD=hunter2' } : f,
    );
    const message = refused(secret);
    expect(message).toMatch(/^psd2-sandbox\/bruno\.json is not JSON/);
    expect(message).not.toMatch(/hunter2|DB_PASSWORD/);
  });

  it('says a folder without bruno.json is no Bruno collection', () => {
    expect(refused(files().filter((f) => !f.path.endsWith('bruno.json')))).toMatch(
      /no bruno\.json/,
    );
  });

  it('names a bruno.json that is not JSON', () => {
    const bad = files().map((f) =>
      f.path.endsWith('bruno.json') ? { ...f, text: '{ name: x' } : f,
    );
    expect(refused(bad)).toMatch(/^psd2-sandbox\/bruno\.json is not JSON/);
  });
});

describe('Bruno export with signing', () => {
  it("puts the signing script in collection.bru's script:pre-request, which Bruno reads back", () => {
    const files = exportBruno({ name: 'Signed', variables: [], items: [] }, { signing: true });
    const settings = bruno.collectionBruToJson(
      files.find((f) => f.path === 'collection.bru')!.text,
    ) as { script?: { req?: string } };
    expect(settings.script?.req).toMatch(/^\/\/ PSD2 Workbench: signs every request/);
    expect(settings.script?.req).toContain("require('crypto')");
    // The text Bruno gives back is JavaScript that compiles.
    expect(() => new Function(settings.script!.req!)).not.toThrow();
    const plain = exportBruno({ name: 'Plain', variables: [], items: [] });
    expect(plain.find((f) => f.path === 'collection.bru')!.text).not.toContain(
      'script:pre-request',
    );
  });
});
