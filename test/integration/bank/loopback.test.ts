/**
 * The bank over loopback: requests signed with main/core/tpp/signer.ts, sent with undici, to a
 * sandbox and a production bank running at the same time (and one over HTTPS).
 */
import { connect } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TppRegistry,
  TrustStore,
  createBank,
  type Bank,
  type BankListener,
} from '../../../main/core/bank/index.js';
import { issueServerCertificate } from '../../../main/core/certs/issue.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { signRequest } from '../../../main/core/tpp/signer.js';
import {
  CARD_OWNER,
  ORGANIZATION_ID,
  aisHeaders,
  createPki,
  snapshotWith,
  cardTransaction,
  type ParsedResponse,
  type Pki,
} from '../../unit/bank/fixtures.js';

let pki: Pki;
let sandbox: Bank;
let production: Bank;
let sandboxListener: BankListener;
let productionListener: BankListener;

beforeAll(async () => {
  pki = await createPki();
  sandbox = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  production = createBank({
    mode: 'production',
    clock: new VirtualClock(),
    trustStore: new TrustStore([pki.ca.chainPem]),
    registry: new TppRegistry([
      { organizationIdentifier: ORGANIZATION_ID, name: 'Example TPP AS', roles: ['AISP'] },
    ]),
  });
  production.importSnapshot(
    snapshotWith([cardTransaction('t1', new Date().toISOString().slice(0, 10), 9_900)], {
      consentTo: ORGANIZATION_ID,
    }),
  );
  [sandboxListener, productionListener] = await Promise.all([
    sandbox.listen(),
    production.listen(),
  ]);
});

afterAll(async () => {
  await Promise.all([sandbox.close(), production.close()]);
});

async function send(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  dispatcher?: Agent,
) {
  const url = `${baseUrl}${path}`;
  const signed = signRequest({
    method,
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    certificate: pki.seal.certificateDer,
    signingKey: pki.seal.privateKey,
  });
  const response = await request(url, {
    method,
    headers: signed.headers,
    ...(signed.body ? { body: signed.body } : {}),
    ...(dispatcher ? { dispatcher } : {}),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: (await response.body.json()) as ParsedResponse['body'],
  };
}

describe('bank over loopback', () => {
  it('binds 127.0.0.1 on a free port, one instance per mode at once', () => {
    expect(sandboxListener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(productionListener.port).not.toBe(sandboxListener.port);
    expect(sandbox.port).toBe(sandboxListener.port);
  });

  it('answers a signed production AIS request from the ledger', async () => {
    const headers = aisHeaders({
      'PSU-IP-Address': '192.0.2.10',
      'X-PSU-IDENTITY': CARD_OWNER.nationalIdentityNumber,
    });
    const response = await send(
      productionListener.url,
      'GET',
      '/v1/card-accounts/card-1/transactions?bookingStatus=booked',
      headers,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers['x-request-id']).toBe(headers['X-Request-ID']);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body.cardTransactions.booked[0].transactionAmount).toEqual({
      amount: '99.00',
      currency: 'NOK',
    });
  });

  it('sandbox initialize works over HTTP; production does not know the path', async () => {
    const headers = { 'X-Request-ID': crypto.randomUUID() };
    expect(
      (
        await send(
          sandboxListener.url,
          'POST',
          '/v1/sandbox/initialize',
          headers,
          '{"any":"thing"}',
        )
      ).status,
    ).toBe(200);
    expect(
      (await send(productionListener.url, 'POST', '/v1/sandbox/initialize', headers)).status,
    ).toBe(404);
  });

  it('refuses a body over 1 MiB with 413 and keeps serving', async () => {
    const response = await request(`${sandboxListener.url}/v1/sandbox/initialize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(1024 * 1024 + 10, 0x41),
    });
    expect(response.statusCode).toBe(413);
    expect(
      ((await response.body.json()) as { tppMessages: { code: string }[] }).tppMessages[0]!.code,
    ).toBe('BAD_REQUEST');
    const again = await request(`${sandboxListener.url}/openapi.json`);
    expect(again.statusCode).toBe(200);
    await again.body.dump();
  });

  it('sees a header sent twice on the wire', async () => {
    const path = '/v1/card-accounts/card-1/transactions?bookingStatus=booked';
    const url = `${productionListener.url}${path}`;
    const signed = signRequest({
      method: 'GET',
      url,
      headers: aisHeaders(),
      certificate: pki.seal.certificateDer,
      signingKey: pki.seal.privateKey,
    });
    // PSU-User-Agent has no format rule, so only the duplicate rule can refuse the joined value.
    const response = await request(url, {
      headers: { ...signed.headers, 'PSU-User-Agent': ['agent/1', 'agent/2'] },
    });
    const body = (await response.body.json()) as ParsedResponse['body'];
    expect(response.statusCode).toBe(400);
    expect(body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'PSU-User-Agent' });
    expect(body.tppMessages[0].text).toContain('more than once');
  });

  it('answers malformed HTTP with a JSON tppMessages 400 and keeps serving', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(sandboxListener.port, '127.0.0.1', () =>
        socket.write('GARBAGE / HTTP/1.1\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body.tppMessages[0].code).toBe('BAD_REQUEST');
    expect((await request(`${sandboxListener.url}/openapi.json`)).statusCode).toBe(200);
  });

  it('serves HTTPS with a server certificate from the test CA', async () => {
    const server = await issueServerCertificate({ issuer: pki.ca.issuer, keyPair: pki.keyPair });
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const listener = await bank.listen({
      https: {
        key: server.privateKey.export({ type: 'pkcs8', format: 'pem' }),
        cert: server.certificatePem,
      },
    });
    const agent = new Agent({ connect: { ca: pki.ca.chainPem } });
    try {
      expect(listener.url).toMatch(/^https:\/\/127\.0\.0\.1:/);
      const response = await send(
        listener.url,
        'POST',
        '/v1/sandbox/initialize',
        { 'X-Request-ID': crypto.randomUUID() },
        undefined,
        agent,
      );
      expect(response.status).toBe(200);
    } finally {
      await agent.close();
      await bank.close();
    }
  });
});
