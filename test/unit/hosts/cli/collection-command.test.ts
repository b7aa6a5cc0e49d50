/**
 * `workbench collection` (main/hosts/cli/collection-command.ts): a Bruno folder imports into the
 * saved collections of --data-dir, exports as a Postman v2.1 file and as a Bruno folder that
 * imports again; `env` imports and exports a target's environments (Postman and Bruno files);
 * a bad file exits 1 naming what is wrong, a bad flag 2. A Bruno folder's symbolic links and FIFOs
 * are left out with a note naming them (never read), and a file over the collection limit is
 * refused before it is read.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../../main/hosts/cli/index';
import { captureCliIo } from '../../../support/cli-capture';
import { FIXTURES } from '../../collections/fixtures';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workbench-collection-cli-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const run = async (...argv: string[]) => {
  const io = captureCliIo();
  const code = await runCli(['collection', ...argv, '--data-dir', join(dir, 'data')], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

describe('workbench collection', () => {
  it('imports a Bruno folder and exports it as Postman v2.1 and as a Bruno folder', async () => {
    const imported = await run('import', '--format', 'bruno', join(FIXTURES, 'bruno/psd2-sandbox'));
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.out).toMatch(/Imported 'PSD2 sandbox \(from Bruno\)': 3 requests/);
    expect(imported.out).toMatch(/Dropped Signature from 1 request/);

    const postman = join(dir, 'out.postman_collection.json');
    expect(
      (await run('export', 'PSD2 sandbox (from Bruno)', '--format', 'postman', '--out', postman))
        .code,
    ).toBe(0);
    const json = JSON.parse(await readFile(postman, 'utf8')) as { info: { schema: string } };
    expect(json.info.schema).toMatch(/v2\.1\.0/);
    expect(
      (await run('export', 'PSD2 sandbox (from Bruno)', '--format', 'postman', '--out', postman))
        .err,
    ).toMatch(/exists; add --force/);

    const folder = join(dir, 'bruno-out');
    expect(
      (await run('export', 'PSD2 sandbox (from Bruno)', '--format', 'bruno', '--out', folder)).code,
    ).toBe(0);
    expect((await run('import', '--format', 'bruno', folder, '--name', 'Again')).out).toMatch(
      /Imported 'Again': 3 requests/,
    );
    expect((await run('list')).out).toBe(
      'PSD2 sandbox (from Bruno)\t3 requests\nAgain\t3 requests',
    );
  });

  it('exits 1 naming what is wrong with a file, 2 for a bad flag', async () => {
    const notPostman = await run(
      'import',
      '--format',
      'postman',
      join(FIXTURES, 'bruno/psd2-sandbox/bruno.json'),
    );
    expect(notPostman.code).toBe(1);
    expect(notPostman.err).toMatch(/not a Postman collection: it has no info\.schema/);
    expect((await run('import', '--format', 'yaml', 'x')).code).toBe(2);
    expect(
      (await run('export', 'Nope', '--format', 'postman', '--out', join(dir, 'x.json'))).err,
    ).toMatch(/no collection 'Nope'/);
    expect((await run('list')).out).toBe('No saved collections.');
  });

  it('reads only the regular files of a Bruno folder, naming the others, never their content', async () => {
    const folder = join(dir, 'collection');
    await cp(join(FIXTURES, 'bruno/psd2-sandbox'), folder, { recursive: true });
    const secret = join(dir, 'secrets.env');
    await writeFile(secret, 'DB_PASSWORD=hunter2\n');
    await symlink(secret, join(folder, 'Sandbox', 'secrets.bru'));
    // A FIFO nobody writes to: reading it would wait for good.
    execFileSync('mkfifo', [join(folder, 'Sandbox', 'pipe.bru')]);
    const imported = await run('import', '--format', 'bruno', folder);
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.out).toMatch(/Imported 'PSD2 sandbox \(from Bruno\)': 3 requests/);
    expect(imported.out).toContain('Left out Sandbox/secrets.bru: it is a symbolic link');
    expect(imported.out).toContain('Left out Sandbox/pipe.bru: it is a FIFO');
    expect(imported.out + imported.err).not.toContain('hunter2');
  });

  it('refuses a collection file over the limit before reading it, naming size and limit', async () => {
    const big = join(dir, 'big.postman_collection.json');
    await writeFile(big, '');
    await truncate(big, 20_000_001);
    const refused = await run('import', '--format', 'postman', big);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `${big} is 20000001 bytes, more than the 20000000 a collection to import may have.`,
    );
  });
});

describe('workbench collection env', () => {
  // A secret value is sealed by the data folder's keystore, opened with this passphrase.
  beforeEach(() => {
    process.env.WORKBENCH_KEYSTORE_PASSPHRASE = 'collection command test';
  });
  afterEach(() => {
    delete process.env.WORKBENCH_KEYSTORE_PASSPHRASE;
  });

  it('refuses a secret value without the keystore passphrase, naming the secret', async () => {
    delete process.env.WORKBENCH_KEYSTORE_PASSPHRASE;
    const refused = await run(
      'env',
      'import',
      join(FIXTURES, 'postman/customer-b.postman_environment.json'),
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /The secret 'psuPassword' was not saved: unlock the keystore \(.*set WORKBENCH_KEYSTORE_PASSPHRASE\)/,
    );
  });

  it('imports a Postman and a Bruno environment and exports each in both formats', async () => {
    const postman = await run(
      'env',
      'import',
      join(FIXTURES, 'postman/customer-b.postman_environment.json'),
    );
    expect(postman).toMatchObject({ code: 0 });
    expect(postman.out).toBe(
      "Imported the environment 'Customer B' of embedded-sandbox: 5 values.",
    );
    const bru = await run(
      'env',
      'import',
      join(FIXTURES, 'bruno/psd2-sandbox/environments/Customer B.bru'),
      '--target',
      'bank-b',
      '--name',
      'From Bruno',
    );
    expect(bru.out).toMatch(
      /^Imported the environment 'From Bruno' of bank-b: 4 values\.\n {2}Left out the disabled values 'debugTrace'/,
    );

    const out = join(dir, 'customer-b.postman_environment.json');
    expect(
      (await run('env', 'export', 'Customer B', '--format', 'postman', '--out', out)).code,
    ).toBe(0);
    const written = JSON.parse(await readFile(out, 'utf8')) as { values: unknown[] };
    const original = JSON.parse(
      await readFile(join(FIXTURES, 'postman/customer-b.postman_environment.json'), 'utf8'),
    ) as { values: unknown[] };
    // The secret leaves with no value, and is in variables.json only sealed.
    expect(written.values).toEqual(
      original.values.map((v) =>
        (v as { type: string }).type === 'secret' ? { ...(v as object), value: '' } : v,
      ),
    );
    expect(await readFile(join(dir, 'data', 'variables.json'), 'utf8')).not.toContain(
      'open-sesame',
    );
    expect(
      (await run('env', 'export', 'Customer B', '--format', 'postman', '--out', out)).err,
    ).toMatch(/exists; add --force/);

    const bruOut = join(dir, 'From Bruno.bru');
    const exported = await run(
      'env',
      'export',
      'From Bruno',
      '--target',
      'bank-b',
      '--format',
      'bruno',
      '--out',
      bruOut,
    );
    expect(exported.code).toBe(0);
    expect(await readFile(bruOut, 'utf8')).toBe(
      'vars {\n  baseUrl: http://127.0.0.1:8080\n  consentId: c-2f9a71\n  psuCorporateId: \n}\nvars:secret [\n  psuPassword\n]\n',
    );
    expect((await run('env', 'import', bruOut, '--target', 'bank-b')).out).toMatch(
      /'From Bruno \(2\)' of bank-b: 4 values\.$/,
    );
  });

  it('imports every environment of a Bruno collection folder', async () => {
    const imported = await run('env', 'import', join(FIXTURES, 'bruno/psd2-sandbox'));
    expect(imported).toMatchObject({ code: 0 });
    expect(imported.out).toMatch(
      /^Imported the environment 'Customer B' of embedded-sandbox: 4 values\.\n.*\nImported the environment 'Local' of embedded-sandbox: 1 value\.$/,
    );
    expect(
      (await run('env', 'import', join(FIXTURES, 'bruno/psd2-sandbox'), '--name', 'x')).err,
    ).toMatch(/holds 2 environments; --name names one/);
    expect((await run('env', 'import', join(FIXTURES, 'postman'))).err).toMatch(
      /has no environments\/\*\.bru/,
    );
  });

  it('exits 1 naming what is wrong with a file, 2 for a bad flag', async () => {
    const collection = await run(
      'env',
      'import',
      join(FIXTURES, 'postman/psd2-sandbox.postman_collection.json'),
    );
    expect(collection.code).toBe(1);
    expect(collection.err).toMatch(/is a Postman collection, not an environment/);
    expect(
      (await run('env', 'export', 'Nope', '--format', 'bruno', '--out', join(dir, 'x'))).err,
    ).toMatch(/no variables or environments yet/);
    expect((await run('env', 'import', 'x.json', '--format', 'insomnia')).code).toBe(2);
    expect((await run('env', 'list')).code).toBe(2);
  });
});
