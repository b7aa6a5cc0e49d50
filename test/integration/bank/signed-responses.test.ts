/**
 * §5.2.7 signed responses: a bank with a response signer signs every answer so
 * that a verifier written here on node:crypto alone (not the workbench's) accepts it — Digest
 * over the exact body, keyId naming the bank's certificate (§5.2.3), RSA-SHA256 over the §5.2(5)
 * signing string — and `workbench request` names a tampered answer and exits 1.
 */
import { X509Certificate, createHash, verify } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import {
  createResponseSigner,
  generateResponseCertificate,
  type GeneratedResponseCertificate,
} from '../../../main/core/bank/answers/response-signing.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { requestCommand } from '../../../main/hosts/cli/request-command.js';

let bank: Bank;
let url: string;
let seal: GeneratedResponseCertificate;
let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  seal = await generateResponseCertificate();
  bank = createBank({
    mode: 'sandbox',
    clock: new VirtualClock(),
    signResponse: createResponseSigner({ certificate: seal.certificatePem, key: seal.key }),
  });
  // The proxy in front of the bank sends its own Host (127.0.0.1 with its port): allowed, as
  // `workbench bank --allow-host` does for a bank behind a proxy.
  url = (await bank.listen({ allowedHosts: ['127.0.0.1'] })).url;
  // A man in the middle that changes one character of every body and keeps the headers.
  proxy = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      `${url}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8').replace('"ok"', '"OK"');
          outgoing.writeHead(answer.statusCode!, answer.headers);
          outgoing.end(body);
        });
      },
    );
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await bank?.close();
  await new Promise((resolve) => proxy?.close(resolve));
});

/** The Signature header's `key="value"` parts (§5.2(3)). */
function parts(signature: string): Record<string, string> {
  return Object.fromEntries(
    [...signature.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
  );
}

/** RFC 2253 attribute values of a node:crypto multi-line name, e.g. `C=NO\nO=…\nCN=…`. */
const values = (name: string) =>
  name
    .split('\n')
    .map((rdn) => rdn.slice(rdn.indexOf('=') + 1))
    .sort();

describe('signed responses (§5.2.7)', () => {
  it('verify with a verifier built on node:crypto alone', async () => {
    const response = await fetch(`${url}/health`, { headers: { 'x-request-id': 'r-1' } });
    const body = Buffer.from(await response.arrayBuffer());
    const header = (name: string) => response.headers.get(name) ?? '';

    expect(header('digest')).toBe(`SHA-256=${createHash('sha256').update(body).digest('base64')}`);
    const certificate = new X509Certificate(
      Buffer.from(header('aspsp-signature-certificate'), 'base64'),
    );
    expect(certificate.toString()).toBe(new X509Certificate(seal.certificatePem).toString());

    const signature = parts(header('signature'));
    expect(signature.algorithm).toBe('rsa-sha256');
    expect(signature.headers).toBe('digest x-request-id');
    const keyId = /^SN=([0-9A-F]+),CA=(.+)$/.exec(signature.keyId!)!;
    expect(keyId[1]).toBe(certificate.serialNumber.toUpperCase());
    expect(
      keyId[2]!
        .split(',')
        .map((rdn) => rdn.slice(rdn.indexOf('=') + 1))
        .sort(),
    ).toEqual(values(certificate.issuer));

    const signingString = signature
      .headers!.split(' ')
      .map((name) => `${name}: ${header(name)}`)
      .join('\n');
    expect(signingString).toBe(`digest: ${header('digest')}\nx-request-id: r-1`);
    expect(
      verify(
        'sha256',
        Buffer.from(signingString),
        certificate.publicKey,
        Buffer.from(signature.signature!, 'base64'),
      ),
    ).toBe(true);
    // The same verifier refuses another body: the check above can fail.
    expect(createHash('sha256').update('{"status":"OK"}').digest('base64')).not.toBe(
      header('digest').slice('SHA-256='.length),
    );
  });

  it('signs refusals too', async () => {
    const response = await fetch(`${url}/v1/accounts`);
    expect(response.status).toBe(400);
    expect(response.headers.get('signature')).toMatch(/headers="digest"/);
  });

  async function request(target: string) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await requestCommand.run(['GET', target, '--no-sign'], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      stopRequested: () => new Promise(() => {}),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('workbench request accepts the bank’s own answer (its signer trusted only when named)', async () => {
    const direct = await request(`${url}/health`);
    expect(direct.code).toBe(0);
    expect(direct.out).toContain('"ok"');
    // Without --bank-cert or --bank-ca (test/integration/tpp/response-signature-trust.test.ts).
    expect(direct.err).toContain('signature verifies, signer not trusted');
  });

  it('workbench request names a tampered answer and exits 1', async () => {
    const tampered = await request(`${proxyUrl}/health`);
    expect(tampered.out).toContain('"OK"');
    expect(tampered.code).toBe(1);
    expect(tampered.err).toMatch(
      /workbench request: the response signature is invalid \(§5\.2\.7\): Digest: .*/,
    );
  });

  it('refuses a key that is not the certificate’s', async () => {
    const other = await generateResponseCertificate();
    expect(() =>
      createResponseSigner({ certificate: seal.certificatePem, key: other.key }),
    ).toThrow(/does not belong to the certificate/);
  });
});
