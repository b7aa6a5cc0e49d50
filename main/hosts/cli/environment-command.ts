/**
 * `workbench collection env import|export`: a target's environments (the ones the composer's
 * variables panel shows, in `variables.json` of the data folder) in and out of Postman
 * environment files and Bruno `environments/NAME.bru` files, through the same service the UI
 * calls (docs/variables.md).
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { EventHub } from '../../api/events.js';
import { EMBEDDED_TARGET_IDS } from '../../api/contract/targets.js';
import { ENVIRONMENT_FORMATS, type EnvironmentFormat } from '../../api/contract/workspace.js';
import { StorageNotices } from '../../api/services/app/stored-files.js';
import { WorkspaceService } from '../../api/services/workspace/workspace-service.js';
import { KeystoreLock } from '../../api/services/certs/keystore-lock.js';
import { systemClock } from '../../core/clock.js';
import { defaultDataDir } from '../../core/persistence/data-dir.js';
import { UsageError, type CliIo } from './io.js';
import { oneOf, parseFlags } from './parse.js';

export const environmentUsage = `       workbench collection env import FILE|BRUNO-FOLDER [--format postman|bruno] [--target ID] [--name NAME]
       workbench collection env export NAME --format postman|bruno --out FILE [--target ID] [--force]
The env forms work on the environments of the target ID (default: ${EMBEDDED_TARGET_IDS.sandbox});
a .bru file is read as a Bruno environment, any other as a Postman one, unless --format says;
a Bruno collection folder brings each of its environments/*.bru.`;

/**
 * The workspace on the data folder, its secret values sealed by the keystore there, opened (or
 * created, as the first unlock in the UI does) with WORKBENCH_KEYSTORE_PASSPHRASE.
 */
function service(dataDir: string): WorkspaceService {
  const passphrase = process.env.WORKBENCH_KEYSTORE_PASSPHRASE;
  const events = new EventHub();
  const lock = passphrase
    ? new KeystoreLock({ dataDir, passphrase }, systemClock, events)
    : undefined;
  return new WorkspaceService(dataDir, new StorageNotices(), events, async () => {
    if (!lock) return undefined;
    await lock.ready;
    const box = lock.secretBox();
    const { notice } = await lock.status();
    if (!box && notice) throw new UsageError(`WORKBENCH_KEYSTORE_PASSPHRASE: ${notice}`);
    return box;
  });
}

/** The format a file is in: --format, else a `.bru` file is Bruno's and any other Postman's. */
function formatOf(value: string | undefined, path: string): EnvironmentFormat {
  if (value !== undefined) return oneOf(value, ENVIRONMENT_FORMATS, '--format');
  return /\.bru$/i.test(path) ? 'bruno' : 'postman';
}

async function importEnvironment(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    {
      format: { type: 'string' },
      target: { type: 'string' },
      name: { type: 'string' },
      'data-dir': { type: 'string' },
    },
    true,
  );
  if (positionals.length !== 1) throw new UsageError('Give one environment file to import.');
  const path = resolve(positionals[0]!);
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new UsageError(`There is no file or folder ${path}.`);
  const files = info.isDirectory() ? await brunoEnvironmentFiles(path) : [path];
  if (files.length > 1 && values.name)
    throw new UsageError(`${path} holds ${files.length} environments; --name names one.`);
  const workspace = service(values['data-dir'] ?? defaultDataDir());
  const targetId = values.target ?? EMBEDDED_TARGET_IDS.sandbox;
  for (const file of files) {
    const result = await workspace.importEnvironment({
      targetId,
      format: info.isDirectory() ? 'bruno' : formatOf(values.format, file),
      text: await readFile(file, 'utf8'),
      fileName: basename(file),
      ...(values.name ? { name: values.name } : {}),
    });
    const count = Object.keys(result.variables[targetId]!.environments[result.imported]!).length;
    io.out(
      `Imported the environment '${result.imported}' of ${targetId}: ${count} value${count === 1 ? '' : 's'}.`,
    );
    for (const note of result.notes) io.out(`  ${note}`);
  }
  return 0;
}

/** The environments of a Bruno collection folder: its `environments/*.bru`, by name. */
async function brunoEnvironmentFiles(folder: string): Promise<string[]> {
  const dir = join(folder, 'environments');
  const names = await readdir(dir).catch(() => undefined);
  const files = (names ?? []).filter((n) => n.toLowerCase().endsWith('.bru')).sort();
  if (files.length === 0)
    throw new UsageError(
      `${folder} has no environments/*.bru (a Bruno collection keeps them there).`,
    );
  return files.map((n) => join(dir, n));
}

async function exportEnvironment(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    {
      format: { type: 'string' },
      target: { type: 'string' },
      out: { type: 'string' },
      force: { type: 'boolean' },
      'data-dir': { type: 'string' },
    },
    true,
  );
  const format = oneOf(values.format, ENVIRONMENT_FORMATS, '--format');
  if (positionals.length !== 1) throw new UsageError('Give the name of the environment to export.');
  if (!values.out) throw new UsageError('Give --out FILE.');
  const out = resolve(values.out);
  if (!values.force && (await stat(out).catch(() => undefined)))
    throw new UsageError(`${out} exists; add --force to overwrite it.`);
  const exported = await service(values['data-dir'] ?? defaultDataDir()).exportEnvironment({
    targetId: values.target ?? EMBEDDED_TARGET_IDS.sandbox,
    environment: positionals[0]!,
    format,
  });
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, exported.text);
  io.out(`Wrote ${out} (${format === 'postman' ? 'Postman' : 'Bruno'} environment).`);
  for (const note of exported.notes) io.out(`  ${note}`);
  return 0;
}

/** `env import …` or `env export …`. */
export function environmentAction(argv: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === 'import') return importEnvironment(rest, io);
  if (action === 'export') return exportEnvironment(rest, io);
  throw new UsageError(
    action ? `Unknown env action '${action}'.` : 'Give env import or env export.',
  );
}
