/**
 * Postman Collection v2.1 in and out (main/core/collections/postman.ts): a file as Postman writes
 * it imports with its folders, variables, headers, query and body, without the headers the
 * workbench makes; an export validates against Postman's published v2.1 JSON Schema
 * (test/fixtures/collections/postman/SOURCE.md) and imports back unchanged; bad files are refused
 * naming what is wrong.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { requestsOf, type Collection } from '../../../main/core/collections/index.js';
import { exportPostman, importPostman } from '../../../main/core/collections/formats.js';
import { comparable, fixedContext, fixtureText, refusal } from './fixtures.js';

const schema = JSON.parse(fixtureText('postman/collection-v2.1.0.schema.json')) as object;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const imported = () =>
  importPostman(fixtureText('postman/psd2-sandbox.postman_collection.json'), fixedContext());

describe('Postman import', () => {
  it('keeps folders, requests, variables and descriptions of a file Postman wrote', () => {
    const { collection } = imported();
    expect(collection.name).toBe('PSD2 sandbox (from Postman)');
    expect(collection.description).toContain('AIS consent');
    const shape = comparable(collection) as { items: { folder?: string; items?: unknown[] }[] };
    expect(shape.items.map((i) => i.folder)).toEqual(['Consents', 'Accounts']);
    const accounts = collection.items[1]!;
    expect(accounts.kind === 'folder' && accounts.items.map((i) => i.name)).toEqual([
      'Transactions',
      'Sandbox customers',
    ]);
    // {{baseUrl}} is the target's base URL: not a variable of the collection.
    expect(collection.variables).toEqual([
      { key: 'psuIpAddress', value: '192.0.2.10' },
      { key: 'validUntil', value: '2026-12-31' },
      { key: 'token', value: '' },
    ]);
  });

  it('keeps method, path, query, headers and the raw JSON body; drops what the workbench makes', () => {
    const { collection, notes } = imported();
    const [create, status, transactions, customers] = requestsOf(collection);
    expect(create!.request).toEqual({
      method: 'POST',
      path: '/v1/consents',
      headers: { 'Content-Type': 'application/json', 'PSU-IP-Address': '{{psuIpAddress}}' },
      body: '{\n    "access": {\n        "allPsd2": "allAccounts"\n    },\n    "recurringIndicator": true,\n    "validUntil": "{{validUntil}}",\n    "frequencyPerDay": 4\n}',
    });
    expect(create!.description).toBe('Creates an AIS consent (§5.3).');
    expect(status!.request.path).toBe('/v1/consents/{{consentId}}/status');
    expect(transactions!.request).toMatchObject({
      method: 'GET',
      path: '/v1/accounts/{{resourceId}}/transactions',
      query: { bookingStatus: 'booked', dateFrom: '2026-01-01' },
      headers: { 'Consent-ID': '{{consentId}}' },
    });
    expect(customers!.description).toBe("The sandbox's PSUs (§4.3).");
    const said = notes.join('\n');
    for (const header of ['X-Request-ID', 'Digest', 'Signature', 'TPP-Signature-Certificate'])
      expect(said).toContain(`Dropped ${header} from 1 request`);
    expect(said).toMatch(/auth settings/);
    expect(said).toMatch(/Kept the scripts and tests of 1 request as text, not run/);
    expect(said).toMatch(/1 disabled header/);
    expect(said).toMatch(/1 disabled query parameter/);
    expect(said).toMatch(/\{\{baseUrl\}\} stands for the base URL/);
  });
});

describe('Postman URLs', () => {
  const pathOf = (url: string) =>
    importPostman(
      JSON.stringify({
        info: {
          name: 'u',
          schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
        },
        item: [{ name: 'r', request: { method: 'GET', url } }],
      }),
      fixedContext(),
    ).collection;

  it('reads a host that is only variables as the target, a literal host as absolute', () => {
    expect(requestsOf(pathOf('{{baseUrl}}/v1/accounts'))[0]!.request.path).toBe('/v1/accounts');
    expect(requestsOf(pathOf('https://{{host}}:{{port}}/v1/accounts'))[0]!.request.path).toBe(
      '/v1/accounts',
    );
    expect(requestsOf(pathOf('/v1/accounts'))[0]!.request.path).toBe('/v1/accounts');
    expect(requestsOf(pathOf('https://api.{{env}}.bank.example/v1/x'))[0]!.request.path).toBe(
      'https://api.{{env}}.bank.example/v1/x',
    );
    expect(requestsOf(pathOf('http://127.0.0.1:8080/v1/x?a=1'))[0]!.request).toEqual({
      method: 'GET',
      path: 'http://127.0.0.1:8080/v1/x',
      query: { a: '1' },
    });
  });
});

describe('Postman export', () => {
  it('validates against the published Postman Collection v2.1 JSON Schema', () => {
    const exported = exportPostman(imported().collection);
    const valid = validate(exported);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect((exported.info as { schema: string }).schema).toBe(
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
  });

  it('the schema refuses a collection that breaks it (the validation can fail)', () => {
    const exported = exportPostman(imported().collection) as { item: unknown[] };
    expect(validate({ ...exported, item: 'not a list' })).toBe(false);
    expect(validate({ ...exported, info: { name: 'x' } })).toBe(false);
  });

  it('imports back unchanged: folders, methods, URLs, headers, bodies, variables', () => {
    const first = imported().collection;
    const again = importPostman(JSON.stringify(exportPostman(first)), fixedContext()).collection;
    expect(comparable(again)).toEqual(comparable(first));
  });

  it('keeps an absolute URL, a query in the path and a folder with no requests', () => {
    const collection: Collection = {
      name: 'Edge',
      variables: [{ key: 'x', value: '1' }],
      items: [
        { kind: 'folder', id: 'f', name: 'Empty', items: [] },
        {
          kind: 'request',
          id: 'r',
          name: 'Absolute',
          request: {
            method: 'GET',
            path: 'https://bank.example/v1/accounts',
            query: { a: '{{x}}' },
          },
          savedAt: 'now',
        },
        {
          kind: 'request',
          id: 's',
          name: 'Put',
          request: {
            method: 'PUT',
            path: '/v1/payments/sepa-credit-transfers/{{paymentId}}',
            body: '{"a":1}',
          },
          savedAt: 'now',
        },
      ],
    };
    const exported = exportPostman(collection);
    expect(validate(exported)).toBe(true);
    expect(comparable(importPostman(JSON.stringify(exported), fixedContext()).collection)).toEqual(
      comparable(collection),
    );
  });
});

describe('names from the file that objects inherit', () => {
  const V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
  const file = (request: unknown) =>
    JSON.stringify({ info: { name: 'x', schema: V21 }, item: [{ name: 'r', request }] });

  it('keeps headers and path variables named __proto__ or constructor as names, noting nothing odd', () => {
    const { collection, notes } = importPostman(
      file({
        method: 'GET',
        url: {
          raw: '{{baseUrl}}/v1/:constructor',
          host: ['{{baseUrl}}'],
          path: ['v1', ':constructor'],
          variable: [{ key: 'constructor', value: '' }],
        },
        header: [
          { key: '__proto__', value: 'a' },
          { key: 'constructor', value: 'b' },
        ],
      }),
      fixedContext(),
    );
    expect(notes.join('\n')).not.toMatch(/object Object|native code|__proto__|constructor/);
    const [request] = requestsOf(collection);
    expect(request!.request.path).toBe('/v1/{{constructor}}');
    expect(Object.entries(request!.request.headers ?? {})).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
    ]);
  });
});

describe('Postman files that are not a v2.1 collection', () => {
  const refused = (text: string) => refusal(() => importPostman(text, fixedContext()));

  it('names what is wrong', () => {
    expect(refused('{"info": ')).toMatch(/^The Postman file is not JSON/);
    expect(refused('[]')).toMatch(/not a JSON object/);
    expect(refused('{"id":"x","name":"old","order":[],"requests":[]}')).toMatch(/Collection v1/);
    expect(
      refused(
        '{"info":{"name":"x","schema":"https://schema.getpostman.com/json/collection/v1.0.0/collection.json"},"item":[]}',
      ),
    ).toMatch(/schema v1\.0\.0; the workbench imports v2\.1\.0/);
    expect(refused('{"info":{"name":"x"},"item":[]}')).toMatch(/no info\.schema/);
    expect(refused(fixtureText('postman/customer-b.postman_environment.json'))).toMatch(
      /is a Postman environment, not a collection: import it into a target's environments/,
    );
    expect(
      refused(
        '{"info":{"name":"x","schema":"https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}}',
      ),
    ).toMatch(/no item list/);
  });
});

describe('Postman export with signing', () => {
  const collection: Collection = {
    name: 'Signed',
    variables: [],
    scripts: [
      { phase: 'pre-request', text: "pm.request.headers.add({ key: 'PSU-ID', value: 'x' });" },
    ],
    items: [],
  };
  type Exported = {
    event?: { listen: string; script: { exec: string[] } }[];
    variable: { key: string; value: string }[];
  };

  it('adds the signing script after the collection’s own, and the variables it reads, empty', () => {
    const json = exportPostman(collection, { signing: true }) as Exported;
    validate(json);
    expect(validate.errors ?? []).toEqual([]);
    expect(json.event?.map((e) => e.listen)).toEqual(['prerequest', 'prerequest']);
    expect(json.event?.[1]?.script.exec[0]).toMatch(/^\/\/ PSD2 Workbench: signs every request/);
    expect(json.variable.filter((v) => v.value === '').map((v) => v.key)).toEqual(
      expect.arrayContaining([
        'signingKeyPem',
        'signingCertificatePem',
        'tppSessionId',
        'tppRedirectUri',
      ]),
    );
    expect(exportPostman(collection) as Exported).not.toMatchObject({
      event: [{}, {}],
    });
  });

  it('a signed export imported and exported with signing again carries one signing script', () => {
    const first = exportPostman(collection, { signing: true }) as Exported;
    const back = importPostman(JSON.stringify(first), fixedContext()).collection;
    const again = exportPostman(back, { signing: true }) as Exported;
    const scripts = (json: Exported) => json.event?.map((e) => e.script.exec.join('\n'));
    expect(scripts(again)).toEqual(scripts(first));
    expect(again.variable.map((v) => v.key)).toEqual(first.variable.map((v) => v.key));
  });
});

describe('a secret collection variable', () => {
  const secret = () =>
    importPostman(fixtureText('postman/secret-variable.postman_collection.json'), fixedContext());

  it('arrives secret with no value, saying where its value goes', () => {
    const { collection, notes } = secret();
    expect(collection.variables).toEqual([
      { key: 'psuIpAddress', value: '192.0.2.10' },
      { key: 'accessToken', value: '', secret: true },
    ]);
    expect(JSON.stringify(collection)).not.toContain('tok-3f8e1a-secret');
    expect(notes.join('\n')).toMatch(
      /Left out the value of the secret variable \{\{accessToken\}\}: .* set it in a target's environment/,
    );
  });

  it('leaves marked secret with an empty value, as Postman writes it, and arrives secret again', () => {
    const exported = exportPostman(secret().collection) as {
      variable: { key: string; value: string; type: string }[];
    };
    // Postman's published v2.1 schema predates `type: "secret"`: all else in the file is valid.
    const unmarked = {
      ...exported,
      variable: exported.variable.map((v) => ({ ...v, type: 'string' })),
    };
    expect(validate(unmarked), JSON.stringify(validate.errors)).toBe(true);
    expect(exported.variable.find((v) => v.key === 'accessToken')).toMatchObject({
      value: '',
      type: 'secret',
    });
    const again = importPostman(JSON.stringify(exported), fixedContext()).collection;
    expect(again.variables).toContainEqual({ key: 'accessToken', value: '', secret: true });
  });
});
