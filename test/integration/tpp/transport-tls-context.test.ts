/**
 * The transport's TLS context (tls-context.ts): made once per identity, not once per connection or
 * per transport, since with extra CAs node:tls parses the CA list (the bank's CA and Node's roots)
 * for every context it makes (about 20 ms of CPU per connection of a run over mTLS).
 * Every new connection still presents its own transport's QWAC and still verifies the server's
 * certificate against its own transport's CAs.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer, type Server } from 'node:http';
import { connect as connectTcp, type AddressInfo } from 'node:net';
import tls, { type TLSSocket } from 'node:tls';
import {
  createTestCa,
  issueQwac,
  type IssuedCertificate,
  type TestCa,
} from '../../../main/core/certs/issue';
import { createTransport, type TransportOptions } from '../../../main/core/tpp/transport';
import { mtlsServerOptions } from './mtls-server';

let ca: TestCa;
let otherCa: TestCa;
let qwac: IssuedCertificate;
let otherQwac: IssuedCertificate;
let server: HttpsServer;
let url: string;
let handshakes = 0;

beforeAll(async () => {
  [ca, otherCa] = await Promise.all([createTestCa(), createTestCa()]);
  const tpp = (organizationIdentifier: string) => ({
    issuer: ca.issuer,
    subject: {
      commonName: 'Context TPP',
      organizationName: 'Context TPP AS',
      countryName: 'NO',
      organizationIdentifier,
    },
    roles: ['PSP_AI' as const],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
  [qwac, otherQwac] = await Promise.all([
    issueQwac(tpp('PSDNO-FSA-CONTEXT1')),
    issueQwac(tpp('PSDNO-FSA-CONTEXT2')),
  ]);
  // Every answer closes its connection, so every request needs a new one.
  server = createHttpsServer(await mtlsServerOptions(ca), (req, res) => {
    const peer = (req.socket as TLSSocket).getPeerX509Certificate();
    res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
    res.end(peer?.serialNumber ?? 'none');
  });
  server.on('secureConnection', () => (handshakes += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1/accounts`;
}, 60_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const withQwac = (trusted: TestCa, presented = qwac): TransportOptions => ({
  clientCertificate: {
    certificate: presented.certificatePem + ca.intermediate.certificatePem,
    key: presented.privateKey,
  },
  // As `workbench run --ca`: the bank's CA besides the system's roots.
  ca: [trusted.root.certificatePem],
});

const serialOver = async (options: TransportOptions): Promise<string> => {
  const transport = createTransport(options);
  try {
    const response = await transport.send({ method: 'GET', url, headers: {} });
    expect(response.status).toBe(200);
    return response.body.toString();
  } finally {
    await transport.close();
  }
};

describe('the transport over TLS', () => {
  it('makes its TLS context once: new connections present the QWAC without a new context', async () => {
    const transport = createTransport(withQwac(ca));
    const made = vi.spyOn(tls, 'createSecureContext');
    const before = handshakes;
    try {
      const serials: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await transport.send({ method: 'GET', url, headers: {} });
        expect(response.status).toBe(200);
        serials.push(response.body.toString());
      }
      expect(handshakes - before, 'a connection per request').toBe(4);
      expect(serials).toEqual(Array(4).fill(qwac.serialNumber));
      expect(made, 'TLS contexts made for 4 connections').not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
      await transport.close();
    }
  });

  it('shares the context between transports that present the same QWAC and trust the same CAs', async () => {
    const made = vi.spyOn(tls, 'createSecureContext');
    try {
      // The mode check, the run and the headless PSU each make a transport of the same identity.
      for (let i = 0; i < 3; i += 1) expect(await serialOver(withQwac(ca))).toBe(qwac.serialNumber);
      expect(made.mock.calls.length, 'TLS contexts made for 3 transports').toBeLessThanOrEqual(1);
    } finally {
      made.mockRestore();
    }
  });

  it('gives a transport with another QWAC its own context: it presents its own certificate', async () => {
    expect(await serialOver(withQwac(ca))).toBe(qwac.serialNumber);
    expect(await serialOver(withQwac(ca, otherQwac))).toBe(otherQwac.serialNumber);
    expect(await serialOver(withQwac(ca))).toBe(qwac.serialNumber);
  });

  it("refuses the server's certificate on every new connection when its CA is not trusted", async () => {
    // A transport of the same QWAC that trusts the server's CA comes first: its context is not
    // the one a transport trusting another CA gets.
    expect(await serialOver(withQwac(ca))).toBe(qwac.serialNumber);
    for (const systemCas of [false, true]) {
      const transport = createTransport({ ...withQwac(otherCa), trustSystemCas: systemCas });
      try {
        for (let i = 0; i < 2; i += 1)
          await expect(transport.send({ method: 'GET', url, headers: {} })).rejects.toMatchObject({
            name: 'TransportError',
            message: expect.stringMatching(
              /does not chain to a trusted CA|ends in an untrusted CA/,
            ),
          });
      } finally {
        await transport.close();
      }
    }
  });

  it('presents the QWAC and verifies the server through an HTTP proxy (CONNECT) too', async () => {
    let tunnels = 0;
    const proxy: Server = createServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req, client) => {
      tunnels += 1;
      const [host, port] = req.url!.split(':');
      const upstream = connectTcp(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const through = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      expect(await serialOver({ ...withQwac(ca), proxy: through })).toBe(qwac.serialNumber);
      const untrusting = createTransport({
        ...withQwac(otherCa),
        trustSystemCas: false,
        proxy: through,
      });
      try {
        await expect(untrusting.send({ method: 'GET', url, headers: {} })).rejects.toMatchObject({
          name: 'TransportError',
        });
      } finally {
        await untrusting.close();
      }
      expect(tunnels).toBeGreaterThanOrEqual(2);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('reports a client key it cannot use when a request is sent, naming the failure', async () => {
    const transport = createTransport({
      clientCertificate: { certificate: qwac.certificatePem, key: 'not a key' },
      ca: [ca.root.certificatePem],
    });
    try {
      await expect(transport.send({ method: 'GET', url, headers: {} })).rejects.toMatchObject({
        name: 'TransportError',
        message: expect.stringContaining(new URL(url).origin),
      });
    } finally {
      await transport.close();
    }
  });
});
