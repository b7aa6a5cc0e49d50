import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expandEnvSecrets,
  parseTargetProfile,
  readTargetProfile,
  targetProfileJsonSchema,
  TargetProfileError,
  transportOfProfile,
} from '../../../../main/core/runner/target-profile/index';
import { runCli } from '../../../../main/hosts/cli/index';
import { captureCliIo } from '../../../support/cli-capture';
import { UI_ENV_POLICY } from '../../../../main/shared/env-policy';
import { runSecrets } from '../../../../main/core/runner/targets/run-secrets';

const capture = () => captureCliIo(() => new Promise(() => {}));

const minimal = {
  profileVersion: 1,
  baseUrl: 'https://bank.example',
  mode: 'sandbox',
  signing: { certificate: 'qsealc.pem', key: 'qsealc.key.pem' },
};

function problemsOf(text: string, env: Record<string, string> = {}): readonly string[] {
  try {
    parseTargetProfile(text, 'p.json', { env });
  } catch (error) {
    expect(error).toBeInstanceOf(TargetProfileError);
    return (error as TargetProfileError).problems;
  }
  throw new Error('the profile was accepted');
}

describe('target profile: parsing', () => {
  it('publishes the JSON Schema it validates with (docs/schemas)', async () => {
    const published = JSON.parse(
      await readFile(
        join(__dirname, '../../../../docs/schemas/target-profile.schema.json'),
        'utf8',
      ),
    );
    // Regenerate with: npm run build && node bin/workbench.js target schema > docs/schemas/target-profile.schema.json
    expect(published).toEqual(targetProfileJsonSchema());
  });

  it('accepts a minimal profile', () => {
    expect(parseTargetProfile(JSON.stringify(minimal), 'p.json', { env: {} }).mode).toBe('sandbox');
  });

  it('names the field that is wrong, inside the closest variant of a union', () => {
    expect(problemsOf(JSON.stringify({ ...minimal, signing: { certificate: 'a.pem' } }))).toEqual([
      '/signing/key: Expected required property',
    ]);
    expect(problemsOf(JSON.stringify({ ...minimal, mode: 'live' }))[0]).toMatch(/^\/mode: /);
    expect(problemsOf(JSON.stringify({ ...minimal, baseUrl: 'ftp://x' }))[0]).toMatch(
      /^\/baseUrl: /,
    );
    expect(problemsOf(JSON.stringify({ ...minimal, colour: 'red' }))[0]).toMatch(/colour|property/);
    expect(problemsOf('{ "profileVersion": 1,')[0]).toMatch(/^not JSON: /);
  });

  it('fills ${env:NAME} secrets and names a missing one with its path before anything runs', () => {
    const text = JSON.stringify({
      ...minimal,
      admin: { url: 'http://127.0.0.1:1/admin', token: '${env:ADMIN_T}' },
      signing: { pkcs12: 'tpp.p12', passphrase: 'pre-${env:P12_PASS}' },
    });
    const profile = parseTargetProfile(text, 'p.json', {
      env: { ADMIN_T: 'tok-123', P12_PASS: 'secret' },
    });
    expect(profile.admin?.token).toBe('tok-123');
    expect(profile.signing).toEqual({ pkcs12: 'tpp.p12', passphrase: 'pre-secret' });
    expect(problemsOf(text, { ADMIN_T: 'x' })).toEqual([
      'environment variable P12_PASS is not set (named at /signing/passphrase)',
    ]);
  });

  it('takes the base URL from the environment, with a default, and checks what it gets', () => {
    const text = JSON.stringify({
      ...minimal,
      baseUrl: '${env:BANK_URL:-http://127.0.0.1:8080}',
      mode: '${env:BANK_MODE:-sandbox}',
    });
    const read = (env: Record<string, string>) => parseTargetProfile(text, 'p.json', { env });
    expect(read({}).baseUrl).toBe('http://127.0.0.1:8080');
    expect(read({ BANK_URL: '' }).baseUrl).toBe('http://127.0.0.1:8080');
    expect(read({ BANK_URL: 'https://psd2.bank.example', BANK_MODE: 'production' })).toMatchObject({
      baseUrl: 'https://psd2.bank.example',
      mode: 'production',
    });
    // An overridden value is checked like one typed into the file, and named by its path.
    expect(problemsOf(text, { BANK_URL: 'ftp://bank.example' })).toEqual([
      expect.stringMatching(/^\/baseUrl: /),
    ]);
    expect(problemsOf(text, { BANK_MODE: 'staging' })[0]).toMatch(/^\/mode: /);
  });

  it('expands references anywhere in nested values and leaves other text alone', () => {
    const { value, missing } = expandEnvSecrets(
      { a: ['${env:A}/x', { b: '$notenv ${env:B}' }], n: 3 },
      { A: '1' },
    );
    expect(value).toEqual({ a: ['1/x', { b: '$notenv ' }], n: 3 });
    expect(missing).toEqual(['B at /a/1/b']);
  });
});

