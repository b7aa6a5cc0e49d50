/**
 * curl commands as a collection: the options that say what is sent, the ones left out with a note,
 * the workbench's own "copy as curl" read back, and every refusal naming what was wrong.
 */
import { describe, expect, it } from 'vitest';
import { importCurl } from '../../../main/core/collections/curl.js';
import { toCurl } from '../../../main/core/tpp/export.js';
import { fixedContext, refusal } from './fixtures.js';
import { exchange, requests, sentRequest } from './traffic-fixtures.js';

describe('curl import', () => {
  it("reads a browser's copy as cURL: method, path below the target, query, headers, JSON body", () => {
    const { collection, notes } = importCurl(
      `curl 'https://bank.example/v1/consents?withBalance=true' \\
  -H 'Content-Type: application/json' \\
  -H 'PSU-IP-Address: 192.0.2.1' \\
  -H 'X-Request-ID: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721' \\
  --data-raw $'{"recurringIndicator":false,\\n"frequencyPerDay":4}' \\
  --compressed -k`,
      fixedContext(),
    );
    expect(requests(collection.items)).toEqual([
      {
        method: 'POST',
        path: '/v1/consents',
        query: { withBalance: 'true' },
        headers: { 'Content-Type': 'application/json', 'PSU-IP-Address': '192.0.2.1' },
        body: '{"recurringIndicator":false,\n"frequencyPerDay":4}',
      },
    ]);
    expect(collection.items[0]).toMatchObject({ name: 'POST /v1/consents' });
    expect(notes).toEqual([
      '1 request went to https://bank.example: imported as paths below the target chosen in the composer.',
      'Dropped X-Request-ID from 1 request: the workbench makes a new X-Request-ID for every request (§4.1).',
    ]);
  });

  it('takes -X, attached values, -G data as query, --json, and one request per command', () => {
    const { collection } = importCurl(
      [
        `curl -XDELETE https://bank.example/v1/consents/c1`,
        `curl -G https://bank.example/v1/accounts -d withBalance=true -d 'x=1'`,
        `curl --json '{"a":1}' https://bank.example/v1/payments/sepa-credit-transfers`,
      ].join('\n'),
      fixedContext(),
      'pasted',
    );
    expect(collection.name).toBe('pasted');
    expect(requests(collection.items)).toEqual([
      { method: 'DELETE', path: '/v1/consents/c1' },
      { method: 'GET', path: '/v1/accounts', query: { withBalance: 'true', x: '1' } },
      {
        method: 'POST',
        path: '/v1/payments/sepa-credit-transfers',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{"a":1}',
      },
    ]);
  });

  it('leaves out credentials, certificates, forms, cookies and unknown options, saying so', () => {
    const { collection, notes } = importCurl(
      `curl -u me:secret --cert qwac.pem -b 'a=b' -F 'f=@x' --frobnicate https://bank.example/v1/accounts`,
      fixedContext(),
    );
    expect(requests(collection.items)).toEqual([{ method: 'GET', path: '/v1/accounts' }]);
    expect(notes.join('\n')).toMatch(/auth settings of the command/);
    expect(notes.join('\n')).toMatch(
      /Left out --cert: the workbench sends with the target's certificates/,
    );
    expect(notes.join('\n')).toMatch(/cookies/);
    expect(notes.join('\n')).toMatch(/Left out -F: the composer sends JSON bodies/);
    expect(notes.join('\n')).toMatch(/Left out the curl option --frobnicate/);
    expect(JSON.stringify(collection)).not.toContain('secret');
  });

  it('keeps {{variables}} of the URL and leaves out a form body', () => {
    const { collection, notes } = importCurl(
      `curl 'https://bank.example/v1/consents/{{consentId}}/status' -d 'a=b' -H 'Content-Type: application/x-www-form-urlencoded'`,
      fixedContext(),
    );
    expect(requests(collection.items)).toEqual([
      {
        method: 'POST',
        path: '/v1/consents/{{consentId}}/status',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
    ]);
    expect(notes.join('\n')).toMatch(
      /Left out the body of 1 request \(application\/x-www-form-urlencoded\)/,
    );
  });

  it('refuses text with no curl command, a command without a URL, an option without its value', () => {
    expect(refusal(() => importCurl('wget https://x', fixedContext()))).toBe(
      'The text has no curl command.',
    );
    expect(refusal(() => importCurl('curl -s', fixedContext()))).toBe('A curl command has no URL.');
    expect(refusal(() => importCurl('curl https://x -H', fixedContext()))).toBe(
      'The curl option -H needs a value.',
    );
    expect(refusal(() => importCurl('curl http://[::1', fixedContext()))).toMatch(/is not a URL/);
  });
});

describe("the workbench's own exports read back", () => {
  it('copy as curl: the request as sent, without what the workbench computes again', () => {
    const { collection, notes } = importCurl(toCurl(exchange), fixedContext());
    expect(requests(collection.items)).toEqual([sentRequest]);
    expect(notes.join('\n')).toMatch(/Dropped Signature/);
  });
});
