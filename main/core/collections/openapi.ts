/**
 * A collection from an OpenAPI 3 document (the bank's `/openapi.json`, the Berlin Group 1.3.8
 * definition): one request per operation, in a folder per tag (or first path segment), path
 * parameters as `{{name}}`, required query and header parameters with the document's example,
 * default or first enum value, and a request body from the document's examples or a sample of its
 * schema (schema-sample.ts). The headers the workbench makes
 * itself are never copied (imported-request.ts). Pure: the document arrives parsed.
 */
import { ImportNotes, requestsCount } from './import-notes.js';
import { DROPPED_HEADERS } from './imported-request.js';
import { isRecord, ownMap, ownValue } from './json-file.js';
import { resolvedRef, schemaSample } from './schema-sample.js';
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

function exampleOf(document: Json, parameter: Json): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const examples = parameter.examples;
  if (isRecord(examples)) {
    const first = resolvedRef(document, Object.values(examples)[0]);
    if (isRecord(first) && first.value !== undefined) return first.value;
  }
  const schema = resolvedRef(document, parameter.schema);
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

/** JSON media types: `application/json` and the `+json` ones (RFC 6839). */
const JSON_MEDIA = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

interface RequestBody {
  readonly text: string;
  readonly contentType: string;
}

/** Who an operation is, in a note: its operationId and where it is. */
function operationLabel(operationId: string | undefined, method: string, path: string): string {
  return (operationId ? `${operationId} (${method} ${path})` : `${method} ${path}`).slice(0, 200);
}

/**
 * The media type's example: its `example`, else the first of its `examples` (an `externalValue`
 * is not fetched: an import reads only the document, and the note says so).
 */
function mediaExample(document: Json, media: Json, label: string, notes: ImportNotes): unknown {
  if (media.example !== undefined) return media.example;
  if (!isRecord(media.examples)) return undefined;
  const first = resolvedRef(document, Object.values(media.examples)[0]);
  if (!isRecord(first)) return undefined;
  if (first.value === undefined && typeof first.externalValue === 'string')
    notes.add(
      `external:${label}`,
      () =>
        `Did not fetch the example body of ${label} at ${first.externalValue as string}: an import reads only the document; the body was made from its schema.`,
    );
  return first.value;
}

/**
 * The request body: for JSON, the media type's example, the schema's example, else a sample of the
 * schema (schema-sample.ts), `{}` when the schema says nothing; for any other media type (form,
 * XML, octet-stream), the document's text example, else no body and a note naming what was left.
 */
function bodyOf(
  document: Json,
  operation: Json,
  label: string,
  notes: ImportNotes,
): RequestBody | undefined {
  const body = resolvedRef(document, operation.requestBody);
  if (!isRecord(body) || !isRecord(body.content)) return undefined;
  const types = Object.keys(body.content);
  const json = types.find((type) => JSON_MEDIA.test(type));
  if (json !== undefined) {
    const media = resolvedRef(document, ownValue(body.content, json));
    if (!isRecord(media)) return { text: '{\n}\n', contentType: json };
    let example = mediaExample(document, media, label, notes);
    const schema = resolvedRef(document, media.schema);
    if (example === undefined && isRecord(schema)) example = schema.example;
    example ??= schemaSample(document, media.schema);
    return {
      text: example === undefined ? '{\n}\n' : `${JSON.stringify(example, null, 2)}\n`,
      contentType: json,
    };
  }
  const [type] = types;
  if (type === undefined) return undefined;
  const media = resolvedRef(document, ownValue(body.content, type));
  const example = isRecord(media) ? mediaExample(document, media, label, notes) : undefined;
  if (typeof example === 'string') return { text: example, contentType: type };
  notes.add(
    `body:${label}:${type}`,
    () =>
      `Left out the ${type.slice(0, 100)} body of ${label}: the document gives no text example of it, and the workbench makes JSON bodies only; the request has no body.`,
  );
  return undefined;
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
    const parameter = resolvedRef(document, raw);
    if (!isRecord(parameter) || typeof parameter.name !== 'string') continue;
    const name = parameter.name;
    if (parameter.in === 'query' && parameter.required === true)
      query[name] = text(exampleOf(document, parameter) ?? `{{${name}}}`);
    if (parameter.in !== 'header' || parameter.required !== true) continue;
    const key = name.toLowerCase();
    if (ownValue(DROPPED_HEADERS, key) || SESSION_HEADERS.has(key)) continue;
    headers[name] = text(exampleOf(document, parameter) ?? `{{${name}}}`);
  }
  const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
  const body =
    method === 'GET' || method === 'DELETE'
      ? undefined
      : bodyOf(document, operation, operationLabel(operationId, method, path), notes);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['Content-Type'] = body.contentType;
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
      ...(body !== undefined ? { body: body.text } : {}),
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
    const pathItem = resolvedRef(document, rawItem);
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
