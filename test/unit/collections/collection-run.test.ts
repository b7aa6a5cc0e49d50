import { describe, expect, it } from 'vitest';
import {
  requestsToRun,
  runCollection,
  type RunSender,
} from '../../../main/core/collections/collection-run';
import type { Collection, CollectionRequest } from '../../../main/core/collections/model';

const SAVED_AT = '2026-11-29T06:00:00.000Z';

function request(id: string, req: CollectionRequest, assertions?: string[]) {
  return {
    kind: 'request' as const,
    id,
    name: id,
    request: req,
    savedAt: SAVED_AT,
    ...(assertions
      ? {
          assertions: assertions.map((a) =>
            a.startsWith('status')
              ? { kind: 'status' as const, expected: a.split(' ')[1]! }
              : { kind: 'json' as const, path: a, op: 'exists' as const },
          ),
        }
      : {}),
  };
}

const collection: Collection = {
  name: 'Consents',
  variables: [{ key: 'iban', value: 'DE02100100109307118603' }],
  items: [
    request('create', { method: 'POST', path: '/v1/consents', body: '{"iban":"{{iban}}"}' }, [
      'status 201',
      '$.consentId',
    ]),
    {
      kind: 'folder',
      id: 'f1',
      name: 'Status',
      items: [
        request('status', { method: 'GET', path: '/v1/consents/{{consentId}}/status' }, [
          'status 2xx',
        ]),
        {
          kind: 'folder',
          id: 'f2',
          name: 'Deep',
          items: [
            request('psu', { method: 'GET', path: '/v1/x', headers: { 'PSU-ID': '{{who}}' } }),
          ],
        },
      ],
    },
    {
      kind: 'folder',
      id: 'f4',
      name: 'Other',
      items: [{ kind: 'folder', id: 'f3', name: 'Deep', items: [] }],
    },
  ],
};

/** A bank that answers a consent with an id and every other request with 200. */
function fakeBank(sent: CollectionRequest[]): RunSender {
  return async (req) => {
    sent.push(req);
    if (req.method === 'POST')
      return {
        url: `http://bank${req.path}`,
        status: 201,
        json: { consentId: 'c-42' },
        durationMs: 3,
      };
    return { url: `http://bank${req.path}`, status: 200, json: {}, durationMs: 2 };
  };
}

const now = () => new Date(SAVED_AT);

describe('running a collection', () => {
  it('sends in order, filling variables and carrying captured ids to later requests', async () => {
    const sent: CollectionRequest[] = [];
    const seen: string[] = [];
    const result = await runCollection({
      collection,
      target: 'sandbox',
      values: { who: 'PSU-1' },
      send: fakeBank(sent),
      now,
      onResult: (r) => seen.push(r.name),
    });
    expect(sent.map((r) => r.path)).toEqual(['/v1/consents', '/v1/consents/c-42/status', '/v1/x']);
    expect(sent[0]!.body).toBe('{"iban":"DE02100100109307118603"}');
    expect(sent[2]!.headers).toEqual({ 'PSU-ID': 'PSU-1' });
    expect(seen).toEqual(['create', 'status', 'psu']);
    expect(result.requests[1]!.folders).toEqual(['Status']);
    expect(result.passed).toBe(true);
  });

  it('fails a request whose assertion fails, and goes on with the next', async () => {
    const failing: Collection = {
      ...collection,
      items: [request('create', { method: 'POST', path: '/v1/consents' }, ['status 200'])],
    };
    const result = await runCollection({
      collection: failing,
      target: 't',
      values: {},
      send: fakeBank([]),
      now,
    });
    expect(result.passed).toBe(false);
    expect(result.requests[0]!.assertions).toEqual([
      { name: 'status 200', passed: false, message: 'the status was 201' },
    ]);
  });

  it('does not send a request with a variable nothing fills, and says which', async () => {
    const sent: CollectionRequest[] = [];
    const result = await runCollection({
      collection,
      folder: 'Status',
      target: 't',
      values: {},
      send: fakeBank(sent),
      now,
    });
    expect(sent).toEqual([]);
    expect(result.requests.map((r) => r.error)).toEqual([
      'not sent: no value for {{consentId}}',
      'not sent: no value for {{who}}',
    ]);
    expect(result.passed).toBe(false);
  });

  it('takes a folder by its path or its name when one folder has it, else names the choices', () => {
    expect(requestsToRun(collection, 'Status/Deep').map((r) => r.item.id)).toEqual(['psu']);
    expect(requestsToRun(collection, 'Status').map((r) => r.item.id)).toEqual(['status', 'psu']);
    expect(() => requestsToRun(collection, 'Deep')).toThrow(
      "More than one folder of 'Consents' is named 'Deep': give its path ('Status / Deep', 'Other / Deep').",
    );
    expect(() => requestsToRun(collection, 'Nope')).toThrow(
      "The collection 'Consents' has no folder 'Nope'; its folders: 'Status', 'Status / Deep', 'Other', 'Other / Deep'.",
    );
  });

  it('never fills a reference from Object.prototype', async () => {
    const sent: CollectionRequest[] = [];
    const odd: Collection = {
      ...collection,
      variables: [],
      items: [request('x', { method: 'GET', path: '/v1/{{toString}}' })],
    };
    const result = await runCollection({
      collection: odd,
      target: 't',
      values: {},
      send: fakeBank(sent),
      now,
    });
    expect(sent).toEqual([]);
    expect(result.requests[0]!.error).toBe('not sent: no value for {{toString}}');
  });
});
