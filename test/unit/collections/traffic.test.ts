/**
 * curl commands and HAR files as collections: shell quoting read as the shell reads it, the
 * options that say what is sent, the workbench's own "copy as curl" and HAR export read back, and
 * every refusal naming what was wrong.
 */
import { describe, expect, it } from 'vitest';
import { importCurl } from '../../../main/core/collections/curl.js';
import { importHar } from '../../../main/core/collections/har.js';
import { shellCommands } from '../../../main/core/collections/shell-words.js';
import type { SavedRequestItem } from '../../../main/core/collections/index.js';
import { toCurl, toHar } from '../../../main/core/tpp/export.js';
import type { Exchange } from '../../../main/shared/exchange.js';
import { fixedContext, refusal } from './fixtures.js';

const requests = (items: readonly unknown[]) =>
  (items as SavedRequestItem[]).map((item) => item.request);

describe('shell words', () => {
  it('reads quotes, escapes, $-quotes and continuations as bash does, running nothing', () => {
    expect(
      shellCommands(
        `curl 'a b' "c \\"d\\" \\$HOME $(x)" e\\ f $'g\\nh\\x41\\u00e9' \\\n  -H 'X: y'; echo $PATH`,
      ),
    ).toEqual([
      ['curl', 'a b', 'c "d" $HOME $(x)', 'e f', 'g\nhAé', '-H', 'X: y'],
      ['echo', '$PATH'],
    ]);
  });

  it('names a quote that is never closed', () => {
    expect(refusal(() => shellCommands(`curl 'https://x`))).toMatch(/quote \('\) .*never closed/);
    expect(refusal(() => shellCommands(`curl "https://x`))).toMatch(/quote \("\) .*never closed/);
    expect(refusal(() => shellCommands(`curl $'x`))).toMatch(/\$'…' quote .*never closed/);
  });
});

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

const exchange: Exchange = {
  id: 'e1',
  startedAt: '2026-11-27T12:00:00.000Z',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:4010/v1/consents?x=1',
    headers: {
      'Content-Type': 'application/json',
      'PSU-ID': '1f3c1a58-6d37-4a5f-9b84-0a4f0f4b2a11',
      'X-Request-ID': 'a1b2c3d4-0000-4000-8000-000000000000',
      Digest: 'SHA-256=abc',
      Signature: 'keyId="x",signature="y"',
    },
    body: '{"access":{"allPsd2":"allAccounts"}}',
  },
  response: { status: 201, headers: {}, body: '{}', truncated: false },
  timings: { headersMs: 1, totalMs: 2 },
  responseSignature: { status: 'unsigned' },
} as unknown as Exchange;

const sentRequest = {
  method: 'POST',
  path: '/v1/consents',
  query: { x: '1' },
  headers: { 'Content-Type': 'application/json', 'PSU-ID': '1f3c1a58-6d37-4a5f-9b84-0a4f0f4b2a11' },
  body: '{"access":{"allPsd2":"allAccounts"}}',
};

describe("the workbench's own exports read back", () => {
  it('copy as curl: the request as sent, without what the workbench computes again', () => {
    const { collection, notes } = importCurl(toCurl(exchange), fixedContext());
    expect(requests(collection.items)).toEqual([sentRequest]);
    expect(notes.join('\n')).toMatch(/Dropped Signature/);
  });

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
