/**
 * The doctor's network checks, each against a bank broken in one way, everything on 127.0.0.1:
 * nothing listening, a clock ten minutes off, a production bank for a sandbox profile, TLS (a
 * sound server passes; an untrusted server certificate, a hostname mismatch and a refused client
 * certificate are named), a redirect port in use, and an admin token the bank refuses.
 */
import { existsSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi } from '../../../main/core/bank/admin/admin-api.js';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import { bankTlsServerOptions } from '../../../main/core/bank/listener/tls.js';
import { issueServerCertificate } from '../../../main/core/certs/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { runDoctor, verifyTargetMode } from '../../../main/core/runner/doctor/index.js';
import { TppClient } from '../../../main/core/tpp/client.js';
import {
  closedPort,
  issueTpp,
  keyPem,
  lineOf,
  loadProfile,
  profileFor,
  testCa,
  writeTppFiles,
  type TppFiles,
} from '../../unit/runner/doctor/fixtures.js';
import type { BankMode } from '../../../main/shared/mode.js';

const ADMIN_TOKEN = 'doctor-admin-token-0123456789';
let tpp: TppFiles;
const banks: Bank[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  tpp = writeTppFiles(await issueTpp());
}, 60_000);

afterAll(async () => {
  await Promise.all(banks.map((bank) => bank.close()));
  await Promise.all(servers.map((server) => new Promise((ok) => server.close(ok))));
});

async function startBank(
  mode: BankMode,
  listen: Parameters<Bank['listen']>[0] = {},
): Promise<string> {
  const bank = createBank({ mode, clock: new VirtualClock() });
  banks.push(bank);
  return (await bank.listen(listen)).url;
}

async function serverTls(options: {
  dnsNames?: string[];
  ipAddresses?: string[];
  otherCa?: boolean;
}) {
  const ca = options.otherCa ? await testCa('Unknown Server') : tpp.ca;
  const server = await issueServerCertificate({
    issuer: ca.issuer,
    dnsNames: options.dnsNames ?? ['localhost'],
    ipAddresses: options.ipAddresses ?? ['127.0.0.1'],
  });
  return { key: keyPem(server), cert: server.certificatePem + ca.intermediate.certificatePem };
}

