/**
 * `workbench collection import|export|list|env`: the saved collections of the workbench (the ones the
 * UI's Collections panel shows, in the same data folder as `workbench web`) in and out of Postman
 * Collection v2.1, Bruno and OpenAPI files, through the same service the UI calls.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { CollectionsService } from '../../api/services/collections/collections-service.js';
import { StorageNotices } from '../../api/services/app/stored-files.js';
import { EventHub } from '../../api/events.js';
import { requestsCount, requestsOf } from '../../core/collections/index.js';
import { COLLECTION_IMPORT_FORMATS } from '../../api/contract/collections.js';
import { systemClock } from '../../core/clock.js';
import { defaultDataDir } from '../../core/persistence/data-dir.js';
import { brunoFolderFiles, collectionFile } from './collection-files.js';
import { UsageError, type CliIo } from './io.js';
import { oneOf, parseFlags } from './parse.js';
import { environmentAction, environmentUsage } from './environment-command.js';
import { collectionRunUsage, runCollectionAction } from './collection-run-command.js';
import type { CliCommand } from './command.js';

const usage = `Usage: workbench collection import --format postman|bruno|openapi|har|curl PATH [--name NAME]
       workbench collection export NAME --format postman|bruno --out PATH [--with-signing] [--force]
       workbench collection list
${collectionRunUsage}
${environmentUsage}
Every form takes --data-dir DIR (default: the workbench's own, as 'workbench web' uses).

import  adds a collection: a Postman Collection v2.1 file, a Bruno collection folder (with
        bruno.json) or a zip of one, an OpenAPI 3 document in JSON, a HAR 1.2 file, a file of
        curl commands (as "copy as cURL" gives them; nothing is run). Prints what was left out
        (auth, the headers the workbench makes when it sends) and what was kept as text, not
        run (scripts): docs/collections.md.
export  writes a collection as a Postman v2.1 file, or as a Bruno collection folder at PATH.
        --with-signing adds a collection pre-request script that signs every request (§5.2)
        with the key and certificate in the variables signingKeyPem and signingCertificatePem,
        so newman or 'bru run' get answers without the workbench (docs/collections.md).
list    prints each collection with its number of requests.
env     imports a Postman or Bruno environment file into a target's environments, or exports
        one as such a file (docs/variables.md).`;

const FORMATS_IN = COLLECTION_IMPORT_FORMATS;
const FORMATS_OUT = ['postman', 'bruno'] as const;

function service(dataDir: string): CollectionsService {
  return new CollectionsService(dataDir, new StorageNotices(), new EventHub(), systemClock);
}

async function importCollection(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    { format: { type: 'string' }, name: { type: 'string' }, 'data-dir': { type: 'string' } },
    true,
  );
  const format = oneOf(values.format, FORMATS_IN, '--format');
  if (positionals.length !== 1) throw new UsageError('Give one file or folder to import.');
  const path = resolve(positionals[0]!);
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new UsageError(`There is no file or folder ${path}.`);
  let source: { text?: string; files?: { path: string; text: string }[]; zipBase64?: string };
  const readNotes: string[] = [];
  if (format === 'bruno' && info.isDirectory()) {
    const folder = await brunoFolderFiles(path);
    source = { files: folder.files };
    readNotes.push(...folder.notes);
  } else if (info.isDirectory())
    throw new UsageError(`${path} is a folder; a ${format} collection is one file.`);
  else if (format === 'bruno')
    source = { zipBase64: (await collectionFile(path, true)).toString('base64') };
  else source = { text: (await collectionFile(path, false)).toString('utf8') };
  const collections = service(values['data-dir'] ?? defaultDataDir());
  const result = await collections.import({
    format,
    ...source,
    ...(values.name ? { name: values.name } : {}),
  });
  const collection = (await collections.list()).find((c) => c.name === result.imported)!;
  io.out(`Imported '${result.imported}': ${requestsCount(requestsOf(collection).length)}.`);
  for (const note of [...readNotes, ...result.notes]) io.out(`  ${note}`);
  return 0;
}

async function exportCollection(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    {
      format: { type: 'string' },
      out: { type: 'string' },
      force: { type: 'boolean' },
      'with-signing': { type: 'boolean' },
      'data-dir': { type: 'string' },
    },
    true,
  );
  const format = oneOf(values.format, FORMATS_OUT, '--format');
  const signing = values['with-signing'] === true;
  if (positionals.length !== 1) throw new UsageError('Give the name of the collection to export.');
  if (!values.out) throw new UsageError('Give --out PATH.');
  const out = resolve(values.out);
  if (!values.force && (await stat(out).catch(() => undefined)))
    throw new UsageError(`${out} exists; add --force to overwrite it.`);
  const exported = await service(values['data-dir'] ?? defaultDataDir()).export({
    collection: positionals[0]!,
    format,
    ...(signing ? { signing } : {}),
    // The CLI writes the folder itself: no zip, which could not hold a big collection's files.
    ...(format === 'bruno' ? { folder: true } : {}),
  });
  if (format === 'postman') {
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, exported.text!);
    io.out(`Wrote ${out} (Postman Collection v2.1${signing ? ', signing every request' : ''}).`);
    return 0;
  }
  for (const file of exported.files!) {
    const target = join(out, ...file.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.text);
  }
  io.out(
    `Wrote the Bruno collection folder ${out} (${exported.files!.length} files${signing ? ', signing every request' : ''}).`,
  );
  return 0;
}

async function listCollections(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(argv, { 'data-dir': { type: 'string' } });
  const collections = await service(values['data-dir'] ?? defaultDataDir()).list();
  if (collections.length === 0) io.out('No saved collections.');
  for (const c of collections) io.out(`${c.name}\t${requestsCount(requestsOf(c).length)}`);
  return 0;
}

export const collectionCommand: CliCommand = {
  name: 'collection',
  summary:
    'Import, export and run saved collections; environments in and out (Postman, Bruno, OpenAPI).',
  usage,
  async run(argv, io) {
    const [action, ...rest] = argv;
    if (action === 'import') return importCollection(rest, io);
    if (action === 'export') return exportCollection(rest, io);
    if (action === 'list') return listCollections(rest, io);
    if (action === 'run') return runCollectionAction(rest, io);
    if (action === 'env') return environmentAction(rest, io);
    throw new UsageError(
      action ? `Unknown action '${action}'.` : 'Give import, export, list, run or env.',
    );
  },
};
