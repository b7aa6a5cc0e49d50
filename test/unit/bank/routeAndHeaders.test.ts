import { beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import { headersFromRaw } from '../../../main/core/bank/listener/http.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { aisHeaders, createPki, parse, signedRequest, withHeaders, type Pki } from './fixtures.js';

const TRANSACTIONS = '/v1/card-accounts/card-1/transactions?bookingStatus=booked';

let pki: Pki;
let sandbox: Bank;
let production: Bank;

beforeAll(async () => {
  pki = await createPki();
  sandbox = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  production = createBank({ mode: 'production', clock: new VirtualClock() });
});

const send = async (bank: Bank, request: Parameters<Bank['handle']>[0]) =>
  parse(await bank.handle(request));
const ais = (headers: Record<string, string> = {}) =>
  signedRequest(pki, { method: 'GET', path: TRANSACTIONS, headers: aisHeaders(headers) });

describe('route stage', () => {
  it('answers 404 NOT_FOUND for an unknown path', async () => {
    const response = await send(
      sandbox,
      signedRequest(pki, { method: 'GET', path: '/v1/nothing', headers: aisHeaders() }),
    );
    expect(response.status).toBe(404);
    expect(response.body.tppMessages[0]).toMatchObject({ category: 'ERROR', code: 'NOT_FOUND' });
  });

  it('production answers 404 for every /sandbox/ path, known in sandbox or not', async () => {
    for (const path of ['/v1/sandbox/initialize', '/v1/sandbox/customers', '/v1/sandbox/x/y']) {
      const request = signedRequest(pki, { method: 'POST', path, headers: aisHeaders() });
      expect((await send(production, request)).status).toBe(404);
    }
    const known = signedRequest(pki, {
      method: 'POST',
      path: '/v1/sandbox/initialize',
      headers: aisHeaders(),
    });
    expect((await send(sandbox, known)).status).toBe(200);
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const request = signedRequest(pki, {
      method: 'DELETE',
      path: TRANSACTIONS,
      headers: aisHeaders(),
    });
    const response = await send(sandbox, request);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.body.tppMessages[0].code).toBe('BAD_REQUEST');
  });

  it('refuses a target that is not a path, and bad percent-encoding', async () => {
    expect((await send(sandbox, { ...ais(), target: '*' })).status).toBe(400);
    const response = await send(sandbox, {
      ...ais(),
      target: '/v1/card-accounts/%E0%A4%A/transactions',
    });
    expect(response.status).toBe(400);
    expect(response.body.tppMessages[0].text).toContain('percent-encoding');
  });

  it('serves /openapi.json unsigned in both modes', async () => {
    for (const bank of [sandbox, production]) {
      const response = await send(bank, {
        method: 'GET',
        target: '/openapi.json',
        headers: {},
        body: Buffer.alloc(0),
      });
      expect(response.status).toBe(200);
      expect(response.body.openapi).toBe('3.0.3');
    }
  });
});

