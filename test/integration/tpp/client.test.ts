/**
 * The TPP client over loopback: mTLS to an HTTPS server that requires a client certificate (with
 * and without the QWAC), signed requests checked by the bank's own verifier, links followed, and
 * the exchange history exported as HAR and curl.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  createTestCa,
  issueQsealc,
  issueQwac,
  type TestCa,
  type IssuedCertificate,
} from '../../../main/core/certs/issue';
import { verifySignedRequest } from '../../../main/core/signature/index';
import { TppClient } from '../../../main/core/tpp/client';
import { ExchangeLog } from '../../../main/core/tpp/exchange-log';
import { newPsuSession } from '../../../main/core/tpp/psu-session';
import { toCurl, toHar } from '../../../main/core/tpp/export';
import { mtlsServerOptions } from './mtls-server';

let ca: TestCa;
let qwac: IssuedCertificate;
let qsealc: IssuedCertificate;
const subject = {
  commonName: 'Test TPP',
  organizationName: 'Test TPP AS',
  countryName: 'NO',
  organizationIdentifier: 'PSDNO-FSA-123456',
};

beforeAll(async () => {
  ca = await createTestCa();
  const tpp = { issuer: ca.issuer, subject, ncaName: 'Finanstilsynet', ncaId: 'NO-FSA' };
  qwac = await issueQwac({ ...tpp, roles: ['PSP_AI', 'PSP_PI'] });
  qsealc = await issueQsealc({ ...tpp, roles: ['PSP_AI', 'PSP_PI'] });
});

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('mTLS transport', () => {
  let server: HttpsServer;
  let url: string;

  beforeAll(async () => {
    server = createHttpsServer(await mtlsServerOptions(ca), (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ clientSerial: peer.serialNumber }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reaches a server that requires a client certificate when the QWAC is presented', async () => {
    const client = new TppClient({
      baseUrl: url,
      transport: {
        clientCertificate: {
          certificate: qwac.certificatePem + ca.intermediate.certificatePem,
          key: qwac.privateKey,
        },
        ca: [ca.root.certificatePem],
      },
    });
    const exchange = await client.send({ method: 'GET', path: '/v1/accounts', sign: false });
    await client.close();
    expect(exchange.error).toBeUndefined();
    expect(exchange.response?.status).toBe(200);
    expect((exchange.response?.json as { clientSerial: string }).clientSerial).toBe(
      qwac.serialNumber,
    );
  });

  it('is refused, with a message saying why, without a client certificate', async () => {
    const client = new TppClient({ baseUrl: url, transport: { ca: [ca.root.certificatePem] } });
    const exchange = await client.send({ method: 'GET', path: '/v1/accounts', sign: false });
    await client.close();
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toMatch(/client certificate|closed|handshake|certificate required/i);
  });

  it('refuses a server whose certificate does not chain to a trusted CA', async () => {
    const client = new TppClient({
      baseUrl: url,
      transport: {
        clientCertificate: { certificate: qwac.certificatePem, key: qwac.privateKey },
        trustSystemCas: true,
      },
    });
    const exchange = await client.send({ method: 'GET', path: '/', sign: false });
    await client.close();
    expect(exchange.error).toMatch(/does not chain to a trusted CA|untrusted|UNABLE_TO_VERIFY/);
  });
});

describe('signing client', () => {
  let server: Server;
  let baseUrl: string;
  const seen: {
    headers: Record<string, string>;
    verification: ReturnType<typeof verifySignedRequest>;
  }[] = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await readBody(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
      );
      const verification = verifySignedRequest({
        method: req.method!,
        target: req.url!,
        headers,
        body,
      });
      seen.push({ headers, verification });
      const url = new URL(req.url!, 'http://x');
      const page = Number(url.searchParams.get('page') ?? '1');
      res.writeHead(verification.ok ? 200 : 400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          page,
          _links: page < 3 ? { next: { href: `/v1/items?page=${page + 1}` } } : {},
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fills X-Request-ID and the session headers, signs them, and the verifier accepts it', async () => {
    const log = new ExchangeLog();
    const session = newPsuSession('http://127.0.0.1:9/callback', {
      psuId: '3f0c6f0e-8a43-4a8e-9f43-3d2a1c7b8e11',
      psuIpAddress: '192.0.2.10',
    });
    const client = new TppClient({
      baseUrl,
      signing: { key: qsealc.privateKey, certificate: qsealc.certificateDer },
      session: () => session,
      defaultHeaders: { 'x-accept-fix': 'amount-as-string' },
      log,
    });
    const exchange = await client.send({
      method: 'POST',
      path: '/v1/payments/sepa-credit-transfers',
      body: { creditorName: 'Kari' },
    });
    await client.close();

    const last = seen.at(-1)!;
    expect(last.verification).toMatchObject({ ok: true });
    expect(last.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(last.headers['tpp-session-id']).toBe(session.tppSessionId);
    expect(last.headers['psu-id']).toBe(session.psuId);
    expect(last.headers['psu-ip-address']).toBe('192.0.2.10');
    expect(last.headers['x-accept-fix']).toBe('amount-as-string');
    expect(exchange.signing?.signedHeaderNames).toEqual(
      expect.arrayContaining(['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri']),
    );
    expect(log.list()).toHaveLength(1);
    expect(log.get(exchange.id)?.response?.status).toBe(200);
  });

  it('lets a request remove a header the client would add, and tamper after signing', async () => {
    const client = new TppClient({
      baseUrl,
      signing: { key: qsealc.privateKey, certificate: qsealc.certificatePem },
    });
    const removed = await client.send({
      method: 'GET',
      path: '/x',
      headers: { 'X-Request-ID': null },
      sign: false,
    });
    expect(Object.keys(removed.request.headers).map((h) => h.toLowerCase())).not.toContain(
      'x-request-id',
    );
    const tampered = await client.send({
      method: 'POST',
      path: '/x',
      body: '{"a":1}',
      afterSigning: (wire) => {
        wire.body = Buffer.from('{"a":2}');
      },
    });
    await client.close();
    expect(tampered.response?.status).toBe(400);
    expect(seen.at(-1)!.verification).toMatchObject({ ok: false, failure: { part: 'digest' } });
  });

  it('follows next links to the last page', async () => {
    const client = new TppClient({
      baseUrl,
      signing: { key: qsealc.privateKey, certificate: qsealc.certificatePem },
    });
    const first = await client.send({ method: 'GET', path: '/v1/items', query: { page: 1 } });
    const pages = await client.followAll(first);
    await client.close();
    expect(pages.map((p) => (p.response?.json as { page: number }).page)).toEqual([1, 2, 3]);
    expect(new Set(pages.map((p) => p.request.headers['X-Request-ID'])).size).toBe(3);
  });

  it('exports HAR 1.2 and a curl command that replays the same signed bytes', async () => {
    const client = new TppClient({
      baseUrl,
      signing: { key: qsealc.privateKey, certificate: qsealc.certificatePem },
    });
    const exchange = await client.send({
      method: 'POST',
      path: '/v1/consents',
      body: { note: "it's" },
    });
    await client.close();
    const har = toHar([exchange]) as {
      log: {
        version: string;
        entries: {
          request: { method: string; postData: { text: string } };
          response: { status: number };
          _signingString: string;
        }[];
      };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries[0]!.request.postData.text).toBe('{"note":"it\'s"}');
    expect(har.log.entries[0]!.response.status).toBe(200);
    expect(har.log.entries[0]!._signingString).toBe(exchange.signing!.signingString);

    const before = seen.length;
    // Async: the server answering curl lives in this very process.
    const { stdout: output } = await promisify(execFile)('bash', [
      '-c',
      `${toCurl(exchange)} --silent --show-error`,
    ]);
    expect(JSON.parse(output)).toMatchObject({ page: 1 });
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)!.verification).toMatchObject({ ok: true });
  });

  it('records a refused connection as an exchange with a readable error', async () => {
    const client = new TppClient({
      baseUrl: 'http://127.0.0.1:9',
      signing: { key: qsealc.privateKey, certificate: qsealc.certificatePem },
    });
    const exchange = await client.send({ method: 'GET', path: '/v1/accounts' });
    await client.close();
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toMatch(/nothing is listening at http:\/\/127\.0\.0\.1:9/);
  });
});
