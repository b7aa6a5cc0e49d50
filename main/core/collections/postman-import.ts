/**
 * A Postman Collection v2.1 (or v2.0) file as a workbench collection, from the file's parts: what
 * postman-plain.ts reads straight from a file of the shapes Postman writes, or what Postman's SDK
 * reads from any other (postman.ts, `sdkPostmanParts`). Both give the same parts, converted here
 * the one way. Folders are item groups; a request's URL host `{{baseUrl}}` is the chosen target's
 * base URL; collection variables are kept; scripts are kept as text, never run (inert-scripts.ts).
 * What Postman has and the workbench does not (auth, non-JSON bodies, disabled rows, the headers
 * the workbench makes) is left out with a note. Pure.
 */
import { authLeftOut, importedMethod, importedVariables } from './imported-collection.js';
import { ImportNotes, requestsCount } from './import-notes.js';
import {
  importedBody,
  importedHeaders,
  importedLocation,
  type ImportedLocation,
  type ImportedUrl,
} from './imported-request.js';
import { scriptsFromPostman, scriptsKept, type PostmanEventLike } from './inert-scripts.js';
import { assertionsFromScripts } from './assertion-scripts.js';
import { isRecord, parsedJson } from './json-file.js';
import {
  CollectionFormatError,
  type CollectionItem,
  type ImportContext,
  type ImportedCollection,
} from './model.js';

/** A Postman `auth` block: only whether it is `noauth` matters (auth is left out). */
export interface PostmanAuthParts {
  type?: string | undefined;
}

/** A collection variable or a URL's `:name` path variable, its value as the file typed it. */
export interface PostmanVariableParts {
  key?: string | undefined;
  value?: unknown;
  disabled?: boolean | undefined;
}

export interface PostmanRequestParts {
  /** Upper case; `GET` when the file names none. */
  method: string;
  url: ImportedUrl;
  pathVariables: readonly PostmanVariableParts[];
  headers: readonly { key: string; value: string; disabled?: boolean | undefined }[];
  /** `empty`: the body of another mode than raw holds nothing (then it is not noted). */
  body?: { mode?: string | undefined; raw?: string | undefined; empty: boolean } | undefined;
  auth?: PostmanAuthParts | undefined;
  /** A text, or Postman's `{ content }`. */
  description?: unknown;
}

export interface PostmanRequestItemParts {
  kind: 'request';
  name?: string | undefined;
  description?: unknown;
  events: readonly PostmanEventLike[];
  request: PostmanRequestParts;
}

export interface PostmanFolderParts {
  kind: 'folder';
  name?: string | undefined;
  description?: unknown;
  auth?: PostmanAuthParts | undefined;
  events: readonly PostmanEventLike[];
  items: readonly PostmanItemParts[];
}

export type PostmanItemParts = PostmanRequestItemParts | PostmanFolderParts;

/** The collection itself: its `info` (name, description) and what sits at its top. */
export interface PostmanCollectionParts {
  name?: string | undefined;
  description?: unknown;
  auth?: PostmanAuthParts | undefined;
  events: readonly PostmanEventLike[];
  variables: readonly PostmanVariableParts[];
  items: readonly PostmanItemParts[];
}

/** The Postman format version a file names, or why it is no Postman collection. */
function checkedVersion(json: unknown): 'v2.1.0' | 'v2.0.0' {
  if (!isRecord(json))
    throw new CollectionFormatError(
      'The file is not a Postman collection: it is not a JSON object.',
    );
  const info = json.info;
  if (!isRecord(info) || typeof info.schema !== 'string') {
    if (Array.isArray(json.requests) && Array.isArray(json.order))
      throw new CollectionFormatError(
        'The file is a Postman Collection v1; the workbench imports v2.1. In Postman, export the collection as "Collection v2.1".',
      );
    // An environment export is the file people most often pick by mistake: say where it goes.
    if (json._postman_variable_scope === 'environment')
      throw new CollectionFormatError(
        "The file is a Postman environment, not a collection: import it into a target's environments (the variables panel, or 'workbench collection env import FILE').",
      );
    throw new CollectionFormatError('The file is not a Postman collection: it has no info.schema.');
  }
  const version = /\/collection\/(v[\d.]+)\//.exec(info.schema)?.[1];
  if (version !== 'v2.1.0' && version !== 'v2.0.0')
    throw new CollectionFormatError(
      `The file is a Postman collection of schema ${version ?? info.schema}; the workbench imports v2.1.0 (and v2.0.0). In Postman, export the collection as "Collection v2.1".`,
    );
  if (!Array.isArray(json.item))
    throw new CollectionFormatError(
      'The Postman collection has no item list (info and item are required).',
    );
  return version;
}

/** A Postman file's JSON and the format version it names; refused naming what is wrong. */
export interface PostmanFile {
  json: Record<string, unknown> & { info: Record<string, unknown>; item: unknown[] };
  version: 'v2.1.0' | 'v2.0.0';
}

export function postmanFile(text: string): PostmanFile {
  const json = parsedJson(text, 'The Postman file');
  const version = checkedVersion(json);
  return { json: json as PostmanFile['json'], version };
}

