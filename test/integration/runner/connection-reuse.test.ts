/**
 * A run against a bank over TLS with mTLS reuses its connections: every check of the run sends
 * through one transport, so requests to the same origin with the same client certificate go over
 * one kept-alive TLS connection instead of a handshake per check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  createTestCa,
  issueQsealc,
  issueQwac,
  type IssuedCertificate,
  type TestCa,
} from '../../../main/core/certs/issue';
import { externalTarget } from '../../../main/core/runner/targets/external-target';
import { mtlsServerOptions } from '../tpp/mtls-server';

let ca: TestCa;
let qwac: IssuedCertificate;
let qsealc: IssuedCertificate;
let server: HttpsServer;
let url: string;
/** TLS handshakes the server completed, and connections it closed. */
let handshakes = 0;
let closed = 0;

beforeAll(async () => {
  ca = await createTestCa();
  const tpp = {
    issuer: ca.issuer,
    subject: {
      commonName: 'Reuse TPP',
      organizationName: 'Reuse TPP AS',
      countryName: 'NO',
      organizationIdentifier: 'PSDNO-FSA-REUSE1',
    },
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  };
  qwac = await issueQwac({ ...tpp, roles: ['PSP_AI', 'PSP_PI'] });
  qsealc = await issueQsealc({ ...tpp, roles: ['PSP_AI', 'PSP_PI'] });
  server = createHttpsServer(await mtlsServerOptions(ca), (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"accounts":[]}');
  });
  server.on('secureConnection', (socket) => {
    handshakes += 1;
    socket.on('close', () => (closed += 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('connections of a run over mTLS', () => {
  it('are reused across requests and checks, and closed when the target closes', async () => {
    const target = externalTarget({
      baseUrl: url,
      mode: 'production',
      signing: { key: qsealc.privateKey, certificate: qsealc.certificateDer },
      transport: {
        clientCertificate: {
          certificate: qwac.certificatePem + ca.intermediate.certificatePem,
          key: qwac.privateKey,
        },
        ca: [ca.root.certificatePem],
      },
    });
    const statuses: number[] = [];
    // Five checks one after another, three requests each: what a sequential run does.
    for (let check = 0; check < 5; check += 1) {
      const environment = await target.createEnvironment(new AbortController().signal);
      for (let request = 0; request < 3; request += 1) {
        const exchange = await environment.client.send({ method: 'GET', path: '/v1/accounts' });
        statuses.push(exchange.response?.status ?? 0);
      }
      await environment.dispose?.();
    }
    expect(statuses).toEqual(Array(15).fill(200));
    // One connection, or two: undici may dispatch the next request in the same turn in which the
    // previous body ended, before that connection counts as free. A handshake per check was 10.
    expect(handshakes, 'TLS handshakes for 15 requests in 5 checks').toBeLessThanOrEqual(2);
    expect(closed, 'connections closed before the target closes').toBe(0);

    await target.close();
    await expect.poll(() => closed, { timeout: 2000 }).toBe(handshakes);
  });
});
