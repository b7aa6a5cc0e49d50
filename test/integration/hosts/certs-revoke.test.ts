/**
 * `workbench certs create --revocation-url` and `workbench certs revoke`: the issuing CA's key
 * (0600) and first CRL are written, the TPP certificates point at the bank's /pki/ URLs, and a
 * revocation re-signs the CRL so that OpenSSL, the independent reader, refuses the revoked
 * certificate and still accepts the others. Bad input exits 2 naming what was wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../main/hosts/cli/index';
import { captureCliIo } from '../../support/cli-capture';
import { readCrl } from '../../../main/core/certs/crl';

const capture = () => captureCliIo(() => new Promise(() => undefined));

const BASE = 'http://127.0.0.1:8080';
const CA_NAME = 'psd2-workbench-test-issuing-ca';
const dir = mkdtempSync(join(tmpdir(), 'wb-certs-revoke-'));
const otherDir = mkdtempSync(join(tmpdir(), 'wb-certs-other-'));
const file = (name: string) => join(dir, name);

/** `openssl verify -crl_check` of one certificate against the CA chain and the CRL in `dir`. */
function verify(certificate: string): string {
  const result = spawnSync(
    'openssl',
    [
      'verify',
      '-crl_check',
      '-CRLfile',
      file('ca-intermediate.crl'),
      '-CAfile',
      file('ca-chain.pem'),
      certificate,
    ],
    { encoding: 'utf8' },
  );
  return result.stdout + result.stderr;
}

async function cli(args: string[]) {
  const io = capture();
  const code = await runCli(args, io);
  return { code, ...io };
}

beforeAll(async () => {
  const created = await cli(['certs', 'create', '--out', dir, '--revocation-url', BASE]);
  expect(created.stderr).toEqual([]);
  expect(created.code).toBe(0);
  expect((await cli(['certs', 'create', '--out', otherDir])).code).toBe(0);
}, 120_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(otherDir, { recursive: true, force: true });
});

