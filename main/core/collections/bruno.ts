/**
 * Bruno collections in and out, through Bruno's own language library (`@usebruno/lang`): a
 * collection is a folder with `bruno.json`, an optional `collection.bru` (its variables and docs),
 * a `.bru` file per request and a sub-folder (with an optional `folder.bru`) per folder. Read with
 * `bruToJsonV2`/`collectionBruToJson`, written with `jsonToBruV2`/`jsonToCollectionBru`. Pure.
 */
import bruno from '@usebruno/lang';
import { Url, urlParts } from './postman-sdk.js';
import { authLeftOut, importedMethod, importedVariables } from './imported-collection.js';
import { ImportNotes, requestsCount } from './import-notes.js';
import {
  importedBody,
  importedHeaders,
  importedLocation,
  type ImportedLocation,
} from './imported-request.js';
import { brunoBlocks, scriptsFromBruno, scriptsKept, type BruScripts } from './inert-scripts.js';
import { isRecord, parsedJson } from './json-file.js';
import {
  CollectionFormatError,
  type Collection,
  type CollectionFile,
  type CollectionItem,
  type ExportOptions,
  type ImportContext,
  type ImportedCollection,
} from './model.js';
import { BASE_URL_VARIABLE } from './postman.js';
import { brunoSigningScript, withoutSigningScript } from './signing-script.js';
import { assertionsOfBruno, brunoAssertions } from './bruno-assertions.js';

/** What `bruToJsonV2` reads from a request file (the fields used here). */
interface BruRequest extends BruScripts {
  meta?: { name?: string; type?: string; seq?: string | number };
  http?: { method?: string; url?: string; body?: string; auth?: string };
  params?: { name: string; value: string; enabled: boolean; type: 'query' | 'path' }[];
  headers?: { name: string; value: string; enabled: boolean }[];
  body?: Record<string, string | undefined>;
  vars?: unknown;
  assertions?: unknown[];
  docs?: string;
}

interface BruCollection extends BruScripts {
  meta?: { name?: string; seq?: string | number };
  vars?: { req?: { name: string; value: string; enabled: boolean }[] };
  docs?: string;
}

/**
 * Where Bruno's parser stopped and what it expected ("Line 3, col 1: Expected \"\\n\""), without
 * the lines of the file its message quotes: a file that is no .bru file may be a secret the
 * import was pointed at, and an error must not echo it.
 */
function bruSyntaxError(error: unknown): string {
  const message = String((error as Error)?.message ?? error);
  const where = /^Line \d+, col \d+/.exec(message)?.[0];
  const expected = /^Expected .*$/m.exec(message)?.[0];
  return [where, expected].filter(Boolean).join(': ') || 'Bruno could not parse it';
}

/** Parses one `.bru` file; a syntax error names the file and where the parser stopped. */
function parsedBru<T>(file: CollectionFile, parse: (text: string) => unknown): T {
  try {
    return parse(file.text) as T;
  } catch (error) {
    throw new CollectionFormatError(
      `${file.path} is not a valid .bru file: ${bruSyntaxError(error)}`,
    );
  }
}

/** The collection's files by their path below the folder that holds bruno.json. */
function rootedFiles(files: readonly CollectionFile[]): { name: string; files: CollectionFile[] } {
  const normalised = files.map((f) => ({
    ...f,
    path: f.path.replace(/\\/g, '/').replace(/^\/+/, ''),
  }));
  const manifests = normalised
    .filter((f) => f.path === 'bruno.json' || f.path.endsWith('/bruno.json'))
    .sort((a, b) => a.path.length - b.path.length);
  const manifest = manifests[0];
  if (!manifest)
    throw new CollectionFormatError(
      'This is not a Bruno collection: it has no bruno.json (a Bruno collection is a folder with bruno.json and .bru files).',
    );
  const prefix = manifest.path.slice(0, -'bruno.json'.length);
  const json = parsedJson(manifest.text, manifest.path);
  if (!isRecord(json))
    throw new CollectionFormatError(
      `${manifest.path} is not a Bruno collection manifest (no JSON object).`,
    );
  const name =
    typeof json.name === 'string' && json.name.trim() ? json.name.trim() : 'Bruno collection';
  return {
    name,
    files: normalised
      .filter((f) => f.path.startsWith(prefix) && f.path !== manifest.path)
      .map((f) => ({ ...f, path: f.path.slice(prefix.length) })),
  };
}

function seqOf(value: string | number | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}