function descriptionOf(property: { description?: unknown }): string | undefined {
  const description = property.description as { content?: unknown } | string | undefined;
  const text = typeof description === 'string' ? description : description?.content;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

const authSet = (auth: PostmanAuthParts | undefined) =>
  auth !== undefined && auth.type !== 'noauth';

function importedItem(
  item: PostmanRequestItemParts,
  ctx: ImportContext,
  notes: ImportNotes,
  locations: ImportedLocation[],
): CollectionItem | undefined {
  const request = item.request;
  const method = importedMethod(request.method, notes);
  if (!method) return undefined;
  const pathValues = Object.fromEntries(
    request.pathVariables.map((v) => [v.key ?? '', String(v.value ?? '')]),
  );
  const location = importedLocation(request.url, notes, pathValues);
  locations.push(location);
  const headers = importedHeaders(
    request.headers.map((h) => ({ name: h.key, value: h.value, enabled: !h.disabled })),
    notes,
  );
  let raw: string | undefined;
  const body = request.body;
  if (body?.mode === 'raw') raw = body.raw;
  else if (body?.mode && !body.empty)
    notes.add(
      `body:${body.mode}`,
      (n) =>
        `Left out the ${body.mode} body of ${requestsCount(n)}: the bank takes JSON (raw) bodies.`,
    );
  if (authSet(request.auth)) authLeftOut(notes, 'request', requestsCount);
  // A test script a workbench export wrote for assertions comes back as those assertions.
  const { scripts, assertions } = assertionsFromScripts(scriptsFromPostman(item.events, notes));
  if (scripts) scriptsKept(notes, 'request', requestsCount);
  const text = importedBody(method, raw, notes);
  // Postman writes a request's description in `request`; older files on the item.
  const description = descriptionOf(request) ?? descriptionOf(item);
  return {
    kind: 'request',
    id: ctx.newId(),
    name: item.name || `${method} ${location.path}`,
    ...(description ? { description } : {}),
    request: {
      method,
      path: location.path,
      ...(location.query ? { query: location.query } : {}),
      ...(headers ? { headers } : {}),
      ...(text !== undefined ? { body: text } : {}),
    },
    ...(scripts ? { scripts } : {}),
    ...(assertions ? { assertions } : {}),
    savedAt: ctx.now,
  };
}

function importedItems(
  members: readonly PostmanItemParts[],
  ctx: ImportContext,
  notes: ImportNotes,
  locations: ImportedLocation[],
): CollectionItem[] {
  const items: CollectionItem[] = [];
  for (const member of members) {
    if (member.kind === 'folder') {
      if (authSet(member.auth)) authLeftOut(notes, 'folder', (n) => `${n} folder(s)`);
      const description = descriptionOf(member);
      const scripts = scriptsFromPostman(member.events, notes);
      if (scripts) scriptsKept(notes, 'folder', (n) => `${n} folder(s)`);
      items.push({
        kind: 'folder',
        id: ctx.newId(),
        name: member.name || 'Folder',
        ...(description ? { description } : {}),
        ...(scripts ? { scripts } : {}),
        items: importedItems(member.items, ctx, notes, locations),
      });
    } else {
      const imported = importedItem(member, ctx, notes, locations);
      if (imported) items.push(imported);
    }
  }
  return items;
}

/**
 * The collection variables the file marks secret (`type: "secret"`, or the SDK's `secret: true`):
 * read from the file itself, since the SDK turns a type it does not know into `any`.
 */
function secretKeys(json: Record<string, unknown>): Set<string> {
  const declared = Array.isArray(json.variable) ? (json.variable as unknown[]) : [];
  return new Set(
    declared
      .filter(isRecord)
      .filter((v) => v.type === 'secret' || v.secret === true)
      .map((v) => String(v.key ?? '')),
  );
}

/** A Postman file's parts (postman-plain.ts, or the SDK's) as a workbench collection. */
export function importedPostman(
  file: PostmanFile,
  collection: PostmanCollectionParts,
  ctx: ImportContext,
): ImportedCollection {
  const notes = new ImportNotes();
  const locations: ImportedLocation[] = [];
  const items = importedItems(collection.items, ctx, notes, locations);
  if (authSet(collection.auth)) authLeftOut(notes, 'collection', () => 'the collection');
  const scripts = scriptsFromPostman(collection.events, notes);
  if (scripts) scriptsKept(notes, 'collection', () => 'the collection');
  const secrets = secretKeys(file.json);
  const declared = collection.variables.map((v) => ({
    key: v.key ?? '',
    value: typeof v.value === 'string' ? v.value : JSON.stringify(v.value ?? ''),
    enabled: !v.disabled,
    secret: secrets.has(v.key ?? ''),
  }));
  const variables = importedVariables(declared, locations, notes);
  const description = descriptionOf(collection);
  return {
    collection: {
      name: (collection.name || 'Imported collection').slice(0, 100),
      ...(description ? { description } : {}),
      variables,
      ...(scripts ? { scripts } : {}),
      items,
    },
    notes: notes.list(),
  };
}
