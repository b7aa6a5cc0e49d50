/**
 * Postman files read without Postman's SDK (main/core/collections/postman-plain.ts): a file of the
 * shapes Postman writes imports exactly as the SDK reads it (every Postman fixture, the generated
 * team-size collection, and a file of the edge cases the SDK has a rule for), and a file of any
 * other shape is left to the SDK whole.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sdkPostmanParts } from '../../../main/core/collections/postman.js';
import { importedPostman, postmanFile } from '../../../main/core/collections/postman-import.js';
import { plainPostmanParts } from '../../../main/core/collections/postman-plain.js';
import { bigPostmanFile } from '../../support/big-postman-collection.js';
import { FIXTURES, fixedContext, fixtureText } from './fixtures.js';

const V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** The file imported from the plain reader's parts and from the SDK's. */
function bothWays(text: string) {
  const file = postmanFile(text);
  const plain = plainPostmanParts(file);
  if (!plain) throw new Error('The plain reader left the file to the SDK.');
  return {
    plain: importedPostman(file, plain, fixedContext()),
    sdk: importedPostman(file, sdkPostmanParts(file), fixedContext()),
  };
}

const collection = (item: unknown[], more: object = {}) =>
  JSON.stringify({ info: { name: 'Edges', schema: V21 }, item, ...more });

const url = (path: string[], more: object = {}) => ({
  raw: `{{baseUrl}}/${path.join('/')}`,
  host: ['{{baseUrl}}'],
  path,
  ...more,
});

/** A request of each rule the SDK has for a part Postman writes. */
const EDGES = collection(
  [
    {
      name: 'Headers and query',
      request: {
        method: 'post',
        header: [
          { key: 'Accept', value: 'application/json' },
          { key: 'X-Off', value: 'x', disabled: true },
          { key: 'X-Empty' },
          { key: 'X-Removed', value: null },
          { key: 'Digest', value: 'SHA-256=abc' },
          { key: 'Bad Name', value: 'x' },
        ],
        body: { mode: 'raw', raw: '{"a":1}', options: { raw: { language: 'json' } } },
        url: url(['v1', 'consents'], {
          query: [
            { key: 'a', value: '1' },
            { key: 'b', value: '2', disabled: true },
            { key: null, value: 'x' },
            { key: 'c', value: null },
          ],
        }),
        auth: { type: 'noauth' },
        description: { content: 'As an object.', type: 'text/markdown' },
      },
      response: [{ name: 'An example', code: 201, body: '{}' }],
    },
    {
      name: '',
      event: [
        { listen: 'prerequest', script: { exec: 'line 1\r\nline 2', type: 'text/javascript' } },
        { listen: 'test', script: { exec: ['pm.test("x", () => {});'] } },
        { listen: 'test', disabled: true, script: { exec: ['off'] } },
        { listen: 'beforeAll', script: { exec: ['unknown'] } },
        { listen: 'prerequest', script: {} },
        { listen: 'prerequest' },
      ],
      request: {
        header: [],
        url: url(['v1', 'consents', ':consentId', ':other', ':none'], {
          variable: [
            { key: 'consentId', value: 'c-1' },
            { id: 'other', value: 7 },
            { key: 'none', value: '{{none}}' },
          ],
        }),
        auth: { type: 'bearer', bearer: [{ key: 'token', value: 't', type: 'string' }] },
      },
      description: 'On the item, as older files have it.',
    },
    {
      name: 'Absolute',
      request: {
        method: 'DELETE',
        body: { mode: 'raw', raw: '{}' },
        url: {
          raw: 'https://bank.example:8443/v1/x',
          protocol: 'https',
          host: ['bank', 'example'],
          port: '8443',
          path: ['v1', 'x'],
        },
      },
    },
    {
      name: 'Odd method and empty bodies',
      request: { method: 'OPTIONS', url: url(['v1']) },
    },
    { name: 'No mode', request: { method: 'PUT', body: {}, url: url(['v1']) } },
    { name: 'Empty raw', request: { method: 'PUT', body: { mode: 'raw' }, url: url(['v1']) } },
    {
      name: 'A folder',
      description: '',
      auth: { type: 'apikey' },
      event: [{ listen: 'prerequest', script: { exec: ['folder();'] } }],
      item: [
        { name: 'Empty folder', item: [] },
        {
          name: 'Host variable',
          request: {
            method: 'GET',
            url: {
              raw: 'https://{{host}}/v1',
              protocol: 'https',
              host: ['{{host}}'],
              path: ['v1'],
            },
          },
        },
      ],
    },
  ],
  {
    auth: { type: 'type' },
    event: [{ listen: 'test', script: { exec: ['collection();'] } }],
    variable: [
      { key: 'baseUrl', value: '' },
      { key: 'plain', value: 'p' },
      { key: 'typed', value: 's', type: 'string' },
      { key: 'any', value: 3 },
      { key: 'off', value: 'o', disabled: true },
      { key: 'secret', value: 'hidden', type: 'secret' },
      { key: 'unset' },
      { key: 'null', value: null },
      { value: 'no key' },
    ],
  },
);

