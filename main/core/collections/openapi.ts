/**
 * A collection from an OpenAPI 3 document (the bank's `/openapi.json`, the Berlin Group 1.3.8
 * definition): one request per operation, in a folder per tag (or first path segment), path
 * parameters as `{{name}}`, required query and header parameters with the document's example,
 * default or first enum value, and the request body's example. The headers the workbench makes
 * itself are never copied (imported-request.ts). Pure: the document arrives parsed.
 */
import { ImportNotes, requestsCount } from './import-notes.js';
import { DROPPED_HEADERS } from './imported-request.js';
import { isRecord, ownMap, ownValue } from './json-file.js';
import {
  CollectionFormatError,
  type CollectionItem,
  type CollectionMethod,
  type FolderItem,
  type ImportContext,
  type ImportedCollection,
  type SavedRequestItem,
} from './model.js';

const METHODS: Readonly<Record<string, CollectionMethod>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  delete: 'DELETE',
  patch: 'PATCH',
};
/** Headers the signing client's PSU session supplies (psu-session.ts), never asked of the user. */
const SESSION_HEADERS = new Set(['psu-id', 'psu-corporate-id']);

type Json = Record<string, unknown>;

/** `$ref: '#/components/...'` resolved inside the document (one level at a time). */
function resolved(document: Json, node: unknown, depth = 0): unknown {
  if (!isRecord(node) || typeof node.$ref !== 'string' || depth > 10) return node;
  const ref = node.$ref;
  if (!ref.startsWith('#/')) return node;
  let target: unknown = document;
  for (const part of ref.slice(2).split('/'))
    target = isRecord(target)
      ? ownValue(target, part.replace(/~1/g, '/').replace(/~0/g, '~'))
      : undefined;
  return resolved(document, target, depth + 1);
}

function exampleOf(document: Json, parameter: Json): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const examples = parameter.examples;
  if (isRecord(examples)) {
    const first = resolved(document, Object.values(examples)[0]);
    if (isRecord(first) && first.value !== undefined) return first.value;
  }
  const schema = resolved(document, parameter.schema);
  if (isRecord(schema)) {
    if (schema.example !== undefined) return schema.example;
    if (schema.default !== undefined) return schema.default;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  }
  return undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The JSON request body's example, if the document gives one. */
function bodyOf(document: Json, operation: Json): string | undefined {
  const body = resolved(document, operation.requestBody);
  if (!isRecord(body) || !isRecord(body.content)) return undefined;
  const media = Object.entries(body.content).find(([type]) => /json/i.test(type))?.[1];
  if (!isRecord(media)) return undefined;
  let example = media.example;
  if (example === undefined && isRecord(media.examples)) {
    const first = resolved(document, Object.values(media.examples)[0]);
    if (isRecord(first)) example = first.value;
  }
  if (example === undefined) {
    const schema = resolved(document, media.schema);
    if (isRecord(schema)) example = schema.example;
  }
  return example === undefined ? '{\n}\n' : `${JSON.stringify(example, null, 2)}\n`;
}

function requestOf(
  document: Json,
  path: string,
  method: CollectionMethod,
  operation: Json,
  shared: unknown[],
  ctx: ImportContext,
  notes: ImportNotes,
): SavedRequestItem {
  const query = ownMap<string>();
  const headers = ownMap<string>();
  const parameters = [
    ...shared,
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ];
  for (const raw of parameters) {
    const parameter = resolved(document, raw);
    if (!isRecord(parameter) || typeof parameter.name !== 'string') continue;
    const name = parameter.name;
    if (parameter.in === 'query' && parameter.required === true)
      query[name] = text(exampleOf(document, parameter) ?? `{{${name}}}`);
    if (parameter.in !== 'header' || parameter.required !== true) continue;
    const key = name.toLowerCase();
    if (ownValue(DROPPED_HEADERS, key) || SESSION_HEADERS.has(key)) continue;
    headers[name] = text(exampleOf(document, parameter) ?? `{{${name}}}`);
  }
  const body = method === 'GET' || method === 'DELETE' ? undefined : bodyOf(document, operation);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['Content-Type'] = 'application/json';
  const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
  const summary = typeof operation.summary === 'string' ? operation.summary.trim() : '';
  const description = typeof operation.description === 'string' ? operation.description : '';
  if (operation.deprecated === true)
    notes.add(
      'deprecated',
      (n) => `${requestsCount(n)} of deprecated operations are included; their names say so.`,
    );
  return {
    kind: 'request',
    id: ctx.newId(),
    name: `${operation.deprecated === true ? '(deprecated) ' : ''}${summary || operationId || `${method} ${path}`}`.slice(
      0,
      200,
    ),
    ...(description.trim() ? { description } : {}),
    ...(operationId ? { operationId } : {}),
    request: {
      // §path templates `{name}` become variables the composer resolves.
      path: path.replace(/\{([^}/]+)\}/g, '{{$1}}'),
      method,
      ...(Object.keys(query).length ? { query } : {}),
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
    },
    savedAt: ctx.now,
  };
}

