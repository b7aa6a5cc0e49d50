/**
 * The keystore and certificates through the contract, as the UI drives them: locked until the
 * passphrase is given (the first unlock creates the store), a test CA, a QSealC and a QWAC with
 * PSD2
 * roles, import of PEM/DER/PKCS#12, export refused without a passphrase, registration in the
 * embedded banks — and no call result ever carries key material (design property 2 of
 * docs/architecture.md).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { createServices, type Services } from '../../../main/api/services';
import { terminalTokenConfirmer } from '../../../main/api/services/certs/key-export-confirmation';
import type {
  BankRegistrationView,
  CallArgs,
  CallName,
  CallOutcome,
  FileView,
  KeystoreEntryView,
  KeystoreStatusView,
} from '../../../main/api/contract';
import { TEST_KEY_PROTECTION_COST } from '../../support/key-protection-cost';

const PASSPHRASE = 'correct horse battery staple';
let dataDir: string;
let services: Services;
/** Every result any call returned in a test, for the key-material check. */
let results: { name: string; result: unknown }[];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'workbench-certs-'));
  results = [];
});
afterEach(async () => {
  await services?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

/** What the web host printed on its terminal (stderr): where the export codes appear. */
let terminal: string[] = [];

function start(extra: { keystorePassphrase?: string } = {}): Services {
  terminal = [];
  services = createServices({
    kind: 'web',
    dataDir,
    keyExportConfirmer: terminalTokenConfirmer((line) => terminal.push(line)),
    // The production key-derivation cost is tested once, in key-protection.test.ts.
    keyProtectionCost: TEST_KEY_PROTECTION_COST,
    ...extra,
  });
  return services;
}

/** Asks main for a key export and reads the code it printed on the terminal, as the user does. */
async function exportCode(handle: string, format: 'pkcs8' | 'pkcs12'): Promise<string> {
  const before = terminal.length;
  const asked = await ok<{ mode: string; text: string }>('certs.requestKeyExport', {
    handle,
    format,
  });
  expect(asked.mode).toBe('terminal-token');
  expect(terminal).toHaveLength(before + 1);
  const code = /type ([A-Z0-9]{5}-[A-Z0-9]{5})/.exec(terminal.at(-1)!)?.[1];
  expect(code).toBeDefined();
  // The code reaches the user through the terminal only, never through the contract.
  expect(JSON.stringify(asked)).not.toContain(code!);
  return code!;
}

async function call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallOutcome> {
  const outcome = await services.dispatch(name, args);
  results.push({ name, result: outcome });
  return outcome;
}

async function ok<T>(name: CallName, args: unknown): Promise<T> {
  const outcome = await call(name, args as never);
  if (!outcome.ok) throw new Error(`${name}: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as T;
}

const tpp = {
  commonName: 'Workbench Test TPP',
  organizationName: 'Workbench Test TPP AS',
  countryName: 'NO',
  organizationIdentifier: 'PSDNO-FSA-987654',
  roles: ['PSP_AI', 'PSP_PI'],
  ncaName: 'Finanstilsynet',
  ncaId: 'NO-FSA',
};

async function createCertificates() {
  const ca = await ok<KeystoreEntryView>('certs.createCa', {
    commonName: 'Workbench Test CA',
    organizationName: 'PSD2 Workbench',
    countryName: 'NO',
  });
  const qsealc = await ok<KeystoreEntryView>('certs.issue', {
    ...tpp,
    issuerHandle: ca.handle,
    kind: 'qsealc',
  });
  const qwac = await ok<KeystoreEntryView>('certs.issue', {
    ...tpp,
    issuerHandle: ca.handle,
    kind: 'qwac',
  });
  return { ca, qsealc, qwac };
}

/** No call result may carry a private key in any form the renderer could read. */
function expectNoKeyMaterial(except: string[] = []) {
  for (const { name, result } of results) {
    if (except.includes(name)) continue;
    const text = JSON.stringify(result);
    expect(text, name).not.toContain('PRIVATE KEY');
    expect(text, name).not.toMatch(/-----BEGIN [A-Z ]*KEY-----/);
    // DER PKCS#8 starts 30 82 .. .. 02 01 00 30; base64 of a private key would show MII...
    expect(text, name).not.toMatch(/"(privateKey|key|pkcs8|d|p|q)":/);
  }
}

describe('keystore lock', () => {
  it('is locked until the passphrase is given; the first unlock creates the store', async () => {
    start();
    expect(await ok<KeystoreStatusView>('keystore.status', {})).toEqual({
      unlocked: false,
      protection: 'passphrase',
      exists: false,
      location: join(dataDir, 'keystore.json'),
    });
    const locked = await call('certs.list', {});
    expect(locked).toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: expect.stringContaining('enter its passphrase') },
    });
    expect(
      await ok<KeystoreStatusView>('keystore.unlock', { passphrase: PASSPHRASE }),
    ).toMatchObject({ unlocked: true });
    await createCertificates();
    expect(await ok<KeystoreStatusView>('keystore.status', {})).toMatchObject({ exists: true });

    // The next launch: a wrong passphrase is refused and leaves it locked; the right one opens it.
    await services.dispose();
    start();
    const wrong = await call('keystore.unlock', { passphrase: 'not it' });
    expect(wrong).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('does not open the keystore') },
    });
    expect(await ok<KeystoreStatusView>('keystore.status', {})).toMatchObject({ unlocked: false });
    await ok('keystore.unlock', { passphrase: PASSPHRASE });
    const entries = await ok<KeystoreEntryView[]>('certs.list', {});
    expect(entries.map((e) => e.kind)).toEqual(['ca', 'qsealc', 'qwac']);
    expectNoKeyMaterial();
  });

  it('opens at start with the environment passphrase, creating its folder (scripted use)', async () => {
    // A first launch: $XDG_CONFIG_HOME/psd2-workbench does not exist yet.
    services = createServices({
      kind: 'web',
      dataDir: join(dataDir, 'config', 'psd2-workbench'),
      keystorePassphrase: PASSPHRASE,
    });
    expect(await ok<KeystoreStatusView>('keystore.status', {})).toMatchObject({ unlocked: true });
    await createCertificates();
    expect(await ok<KeystoreStatusView>('keystore.status', {})).toMatchObject({ exists: true });
  });
});

describe('certificates', () => {
  beforeEach(() => {
    start({ keystorePassphrase: PASSPHRASE });
  });

  it('creates a CA, a QSealC and a QWAC with PSD2 roles and describes them', async () => {
    const { ca, qsealc, qwac } = await createCertificates();
    expect(ca.certificates[0]).toMatchObject({
      isCa: true,
      subject: expect.stringContaining('CN=Workbench Test CA'),
    });
    expect(ca.certificates).toHaveLength(2); // issuing CA and its root
    const seal = qsealc.certificates[0]!;
    expect(seal).toMatchObject({
      organizationIdentifier: 'PSDNO-FSA-987654',
      qcTypes: ['eseal'],
      psd2: { roles: ['PSP_AI', 'PSP_PI'], ncaName: 'Finanstilsynet', ncaId: 'NO-FSA' },
      issuer: ca.certificates[0]!.subject,
      warnings: [],
    });
    expect(seal.serialNumber).toMatch(/^[0-9A-F]+$/);
    expect(seal.fingerprints.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(qwac.certificates[0]).toMatchObject({
      qcTypes: ['web'],
      extendedKeyUsage: ['clientAuth'],
    });
    expect(qsealc.hasPrivateKey).toBe(true);
    expect(await ok<KeystoreEntryView>('certs.describe', { handle: qsealc.handle })).toEqual(
      qsealc,
    );
    expectNoKeyMaterial();
  });

  it('emits progress while generating', async () => {
    const steps: string[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'certs.progress') steps.push((payload as { text: string }).text);
    });
    await createCertificates();
    expect(steps[0]).toContain('Generating');
    expect(steps).toContain('Saved in the keystore');
  });

  it('imports PEM, DER and PKCS#12 and refuses a wrong PKCS#12 passphrase', async () => {
    const { ca, qsealc } = await createCertificates();
    const pem = await ok<FileView>('certs.exportCertificate', {
      handle: ca.handle,
      format: 'pem',
      includeChain: true,
    });
    expect(Buffer.from(pem.base64, 'base64').toString()).toMatch(
      /^-----BEGIN CERTIFICATE-----[\s\S]+-----BEGIN CERTIFICATE-----/,
    );
    const fromPem = await ok<KeystoreEntryView>('certs.import', {
      dataBase64: pem.base64,
      fileName: pem.fileName,
    });
    expect(fromPem).toMatchObject({ hasPrivateKey: false, kind: 'ca' });
    expect(fromPem.certificates).toHaveLength(2);

    const der = await ok<FileView>('certs.exportCertificate', {
      handle: qsealc.handle,
      format: 'der',
    });
    expect(der.fileName).toMatch(/\.cer$/);
    const fromDer = await ok<KeystoreEntryView>('certs.import', { dataBase64: der.base64 });
    expect(fromDer.certificates[0]!.fingerprints).toEqual(qsealc.certificates[0]!.fingerprints);

    const p12 = await ok<FileView>('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs12',
      passphrase: 'export passphrase',
      confirmation: await exportCode(qsealc.handle, 'pkcs12'),
    });
    const noPassphrase = await call('certs.import', { dataBase64: p12.base64 });
    expect(noPassphrase).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('passphrase') },
    });
    const wrong = await call('certs.import', { dataBase64: p12.base64, passphrase: 'wrong one' });
    expect(wrong).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('passphrase is wrong') },
    });
    const fromP12 = await ok<KeystoreEntryView>('certs.import', {
      dataBase64: p12.base64,
      passphrase: 'export passphrase',
      label: 'Imported seal',
    });
    expect(fromP12).toMatchObject({ label: 'Imported seal', hasPrivateKey: true, kind: 'qsealc' });
    expect(fromP12.publicKeyFingerprint).toBe(qsealc.publicKeyFingerprint);

    const garbage = await call('certs.import', {
      dataBase64: Buffer.from('hello').toString('base64'),
    });
    expect(garbage).toMatchObject({ ok: false, error: { code: 'FAILED' } });
    expectNoKeyMaterial(['certs.exportPrivateKey']);
  });

  it('exports a private key only encrypted, with a strong passphrase, once confirmed to main', async () => {
    const { ca, qsealc } = await createCertificates();
    const without = await call('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs8',
    } as never);
    expect(without).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    const short = await call('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs8',
      passphrase: 'elevenchars',
    });
    expect(short).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    for (const weak of ['password1234', 'aaaaaaaaaaaaaaaa', 'qwertyuiop12', '123456789012']) {
      const refused = await call('certs.exportPrivateKey', {
        handle: qsealc.handle,
        format: 'pkcs8',
        passphrase: weak,
        confirmation: await exportCode(qsealc.handle, 'pkcs8'),
      });
      expect(refused, weak).toMatchObject({
        ok: false,
        error: { code: 'FAILED', message: expect.stringContaining('at least 12 characters') },
      });
    }

    // Not confirmed: no code, a wrong code (which spends the pending one), a code for another
    // format.
    const unconfirmed = await call('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs8',
      passphrase: 'export passphrase',
    });
    expect(unconfirmed).toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: expect.stringContaining('not confirmed') },
    });
    const code = await exportCode(qsealc.handle, 'pkcs8');
    const wrong = await call('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs8',
      passphrase: 'export passphrase',
      confirmation: code === 'AAAAA-AAAAA' ? 'BBBBB-BBBBB' : 'AAAAA-AAAAA',
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'FAILED' } });
    const spent = await call('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs8',
      passphrase: 'export passphrase',
      confirmation: code,
    });
    expect(spent).toMatchObject({ ok: false, error: { message: expect.stringContaining('used') } });
    const otherFormat = await call('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs8',
      passphrase: 'export passphrase',
      confirmation: await exportCode(qsealc.handle, 'pkcs12'),
    });
    expect(otherFormat).toMatchObject({ ok: false, error: { code: 'FAILED' } });

    const confirmed = await exportCode(qsealc.handle, 'pkcs8');
    const file = await ok<FileView>('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs8',
      passphrase: 'export passphrase',
      confirmation: confirmed.toLowerCase(),
    });
    const pem = Buffer.from(file.base64, 'base64').toString();
    expect(pem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    expect(() => createPrivateKey({ key: pem })).toThrow();
    expect(createPrivateKey({ key: pem, passphrase: 'export passphrase' }).asymmetricKeyType).toBe(
      'rsa',
    );
    const again = await call('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs8',
      passphrase: 'export passphrase',
      confirmation: confirmed,
    });
    expect(again, 'a code serves one export').toMatchObject({ ok: false });

    // A CA's key only when asked for by name, and still only once confirmed.
    const caRefused = await call('certs.exportPrivateKey', {
      handle: ca.handle,
      format: 'pkcs8',
      passphrase: 'export passphrase',
      confirmation: await exportCode(ca.handle, 'pkcs8'),
    });
    expect(caRefused).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('asked for by name') },
    });
    const caFile = await ok<FileView>('certs.exportPrivateKey', {
      handle: ca.handle,
      format: 'pkcs8',
      passphrase: 'export passphrase',
      caName: ca.label,
      confirmation: await exportCode(ca.handle, 'pkcs8'),
    });
    expect(Buffer.from(caFile.base64, 'base64').toString()).toMatch(/ENCRYPTED PRIVATE KEY/);
    expectNoKeyMaterial(['certs.exportPrivateKey']);
  });

  it('exports no private key on a host that cannot confirm it outside the view', async () => {
    await services.dispose();
    services = createServices({ kind: 'web', dataDir, keystorePassphrase: PASSPHRASE });
    const { qsealc } = await createCertificates();
    const asked = await call('certs.requestKeyExport', { handle: qsealc.handle, format: 'pkcs12' });
    expect(asked).toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: expect.stringContaining('cannot confirm') },
    });
    const refused = await call('certs.exportPrivateKey', {
      handle: qsealc.handle,
      format: 'pkcs12',
      passphrase: 'export passphrase',
      confirmation: 'ABCDE-FGHJK',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FAILED' } });
  });

  it('registers the TPP in both embedded banks and trusts its CA in production', async () => {
    const { qsealc } = await createCertificates();
    const registration = await ok<BankRegistrationView>('certs.registerInBank', {
      handle: qsealc.handle,
    });
    const entry = {
      organizationIdentifier: 'PSDNO-FSA-987654',
      name: 'Workbench Test TPP AS',
      roles: ['AISP', 'PISP'],
    };
    expect(registration.registries).toEqual({ sandbox: [entry], production: [entry] });
    expect(registration.trustAnchors).toHaveLength(2);
    expect(await ok('registry.list', { mode: 'production' })).toEqual([entry]);

    const caOnly = await ok<KeystoreEntryView[]>('certs.list', {});
    const refused = await call('certs.registerInBank', { handle: caOnly[0]!.handle });
    expect(refused).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('organizationIdentifier') },
    });
    expectNoKeyMaterial();
  });

  it('refuses an unknown handle with a message, not a crash', async () => {
    expect(await call('certs.describe', { handle: 'key-nope' })).toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: expect.stringContaining('no longer exists') },
    });
  });
});
