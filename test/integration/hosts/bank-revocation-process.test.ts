/**
 * Revocation as a TPP's CI exercises it, every step a process of the built CLI (bin/workbench.js):
 * `certs create --revocation-url` with the port the bank will take, `bank --mode production --crl`,
 * the CRL fetched from the URL in the QSealC's CRL Distribution Points, `certs revoke` against the
 * running bank, and the next signed request refused 403 naming the revocation; over mTLS the same
 * for a revoked QWAC. On 127.0.0.1.
 */
import { execFile, execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCrl } from '../../../main/core/certs/crl';
import { signRequest } from '../../../main/core/tpp/signer';
import { killStartedBanks, startBank, type Started } from './workbench-bank';

const BIN = 'bin/workbench.js';
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bank-revocation-'));
const file = (name: string) => join(dir, name);
let bank: Started;

/** A port free right now, for the URL that goes into the certificates before the bank starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  if (!existsSync('out/main/cli.js'))
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  const port = await freePort();
  await run(process.execPath, [
    BIN,
    'certs',
    'create',
    '--out',
    dir,
    '--revocation-url',
    `http://127.0.0.1:${port}`,
  ]);
  bank = await startBank(process.execPath, [
    BIN,
    'bank',
    '--mode',
    'production',
    '--port',
    String(port),
    '--trust-ca',
    file('ca-chain.pem'),
    '--crl',
    file('ca-intermediate.crl'),
    '--registry',
    file('registry.json'),
    '--json',
  ]);
}, 120_000);

afterAll(() => {
  killStartedBanks();
  rmSync(dir, { recursive: true, force: true });
});

/** The URL in the QSealC's CRL Distribution Points, as OpenSSL reads it. */
function crlUrlOf(certificate: string): string {
  const text = execFileSync(
    'openssl',
    ['x509', '-in', certificate, '-noout', '-ext', 'crlDistributionPoints'],
    {
      encoding: 'utf8',
    },
  );
  return /URI:(\S+)/.exec(text)![1]!;
}

async function fetchBytes(url: string) {
  const response = await request(url);
  return {
    status: response.statusCode,
    type: response.headers['content-type'],
    bytes: Buffer.from(await response.body.arrayBuffer()),
  };
}

