/**
 * Revocation the TPP can exercise: a production bank
 * with its CA's CRL accepts a good certificate, and once `workbench certs revoke` (the CLI's own
 * code, in-process) put it on the CRL, the next request is 403 FORBIDDEN naming the revocation,
 * without a restart. A sandbox bank with the same CRL checks the signature only. The /pki/ URLs
 * answer the CRL and the CA certificates byte for byte.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RevocationLists,
  TppRegistry,
  TrustStore,
  createBank,
  type Bank,
  type BankListener,
} from '../../../main/core/bank/index.js';
import { initialCrl } from '../../../main/core/certs/crl.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { runCli } from '../../../main/hosts/cli/index.js';
import type { CliIo } from '../../../main/hosts/cli/io.js';
import { signRequest } from '../../../main/core/tpp/signer.js';
import type { IssuedCertificate } from '../../../main/core/certs/issue.js';
import { ORGANIZATION_ID, aisHeaders, createPki, type Pki } from '../../unit/bank/fixtures.js';

const CA = 'psd2-workbench-test-issuing-ca';
const ROOT = 'psd2-workbench-test-root-ca';
const PATH = '/v1/card-accounts/card-1/transactions?bookingStatus=booked';
const dir = mkdtempSync(join(tmpdir(), 'wb-revocation-'));
const crlFile = join(dir, 'ca-intermediate.crl');
const logged: string[] = [];
let pki: Pki;
let good: IssuedCertificate;
let production: Bank;
let sandbox: Bank;
let productionUrl: string;
let sandboxUrl: string;

beforeAll(async () => {
  pki = await createPki();
  good = await pki.issueSeal();
  // The files `workbench certs create` writes for the issuing CA, and the seal to revoke.
  writeFileSync(join(dir, 'ca-intermediate.pem'), pki.ca.intermediate.certificatePem);
  writeFileSync(
    join(dir, 'ca-intermediate.key.pem'),
    pki.ca.issuer.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  );
  writeFileSync(crlFile, initialCrl(pki.ca.issuer));
  writeFileSync(join(dir, 'qsealc.pem'), pki.seal.certificatePem);
  const trustStore = new TrustStore([pki.ca.chainPem]);
  const revocation = new RevocationLists({ trustStore, log: (line) => logged.push(line) });
  revocation.addFile(crlFile);
  const registry = new TppRegistry([
    { organizationIdentifier: ORGANIZATION_ID, name: 'Example TPP AS', roles: ['AISP'] },
  ]);
  production = createBank({
    mode: 'production',
    clock: new VirtualClock(),
    trustStore,
    registry,
    revocation,
  });
  sandbox = createBank({ mode: 'sandbox', clock: new VirtualClock(), trustStore, revocation });
  const listeners: BankListener[] = await Promise.all([production.listen(), sandbox.listen()]);
  [productionUrl, sandboxUrl] = listeners.map((listener) => listener.url) as [string, string];
});

afterAll(async () => {
  await Promise.all([production.close(), sandbox.close()]);
  rmSync(dir, { recursive: true, force: true });
});

async function send(baseUrl: string, certificate: IssuedCertificate) {
  const url = `${baseUrl}${PATH}`;
  const signed = signRequest({
    method: 'GET',
    url,
    headers: aisHeaders(),
    certificate: certificate.certificateDer,
    signingKey: certificate.privateKey,
  });
  const response = await request(url, { method: 'GET', headers: signed.headers });
  const body = (await response.body.json()) as { tppMessages: { code: string; text: string }[] };
  return { status: response.statusCode, message: body.tppMessages?.[0] };
}

async function fetchPki(baseUrl: string, path: string, method: 'GET' | 'POST' = 'GET') {
  const response = await request(`${baseUrl}${path}`, { method });
  return {
    status: response.statusCode,
    type: response.headers['content-type'],
    bytes: Buffer.from(await response.body.arrayBuffer()),
  };
}

async function revoke(file: string, reason?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    stopRequested: () => new Promise(() => undefined),
  };
  const code = await runCli(
    ['certs', 'revoke', '--dir', dir, '--cert', file, ...(reason ? ['--reason', reason] : [])],
    io,
  );
  expect(err).toEqual([]);
  expect(code).toBe(0);
}

describe('revocation in production', () => {
  it('accepts the good certificate, then refuses it once certs revoke put it on the CRL', async () => {
    const before = await send(productionUrl, pki.seal);
    expect(before.status).toBe(401); // reached the handler: no consent yet
    expect(before.message?.code).toBe('CONSENT_INVALID');

    await revoke(join(dir, 'qsealc.pem'), 'keyCompromise');
    const after = await send(productionUrl, pki.seal);
    expect(after.status).toBe(403);
    expect(after.message?.code).toBe('FORBIDDEN');
    expect(after.message?.text).toMatch(
      new RegExp(
        `certificate serial ${pki.seal.serialNumber} is revoked: on the CRL of '.*CN=PSD2 Workbench Test Issuing CA' \\(CRL number 2\\) since .*, reason keyCompromise`,
      ),
    );
    expect(production.requestLog.entries().at(-1)!.rejectedBy).toEqual({
      stage: 'certificate',
      rule: 'certificate.revoked',
    });
    expect(logged.at(-1)).toMatch(/read again: CRL number 2, 1 revoked/);
    // Another certificate of the same CA and TPP still passes.
    expect((await send(productionUrl, good)).status).toBe(401);
  });

  it('sandbox mode checks the signature only: the revoked certificate still passes', async () => {
    const response = await send(sandboxUrl, pki.seal);
    expect(response.status).not.toBe(403);
    expect(response.message?.code).not.toBe('FORBIDDEN');
  });

  it('a revoked QWAC (mTLS client certificate) is refused as well, naming the QWAC', async () => {
    const qwac = await pki.issueSeal(); // any certificate of the CA stands for the QWAC here
    writeFileSync(join(dir, 'qwac.pem'), qwac.certificatePem);
    await revoke(join(dir, 'qwac.pem'));
    const signed = signRequest({
      method: 'GET',
      url: `http://bank.example${PATH}`,
      headers: aisHeaders(),
      certificate: good.certificateDer,
      signingKey: good.privateKey,
    });
    const response = await production.handle({
      method: 'GET',
      target: PATH,
      headers: Object.fromEntries(
        Object.entries(signed.headers).map(([name, value]) => [name.toLowerCase(), value]),
      ),
      body: Buffer.alloc(0),
      clientCertificate: qwac.certificateDer,
    });
    expect(response.status).toBe(403);
    expect(response.body).toContain(
      `the TLS client certificate (QWAC) serial ${qwac.serialNumber} is revoked`,
    );
  });

  it('a changed CRL file that cannot be used leaves the one read before in force, said once', async () => {
    const kept = readFileSync(crlFile);
    writeFileSync(crlFile, 'not a CRL');
    try {
      expect((await send(productionUrl, pki.seal)).status).toBe(403);
      expect((await send(productionUrl, pki.seal)).status).toBe(403);
      const refusals = logged.filter((line) => line.includes('cannot be used'));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatch(
        /ca-intermediate\.crl changed but cannot be used .*stays in force/,
      );
      // A CRL of a CA outside the trust store is refused the same way.
      writeFileSync(crlFile, initialCrl((await pki.otherCa()).issuer));
      expect((await send(productionUrl, pki.seal)).status).toBe(403);
      expect(logged.at(-1)).toMatch(/not signed by a CA in the bank's trust store/);
    } finally {
      writeFileSync(crlFile, kept);
    }
  });
});

describe('GET /pki/ (both modes, no signature)', () => {
  it('answers the CRL and the CA certificates byte for byte with their media types', async () => {
    for (const url of [productionUrl, sandboxUrl]) {
      const crl = await fetchPki(url, `/pki/${CA}.crl`);
      expect(crl.status).toBe(200);
      expect(crl.type).toBe('application/pkix-crl');
      expect(crl.bytes.equals(readFileSync(crlFile))).toBe(true);
      const ca = await fetchPki(url, `/pki/${CA}.crt`);
      expect(ca.type).toBe('application/pkix-cert');
      expect(ca.bytes.equals(pki.ca.intermediate.certificateDer)).toBe(true);
      const root = await fetchPki(url, `/pki/${ROOT}.crt`);
      expect(root.bytes.equals(pki.ca.root.certificateDer)).toBe(true);
    }
  });

  it('a path that names nothing is 404 listing what is published; POST is 405', async () => {
    const missing = await fetchPki(productionUrl, `/pki/${ROOT}.crl`);
    expect(missing.status).toBe(404);
    const text = missing.bytes.toString();
    expect(text).toContain(`nothing is published at /pki/${ROOT}.crl`);
    expect(text).toContain(`/pki/${CA}.crt, /pki/${CA}.crl, /pki/${ROOT}.crt`);
    expect((await fetchPki(productionUrl, '/pki/../etc/passwd')).status).toBe(404);
    expect((await fetchPki(productionUrl, `/pki/${CA}.crl`, 'POST')).status).toBe(405);
  });
});
