/**
 * Running a collection or one of its folders (docs/collections.md, "Running a collection"): each
 * saved request in the collection's order, `{{name}}` filled from the chosen environment and the
 * ids earlier answers carried (captured as the composer captures them), sent through the sender
 * the caller gives (the composer's send path, which signs, §5.2), and its assertions judged. Pure:
 * the sending is injected.
 */
import { capturedFrom, substituted, unknownReferences } from '../../shared/variable-references.js';
import { judged, type AssertionResult } from './assertions.js';
import type { Collection, CollectionItem, CollectionRequest, SavedRequestItem } from './model.js';

/** What the sender says of one request: its answer, or why there was none. */
export interface SentRequest {
  /** The URL as sent (or as it would have gone). */
  url: string;
  status?: number;
  json?: unknown;
  /** Why no answer came (refused before sending, no connection, timed out). */
  error?: string;
  durationMs: number;
}

export type RunSender = (request: CollectionRequest, label: string) => Promise<SentRequest>;

export interface RunRequestResult {
  id: string;
  /** The folders it is in, outermost first. */
  folders: string[];
  name: string;
  method: string;
  url: string;
  status?: number;
  /** Why it was not sent or got no answer. */
  error?: string;
  durationMs: number;
  assertions: AssertionResult[];
  passed: boolean;
}

export interface CollectionRunResult {
  collection: string;
  folder?: string;
  target: string;
  environment?: string;
  startedAt: string;
  finishedAt: string;
  requests: RunRequestResult[];
  passed: boolean;
}

export interface CollectionRunOptions {
  collection: Collection;
  /** A folder's path (`Consents / Status`) or its name when only one folder has it. */
  folder?: string;
  target: string;
  environment?: string;
  /** Name → value: the environment's values (latest first already taken). */
  values: Record<string, string>;
  send: RunSender;
  now: () => Date;
  /** Each request's result as soon as it is known. */
  onResult?: (result: RunRequestResult) => void;
}

interface Located {
  item: SavedRequestItem;
  folders: string[];
}

/** Every request under the items, in order, folders first-to-last as the tree has them. */
function requestsUnder(items: readonly CollectionItem[], folders: string[]): Located[] {
  return items.flatMap((item) =>
    item.kind === 'request'
      ? [{ item, folders }]
      : requestsUnder(item.items, [...folders, item.name]),
  );
}

/** Every folder with its path (`A / B`), for finding one and naming the choices. */
function foldersOf(
  items: readonly CollectionItem[],
  prefix: string[] = [],
): { path: string[]; items: CollectionItem[] }[] {
  return items.flatMap((item) =>
    item.kind === 'folder'
      ? [
          { path: [...prefix, item.name], items: item.items },
          ...foldersOf(item.items, [...prefix, item.name]),
        ]
      : [],
  );
}

/** A folder named or pathed by the user is not one of the collection's: the choices named. */
export class RunInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunInputError';
  }
}

/** The requests a run sends: the collection's, or those of one folder and its sub-folders. */
export function requestsToRun(collection: Collection, folder?: string): Located[] {
  if (folder === undefined) return requestsUnder(collection.items, []);
  const all = foldersOf(collection.items);
  const wanted = folder
    .split('/')
    .map((part) => part.trim())
    .join(' / ');
  const byPath = all.filter((f) => f.path.join(' / ') === wanted);
  const found = byPath.length > 0 ? byPath : all.filter((f) => f.path.at(-1) === wanted);
  if (found.length === 1) return requestsUnder(found[0]!.items, found[0]!.path);
  const paths = all.map((f) => `'${f.path.join(' / ')}'`);
  if (found.length > 1)
    throw new RunInputError(
      `More than one folder of '${collection.name}' is named '${folder}': give its path (${found.map((f) => `'${f.path.join(' / ')}'`).join(', ')}).`,
    );
  throw new RunInputError(
    `The collection '${collection.name}' has no folder '${folder}'` +
      (paths.length ? `; its folders: ${paths.join(', ')}.` : '; it has no folders.'),
  );
}

/** The request with every `{{name}}` the values know filled (path, query, headers, body). */
function resolved(request: CollectionRequest, values: Record<string, string>): CollectionRequest {
  const fill = (text: string) => substituted(text, values);
  return {
    ...request,
    path: fill(request.path),
    ...(request.query
      ? {
          query: Object.fromEntries(
            Object.entries(request.query).map(([name, value]) => [name, fill(value)]),
          ),
        }
      : {}),
    ...(request.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(request.headers).map(([name, value]) => [
              name,
              value === null ? null : fill(value),
            ]),
          ),
        }
      : {}),
    ...(request.body !== undefined ? { body: fill(request.body) } : {}),
  };
}

/** `{{name}}` references left after filling: the request is not sent with them. */
function unresolved(request: CollectionRequest): string[] {
  return unknownReferences(
    [
      request.path,
      ...Object.values(request.query ?? {}),
      ...Object.values(request.headers ?? {}).filter((v): v is string => v !== null),
      request.body ?? '',
    ],
    {},
  );
}

async function runOne(
  { item, folders }: Located,
  values: Record<string, string>,
  send: RunSender,
): Promise<{ result: RunRequestResult; json?: unknown }> {
  const request = resolved(item.request, values);
  const base = { id: item.id, folders, name: item.name, method: request.method };
  const missing = unresolved(request);
  if (missing.length > 0) {
    const error = `not sent: no value for ${missing.map((n) => `{{${n}}}`).join(', ')}`;
    const assertions = (item.assertions ?? []).map((a) => judged(a, undefined));
    return {
      result: { ...base, url: request.path, error, durationMs: 0, assertions, passed: false },
    };
  }
  const sent = await send(request, item.name);
  const answer = sent.status === undefined ? undefined : { status: sent.status, json: sent.json };
  const assertions = (item.assertions ?? []).map((assertion) => {
    try {
      return judged(assertion, answer);
    } catch (error) {
      // A JSON path outside the subset, from a hand-edited file: that assertion fails, saying why.
      return { name: JSON.stringify(assertion), passed: false, message: (error as Error).message };
    }
  });
  const result: RunRequestResult = {
    ...base,
    url: sent.url,
    ...(sent.status !== undefined ? { status: sent.status } : {}),
    ...(sent.error !== undefined ? { error: sent.error } : {}),
    durationMs: sent.durationMs,
    assertions,
    passed: sent.error === undefined && assertions.every((a) => a.passed),
  };
  return { result, json: sent.json };
}

/** Runs the requests in order; one that fails does not stop the run (as Postman's runner does). */
export async function runCollection(options: CollectionRunOptions): Promise<CollectionRunResult> {
  const located = requestsToRun(options.collection, options.folder);
  const startedAt = options.now().toISOString();
  // The collection's variables, then the environment's, then what answers carry (composer order).
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const { key, value } of options.collection.variables) values[key] = value;
  Object.assign(values, options.values);
  const requests: RunRequestResult[] = [];
  for (const entry of located) {
    const { result, json } = await runOne(entry, values, options.send);
    requests.push(result);
    options.onResult?.(result);
    // The ids the answer carried fill later requests, as the composer captures them.
    for (const [name, found] of Object.entries(capturedFrom(json))) values[name] = found[0]!;
  }
  return {
    collection: options.collection.name,
    ...(options.folder !== undefined ? { folder: options.folder } : {}),
    target: options.target,
    ...(options.environment !== undefined ? { environment: options.environment } : {}),
    startedAt,
    finishedAt: options.now().toISOString(),
    requests,
    passed: requests.every((r) => r.passed),
  };
}
