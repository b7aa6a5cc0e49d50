/** HAR files as a collection: every entry's request, the workbench's own export read back. */
import { describe, expect, it } from 'vitest';
import { importHar } from '../../../main/core/collections/har.js';
import { toHar } from '../../../main/core/tpp/export.js';
import { fixedContext, refusal } from './fixtures.js';
import { exchange, requests, sentRequest } from './traffic-fixtures.js';

describe("the workbench's own HAR export read back", () => {
  it('HAR: every entry a request, in order', () => {
    const har = JSON.stringify(toHar([exchange, { ...exchange, id: 'e2' }]));
    const { collection } = importHar(har, fixedContext());
    expect(requests(collection.items)).toEqual([sentRequest, sentRequest]);
    expect(collection.name).toMatch(/^HAR/);
  });
});

describe('HAR import', () => {
  it('leaves out cookies and HTTP/2 pseudo-headers', () => {
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'Browser' },
        entries: [
          {
            request: {
              method: 'GET',
              url: 'https://bank.example/v1/accounts',
              headers: [
                { name: ':authority', value: 'bank.example' },
                { name: 'Cookie', value: 'session=s' },
                { name: 'Consent-ID', value: 'c1' },
              ],
            },
          },
        ],
      },
    };
    const { collection, notes } = importHar(JSON.stringify(har), fixedContext());
    expect(collection.name).toBe('HAR from Browser');
    expect(requests(collection.items)).toEqual([
      { method: 'GET', path: '/v1/accounts', headers: { 'Consent-ID': 'c1' } },
    ]);
    expect(notes.join('\n')).toMatch(/cookies of 1 request/);
  });

  it('names what is wrong with a file that is not HAR', () => {
    expect(refusal(() => importHar('{', fixedContext()))).toMatch(/^The HAR file is not JSON/);
    expect(refusal(() => importHar('{"log":{}}', fixedContext()))).toMatch(/no log\.entries/);
    expect(
      refusal(() => importHar('{"log":{"entries":[{"request":{"url":"x"}}]}}', fixedContext())),
    ).toMatch(/Entry 1 .*log\.entries\[0\]\.request/);
  });
});
