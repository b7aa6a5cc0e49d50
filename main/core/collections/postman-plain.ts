/**
 * A Postman Collection v2.1 file read straight from its JSON, without Postman's SDK: the SDK makes
 * an object per request, header and variable (seconds for a team's 20,000 requests) and is loaded
 * with Bruno's library (format-libraries.ts), where the parts of a file as Postman writes it are
 * plain data. Only the shapes Postman writes are read here, each to what the SDK reads from it
 * (postman.ts, `sdkPostmanParts`; the import tests compare the two on every fixture); a file with
 * any other shape (v2.0, a URL or header list as text, a body of another mode than raw, a typed
 * variable the SDK would cast) is left to the SDK whole: `undefined`. Pure.
 */
import { isRecord } from './json-file.js';
import type { PostmanEventLike } from './inert-scripts.js';
import type {
  PostmanAuthParts,
  PostmanCollectionParts,
  PostmanFile,
  PostmanItemParts,
  PostmanRequestParts,
  PostmanVariableParts,
} from './postman-import.js';

/** A shape this reader leaves to the SDK; caught once, at the top. */
class LeftToSdk extends Error {}

function sdkShape(): never {
  throw new LeftToSdk();
}

type Json = Record<string, unknown>;

const record = (value: unknown): Json => (isRecord(value) ? value : sdkShape());

/** A list the SDK reads from an array, or as empty when it is missing (any falsy value). */
function list(value: unknown): unknown[] {
  if (!value) return [];
  return Array.isArray(value) ? value : sdkShape();
}

/** A name: the SDK keeps a truthy one, drops an empty one. */
function name(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return value ? sdkShape() : undefined;
}

function optional<T>(value: unknown, is: (v: unknown) => v is T): T | undefined {
  if (value === undefined || value === null) return undefined;
  return is(value) ? value : sdkShape();
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isPort = (v: unknown): v is string | number => isString(v) || typeof v === 'number';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/** The SDK reads a part's name and description from its `info` when it has one. */
function withoutInfo(json: Json): Json {
  return json.info ? sdkShape() : json;
}

/** `auth`: any value; only whether it names `noauth` matters (auth is left out). */
function auth(value: unknown): PostmanAuthParts | undefined {
  if (!value) return undefined;
  const type = (value as { type?: unknown }).type;
  return { type: isString(type) ? type : undefined };
}

/** The variable types the SDK casts a value to (Variable.types), which this reader does not. */
const CAST_TYPES = new Set(['boolean', 'number', 'array', 'object']);

function variable(value: unknown, keyOrId = false): PostmanVariableParts {
  const v = record(value);
  const type = v.type === undefined ? undefined : String(v.type).toLowerCase();
  // Variable.types is a plain object: a type named like one of its inherited members casts too.
  if (type !== undefined && (CAST_TYPES.has(type) || type in Object.prototype)) sdkShape();
  // A string type turns a value of another kind into its text ("null").
  if (type === 'string' && v.value !== undefined && !isString(v.value)) sdkShape();
  // Path variables of older files are named by `id` (Url#update).
  const key = keyOrId ? v.key || v.id : v.key;
  return { key: optional(key, isString), value: v.value, disabled: Boolean(v.disabled) };
}

/** An event as the SDK's Event and Script read it: `exec` lines, a text split at line ends. */
function event(value: unknown): PostmanEventLike {
  const e = record(value);
  const script = e.script === undefined || e.script === null ? {} : record(e.script);
  if ('src' in script) sdkShape();
  const exec = isString(script.exec)
    ? script.exec.split(/\r?\n/)
    : Array.isArray(script.exec)
      ? (script.exec as string[])
      : undefined;
  return {
    listen: isString(e.listen) ? e.listen : undefined,
    disabled: Boolean(e.disabled),
    ...(exec ? { script: { exec } } : {}),
  } as PostmanEventLike;
}

function header(value: unknown) {
  const h = record(value);
  const key = optional(h.key, isString) ?? '';
  // Header#update: a missing value is empty, a null one stays null (it removes the header).
  const text = h.value === undefined ? '' : h.value === null ? null : optional(h.value, isString);
  return { key, value: text as string, disabled: Boolean(h.disabled) };
}

function query(value: unknown) {
  const q = record(value);
  return {
    key: q.key === null ? null : optional(q.key, isString),
    value: q.value === null ? null : optional(q.value, isString),
    disabled: Boolean(q.disabled),
  };
}

/** A raw body as RequestBody reads it; any other mode is the SDK's. */
function body(value: unknown): PostmanRequestParts['body'] {
  if (value === undefined || value === null) return undefined;
  const b = record(value);
  if (!b.mode) return undefined;
  if (b.mode !== 'raw') sdkShape();
  const raw = b.raw ? optional(b.raw, isString) : '';
  return { mode: 'raw', raw, empty: raw === '' };
}

function request(value: unknown): PostmanRequestParts {
  const r = withoutInfo(record(value));
  if (r.proxy || r.certificate) sdkShape();
  const url = record(r.url);
  return {
    method: (optional(r.method, isString) ?? 'GET').toUpperCase(),
    url: {
      protocol: optional(url.protocol, isString),
      host: optional(url.host, isStrings),
      // Url#toString leaves out a port that is falsy: so does importedLocation.
      port: optional(url.port || undefined, isPort),
      path: optional(url.path, isStrings),
      query: list(url.query).map(query),
    },
    pathVariables: list(url.variable).map((v) => variable(v, true)),
    headers: list(r.header).map(header),
    body: body(r.body),
    auth: auth(r.auth),
    description: r.description,
  };
}

function item(value: unknown): PostmanItemParts {
  const i = withoutInfo(record(value));
  const events = list(i.event).map(event);
  if (i.item) {
    return {
      kind: 'folder',
      name: name(i.name),
      description: i.description,
      auth: auth(i.auth),
      events,
      items: list(i.item).map(item),
    };
  }
  list(i.response);
  return {
    kind: 'request',
    name: name(i.name),
    description: i.description,
    events,
    request: request(i.request),
  };
}

/**
 * A Postman v2.1 file's parts read from its JSON, or `undefined` when a part has a shape only the
 * SDK reads as Postman does (the caller then reads the file with it).
 */
export function plainPostmanParts(file: PostmanFile): PostmanCollectionParts | undefined {
  if (file.version !== 'v2.1.0') return undefined;
  const { json } = file;
  try {
    return {
      name: name(json.info.name),
      description: json.info.description,
      auth: auth(json.auth),
      events: list(json.event).map(event),
      variables: list(json.variable).map((v) => variable(v)),
      items: json.item.map(item),
    };
  } catch (error) {
    if (error instanceof LeftToSdk) return undefined;
    throw error;
  }
}
