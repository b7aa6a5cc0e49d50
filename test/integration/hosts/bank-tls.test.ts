/**
 * `workbench bank --tls/--mtls` (docs/ci.md "TLS and mTLS"), in-process over 127.0.0.1: TLS 1.2
 * or higher only; --mtls refuses a handshake without a client certificate issued under a
 * --trust-ca CA; in production a trusted QWAC must also hold the route's PSD2 role (403 naming the
 * missing role otherwise); wrong TLS flags exit 2 naming the flag.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type ConnectionOptions } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBankCommand, type BankCommandIo } from '../../../main/hosts/cli/bank-command.js';
import { bankTlsServerOptions } from '../../../main/core/bank/listener/tls.js';
import {
  createTestCa,
  issueQsealc,
  issueQwac,
  issueServerCertificate,
  type IssuedCertificate,
  type TestCa,
} from '../../../main/core/certs/index.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import { newPsuSession } from '../../../main/core/tpp/psu-session.js';
import type { Psd2Role } from '../../../main/core/certs/psd2-roles.js';

const ORG_ID = 'PSDNO-FSA-555000';
const dir = mkdtempSync(join(tmpdir(), 'bank-tls-'));
let ca: TestCa;
let qsealc: IssuedCertificate;
let qwacAis: IssuedCertificate;
let qwacAisPis: IssuedCertificate;

function file(name: string, contents: string): string {
  const path = join(dir, name);
  writeFileSync(path, contents);
  return path;
}

const keyPem = (certificate: IssuedCertificate) =>
  certificate.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

beforeAll(async () => {
  ca = await createTestCa();
  const tpp = (roles: Psd2Role[]) => ({
    issuer: ca.issuer,
    subject: {
      commonName: 'TLS Test TPP',
      organizationName: 'TLS Test TPP',
      countryName: 'NO',
      organizationIdentifier: ORG_ID,
    },
    roles,
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
  [qsealc, qwacAis, qwacAisPis] = await Promise.all([
    issueQsealc(tpp(['PSP_AI', 'PSP_PI'])),
    issueQwac(tpp(['PSP_AI'])),
    issueQwac(tpp(['PSP_AI', 'PSP_PI'])),
  ]);
  file('chain.pem', ca.chainPem);
  file(
    'registry.json',
    JSON.stringify([
      { organizationIdentifier: ORG_ID, name: 'TLS Test TPP', roles: ['AISP', 'PISP'] },
    ]),
  );
}, 60_000);

interface RunningBank {
  url: string;
  out: string[];
  err: string[];
  stop(): Promise<number>;
}

const running: RunningBank[] = [];
afterAll(async () => {
  await Promise.all(running.map((bank) => bank.stop()));
});

function startBank(argv: string[]): Promise<RunningBank> {
  const out: string[] = [];
  const err: string[] = [];
  let stop: (signal: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  return new Promise((resolve, reject) => {
    const io: BankCommandIo = {
      out: (line) => out.push(line),
      err: (line) => {
        err.push(line);
        const url = /listening at (\S+)/.exec(line)?.[1];
        if (url) {
          const bank = {
            url,
            out,
            err,
            stop: () => {
              stop('SIGTERM');
              return exit;
            },
          };
          running.push(bank);
          resolve(bank);
        }
      },
      stopRequested: () => stopped,
    };
    const exit = runBankCommand([...argv, '--json'], io);
    void exit.then((code) => reject(new Error(`bank exited ${code}: ${err.join('\n')}`)));
  });
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** Whether a TLS handshake with these options completes; the error code when it does not. */
function handshake(
  port: number,
  options: ConnectionOptions,
): Promise<{ ok: true; protocol: string | null } | { ok: false; error: string }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'localhost', ...options });
    socket.setTimeout(5000, () => socket.destroy(new Error('timeout')));
    socket.once('secureConnect', () => {
      // TLS 1.3: a refused client certificate arrives after the handshake; send a request to see.
      // The Host names the bank's port: a bank on loopback answers only requests addressed to it.
      socket.write(`GET /health HTTP/1.1\r\nhost: localhost:${port}\r\nconnection: close\r\n\r\n`);
    });
    let data = '';
    socket.on('data', (chunk) => (data += String(chunk)));
    socket.once('end', () =>
      resolve(
        data.startsWith('HTTP/1.1 200')
          ? { ok: true, protocol: socket.getProtocol() }
          : { ok: false, error: `answer: ${data.slice(0, 40)}` },
      ),
    );
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ ok: false, error: error.code ?? error.message }),
    );
  });
}

