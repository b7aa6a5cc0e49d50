/**
 * Target profiles in the targets service, through the contract: added by path (kept in
 * targets.json, which loads as before when written without them), written from the form
 * (validated and its files read before anything is written, never over a file), and every bad
 * input refused naming what was wrong.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createServices, type Services } from '../../../main/api/services';
import type { CallArgs, CallName, CallOutcome, TargetsView } from '../../../main/api/contract';
import { runCli } from '../../../main/hosts/cli/index';
import type { CliIo } from '../../../main/hosts/cli/io';
import { cliKeystoreCredentials } from '../../../main/hosts/cli/keystore-credentials';
import { readTargetProfile } from '../../../main/core/runner/target-profile/index';
import { X509Certificate } from 'node:crypto';

const quiet: CliIo = { out: () => {}, err: () => {}, stopRequested: () => new Promise(() => {}) };

let dir: string;
let certs: string;
const open: Services[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'targets-profiles-'));
  certs = join(dir, 'certs');
  expect(await runCli(['certs', 'create', '--out', certs], quiet)).toBe(0);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  for (const services of open.splice(0)) await services.dispose();
});

async function servicesIn(dataDir: string): Promise<Services> {
  const services = createServices({ kind: 'web', dataDir });
  open.push(services);
  return services;
}

async function call<N extends CallName>(
  services: Services,
  name: N,
  args: CallArgs<N>,
): Promise<CallOutcome> {
  return services.dispatch(name, args);
}

async function ok(outcome: Promise<CallOutcome>): Promise<TargetsView> {
  const result = await outcome;
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.result as TargetsView;
}

async function refused(outcome: Promise<CallOutcome>): Promise<string> {
  const result = await outcome;
  if (result.ok) throw new Error('the call was accepted');
  // A refusal (CallRefused) carries its own message; a crash would read "<call> failed: …".
  expect(result.error.code).toBe('FAILED');
  expect(result.error.message).not.toMatch(/^targets\.\w+ failed:/);
  return result.error.message;
}

const form = (overrides: Partial<CallArgs<'targets.createProfile'>['form']> = {}) => ({
  name: 'Test bank',
  baseUrl: 'http://127.0.0.1:9/',
  mode: 'sandbox' as const,
  signing: { certificate: join(certs, 'qsealc.pem'), key: join(certs, 'qsealc.key.pem') },
  scaMode: 'manual' as const,
  manualTimeoutSeconds: 60,
  ...overrides,
});

describe('target profiles in the targets service', () => {
  it('adds a profile by path, shows what it says, and keeps it in targets.json', async () => {
    const dataDir = await mkdtemp(join(dir, 'data-'));
    // A targets.json from before profiles existed still loads.
    await writeFile(
      join(dataDir, 'targets.json'),
      JSON.stringify({ activeTargetId: 'embedded-sandbox', targets: [] }),
    );
    const services = await servicesIn(dataDir);
    expect((await ok(call(services, 'targets.list', {}))).profiles).toEqual([]);

    const path = join(dir, 'added.json');
    await writeFile(
      path,
      JSON.stringify({
        profileVersion: 1,
        name: 'Added',
        baseUrl: 'https://bank.example',
        mode: 'production',
        signing: { certificate: 'certs/qsealc.pem', key: 'certs/qsealc.key.pem' },
        sca: { mode: 'none' },
      }),
    );
    const view = await ok(call(services, 'targets.addProfile', { path }));
    expect(view.profiles).toEqual([
      {
        id: expect.stringMatching(/^profile-/),
        path,
        ok: true,
        name: 'Added',
        baseUrl: 'https://bank.example',
        mode: 'production',
        scaMode: 'none',
        problems: [],
      },
    ]);
    expect(await refused(call(services, 'targets.addProfile', { path }))).toContain(
      'already in the list',
    );

    // Kept: a new session reads it back; an edit that breaks the file shows its JSON path.
    await services.dispose();
    open.splice(0);
    const stored = JSON.parse(await readFile(join(dataDir, 'targets.json'), 'utf8'));
    expect(stored.profiles).toEqual([{ id: view.profiles[0]!.id, path }]);
    await writeFile(
      path,
      JSON.stringify({ profileVersion: 1, baseUrl: 'https://bank.example', mode: 'sandbox' }),
    );
    const again = await servicesIn(dataDir);
    const listed = await ok(call(again, 'targets.list', {}));
    const [broken] = listed.profiles;
    expect(broken).toMatchObject({ id: view.profiles[0]!.id, ok: false });
    expect(broken!.problems.join('\n')).toContain('/signing');

    // A list asked for before the removal and answered after it is numbered as read before it.
    const before = call(again, 'targets.list', {});
    const removed = await ok(call(again, 'targets.removeProfile', { id: broken!.id }));
    expect(removed.profiles).toEqual([]);
    const late = await ok(before);
    expect(late.readOrder).toBeGreaterThan(listed.readOrder);
    expect(removed.readOrder).toBeGreaterThan(late.readOrder);
    expect(existsSync(path)).toBe(true);
    expect(await refused(call(again, 'targets.removeProfile', { id: broken!.id }))).toContain(
      'no target profile',
    );
  });

  it('refuses bad paths and bad files, naming the file and what is wrong', async () => {
    const services = await servicesIn(await mkdtemp(join(dir, 'data-')));
    const add = (path: string) => refused(call(services, 'targets.addProfile', { path }));
    const missing = join(dir, 'missing.json');
    expect(await add(missing)).toMatch(new RegExp(`${missing}.*cannot read it \\(ENOENT\\)`));
    expect(await add('relative/profile.json')).toContain('relative path');
    const notJson = join(dir, 'not-json.json');
    await writeFile(notJson, '{"profileVersion": 1');
    expect(await add(notJson)).toContain('not JSON');
    const badKey = join(dir, 'bad-key.json');
    await writeFile(
      badKey,
      JSON.stringify({
        profileVersion: 1,
        baseUrl: 'https://bank.example',
        mode: 'sandbox',
        signing: { certificate: join(certs, 'qsealc.pem'), key: join(dir, 'nokey.pem') },
      }),
    );
    expect(await add(badKey)).toMatch(/bad-key\.json: \/signing\/key: cannot read/);
    const secret = join(dir, 'secret.json');
    await writeFile(
      secret,
      JSON.stringify({
        profileVersion: 1,
        baseUrl: 'https://bank.example',
        mode: 'sandbox',
        signing: { certificate: join(certs, 'qsealc.pem'), key: join(certs, 'qsealc.key.pem') },
        admin: { url: 'http://127.0.0.1:1/admin', token: '${env:WORKBENCH_TEST_UNSET_TOKEN}' },
      }),
    );
    expect(await add(secret)).toContain('WORKBENCH_TEST_UNSET_TOKEN');
    expect((await ok(call(services, 'targets.list', {}))).profiles).toEqual([]);
  });

  it('writes a profile from the form that reads back as the same profile', async () => {
    const services = await servicesIn(await mkdtemp(join(dir, 'data-')));
    // The UI's profiles read only WORKBENCH_PROFILE_* (SECURITY.md).
    process.env['WORKBENCH_PROFILE_TEST_TOKEN'] = 'test-token';
    onTestFinished(() => {
      delete process.env['WORKBENCH_PROFILE_TEST_TOKEN'];
    });
    const path = join(dir, 'written', 'manual.json');
    const view = await ok(
      call(services, 'targets.createProfile', {
        path,
        form: form({
          ca: [join(certs, 'ca-root.pem')],
          allows: { createSandboxData: true, resetSandbox: false, deletePayments: true },
          adminUrl: 'http://127.0.0.1:9/admin',
          adminToken: '${env:WORKBENCH_PROFILE_TEST_TOKEN}',
        }),
      }),
    );
    expect(view.profiles).toMatchObject([
      { path, ok: true, name: 'Test bank', scaMode: 'manual', baseUrl: 'http://127.0.0.1:9' },
    ]);
    const written = JSON.parse(await readFile(path, 'utf8'));
    expect(written).toMatchObject({
      profileVersion: 1,
      baseUrl: 'http://127.0.0.1:9',
      sca: { mode: 'manual', timeoutSeconds: 60 },
      tls: { ca: [join(certs, 'ca-root.pem')] },
      allows: { resetSandbox: false },
      // The secret stays a reference: the file keeps no secret.
      admin: { url: 'http://127.0.0.1:9/admin', token: '${env:WORKBENCH_PROFILE_TEST_TOKEN}' },
    });
    // Never over an existing file.
    expect(
      await refused(call(services, 'targets.createProfile', { path, form: form() })),
    ).toContain('already exists');
  });

  it('writes nothing when the form does not make a profile that reads', async () => {
    const services = await servicesIn(await mkdtemp(join(dir, 'data-')));
    const path = join(dir, 'never', 'p.json');
    const create = (f: ReturnType<typeof form>) =>
      refused(call(services, 'targets.createProfile', { path, form: f }));
    expect(
      await create(
        form({ signing: { certificate: join(certs, 'qsealc.pem'), key: join(dir, 'nokey.pem') } }),
      ),
    ).toContain('/signing/key: cannot read');
    expect(await create(form({ baseUrl: 'ftp://bank' }))).toContain('/baseUrl');
    expect(
      await create(form({ tlsClient: { certificate: join(certs, 'qwac.pem'), key: ' ' } })),
    ).toContain('certificate file and its key file');
    expect(await create(form({ adminUrl: 'http://127.0.0.1:9/admin' }))).toContain('admin API');
    expect(
      await refused(call(services, 'targets.createProfile', { path: 'p.json', form: form() })),
    ).toContain('relative path');
    expect(existsSync(path)).toBe(false);
  });
});

describe('a profile written in the UI with keystore certificates', () => {
  it('reads in the UI and on the command line, and keeps the typed admin token out of its file', async () => {
    const xdg = await mkdtemp(join(dir, 'xdg-'));
    const dataDir = join(xdg, 'psd2-workbench');
    const services = await servicesIn(dataDir);
    const passphrase = 'correct horse battery staple';
    expect((await call(services, 'keystore.unlock', { passphrase })).ok).toBe(true);
    const pem = Buffer.concat([
      await readFile(join(certs, 'qsealc.pem')),
      await readFile(join(certs, 'qsealc.key.pem')),
    ]);
    const imported = await call(services, 'certs.import', {
      dataBase64: pem.toString('base64'),
      label: 'TPP QSealC',
    });
    expect(imported.ok).toBe(true);
    const token = 'typed-admin-token-9f2c';
    const path = join(dir, 'written', 'keystore.json');
    const view = await ok(
      call(services, 'targets.createProfile', {
        path,
        form: form({
          name: 'Keystore bank',
          signing: { keystore: 'TPP QSealC' },
          adminUrl: 'http://127.0.0.1:9/admin',
          adminToken: token,
        }),
      }),
    );
    const variable = 'WORKBENCH_PROFILE_KEYSTORE_BANK_ADMIN_TOKEN';
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).toMatchObject({
      signing: { keystore: 'TPP QSealC' },
      admin: { token: `\${env:${variable}}` },
    });
    const profile = view.profiles.find((p) => p.path === path)!;
    expect(profile).toMatchObject({ ok: true, setBeforeNextLaunch: [variable] });
    // One list: the profile is a target the composer can choose.
    expect(view.targets.find((t) => t.id === profile.id)).toMatchObject({
      kind: 'profile',
      name: 'Keystore bank',
      baseUrl: 'http://127.0.0.1:9',
    });
    expect((await ok(call(services, 'targets.setActive', { id: profile.id }))).activeTargetId).toBe(
      profile.id,
    );

    // The command line opens the same keystore with WORKBENCH_KEYSTORE_PASSPHRASE, or says why not.
    const env = { XDG_CONFIG_HOME: xdg, [variable]: token };
    const locked = await readTargetProfile(path, {
      env,
      keystore: cliKeystoreCredentials(env),
    }).catch((error: Error) => error.message);
    expect(locked).toContain('/signing/keystore');
    expect(locked).toContain('WORKBENCH_KEYSTORE_PASSPHRASE');
    const withPassphrase = { ...env, WORKBENCH_KEYSTORE_PASSPHRASE: passphrase };
    const loaded = await readTargetProfile(path, {
      env: withPassphrase,
      keystore: cliKeystoreCredentials(withPassphrase),
    });
    expect(
      loaded.signing.certificates[0]!.equals(
        new X509Certificate(await readFile(join(certs, 'qsealc.pem'))).raw,
      ),
    ).toBe(true);
    expect(loaded.profile.admin?.token).toBe(token);
  });
});