/** A signed production AIS request (no consent: 401 once it passes the stages). */
async function send(
  options: { base?: string; seal?: string; dispatcher?: Agent } = {},
): Promise<{ status: number; message: { code: string; text: string } | undefined }> {
  const seal = options.seal ?? 'qsealc';
  const url = `${options.base ?? bank.line.url}/v1/card-accounts/card-1/transactions?bookingStatus=booked`;
  const signed = signRequest({
    method: 'GET',
    url,
    headers: {
      'X-Request-ID': crypto.randomUUID(),
      'X-PSU-IDENTITY': '15038512363',
      'x-accept-fix': 'amount-as-string',
      'TPP-Session-ID': 'session-1',
      'TPP-Redirect-URI': 'https://tpp.example/callback',
      'PSU-IP-Address': '192.0.2.10',
    },
    certificate: new X509Certificate(readFileSync(file(`${seal}.pem`))).raw,
    signingKey: createPrivateKey(readFileSync(file(`${seal}.key.pem`))),
  });
  const response = await request(url, {
    headers: signed.headers,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const body = (await response.body.json()) as { tppMessages: { code: string; text: string }[] };
  return { status: response.statusCode, message: body.tppMessages?.[0] };
}

describe('certs create --revocation-url → bank --crl → certs revoke', () => {
  it('the bank serves the CA certificate and the CRL at the URLs written into the QSealC', async () => {
    const qsealc = new X509Certificate(readFileSync(file('qsealc.pem')));
    const crlUrl = crlUrlOf(file('qsealc.pem'));
    expect(crlUrl).toBe(`${bank.line.url}/pki/psd2-workbench-test-issuing-ca.crl`);
    // The --json line lists what the bank publishes (only with --crl).
    expect((bank.line as unknown as { pki: string[] }).pki).toEqual([
      `${bank.line.url}/pki/psd2-workbench-test-issuing-ca.crt`,
      crlUrl,
      `${bank.line.url}/pki/psd2-workbench-test-root-ca.crt`,
    ]);
    const crl = await fetchBytes(crlUrl);
    expect(crl.status).toBe(200);
    expect(crl.type).toBe('application/pkix-crl');
    expect(crl.bytes.equals(readFileSync(file('ca-intermediate.crl')))).toBe(true);
    const caUrl = /CA Issuers - URI:(\S+)/.exec(qsealc.infoAccess ?? '')![1]!;
    const ca = await fetchBytes(caUrl);
    expect(ca.type).toBe('application/pkix-cert');
    expect(
      ca.bytes.equals(new X509Certificate(readFileSync(file('ca-intermediate.pem'))).raw),
    ).toBe(true);
    expect(qsealc.checkIssued(new X509Certificate(ca.bytes))).toBe(true);
  });

  it('accepts the QSealC, then refuses it once certs revoke put it on the CRL, without a restart', async () => {
    const before = await send();
    expect(before.status, before.message?.text).toBe(401);
    expect(before.message?.code).toBe('CONSENT_INVALID');

    const revoked = await run(process.execPath, [
      BIN,
      'certs',
      'revoke',
      '--dir',
      dir,
      '--cert',
      file('qsealc.pem'),
      '--reason',
      'keyCompromise',
    ]);
    const serial = new X509Certificate(readFileSync(file('qsealc.pem'))).serialNumber;
    expect(revoked.stdout).toContain(`Revoked serial ${serial} (keyCompromise)`);

    // What a TPP's toolchain sees at the URL in its certificate: the serial, on CRL number 2.
    const fetched = readCrl((await fetchBytes(crlUrlOf(file('qsealc.pem')))).bytes);
    expect(fetched.crlNumber).toBe(2n);
    expect(fetched.revoked.map((entry) => entry.serialNumber)).toEqual([serial]);

    const after = await send();
    expect(after.status).toBe(403);
    expect(after.message?.code).toBe('FORBIDDEN');
    expect(after.message?.text).toMatch(
      new RegExp(`certificate serial ${serial} is revoked: on the CRL of .* reason keyCompromise`),
    );
    // stderr is a pipe of its own: the line may arrive after the answer.
    const readAgain = /CRL .*ca-intermediate\.crl read again: CRL number 2, 1 revoked/;
    for (let waited = 0; !readAgain.test(bank.stderr()) && waited < 5000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bank.stderr()).toMatch(readAgain);
  });

  it('over mTLS, a revoked QWAC is refused 403 naming the QWAC', async () => {
    const mtls = await startBank(process.execPath, [
      BIN,
      'bank',
      '--mode',
      'production',
      '--mtls',
      '--tls-cert',
      file('bank-tls.pem'),
      '--tls-key',
      file('bank-tls.key.pem'),
      '--trust-ca',
      file('ca-chain.pem'),
      '--crl',
      file('ca-intermediate.crl'),
      '--registry',
      file('registry.json'),
      '--json',
    ]);
    const dispatcher = new Agent({
      connect: {
        ca: readFileSync(file('ca-root.pem')),
        cert: readFileSync(file('qwac.pem')),
        key: readFileSync(file('qwac.key.pem')),
      },
    });
    try {
      // Signed with the AISP-only seal: qsealc.pem is revoked by now.
      const through = { base: mtls.line.url, seal: 'aisp-qsealc', dispatcher };
      expect((await send(through)).status).toBe(401);
      await run(process.execPath, [
        BIN,
        'certs',
        'revoke',
        '--dir',
        dir,
        '--cert',
        file('qwac.pem'),
      ]);
      const serial = new X509Certificate(readFileSync(file('qwac.pem'))).serialNumber;
      const refused = await send(through);
      expect(refused.status).toBe(403);
      expect(refused.message?.text).toContain(
        `the TLS client certificate (QWAC) serial ${serial} is revoked: on the CRL of`,
      );
    } finally {
      await dispatcher.close();
      mtls.child.kill('SIGTERM');
      await mtls.exit;
    }
  });

  it('stops on SIGTERM with exit 0', async () => {
    bank.child.kill('SIGTERM');
    expect(await bank.exit).toEqual({ code: 0, signal: null });
  });
});
