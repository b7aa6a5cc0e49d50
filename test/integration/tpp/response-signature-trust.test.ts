/**
 * §5.2.7 response signatures judged by a trusted certificate. A man in the
 * middle (a loopback proxy in front of a signing bank) replaces each answer's body and re-signs it
 * with a certificate of its own, CN=rogue, sent along in ASPSP-Signature-Certificate — a signature
 * that verifies. `workbench request --bank-cert` exits 1 naming both certificates, and
 * SIGN-RESPONSE-SIGNATURE-VERIFIES FAILS when the target names the bank's certificate or CA. The
 * check SKIPS when nothing is signed (the proxy strips the signatures; a bank that answers every
 * request 200 `{}`) and when no trust anchor is named; it PASSES only on the bank's own signature.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import {
  createResponseSigner,
  generateResponseCertificate,
  type GeneratedResponseCertificate,
  type ResponseSigner,
} from '../../../main/core/bank/answers/response-signing.js';
import { createTestCa, issueQsealc } from '../../../main/core/certs/index.js';
import { readSigningCertificate } from '../../../main/core/signature/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { requestCommand } from '../../../main/hosts/cli/request-command.js';
import { runChecks } from '../../../main/core/runner/index.js';
import { externalTarget } from '../../../main/core/runner/targets/external-target.js';
import {
  createTppIdentity,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target.js';
import type { ResponseSignatureTrust } from '../../../main/core/tpp/response-signature.js';
import { CHECKS } from '../../../suites/index.js';

const CHECK = CHECKS.find((c) => c.id === 'SIGN-RESPONSE-SIGNATURE-VERIFIES')!;

let bank: Bank;
let bankUrl: string;
let seal: GeneratedResponseCertificate;
let rogueSigner: ResponseSigner;
let rogueFingerprint: string;
let sealFingerprint: string;
let identity: TppIdentity;
let dir: string;
const servers: Server[] = [];
/** What the proxy does to each answer. */
let mode: 'resign' | 'resign-errors' | 'strip' | 'pass' = 'resign';

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let proxyUrl: string;
let emptyUrl: string;

beforeAll(async () => {
  seal = await generateResponseCertificate();
  identity = await createTppIdentity();
  bank = createBank({
    mode: 'sandbox',
    clock: new VirtualClock(),
    signResponse: createResponseSigner({ certificate: seal.certificatePem, key: seal.key }),
  });
  // The proxy in front of the bank sends its own Host (127.0.0.1 with its port): allowed, as
  // `workbench bank --allow-host` does for a bank behind a proxy.
  bankUrl = (await bank.listen({ allowedHosts: ['127.0.0.1'] })).url;

  const rogueCa = await createTestCa();
  const rogue = await issueQsealc({
    issuer: rogueCa.issuer,
    subject: {
      commonName: 'rogue',
      organizationName: 'rogue',
      countryName: 'NO',
      organizationIdentifier: 'PSDNO-FSA-ROGUE',
    },
    roles: ['PSP_AS'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
  rogueSigner = createResponseSigner({ certificate: rogue.certificatePem, key: rogue.privateKey });
  rogueFingerprint = readSigningCertificate(rogue.certificateDer).x509.fingerprint256;
  sealFingerprint = readSigningCertificate(seal.certificatePem).x509.fingerprint256;

  // The man in the middle: forwards to the bank, then changes the body and re-signs it (or strips
  // the signature, or passes the answer on as it is).
  proxyUrl = await listen(
    createServer((incoming, outgoing) => {
      const forward = httpRequest(
        `${bankUrl}${incoming.url}`,
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(answer.headers))
              if (typeof value === 'string') headers[name] = value;
            delete headers['content-length'];
            delete headers['transfer-encoding'];
            delete headers['connection'];
            delete headers['keep-alive'];
            // Only the refusals re-signed (their bodies unchanged): a signer that changes.
            const rogueOnly = mode === 'resign-errors' && answer.statusCode! >= 400;
            if (mode === 'resign-errors' && !rogueOnly) {
              outgoing.writeHead(answer.statusCode!, headers);
              outgoing.end(body);
              return;
            }
            if (rogueOnly) {
              const sent = rogueSigner({ status: answer.statusCode!, headers, body });
              outgoing.writeHead(sent.status, sent.headers);
              outgoing.end(sent.body);
              return;
            }
            if (mode !== 'pass') {
              delete headers['signature'];
              delete headers['digest'];
              delete headers['aspsp-signature-certificate'];
            }
            const changed = mode === 'pass' ? body : `{"changedBy":"rogue","was":${body || '{}'}}`;
            const sent =
              mode === 'resign'
                ? rogueSigner({ status: answer.statusCode!, headers, body: changed })
                : { status: answer.statusCode!, headers, body: changed };
            outgoing.writeHead(sent.status, sent.headers);
            outgoing.end(sent.body);
          });
        },
      );
      incoming.pipe(forward);
    }),
  );
  // A bank that implements no rule: every request 200 `{}`, nothing signed.
  emptyUrl = await listen(
    createServer((_incoming, outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end('{}');
    }),
  );
  dir = await mkdtemp(join(tmpdir(), 'respsig-'));
  await writeFile(join(dir, 'bank-seal.pem'), seal.certificatePem);
  await writeFile(join(dir, 'bank-ca.pem'), seal.caPem);
}, 60_000);