describe('certs create', () => {
  it('writes the issuing CA key owner-only, and it is the key of ca-intermediate.pem', () => {
    expect(statSync(file('ca-intermediate.key.pem')).mode & 0o077).toBe(0);
    const ca = new X509Certificate(readFileSync(file('ca-intermediate.pem')));
    const key = readFileSync(file('ca-intermediate.key.pem'), 'utf8');
    expect(key).toContain('-----BEGIN PRIVATE KEY-----');
    expect(ca.checkPrivateKey(createPrivateKey(key))).toBe(true);
  });

  it('writes an empty CRL (DER) of the issuing CA that OpenSSL verifies with it', () => {
    const crl = readCrl(readFileSync(file('ca-intermediate.crl')));
    expect(crl.revoked).toEqual([]);
    expect(crl.crlNumber).toBe(1n);
    const check = spawnSync(
      'openssl',
      [
        'crl',
        '-inform',
        'DER',
        '-in',
        file('ca-intermediate.crl'),
        '-noout',
        '-CAfile',
        file('ca-chain.pem'),
      ],
      { encoding: 'utf8' },
    );
    expect(check.stderr).toContain('verify OK');
    expect(verify(file('qsealc.pem'))).toContain(': OK');
  });

  it('--revocation-url points AIA and CRL DP of the TPP certificates at the bank’s /pki/ paths', () => {
    for (const name of ['qwac.pem', 'qsealc.pem', 'aisp-qsealc.pem']) {
      const text = execFileSync('openssl', ['x509', '-in', file(name), '-noout', '-text'], {
        encoding: 'utf8',
      });
      expect(text, name).toContain(`CA Issuers - URI:${BASE}/pki/${CA_NAME}.crt`);
      expect(text, name).toMatch(
        new RegExp(`CRL Distribution Points:\\s+Full Name:\\s+URI:${BASE}/pki/${CA_NAME}\\.crl`),
      );
    }
  });

  it('--revocation-url with --crl-url, or a non-http URL, exits 2 naming the flag', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'wb-certs-bad-'));
    try {
      const both = await cli([
        'certs',
        'create',
        '--out',
        scratch,
        '--revocation-url',
        BASE,
        '--crl-url',
        'http://crl.example/x.crl',
      ]);
      expect(both.code).toBe(2);
      expect(both.stderr[0]).toMatch(/--revocation-url sets both the AIA and the CRL URL/);
      const ldap = await cli(['certs', 'create', '--out', scratch, '--revocation-url', 'ldap://x']);
      expect(ldap.code).toBe(2);
      expect(ldap.stderr[0]).toMatch(/--revocation-url: 'ldap:\/\/x' must be the http\(s\) URL/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('certs revoke', () => {
  it('puts the certificate on the CRL with its reason; OpenSSL then refuses it and accepts the others', async () => {
    const revoked = await cli([
      'certs',
      'revoke',
      '--dir',
      dir,
      '--cert',
      file('qsealc.pem'),
      '--reason',
      'keyCompromise',
    ]);
    expect(revoked.stderr).toEqual([]);
    expect(revoked.code).toBe(0);
    const serial = new X509Certificate(readFileSync(file('qsealc.pem'))).serialNumber;
    expect(revoked.stdout[0]).toContain(`Revoked serial ${serial} (keyCompromise)`);
    const crl = readCrl(readFileSync(file('ca-intermediate.crl')));
    expect(crl.crlNumber).toBe(2n);
    expect(crl.revoked).toMatchObject([{ serialNumber: serial, reason: 'keyCompromise' }]);
    expect(verify(file('qsealc.pem'))).toContain('certificate revoked');
    expect(verify(file('aisp-qsealc.pem'))).toContain(': OK');
    expect(statSync(file('ca-intermediate.crl')).mode & 0o777).toBe(0o644);

    const again = await cli(['certs', 'revoke', '--dir', dir, '--cert', file('qsealc.pem')]);
    expect(again.code).toBe(0);
    expect(again.stdout[0]).toMatch(/is on .* already .*the CRL is unchanged/);
    expect(readCrl(readFileSync(file('ca-intermediate.crl'))).crlNumber).toBe(2n);
  });

  it('refuses a certificate of another CA, naming both', async () => {
    const result = await cli([
      'certs',
      'revoke',
      '--dir',
      dir,
      '--cert',
      join(otherDir, 'qwac.pem'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr[0]).toMatch(
      /cannot revoke .*qwac\.pem: the certificate .* was not issued by the CA/,
    );
  });

  it('refuses an unknown reason, listing the reasons', async () => {
    const result = await cli([
      'certs',
      'revoke',
      '--dir',
      dir,
      '--cert',
      file('qwac.pem'),
      '--reason',
      'lostIt',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr[0]).toMatch(/--reason: 'lostIt' is not a CRL reason \(keyCompromise, /);
  });

  it('refuses a directory without the CA key, naming the file', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'wb-certs-nokey-'));
    try {
      for (const name of ['ca-intermediate.pem', 'ca-intermediate.crl', 'qwac.pem'])
        copyFileSync(join(otherDir, name), join(scratch, name));
      const result = await cli([
        'certs',
        'revoke',
        '--dir',
        scratch,
        '--cert',
        join(scratch, 'qwac.pem'),
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr[0]).toMatch(
        /ca-intermediate\.key\.pem: cannot read the issuing CA's private key: ENOENT/,
      );
      unlinkSync(join(scratch, 'qwac.pem'));
      const missing = await cli([
        'certs',
        'revoke',
        '--dir',
        scratch,
        '--cert',
        join(scratch, 'qwac.pem'),
      ]);
      expect(missing.code).toBe(2);
      expect(missing.stderr[0]).toMatch(/--cert .*qwac\.pem: ENOENT/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('--help', () => {
  it('documents --revocation-url, certs revoke and every reason', async () => {
    const help = (await cli(['certs', '--help'])).stdout.join('\n');
    expect(help).toContain('--revocation-url BASE');
    expect(help).toContain('workbench certs revoke --dir DIR --cert FILE [--reason REASON]');
    for (const reason of ['keyCompromise', 'superseded', 'aACompromise'])
      expect(help).toContain(reason);
    expect(help).toContain('ca-intermediate.key.pem');
  });
});