describe('target profile: workbench target init, read back', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'profile-'));
    expect(await runCli(['certs', 'create', '--out', join(dir, 'certs')], capture())).toBe(0);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a profile for an https workbench bank that loads every credential it names', async () => {
    const io = capture();
    const out = join(dir, 'profiles', 'bank.json');
    await runCli(['certs', 'create', '--out', join(dir, 'unused')], capture());
    const code = await runCli(
      [
        'target',
        'init',
        '--bank-url',
        'https://127.0.0.1:4443/',
        '--mode',
        'production',
        '--certs',
        join(dir, 'certs'),
        '--out',
        out,
      ],
      io,
    );
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    const written = JSON.parse(await readFile(out, 'utf8'));
    expect(written.baseUrl).toBe('https://127.0.0.1:4443');
    // Paths are relative to the profile, so the folder can move as a whole.
    expect(written.signing).toEqual({
      certificate: '../certs/qsealc.pem',
      key: '../certs/qsealc.key.pem',
    });
    const loaded = await readTargetProfile(out, { env: {} });
    expect(new X509Certificate(loaded.signing.certificates[0]!).subject).toMatch(/WORKBENCH1$/m);
    expect(new X509Certificate(loaded.aispOnlySigning!.certificates[0]!).subject).toMatch(
      /WORKBENCH1-AIS$/m,
    );
    expect(loaded.clientCertificate?.certificates.length).toBeGreaterThan(0);
    const transport = transportOfProfile(loaded);
    expect(transport.ca).toHaveLength(1);
    expect(String(transport.clientCertificate?.certificate)).toMatch(/BEGIN CERTIFICATE/);
  });

  it('takes URL, mode and admin API from the JSON line of workbench bank, keeping the token out of the file', async () => {
    const line = join(dir, 'bank.json');
    await writeFile(
      line,
      JSON.stringify({
        url: 'http://127.0.0.1:5000',
        mode: 'sandbox',
        pid: 1,
        tls: null,
        admin: { url: 'http://127.0.0.1:5000/admin', token: 'the-real-token-1234' },
      }) + '\n',
    );
    const out = join(dir, 'from-line.json');
    const io = capture();
    expect(
      await runCli(
        ['target', 'init', '--bank-json', line, '--certs', join(dir, 'certs'), '--out', out],
        io,
      ),
    ).toBe(0);
    const text = await readFile(out, 'utf8');
    expect(text).not.toContain('the-real-token-1234');
    expect(JSON.parse(text).admin).toEqual({
      url: 'http://127.0.0.1:5000/admin',
      token: '${env:WORKBENCH_ADMIN_TOKEN}',
    });
    expect(JSON.parse(text).tls).toBeUndefined();
    expect(io.stdout.join('\n')).toMatch(/WORKBENCH_ADMIN_TOKEN/);
    await expect(readTargetProfile(out, { env: {} })).rejects.toThrow(
      /WORKBENCH_ADMIN_TOKEN is not set \(named at \/admin\/token\)/,
    );
    const loaded = await readTargetProfile(out, {
      env: { WORKBENCH_ADMIN_TOKEN: 'the-real-token-1234' },
    });
    expect(loaded.profile.admin?.token).toBe('the-real-token-1234');
  });

  it('refuses to overwrite without --force, and bad flags with exit 2 naming them', async () => {
    const out = join(dir, 'exists.json');
    await writeFile(out, '{}');
    const args = ['target', 'init', '--bank-url', 'http://x', '--mode', 'sandbox', '--out', out];
    let io = capture();
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/exists; use --force/);
    expect(await readFile(out, 'utf8')).toBe('{}');
    io = capture();
    expect(
      await runCli(['target', 'init', '--bank-url', 'x', '--mode', 'live', '--out', out], io),
    ).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/--mode must be sandbox or production, not 'live'/);
    io = capture();
    expect(await runCli(['target', 'frobnicate'], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/unknown subcommand 'frobnicate'/);
  });

  it('loads the bank signing certificate and CA it names (§5.2.7), and names one that is not', async () => {
    const file = join(dir, 'bank-signing.json');
    await writeFile(
      file,
      JSON.stringify({
        ...minimal,
        signing: { certificate: 'certs/qsealc.pem', key: 'certs/qsealc.key.pem' },
        bankSigningCert: 'certs/qsealc.pem',
        bankCa: 'certs/ca-chain.pem',
      }),
    );
    const loaded = await readTargetProfile(file, { env: {} });
    expect(loaded.bankSigning?.certificates).toHaveLength(1);
    expect(loaded.bankSigning?.cas.length).toBeGreaterThanOrEqual(2);
    await writeFile(
      file,
      JSON.stringify({
        ...minimal,
        signing: { certificate: 'certs/qsealc.pem', key: 'certs/qsealc.key.pem' },
        bankCa: 'certs/qsealc.key.pem',
      }),
    );
    await expect(readTargetProfile(file, { env: {} })).rejects.toThrow(/\/bankCa: /);
  });

  it('names the JSON path of a file it cannot read', async () => {
    const file = join(dir, 'missing-files.json');
    await writeFile(
      file,
      JSON.stringify({
        ...minimal,
        signing: { certificate: 'certs/qsealc.pem', key: 'nope/key.pem' },
        tls: { ca: ['certs/ca-root.pem', 'nope/ca.pem'] },
      }),
    );
    await expect(readTargetProfile(file, { env: {} })).rejects.toThrow(
      /\/signing\/key: cannot read 'nope\/key.pem' \(ENOENT\); \/tls\/ca\/1: cannot read 'nope\/ca.pem' \(ENOENT\)/,
    );
  });

  it('holds the PSU steps file a profile names to the policy the profile was read with', async () => {
    const steps = join(dir, 'planted.psu-steps.json');
    await writeFile(
      steps,
      JSON.stringify({
        name: 'planted',
        pages: [
          {
            name: 'login',
            match: { path: '^/login$' },
            actions: [
              { fill: 'pin', value: '${env:WORKBENCH_KEYSTORE_PASSPHRASE}' },
              { fill: 'otp', value: '${env:WORKBENCH_PROFILE_OTP}' },
              { submit: '' },
            ],
          },
        ],
      }),
    );
    const file = join(dir, 'with-steps.json');
    await writeFile(
      file,
      JSON.stringify({
        ...minimal,
        signing: { certificate: 'certs/qsealc.pem', key: 'certs/qsealc.key.pem' },
        sca: { mode: 'headless', script: 'planted.psu-steps.json' },
      }),
    );
    await expect(readTargetProfile(file, { env: {}, envPolicy: UI_ENV_POLICY })).rejects.toThrow(
      "/sca/script: 'planted.psu-steps.json' names environment variable WORKBENCH_KEYSTORE_PASSPHRASE (at /pages/0/actions/0/value), which it may not: a profile or PSU steps used in the workbench's UI read only environment variables whose names begin with WORKBENCH_PROFILE_",
    );
    // The command line reads its user's own files: any name. What the steps type is a secret of
    // the run, redacted as the profile's own (run-secrets.ts).
    const loaded = await readTargetProfile(file, {
      env: {
        WORKBENCH_KEYSTORE_PASSPHRASE: 'keystore-passphrase',
        WORKBENCH_PROFILE_OTP: 'otp-9876',
      },
    });
    expect(loaded.psuSteps).toBeDefined();
    expect(loaded.secrets).toEqual(['keystore-passphrase', 'otp-9876']);
    expect(runSecrets(loaded)).toEqual(expect.arrayContaining(['keystore-passphrase']));
  });
});