/** The folder an operation goes in: its first tag, else the first path segment after a version. */
function folderName(path: string, operation: Json): string {
  const tag = Array.isArray(operation.tags) ? operation.tags[0] : undefined;
  if (typeof tag === 'string' && tag.trim()) return tag.trim().slice(0, 200);
  const segments = path.split('/').filter((s) => s && !/^v\d+$/i.test(s) && !s.startsWith('{'));
  return segments[0] ?? 'Other';
}

/** An OpenAPI 3 document (parsed) as a collection of its operations. */
export function importOpenApi(
  document: unknown,
  ctx: ImportContext,
  name?: string,
): ImportedCollection {
  if (!isRecord(document))
    throw new CollectionFormatError('The OpenAPI document is not a JSON object.');
  if (typeof document.swagger === 'string')
    throw new CollectionFormatError(
      `The document is Swagger ${document.swagger}; the workbench reads OpenAPI 3 documents.`,
    );
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.'))
    throw new CollectionFormatError(
      'The document is not OpenAPI 3: it has no "openapi": "3.x" field.',
    );
  const paths = document.paths;
  if (!isRecord(paths) || Object.keys(paths).length === 0)
    throw new CollectionFormatError(
      'The OpenAPI document has no paths: there is no operation to make a request of.',
    );
  const notes = new ImportNotes();
  const folders = new Map<string, FolderItem>();
  const items: CollectionItem[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    // OpenAPI 3 (Paths Object): a path begins with '/', below the server's URL.
    if (!path.startsWith('/')) {
      notes.add(
        `path:${path}`,
        () => `Left out the path '${path.slice(0, 100)}': an OpenAPI path begins with '/'.`,
      );
      continue;
    }
    const pathItem = resolved(document, rawItem);
    if (!isRecord(pathItem)) continue;
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const [key, operation] of Object.entries(pathItem)) {
      const method = ownValue(METHODS, key);
      if (!isRecord(operation)) continue;
      if (!method) {
        if (['head', 'options', 'trace'].includes(key))
          notes.add(
            `method:${key}`,
            (n) =>
              `Left out ${n} ${key.toUpperCase()} operation(s): the composer sends ${Object.values(METHODS).join(', ')}.`,
          );
        continue;
      }
      const request = requestOf(document, path, method, operation, shared, ctx, notes);
      const folder = folderName(path, operation);
      let found = folders.get(folder);
      if (!found) {
        found = { kind: 'folder', id: ctx.newId(), name: folder, items: [] };
        folders.set(folder, found);
        items.push(found);
      }
      found.items.push(request);
    }
  }
  if (folders.size === 0)
    throw new CollectionFormatError(
      ['The OpenAPI document has no operations under its paths.', ...notes.list()].join(' '),
    );
  const info = isRecord(document.info) ? document.info : {};
  const title = typeof info.title === 'string' && info.title.trim() ? info.title.trim() : 'OpenAPI';
  const version = typeof info.version === 'string' ? ` ${info.version}` : '';
  notes.add(
    'openapi:headers',
    () =>
      'Left out the headers the workbench makes (X-Request-ID, Digest, Signature, TPP-Signature-Certificate) and those the PSU session supplies (TPP-Session-ID, TPP-Redirect-URI, PSU-ID, PSU-Corporate-ID); optional parameters are left for the composer.',
  );
  return {
    collection: {
      name: (name ?? `${title}${version}`).slice(0, 100),
      variables: [],
      items,
    },
    notes: notes.list(),
  };
}
