/**
 * §5.2.7 by URL, as a user sets it up (docs/targets.md): `workbench bank --sign-responses
 * --response-cert-out F --json`, a profile from `workbench target init --bank-json`, then
 * `workbench run`. The profile pins the signer the bank's line names, so a proxy between the TPP
 * and the bank that re-signs every answer with a certificate of its own (Digest, Signature and
 * ASPSP-Signature-Certificate, as §5.2.7 signs) makes SIGN-RESPONSE-SIGNATURE-VERIFIES FAIL; the
 * bank reached directly makes it PASS.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createResponseSigner,
  generateResponseCertificate,
  type ResponseSigner,
} from '../../../main/core/bank/answers/response-signing.js';
import { runCli } from '../../../main/hosts/cli/index.js';
import type { RunResult } from '../../../main/shared/run-result.js';
import { captureCliIo } from '../../support/cli-capture.js';

const CHECK = 'SIGN-RESPONSE-SIGNATURE-VERIFIES';
const dir = mkdtempSync(join(tmpdir(), 'bank-signer-'));
const never = () => new Promise<string>(() => undefined);
let stopBank!: (signal: string) => void;
let bankExit: Promise<number>;
let bankUrl: string;
let proxy: Server;
let proxyUrl: string;
let foreign: ResponseSigner;

/** The bank's JSON line, once `workbench bank --json` has printed it. */
async function bankLine(stdout: string[]): Promise<string> {
  for (;;) {
    const line = stdout.find((l) => l.startsWith('{'));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  const certs = join(dir, 'certs');
  expect(await runCli(['certs', 'create', '--out', certs], captureCliIo(never))).toBe(0);
  const bankIo = captureCliIo(() => new Promise<string>((resolve) => (stopBank = resolve)));
  const seal = join(dir, 'bank-seal.pem');
  bankExit = runCli(
    // --allow-host: the re-signing proxy in front sends its own Host (127.0.0.1 with its port).
    [
      'bank',
      '--mode',
      'sandbox',
      '--sign-responses',
      '--response-cert-out',
      seal,
      '--json',
      '--allow-host',
      '127.0.0.1',
    ],
    bankIo,
  );
  const line = await bankLine(bankIo.stdout);
  bankUrl = (JSON.parse(line) as { url: string }).url;
  writeFileSync(join(dir, 'bank.json'), line + '\n');
  const init = captureCliIo(never);
  const code = await runCli(
    [
      'target',
      'init',
      '--bank-json',
      join(dir, 'bank.json'),
      '--certs',
      certs,
      '--out',
      join(dir, 'profile.json'),
    ],
    init,
  );
  expect(init.stderr).toEqual([]);
  expect(code).toBe(0);

  const other = await generateResponseCertificate();
  foreign = createResponseSigner({ certificate: other.certificatePem, key: other.key });
  // Between the TPP and the bank: forwards each request, re-signs each answer with its own seal.
  proxy = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      `${bankUrl}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
          const sent = foreign({
            status: answer.statusCode!,
            headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
          outgoing.writeHead(sent.status, sent.headers).end(sent.body);
        });
      },
    );
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 120_000);

const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  stopBank?.('SIGTERM');
  await bankExit;
});

/** `workbench run` of the one check on the profile, its baseUrl set to `url`. */
async function runCheck(url: string, name: string) {
  const profile = JSON.parse(readFileSync(join(dir, 'profile.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ ...profile, baseUrl: url }));
  const out = join(dir, name);
  await runCli(
    ['run', '--target-file', file, '--grep', CHECK, '--reporter', 'json', '--out', out],
    captureCliIo(never),
  );
  const result = JSON.parse(readFileSync(join(out, 'run-result.json'), 'utf8')) as RunResult;
  return result.checks.find((check) => check.checkId === CHECK)!;
}

describe('target init --bank-json pins the bank’s response signer', () => {
  it('writes the certificate the bank line names as bankSigningCert', () => {
    const profile = JSON.parse(readFileSync(join(dir, 'profile.json'), 'utf8')) as {
      bankSigningCert?: string;
    };
    expect(profile.bankSigningCert).toBe('bank-seal.pem');
  });

  it(`${CHECK} PASSES on the bank itself`, async () => {
    const check = await runCheck(bankUrl, 'direct');
    expect(check.status, check.failure?.message ?? check.skipReason).toBe('PASS');
  });

  it(`${CHECK} FAILS through a proxy that re-signs every answer with a foreign certificate`, async () => {
    const check = await runCheck(proxyUrl, 'proxied');
    expect(check.status, check.skipReason).toBe('FAIL');
    expect(check.failure?.message).toContain('the signature verifies but signed by');
  });
});
