/**
 * `workbench collection` (main/hosts/cli/collection-command.ts): a Bruno folder imports into the
 * saved collections of --data-dir, exports as a Postman v2.1 file and as a Bruno folder that
 * imports again; a bad file exits 1 naming what is wrong, a bad flag 2. A Bruno folder's symbolic
 * links and FIFOs are left out with a note naming them (never read), and a file over the
 * collection limit is refused before it is read.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../main/hosts/cli/index';
import { captureCliIo } from '../../support/cli-capture';
import { FIXTURES } from '../collections/fixtures';

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