describe('a Postman v2.1 file read without the SDK', () => {
  const postmanFixtures = (dir: string): string[] =>
    readdirSync(join(FIXTURES, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? postmanFixtures(join(dir, entry.name))
        : entry.name.endsWith('.postman_collection.json')
          ? [join(dir, entry.name)]
          : [],
    );

  it.each(postmanFixtures('postman'))('imports %s as the SDK reads it', (path) => {
    const { plain, sdk } = bothWays(fixtureText(path));
    expect(plain).toEqual(sdk);
  });

  it('imports the generated team collection as the SDK reads it', () => {
    const { plain, sdk } = bothWays(bigPostmanFile({ requests: 300, folders: 12 }));
    expect(plain.collection.items).toHaveLength(2);
    expect(plain).toEqual(sdk);
  });

  it('imports every edge the SDK has a rule for as the SDK does', () => {
    const { plain, sdk } = bothWays(EDGES);
    // The edges are there: the comparison is of something.
    expect(plain.notes.length).toBeGreaterThan(8);
    expect(JSON.stringify(plain.collection)).toContain('line 1\\nline 2');
    expect(plain).toEqual(sdk);
  });
});

describe('a Postman file of another shape is left to the SDK', () => {
  const request = (r: unknown) => collection([{ name: 'r', request: r }]);
  const shapes: [string, string][] = [
    ['a v2.0 file', EDGES.replace('v2.1.0', 'v2.0.0')],
    ['a URL as text', request({ method: 'GET', url: '{{baseUrl}}/v1' })],
    ['a request as text', request('{{baseUrl}}/v1')],
    ['a host as text', request({ url: { host: '{{baseUrl}}', path: ['v1'] } })],
    ['a path as text', request({ url: { host: ['{{baseUrl}}'], path: '/v1/x' } })],
    ['headers as text', request({ url: url(['v1']), header: 'Accept: application/json' })],
    ['a query as text', request({ url: url(['v1'], { query: 'a=1' }) })],
    [
      'a form body',
      request({ url: url(['v1']), body: { mode: 'urlencoded', urlencoded: [{ key: 'a' }] } }),
    ],
    ['a body as text', request({ url: url(['v1']), body: 'text' })],
    ['a script from a URL', collection([], { event: [{ listen: 'test', script: { src: 'x' } }] })],
    ['a number variable', collection([], { variable: [{ key: 'n', value: '1', type: 'number' }] })],
    [
      'a string variable of null',
      collection([], { variable: [{ key: 'n', type: 'string', value: null }] }),
    ],
    [
      'a variable typed like an inherited member',
      collection([], { variable: [{ key: 'n', value: 'v', type: 'constructor' }] }),
    ],
    [
      'an item with its own info',
      collection([{ info: { name: 'i' }, request: { url: url(['v1']) } }]),
    ],
    ['a name that is no text', collection([{ name: 5, request: { url: url(['v1']) } }])],
    ['a request without a URL', request({ method: 'GET' })],
  ];

  it.each(shapes)('%s', (_what, text) => {
    const file = postmanFile(text);
    expect(plainPostmanParts(file)).toBeUndefined();
    // The SDK reads it: the import as a whole still takes it.
    expect(() => sdkPostmanParts(file)).not.toThrow();
  });
});
