/**
 * `workbench target init --bank-json` and the bank's response signer (§5.2.7): the certificate
 * the line names (`signsResponses.certFile`) is pinned as bankSigningCert, relative to the
 * profile; a bank that signs with a certificate it wrote nowhere leaves nothing to pin, and init
 * says so and how to give it one.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../main/hosts/cli/index.js';
import { captureCliIo } from '../../support/cli-capture.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'init-signer-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function init(signsResponses: { certFile: string | null }) {
  const line = join(dir, 'bank.json');
  await writeFile(
    line,
    JSON.stringify({ url: 'http://127.0.0.1:4242', mode: 'sandbox', signsResponses }) + '\n',
  );
  const io = captureCliIo(() => new Promise(() => undefined));
  const out = join(dir, 'profiles', 'bank.json');
  const code = await runCli(
    ['target', 'init', '--bank-json', line, '--certs', join(dir, 'certs'), '--out', out],
    io,
  );
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
  const profile = JSON.parse(await readFile(out, 'utf8')) as { bankSigningCert?: string };
  return { profile, stdout: io.stdout.join('\n') };
}

describe('target init --bank-json: the response signer', () => {
  it('pins the certificate the bank line names, relative to the profile', async () => {
    const { profile, stdout } = await init({ certFile: join(dir, 'bank-seal.pem') });
    expect(profile.bankSigningCert).toBe('../bank-seal.pem');
    expect(stdout).toContain('its certificate is pinned (bankSigningCert)');
  });

  it('says so when the bank signs with a certificate it did not write', async () => {
    const { profile, stdout } = await init({ certFile: null });
    expect(profile.bankSigningCert).toBeUndefined();
    expect(stdout).toContain('no signer is pinned');
    expect(stdout).toContain('--response-cert-out FILE');
  });
});