describe('transport stage', () => {
  it('answers 413 with a tppMessages body for a body over 1 MiB', async () => {
    const request = { ...ais(), method: 'POST', body: Buffer.alloc(1024 * 1024 + 1, 0x20) };
    const response = await send(sandbox, request);
    expect(response.status).toBe(413);
    expect(response.body.tppMessages[0].code).toBe('BAD_REQUEST');
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('lets exactly 1 MiB through to the later stages', async () => {
    const request = { ...ais(), method: 'POST', body: Buffer.alloc(1024 * 1024, 0x20) };
    expect((await send(sandbox, request)).status).not.toBe(413);
  });
});

describe('header stage (§4.1–§4.3)', () => {
  it.each([
    'x-accept-fix',
    'x-request-id',
    'tpp-session-id',
    'tpp-redirect-uri',
    'tpp-signature-certificate',
    'signature',
  ])('answers HTTP_HEADER_REQUIRED naming %s when it is missing on §4.2.3', async (header) => {
    const response = await send(sandbox, withHeaders(ais(), { [header]: undefined }));
    expect(response.status).toBe(400);
    expect(response.body.tppMessages[0].code).toBe('HTTP_HEADER_REQUIRED');
    expect(response.body.tppMessages[0].path.toLowerCase()).toBe(header);
    expect(response.body.tppMessages[0].text.toLowerCase()).toContain(header);
  });

  it('sandbox operations require only X-Request-ID, TPP-Signature-Certificate and Signature', async () => {
    const request = signedRequest(pki, {
      method: 'POST',
      path: '/v1/sandbox/initialize',
      headers: { 'X-Request-ID': crypto.randomUUID() },
    });
    expect((await send(sandbox, request)).status).toBe(200);
    const response = await send(sandbox, withHeaders(request, { 'x-request-id': undefined }));
    expect(response.body.tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'X-Request-ID',
    });
  });

  it('requires Digest on a request with a body', async () => {
    const request = signedRequest(pki, {
      method: 'POST',
      path: '/v1/sandbox/initialize',
      headers: { 'X-Request-ID': crypto.randomUUID() },
      body: '{}',
    });
    expect((await send(sandbox, request)).status).toBe(200);
    const response = await send(sandbox, withHeaders(request, { digest: undefined }));
    expect(response.body.tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'Digest',
    });
  });

  it.each([
    ['X-Request-ID', 'not-a-uuid'],
    ['TPP-Redirect-URI', '/relative'],
    ['TPP-Redirect-URI', 'ftp://tpp.example/x'],
    ['TPP-Redirect-Preferred', 'maybe'],
    ['PSU-ID', '1234'],
    ['PSU-Device-ID', 'device'],
    ['PSU-Context', 'private'],
    ['PSU-HTTP-Method', 'HEAD'],
    ['PSU-Geo-Location', 'GEO:91,10'],
    ['PSU-IP-Address', '300.1.1.1'],
    ['PSU-IP-Port', '70000'],
    ['X-PSU-IDENTITY', '01019012481'],
    ['Date', 'yesterday'],
    ['x-accept-fix', ''],
  ])('answers FORMAT_ERROR naming %s for %j', async (header, value) => {
    const response = await send(sandbox, withHeaders(ais(), { [header]: value }));
    expect(response.status).toBe(400);
    expect(response.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: header });
    expect(response.body.tppMessages[0].text).toContain(header);
  });

  it('a format fault waives the format of its own header only (faults/protocol.ts)', async () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const badId = () => withHeaders(ais(), { 'x-request-id': 'not-a-uuid' });
    const refusedBy = async () => {
      await send(bank, badId());
      return bank.requestLog.entries().at(-1)!.rejectedBy?.rule;
    };
    bank.update((state) => {
      state.behaviour.faultProfiles = ['HDR-PSU-ID-UUID'];
    });
    expect(await refusedBy()).toBe('headers.format.x-request-id');
    bank.update((state) => {
      state.behaviour.faultProfiles = ['HDR-PSU-ID-UUID', 'HDR-X-REQUEST-ID-UUID'];
    });
    expect(await refusedBy()).not.toBe('headers.format.x-request-id');
  });

  it('refuses a declared header sent twice', async () => {
    const request = {
      ...ais(),
      duplicateHeaders: ['psu-ip-address'],
      headers: { ...ais().headers, 'psu-ip-address': '10.0.0.1, 10.0.0.2' },
    };
    const response = await send(sandbox, request);
    expect(response.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'PSU-IP-Address',
    });
    expect(response.body.tppMessages[0].text).toContain('more than once');
  });

  it('logs a header named __proto__ as a header of the request, not as its prototype', async () => {
    const request = ais();
    const headers = headersFromRaw(['__proto__', 'x', ...Object.entries(request.headers).flat()]);
    await sandbox.handle({ ...request, headers: headers.headers });
    const logged = sandbox.requestLog.entries().at(-1)!.request.headers;
    expect(Object.getPrototypeOf(logged)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(logged, '__proto__')?.value).toBe('x');
    expect(logged['x-request-id']).toBe(request.headers['x-request-id']);
  });

  it('echoes X-Request-ID on every answer, errors included', async () => {
    const request = ais();
    const response = await send(sandbox, withHeaders(request, { 'tpp-session-id': undefined }));
    expect(response.headers['x-request-id']).toBe(request.headers['x-request-id']);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('fixes stage (§9.2)', () => {
  it('answers FORMAT_ERROR naming an unknown fix', async () => {
    const response = await send(sandbox, ais({ 'x-accept-fix': 'amount-as-string, made-up-fix' }));
    expect(response.status).toBe(400);
    expect(response.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'x-accept-fix',
    });
    expect(response.body.tppMessages[0].text).toContain("'made-up-fix'");
  });

  it('records the fixes stage and rule that refused in the request log', async () => {
    await send(sandbox, ais({ 'x-accept-fix': 'nope' }));
    const last = sandbox.requestLog.entries().at(-1)!;
    expect(last.rejectedBy).toEqual({ stage: 'fixes', rule: 'fixes.unknown' });
  });
});