describe('workbench doctor: network checks', () => {
  it('reachable: a closed port FAILs naming ECONNREFUSED, and what needs an answer does not pass', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const report = await runDoctor(await loadProfile(tpp.dir, profileFor(url)));
    const entry = lineOf(report, 'reachable');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain(`GET ${url}/v1/accounts got no answer`);
    expect(entry.detail).toContain('ECONNREFUSED');
    expect(entry.fix).toMatch(/nothing listens there/);
    expect(lineOf(report, 'mode').status).toBe('SKIP');
    expect(lineOf(report, 'clock-skew').status).toBe('SKIP');
    expect(report.ok).toBe(false);
  });

  it('clock-skew: a Date header 10 minutes ahead FAILs printing the skew', async () => {
    const server = createHttpServer((_request, response) => {
      response.setHeader('Date', new Date(Date.now() + 10 * 60_000).toUTCString());
      response.writeHead(403, { 'content-type': 'application/json' }).end('{}');
    });
    servers.push(server);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const report = await runDoctor(await loadProfile(tpp.dir, profileFor(url)));
    const entry = lineOf(report, 'clock-skew');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toMatch(/skew \+(599|600|601)\.\d s \(bank minus local\)/);
    expect(entry.fix).toMatch(/NTP/);
    expect(lineOf(report, 'reachable').status).toBe('PASS');
  });

  it('mode: a sandbox profile against a production bank FAILs; against a sandbox it passes', async () => {
    const production = await startBank('production');
    const report = await runDoctor(await loadProfile(tpp.dir, profileFor(production)));
    const entry = lineOf(report, 'mode');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain(
      'the profile says sandbox, but GET /v1/sandbox/customers answered 404: the bank has no sandbox operations',
    );
    expect(entry.fix).toContain('"mode": "production"');
    expect(lineOf(report, 'reachable').status).toBe('PASS');

    const sandbox = await startBank('sandbox');
    const good = await runDoctor(await loadProfile(tpp.dir, profileFor(sandbox)));
    expect(lineOf(good, 'mode').status).toBe('PASS');
    expect(lineOf(good, 'clock-skew').status).toBe('PASS');
    expect(good.lines.filter((l) => l.status === 'FAIL')).toEqual([]);
  });

  it('verifyTargetMode: match, mismatch and unknown', async () => {
    const production = await startBank('production');
    const client = new TppClient({
      baseUrl: production,
      signing: { key: tpp.qsealc.privateKey, certificate: tpp.qsealc.certificateDer },
    });
    expect((await verifyTargetMode(client, 'production')).verdict).toBe('match');
    expect(await verifyTargetMode(client, 'sandbox')).toMatchObject({
      verdict: 'mismatch',
      observed: 'production',
    });
    await client.close();
    const nowhere = new TppClient({ baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const unknown = await verifyTargetMode(nowhere, 'sandbox');
    expect(unknown.verdict).toBe('unknown');
    expect(unknown.detail).toContain('ECONNREFUSED');
    await nowhere.close();
  });

  it('tls: a TLS 1.2+ server whose certificate chains to tls.ca passes, with the QWAC over mTLS', async () => {
    const url = await startBank('sandbox', {
      https: bankTlsServerOptions({
        ...(await serverTls({})),
        clientCas: [tpp.ca.root.certificatePem],
      }),
    });
    const report = await runDoctor(await loadProfile(tpp.dir, profileFor(url)));
    const entry = lineOf(report, 'tls');
    expect(entry.status, entry.detail).toBe('PASS');
    expect(entry.detail).toMatch(/^TLSv1\.[23], server certificate 'CN=localhost,/);
    expect(entry.detail).toContain("issued by 'CN=Doctor Test Issuing CA,O=Doctor Test,C=NO'");
    expect(entry.detail).toContain('QWAC presented, the server answered');
    expect(lineOf(report, 'reachable').status).toBe('PASS');
  });

  it('tls: a server certificate no CA of the profile vouches for FAILs as untrusted', async () => {
    const url = await startBank('sandbox', {
      https: bankTlsServerOptions(await serverTls({ otherCa: true })),
    });
    const entry = lineOf(await runDoctor(await loadProfile(tpp.dir, profileFor(url))), 'tls');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain('untrusted server certificate');
    expect(entry.detail).toContain("issued 'CN=Unknown Server Issuing CA,O=Unknown Server,C=NO'");
    expect(entry.fix).toContain('to tls.ca');
  });

  it('tls: a server certificate for another host name FAILs as a hostname mismatch', async () => {
    const url = await startBank('sandbox', {
      https: bankTlsServerOptions(await serverTls({ dnsNames: ['bank.example'], ipAddresses: [] })),
    });
    const entry = lineOf(await runDoctor(await loadProfile(tpp.dir, profileFor(url))), 'tls');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toContain('hostname mismatch');
    expect(entry.fix).toContain('DNS:bank.example');
  });

  it('tls: a server that does not accept the QWAC is named', async () => {
    const other = await testCa('Other Client');
    const url = await startBank('sandbox', {
      https: bankTlsServerOptions({
        ...(await serverTls({})),
        clientCas: [other.root.certificatePem],
      }),
    });
    const entry = lineOf(await runDoctor(await loadProfile(tpp.dir, profileFor(url))), 'tls');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toMatch(/the server refused the client certificate/);
    expect(entry.fix).toContain('/tls/clientCertificate');
  });

  it('redirect-listener: a listenPort in use FAILs naming the port', async () => {
    const blocker = createNetServer();
    await new Promise<void>((ok) => blocker.listen(0, '127.0.0.1', ok));
    const port = (blocker.address() as { port: number }).port;
    try {
      const url = `http://127.0.0.1:${await closedPort()}`;
      const report = await runDoctor(
        await loadProfile(
          tpp.dir,
          profileFor(url, (p) => (p.sca = { mode: 'manual', listenPort: port })),
        ),
      );
      const entry = lineOf(report, 'redirect-listener');
      expect(entry.status).toBe('FAIL');
      expect(entry.detail).toContain(`port ${port} on 127.0.0.1 is in use`);
      expect(entry.fix).toContain('sca.listenPort');
      const free = await runDoctor(
        await loadProfile(
          tpp.dir,
          profileFor(url, (p) => (p.sca = { mode: 'manual', listenPort: 0 })),
        ),
      );
      expect(lineOf(free, 'redirect-listener').status).toBe('PASS');
    } finally {
      await new Promise((ok) => blocker.close(ok));
    }
  });

  it('psu-browser: a Chromium that does not start FAILs naming /sca; the real one starts', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const broken = await runDoctor(
      await loadProfile(
        tpp.dir,
        profileFor(
          url,
          (p) => (p.sca = { mode: 'browser', executablePath: '/nonexistent/chromium' }),
        ),
      ),
    );
    const entry = lineOf(broken, 'psu-browser');
    expect(entry.status).toBe('FAIL');
    expect(entry.detail).toMatch(/the browser for SCA does not start: .*\(\/sca\)$/);
    expect(entry.fix).toContain('sca.executablePath');
    if (!existsSync('/usr/bin/chromium')) return;
    const real = await runDoctor(
      await loadProfile(
        tpp.dir,
        profileFor(url, (p) => (p.sca = { mode: 'browser' })),
      ),
    );
    expect(lineOf(real, 'psu-browser')).toMatchObject({ status: 'PASS' });
    expect(lineOf(real, 'psu-browser').detail).toMatch(/^Chromium \d+/);
  }, 60_000);

  it('admin-api: a refused token FAILs with 401 "token refused"; the right one passes', async () => {
    const clock = new VirtualClock();
    const bank = createBank({ mode: 'sandbox', clock });
    banks.push(bank);
    const intercept = createAdminApi({ bank, clock, token: ADMIN_TOKEN, maxBodyBytes: 1 << 20 });
    const url = (await bank.listen({ intercept })).url;
    const withToken = (token: string) =>
      profileFor(url, (p) => (p.admin = { url: `${url}/admin`, token }));
    const refused = lineOf(
      await runDoctor(await loadProfile(tpp.dir, withToken('not-the-token-0123456789'))),
      'admin-api',
    );
    expect(refused.status).toBe('FAIL');
    expect(refused.detail).toBe(`GET ${url}/admin/clock answered 401: token refused`);
    expect(refused.fix).toContain('/admin/token');
    const accepted = lineOf(
      await runDoctor(await loadProfile(tpp.dir, withToken(ADMIN_TOKEN))),
      'admin-api',
    );
    expect(accepted.status).toBe('PASS');
    expect(accepted.detail).toMatch(/answered 200: bank clock \d{4}-/);
  });

  it('bank-clock: at real time it passes; a year ahead, past the QSealC, it WARNs saying both and how to set it back', async () => {
    const clock = new VirtualClock();
    const bank = createBank({ mode: 'sandbox', clock });
    banks.push(bank);
    const intercept = createAdminApi({ bank, clock, token: ADMIN_TOKEN, maxBodyBytes: 1 << 20 });
    const url = (await bank.listen({ intercept })).url;
    const profile = () =>
      loadProfile(
        tpp.dir,
        profileFor(url, (p) => (p.admin = { url: `${url}/admin`, token: ADMIN_TOKEN })),
      );
    const atRealTime = lineOf(await runDoctor(await profile()), 'bank-clock');
    expect(atRealTime.status, atRealTime.detail).toBe('PASS');
    expect(atRealTime.detail).toMatch(/: 0 min (ahead of|behind) real time$/);

    clock.advance(400 * 86_400_000);
    const ahead = lineOf(await runDoctor(await profile()), 'bank-clock');
    expect(ahead.status).toBe('WARN');
    expect(ahead.detail).toMatch(/400 d 0 h ahead of real time/);
    expect(ahead.detail).toMatch(/past the QSealC's notAfter .*: the bank refuses it/);
    expect(ahead.fix).toContain(`POST ${url}/admin/clock`);
  });
});