function importedRequest(
  file: CollectionFile,
  bru: BruRequest,
  ctx: ImportContext,
  notes: ImportNotes,
  locations: ImportedLocation[],
): CollectionItem | undefined {
  if (bru.meta?.type && bru.meta.type !== 'http') {
    notes.add(
      `type:${bru.meta.type}`,
      (n) =>
        `Left out ${requestsCount(n)} of type ${bru.meta!.type}: the bank answers HTTP requests with JSON.`,
    );
    return undefined;
  }
  const method = importedMethod(bru.http?.method ?? '', notes);
  if (!method) return undefined;
  const params = bru.params ?? [];
  const url = new Url(bru.http?.url ?? '/');
  // Bruno keeps the query both in the URL and in params:query (with the disabled ones); the
  // params are the full list.
  const queryParams = params.filter((p) => p.type === 'query');
  if (queryParams.length > 0)
    url.query.repopulate(
      queryParams.map((p) => ({ key: p.name, value: p.value, disabled: !p.enabled })),
    );
  const pathValues = Object.fromEntries(
    params.filter((p) => p.type === 'path').map((p) => [p.name, p.value]),
  );
  const location = importedLocation(urlParts(url), notes, pathValues);
  locations.push(location);
  const headers = importedHeaders(bru.headers ?? [], notes);
  const mode = bru.http?.body ?? 'none';
  let raw: string | undefined;
  if (mode === 'json' || mode === 'text') raw = bru.body?.[mode];
  else if (mode !== 'none')
    notes.add(
      `body:${mode}`,
      (n) => `Left out the ${mode} body of ${requestsCount(n)}: the bank takes JSON bodies.`,
    );
  const auth = bru.http?.auth ?? 'none';
  if (auth !== 'none' && auth !== 'inherit') authLeftOut(notes, 'request', requestsCount);
  const scripts = scriptsFromBruno(bru);
  if (scripts) scriptsKept(notes, 'request', requestsCount);
  // An `assert` block a workbench export wrote comes back as its assertions; any other is noted.
  const assertions = assertionsOfBruno(bru.assertions);
  if (!assertions && (bru.assertions?.length ?? 0) > 0)
    notes.add('assertions', (n) => `Left out the assertions of ${requestsCount(n)}.`);
  const body = importedBody(method, raw, notes);
  return {
    kind: 'request',
    id: ctx.newId(),
    name: bru.meta?.name?.trim() || file.path.replace(/^.*\//, '').replace(/\.bru$/, ''),
    ...(bru.docs?.trim() ? { description: bru.docs } : {}),
    request: {
      method,
      path: location.path,
      ...(location.query ? { query: location.query } : {}),
      ...(headers ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
    },
    ...(scripts ? { scripts } : {}),
    ...(assertions ? { assertions } : {}),
    savedAt: ctx.now,
  };
}

interface Entry {
  seq: number;
  name: string;
  item: CollectionItem;
}

/** The items of one folder (`dir` is '' for the top level, else ends with '/'). */
function importedFolder(
  dir: string,
  files: readonly CollectionFile[],
  ctx: ImportContext,
  notes: ImportNotes,
  locations: ImportedLocation[],
): CollectionItem[] {
  const entries: Entry[] = [];
  const subfolders = new Set<string>();
  for (const file of files) {
    if (!file.path.startsWith(dir)) continue;
    const rest = file.path.slice(dir.length);
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      subfolders.add(rest.slice(0, slash));
      continue;
    }
    if (!rest.endsWith('.bru') || rest === 'folder.bru' || rest === 'collection.bru') continue;
    const bru = parsedBru<BruRequest>(file, bruno.bruToJsonV2);
    const item = importedRequest(file, bru, ctx, notes, locations);
    if (item) entries.push({ seq: seqOf(bru.meta?.seq), name: item.name, item });
  }
  for (const sub of subfolders) {
    if (dir === '' && (sub === 'environments' || sub === 'node_modules' || sub.startsWith('.'))) {
      if (sub === 'environments')
        notes.add(
          'environments',
          () =>
            "Left out the Bruno environments (environments/*.bru): a collection has none; import each into a target's environments (the variables panel, or 'workbench collection env import' with the collection's folder).",
        );
      continue;
    }
    const folderFile = files.find((f) => f.path === `${dir}${sub}/folder.bru`);
    const meta = folderFile ? parsedBru<BruCollection>(folderFile, bruno.collectionBruToJson) : {};
    const name = meta.meta?.name?.trim() || sub;
    const scripts = scriptsFromBruno(meta);
    if (scripts) scriptsKept(notes, 'folder', (n) => `${n} folder(s)`);
    entries.push({
      seq: seqOf(meta.meta?.seq),
      name,
      item: {
        kind: 'folder',
        id: ctx.newId(),
        name,
        ...(meta.docs?.trim() ? { description: meta.docs } : {}),
        ...(scripts ? { scripts } : {}),
        items: importedFolder(`${dir}${sub}/`, files, ctx, notes, locations),
      },
    });
  }
  return entries.sort((a, b) => a.seq - b.seq || a.name.localeCompare(b.name)).map((e) => e.item);
}

/** A Bruno collection (its folder's files) as a workbench collection. */
export function importBruno(
  files: readonly CollectionFile[],
  ctx: ImportContext,
): ImportedCollection {
  const { name, files: inside } = rootedFiles(files);
  const notes = new ImportNotes();
  const locations: ImportedLocation[] = [];
  const items = importedFolder('', inside, ctx, notes, locations);
  if (!inside.some((f) => f.path.endsWith('.bru') && !f.path.startsWith('environments/')))
    throw new CollectionFormatError('The Bruno collection has no .bru request files.');
  const collectionFile = inside.find((f) => f.path === 'collection.bru');
  const settings = collectionFile
    ? parsedBru<BruCollection>(collectionFile, bruno.collectionBruToJson)
    : {};
  const declared = (settings.vars?.req ?? []).map((v) => ({
    key: v.name,
    value: v.value,
    enabled: v.enabled,
  }));
  const variables = importedVariables(declared, locations, notes);
  const scripts = scriptsFromBruno(settings);
  if (scripts) scriptsKept(notes, 'collection', () => 'the collection');
  return {
    collection: {
      name: name.slice(0, 100),
      ...(settings.docs?.trim() ? { description: settings.docs } : {}),
      variables,
      ...(scripts ? { scripts } : {}),
      items,
    },
    notes: notes.list(),
  };
}

/** A file or folder name: no path separators, no characters some systems refuse. */
export function safeFileName(name: string, fallback: string): string {
  const kept = [...name]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '-' : char))
    .join('');
  return kept.replace(/^\.+/, '').trim() || fallback;
}

