/**
 * `workbench certs create` options: --san (QWAC and bank-tls), --aia-url and
 * --crl-url (RFC 5280 §4.2.2.1 / §4.2.1.13 in the TPP certificates), --p12 with the passphrase
 * from --p12-passphrase-env (the .p12 files load through the target profile loader). OpenSSL and
 * node:crypto are the independent readers; a bad flag exits 2 naming the flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../main/hosts/cli/index';
import { captureCliIo } from '../../support/cli-capture';
import { readTargetProfile } from '../../../main/core/runner/target-profile/index';

const capture = () => captureCliIo(() => new Promise(() => undefined));

const ENV = 'WB_TEST_P12_PASSPHRASE';
const PASSPHRASE = 'Tr0mso-fjord-7Kx!';
const AIA = 'http://ca.example/issuing-ca.cer';
const CRL = 'http://crl.example/issuing-ca.crl';
const dir = mkdtempSync(join(tmpdir(), 'wb-certs-opts-'));
const openssl = (args: string[]) =>
  execFileSync('openssl', args, { env: { ...process.env, [ENV]: PASSPHRASE } }).toString('utf8');
const x509 = (file: string) => new X509Certificate(readFileSync(join(dir, file)));

beforeAll(async () => {
  process.env[ENV] = PASSPHRASE;
  const io = capture();
  const code = await runCli(
    [
      'certs',
      'create',
      '--out',
      dir,
      '--san',
      'DNS:tpp.example,IP:10.0.0.5,DNS:*.tpp.example',
      '--aia-url',
      AIA,
      '--crl-url',
      CRL,
      '--p12',
      '--p12-passphrase-env',
      ENV,
    ],
    io,
  );
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
}, 120_000);
afterAll(() => {
  delete process.env[ENV];
  rmSync(dir, { recursive: true, force: true });
});

describe('--san', () => {
  it('puts the names into the QWAC and adds them to the bank-tls defaults', () => {
    expect(x509('qwac.pem').subjectAltName).toBe(
      'DNS:tpp.example, DNS:*.tpp.example, IP Address:10.0.0.5',
    );
    expect(x509('bank-tls.pem').subjectAltName).toBe(
      'DNS:localhost, DNS:tpp.example, DNS:*.tpp.example, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:10.0.0.5',
    );
    // The QSealC is a seal, not a TLS certificate: no subjectAltName.
    expect(x509('qsealc.pem').subjectAltName).toBeUndefined();
  });
});

describe('--aia-url and --crl-url', () => {
  it('node:crypto reads the caIssuers access description in every TPP certificate', () => {
    for (const file of ['qwac.pem', 'qsealc.pem', 'aisp-qsealc.pem'])
      expect(x509(file).infoAccess, file).toMatch(
        new RegExp(`^CA Issuers - URI:${AIA.replace(/\./g, '\\.')}\\n?$`),
      );
    expect(x509('bank-tls.pem').infoAccess).toBeUndefined();
  });

  it('OpenSSL reads both extensions and still verifies the chain for TLS client use', () => {
    const text = openssl(['x509', '-in', join(dir, 'qwac.pem'), '-noout', '-text']);
    expect(text).toMatch(/Authority Information Access:\s+CA Issuers - URI:http:\/\/ca\.example\//);
    expect(text).toMatch(
      /X509v3 CRL Distribution Points:\s+Full Name:\s+URI:http:\/\/crl\.example\/issuing-ca\.crl/,
    );
    const verify = openssl([
      'verify',
      '-purpose',
      'sslclient',
      '-CAfile',
      join(dir, 'ca-root.pem'),
      '-untrusted',
      join(dir, 'ca-intermediate.pem'),
      join(dir, 'qwac.pem'),
    ]);
    expect(verify).toContain(': OK');
  });
});

describe('--p12', () => {
  it('writes owner-only .p12 files that OpenSSL opens with the passphrase', () => {
    for (const file of ['qwac.p12', 'qsealc.p12', 'aisp-qsealc.p12'])
      expect(statSync(join(dir, file)).mode & 0o077, file).toBe(0);
    // `-info` writes the protection details to stderr.
    const info = spawnSync(
      'openssl',
      ['pkcs12', '-in', join(dir, 'qsealc.p12'), '-passin', `env:${ENV}`, '-nokeys', '-info'],
      { env: { ...process.env, [ENV]: PASSPHRASE }, encoding: 'utf8' },
    );
    expect(info.status).toBe(0);
    expect(info.stdout).toContain('organizationIdentifier = PSDNO-FSA-WORKBENCH1');
    expect(info.stderr).toMatch(/PBKDF2, AES-256-CBC, Iteration 600000, PRF hmacWithSHA256/);
  });

  it('loads through the target profile loader as signing and TLS client credentials', async () => {
    const profile = join(dir, 'profile.json');
    writeFileSync(
      profile,
      JSON.stringify({
        profileVersion: 1,
        baseUrl: 'https://127.0.0.1:8443',
        mode: 'sandbox',
        signing: { pkcs12: 'qsealc.p12', passphrase: `\${env:${ENV}}` },
        tls: { clientCertificate: { pkcs12: 'qwac.p12', passphrase: `\${env:${ENV}}` } },
      }),
    );
    const loaded = await readTargetProfile(profile, { env: { [ENV]: PASSPHRASE } });
    const own = (file: string) => x509(file).raw;
    expect(loaded.signing.certificates[0]).toEqual(own('qsealc.pem'));
    expect(loaded.signing.certificates[1]).toEqual(own('ca-intermediate.pem'));
    expect(
      new X509Certificate(loaded.signing.certificates[0]!).checkPrivateKey(loaded.signing.key),
    ).toBe(true);
    expect(loaded.clientCertificate?.certificates[0]).toEqual(x509('qwac.pem').raw);

    await expect(
      readTargetProfile(profile, { env: { [ENV]: 'Another-passphrase-9' } }),
    ).rejects.toThrow(/passphrase is wrong/);
  }, 60_000);
});

describe('bad flags exit 2 naming the flag', () => {
  const cases: [string, string[], RegExp, Record<string, string>?][] = [
    ['--san type', ['--san', 'URI:http://x'], /^--san: 'URI:http:\/\/x' is not DNS/],
    ['--san host', ['--san', 'DNS:bad_name.example'], /^--san: 'DNS:bad_name/],
    ['--san ip', ['--san', 'IP:300.1.1.1'], /^--san: 'IP:300\.1\.1\.1'/],
    ['--aia-url scheme', ['--aia-url', 'ftp://ca.example/x'], /^--aia-url: .* http, https or ldap/],
    [
      '--crl-url relative',
      ['--crl-url', 'crl/x.crl'],
      /^--crl-url: 'crl\/x\.crl' is not an absolute URL/,
    ],
    ['--p12 alone', ['--p12'], /^--p12 needs --p12-passphrase-env NAME/],
    [
      'env without --p12',
      ['--p12-passphrase-env', ENV],
      /^--p12-passphrase-env is only used with --p12/,
    ],
    [
      'unset variable',
      ['--p12', '--p12-passphrase-env', 'WB_TEST_UNSET_VARIABLE'],
      /^--p12-passphrase-env: environment variable WB_TEST_UNSET_VARIABLE is not set/,
    ],
    [
      'weak passphrase',
      ['--p12', '--p12-passphrase-env', 'WB_TEST_WEAK'],
      /^--p12-passphrase-env: the passphrase in WB_TEST_WEAK is refused\. The passphrase needs at least 12/,
      { WB_TEST_WEAK: 'short1!' },
    ],
  ];
  for (const [name, flags, message, env] of cases)
    it(name, async () => {
      Object.assign(process.env, env);
      const scratch = mkdtempSync(join(tmpdir(), 'wb-certs-bad-'));
      try {
        const io = capture();
        expect(await runCli(['certs', 'create', '--out', scratch, ...flags], io)).toBe(2);
        expect(io.stderr[0]?.replace(/^workbench certs: /, '')).toMatch(message);
        // Refused before anything is written.
        expect(() => statSync(join(scratch, 'ca-root.pem'))).toThrow();
      } finally {
        for (const key of Object.keys(env ?? {})) delete process.env[key];
        rmSync(scratch, { recursive: true, force: true });
      }
    });
});

describe('--help', () => {
  it('documents the new options', async () => {
    const io = capture();
    await runCli(['certs', '--help'], io);
    const help = io.stdout.join('\n') + io.stderr.join('\n');
    for (const flag of ['--san', '--aia-url', '--crl-url', '--p12', '--p12-passphrase-env'])
      expect(help).toContain(flag);
  });
});