afterAll(async () => {
  await bank?.close();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function request(target: string, ...flags: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await requestCommand.run(['GET', target, '--no-sign', ...flags], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    stopRequested: () => new Promise(() => {}),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('workbench request judges the signer of a response', () => {
  it('exits 1 on an answer re-signed by another certificate, naming both', async () => {
    mode = 'resign';
    for (const flag of ['--bank-cert', '--bank-ca']) {
      const file = join(dir, flag === '--bank-cert' ? 'bank-seal.pem' : 'bank-ca.pem');
      const result = await request(`${proxyUrl}/health`, flag, file);
      expect(result.out).toContain('changedBy');
      expect(result.code, `${flag}: ${result.err}`).toBe(1);
      expect(result.err).toContain('the response signature is invalid');
      expect(result.err).toContain('CN=rogue');
      expect(result.err).toContain(rogueFingerprint);
      // The certificate it should have been: the bank's seal, or its CA.
      expect(result.err).toMatch(/PSD2 Workbench bank|CA/);
      if (flag === '--bank-cert') expect(result.err).toContain(sealFingerprint);
    }
  });

  it('without a trust anchor says the signature verifies but its signer is not trusted', async () => {
    mode = 'resign';
    const result = await request(`${proxyUrl}/health`);
    expect(result.code).toBe(0);
    expect(result.err).toContain('signature verifies, signer not trusted');
    expect(result.err).toContain('CN=rogue');
  });

  it('accepts the bank’s own answer, signed by the named certificate', async () => {
    mode = 'pass';
    for (const [flag, file] of [
      ['--bank-cert', 'bank-seal.pem'],
      ['--bank-ca', 'bank-ca.pem'],
    ] as const) {
      const result = await request(`${proxyUrl}/health`, flag, join(dir, file));
      expect(result).toMatchObject({ code: 0, err: '' });
    }
  });
});

async function runCheck(baseUrl: string, bankSigning?: ResponseSignatureTrust) {
  const target = externalTarget({
    baseUrl,
    mode: 'sandbox',
    signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
    ...(bankSigning ? { bankSigning } : {}),
  });
  try {
    const result = await runChecks({
      checks: [CHECK],
      target: target.info,
      createEnvironment: (_check, signal) => target.createEnvironment(signal),
      logger: { error: () => {} },
    });
    return result.checks[0]!;
  } finally {
    await target.close();
  }
}

describe('SIGN-RESPONSE-SIGNATURE-VERIFIES', () => {
  const trusted = () => ({ certificates: [seal.certificatePem] });

  it('FAILS on answers re-signed by another certificate, naming both', async () => {
    mode = 'resign';
    for (const trust of [trusted(), { cas: [seal.caPem] }]) {
      const result = await runCheck(proxyUrl, trust);
      expect(result.status).toBe('FAIL');
      expect(result.failure?.message).toContain('CN=rogue');
      expect(result.failure?.message).toContain(rogueFingerprint);
    }
  });

  it('WARNS, naming the fix, when the signature verifies but no trust anchor is named', async () => {
    mode = 'resign';
    const result = await runCheck(proxyUrl);
    expect(result.status).toBe('WARNING');
    expect(result.warnings.join('\n')).toContain('signature verifies, signer not trusted');
    expect(result.warnings.join('\n')).toContain('bankSigningCert');
  });

  it('FAILS without a trust anchor when the signer changes during the run', async () => {
    // The error answers re-signed by the proxy, the others the bank's own: two signers.
    mode = 'resign-errors';
    const result = await runCheck(proxyUrl);
    expect(result.status).toBe('FAIL');
    expect(result.failure?.message).toContain('the signer changed during the run');
    expect(result.failure?.message).toContain('CN=rogue');
  });

  it('SKIPS when the bank signs nothing', async () => {
    mode = 'strip';
    for (const url of [proxyUrl, emptyUrl]) {
      const result = await runCheck(url, trusted());
      expect(result.status, url).toBe('SKIPPED');
      expect(result.skipReason).toMatch(/signed none of its answers/);
    }
  });

  it('PASSES on the bank’s own signatures', async () => {
    mode = 'pass';
    const result = await runCheck(proxyUrl, trusted());
    expect(result.status, result.failure?.message ?? result.skipReason).toBe('PASS');
  });
});