describe('workbench bank --tls', () => {
  let bank: RunningBank;
  let caFile: string;
  beforeAll(async () => {
    caFile = join(dir, 'generated-ca.pem');
    bank = await startBank(['--mode', 'sandbox', '--tls', '--tls-ca-out', caFile]);
  }, 60_000);

  it('serves HTTPS with a certificate for localhost and 127.0.0.1 from the CA it wrote', async () => {
    expect(bank.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const line = JSON.parse(bank.out[0]!) as { tls: { mtls: boolean; caFile: string } };
    expect(line.tls).toEqual({ mtls: false, caFile });
    const ca = readFileSync(caFile, 'utf8');
    // By name (SNI localhost) and by address (no SNI: the IP SAN 127.0.0.1 is checked).
    for (const servername of ['localhost', undefined]) {
      const result = await handshake(portOf(bank.url), { ca, servername });
      expect(result, String(servername)).toMatchObject({ ok: true });
    }
  });

  it('refuses TLS 1.1 and accepts TLS 1.2', async () => {
    const old = await handshake(portOf(bank.url), {
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1.1',
      rejectUnauthorized: false,
      // OpenSSL 3 refuses TLS 1.1 at its default security level before the server can.
      ciphers: 'DEFAULT:@SECLEVEL=0',
    });
    expect(old.ok).toBe(false);
    const tls12 = await handshake(portOf(bank.url), {
      maxVersion: 'TLSv1.2',
      ca: readFileSync(caFile),
    });
    expect(tls12).toEqual({ ok: true, protocol: 'TLSv1.2' });
  });
});

describe('workbench bank --mtls', () => {
  it('fails the handshake without a client certificate, and with one from another CA', async () => {
    const bank = await startBank([
      '--mode',
      'sandbox',
      '--mtls',
      '--trust-ca',
      join(dir, 'chain.pem'),
    ]);
    const port = portOf(bank.url);
    expect(await handshake(port, { rejectUnauthorized: false })).toMatchObject({ ok: false });
    const other = await createTestCa();
    const stranger = await issueServerCertificate({ issuer: other.issuer });
    expect(
      await handshake(port, {
        rejectUnauthorized: false,
        cert: stranger.certificatePem + other.intermediate.certificatePem,
        key: keyPem(stranger),
      }),
    ).toMatchObject({ ok: false });
    expect(
      await handshake(port, {
        rejectUnauthorized: false,
        cert: qwacAis.certificatePem + ca.intermediate.certificatePem,
        key: keyPem(qwacAis),
      }),
    ).toMatchObject({ ok: true });
    expect(await bank.stop()).toBe(0);
  }, 60_000);

  describe('in production', () => {
    let bank: RunningBank;
    beforeAll(async () => {
      bank = await startBank([
        '--mode',
        'production',
        '--mtls',
        '--trust-ca',
        join(dir, 'chain.pem'),
        '--registry',
        join(dir, 'registry.json'),
        '--tls-ca-out',
        join(dir, 'production-ca.pem'),
      ]);
    }, 60_000);

    async function initiatePayment(qwac: IssuedCertificate) {
      const client = new TppClient({
        baseUrl: bank.url,
        signing: { key: qsealc.privateKey, certificate: qsealc.certificateDer },
        transport: {
          clientCertificate: {
            certificate: qwac.certificatePem + ca.intermediate.certificatePem,
            key: qwac.privateKey,
          },
          ca: [readFileSync(join(dir, 'production-ca.pem'))],
          trustSystemCas: false,
        },
        session: () =>
          newPsuSession('https://tpp.example/callback', { psuIpAddress: '192.0.2.10' }),
      });
      try {
        const exchange = await client.send({
          method: 'POST',
          path: '/v1/payments/sepa-credit-transfers',
          headers: { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' },
          body: {
            instructedAmount: { amount: '100.00', currency: 'NOK' },
            debtorAccount: { iban: 'NO5297100512347', currency: 'NOK' },
            creditorAccount: { iban: 'NO6997100712346', currency: 'NOK' },
            creditorName: 'Kari Nordmann',
            remittanceInformationUnstructured: `Middag ${Math.random().toString(36).slice(2, 8)}`,
          },
        });
        expect(exchange.response, exchange.error).toBeDefined();
        return exchange.response!;
      } finally {
        await client.close();
      }
    }

    it('refuses a trusted QWAC without PSP_PI on a payment: 403 naming the role', async () => {
      const response = await initiatePayment(qwacAis);
      expect(response.status).toBe(403);
      const messages = (response.json as { tppMessages: { code: string; text: string }[] })
        .tppMessages;
      expect(messages).toHaveLength(1);
      expect(messages[0]!.code).toBe('FORBIDDEN');
      expect(messages[0]!.text).toContain('PSP_PI');
      expect(messages[0]!.text).toContain('QWAC');
    });

    it('refuses a QSealC as the TLS client certificate: 403 naming why', async () => {
      // The QSealC holds PSP_PI and chains to the trusted CA: the handshake lets it in.
      const response = await initiatePayment(qsealc);
      expect(response.status).toBe(403);
      const messages = (response.json as { tppMessages: { code: string; text: string }[] })
        .tppMessages;
      expect(messages).toEqual([
        {
          category: 'ERROR',
          code: 'FORBIDDEN',
          text: expect.stringContaining('the TLS client certificate is a QSealC (QcType eseal'),
        },
      ]);
      expect(messages[0]!.text).toMatch(/QWAC \(QcType web\).*clientAuth/);
    });

    it('accepts a QWAC that holds PSP_PI', async () => {
      const response = await initiatePayment(qwacAisPis);
      expect(response.status, response.body.toString()).toBe(201);
    });

    it('answers /health over mTLS without a signature', async () => {
      const client = new TppClient({
        baseUrl: bank.url,
        transport: {
          clientCertificate: {
            certificate: qwacAis.certificatePem + ca.intermediate.certificatePem,
            key: qwacAis.privateKey,
          },
          ca: [readFileSync(join(dir, 'production-ca.pem'))],
        },
      });
      const exchange = await client.send({ method: 'GET', path: '/health', sign: false });
      await client.close();
      expect(exchange.response?.status).toBe(200);
      expect(exchange.response?.json).toEqual({ status: 'ok', mode: 'production' });
    });

    it('states the client certificate in /openapi.json (x-mutual-tls, OpenAPI 3.0 has no scheme)', async () => {
      const client = new TppClient({
        baseUrl: bank.url,
        transport: {
          clientCertificate: {
            certificate: qwacAis.certificatePem + ca.intermediate.certificatePem,
            key: qwacAis.privateKey,
          },
          ca: [readFileSync(join(dir, 'production-ca.pem'))],
        },
      });
      const exchange = await client.send({ method: 'GET', path: '/openapi.json', sign: false });
      await client.close();
      expect(exchange.response?.status).toBe(200);
      const document = exchange.response?.json as Record<string, { required?: boolean }>;
      expect(document['x-mutual-tls']?.required).toBe(true);
    });
  });
});

describe('bankTlsServerOptions', () => {
  // Node and OpenSSL refuse TLS 1.1 by default too; the bank states its floor itself (§5.1), so a
  // process started with --tls-min-v1.0 still refuses it.
  it('sets TLS 1.2 as the floor, and mTLS as required client certificates', () => {
    expect(bankTlsServerOptions({ key: 'k', cert: 'c' })).toEqual({
      key: 'k',
      cert: 'c',
      minVersion: 'TLSv1.2',
      requestCert: false,
    });
    expect(bankTlsServerOptions({ key: 'k', cert: 'c', clientCas: ['ca'] })).toEqual({
      key: 'k',
      cert: 'c',
      minVersion: 'TLSv1.2',
      requestCert: true,
      rejectUnauthorized: true,
      ca: ['ca'],
    });
    expect(() => bankTlsServerOptions({ key: 'k', cert: 'c', clientCas: [] })).toThrow(/mTLS/);
  });
});

describe('TLS flags', () => {
  it.each([
    [['--mtls'], /--mtls needs --trust-ca/],
    [['--tls-cert', 'x.pem'], /--tls-cert and --tls-key go together/],
    [['--tls-cert', 'x.pem', '--tls-key', 'y.pem', '--tls-ca-out', 'z.pem'], /--tls-ca-out/],
    [['--tls-cert', join(dir, 'missing.pem'), '--tls-key', 'y.pem'], /--tls-cert .*ENOENT/],
  ])('%j exits 2 naming the flag', async (flags, message) => {
    const err: string[] = [];
    const io: BankCommandIo = {
      out: () => undefined,
      err: (line) => err.push(line),
      stopRequested: () => new Promise(() => undefined),
    };
    expect(await runBankCommand(['--mode', 'sandbox', ...flags], io)).toBe(2);
    expect(err.join('\n')).toMatch(message);
  });

  it('refuses a key that does not belong to the certificate', async () => {
    const server = await issueServerCertificate({ issuer: ca.issuer });
    const err: string[] = [];
    const io: BankCommandIo = {
      out: () => undefined,
      err: (line) => err.push(line),
      stopRequested: () => new Promise(() => undefined),
    };
    const argv = [
      '--mode',
      'sandbox',
      '--tls-cert',
      file('server.pem', server.certificatePem),
      '--tls-key',
      file('wrong.key.pem', keyPem(qwacAis)),
    ];
    expect(await runBankCommand(argv, io)).toBe(2);
    expect(err[0]).toMatch(/--tls-cert .*server\.pem/);
  });
});