/** A name for an item not yet taken in its folder (case-insensitively, as some systems compare). */
function fileName(name: string, taken: Set<string>): string {
  const base = safeFileName(name, 'request');
  let candidate = base;
  for (let i = 2; taken.has(candidate.toLowerCase()); i += 1) candidate = `${base} (${i})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

function exportedUrl(path: string, query: Record<string, string> | undefined): string {
  const start = /^https?:\/\//.test(path) ? path : `{{${BASE_URL_VARIABLE}}}${path}`;
  const pairs = Object.entries(query ?? {}).map(([k, v]) => `${k}=${v}`);
  if (pairs.length === 0) return start;
  return `${start}${start.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

function exportedFolder(
  dir: string,
  items: readonly CollectionItem[],
  files: CollectionFile[],
): void {
  const taken = new Set<string>(['folder', 'collection', 'environments']);
  items.forEach((item, index) => {
    const seq = index + 1;
    if (item.kind === 'folder') {
      const folder = `${dir}${fileName(item.name, taken)}/`;
      files.push({
        path: `${folder}folder.bru`,
        text: bruno.jsonToCollectionBru({
          meta: { name: item.name, seq },
          ...brunoBlocks(item.scripts),
          ...(item.description ? { docs: item.description } : {}),
        }),
      });
      exportedFolder(folder, item.items, files);
      return;
    }
    const { request } = item;
    const query = Object.entries(request.query ?? {});
    const headers = Object.entries(request.headers ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== null,
    );
    files.push({
      path: `${dir}${fileName(item.name, taken)}.bru`,
      text: bruno.jsonToBruV2({
        meta: { name: item.name, type: 'http', seq },
        http: {
          method: request.method.toLowerCase(),
          url: exportedUrl(request.path, request.query),
          body: request.body !== undefined ? 'json' : 'none',
          auth: 'none',
        },
        params: query.map(([name, value]) => ({ name, value, enabled: true, type: 'query' })),
        headers: headers.map(([name, value]) => ({ name, value, enabled: true })),
        ...(request.body !== undefined ? { body: { json: request.body } } : {}),
        ...(item.assertions?.length ? { assertions: brunoAssertions(item.assertions) } : {}),
        ...brunoBlocks(item.scripts),
        ...(item.description ? { docs: item.description } : {}),
      }),
    });
  });
}

/** A workbench collection as the files of a Bruno collection folder. */
export function exportBruno(collection: Collection, options: ExportOptions = {}): CollectionFile[] {
  // The signing script goes after the collection's own pre-request scripts: what they set is signed.
  const scripts = options.signing
    ? [
        ...(withoutSigningScript(collection.scripts) ?? []),
        { phase: 'pre-request' as const, text: brunoSigningScript() },
      ]
    : collection.scripts;
  const files: CollectionFile[] = [
    {
      path: 'bruno.json',
      text: `${JSON.stringify({ version: '1', name: collection.name, type: 'collection', ignore: ['node_modules', '.git'] }, null, 2)}\n`,
    },
    {
      path: 'collection.bru',
      text: bruno.jsonToCollectionBru({
        vars: {
          req: collection.variables.map(({ key, value }) => ({ name: key, value, enabled: true })),
        },
        ...brunoBlocks(scripts),
        ...(collection.description ? { docs: collection.description } : {}),
      }),
    },
  ];
  exportedFolder('', collection.items, files);
  return files;
}
