/**
 * What curl and HAR imports do alike: both carry requests as they were sent, to a literal URL, so
 * the request becomes a path below the target chosen in the composer (the traffic was recorded
 * against some bank; the user replays it against theirs), with headers and a JSON body as the
 * other imports keep them (imported-request.ts). Pure.
 */
import { requestsCount, type ImportNotes } from './import-notes.js';
import { importedMethod } from './imported-collection.js';
import { importedBody, importedHeaders, type ImportedEntry } from './imported-request.js';
import { ownMap } from './json-file.js';
import { CollectionFormatError, type ImportContext, type SavedRequestItem } from './model.js';

export interface TrafficRequest {
  method: string;
  url: string;
  headers: readonly ImportedEntry[];
  body?: string;
  /** The body's media type, when the source states it (HAR's postData.mimeType). */
  mediaType?: string;
}

/** `{{name}}` written in a URL survives URL parsing as `%7B%7Bname%7D%7D`: read it back. */
const referencesRestored = (text: string) =>
  text.replace(/%7B%7B([\w.-]+)%7D%7D/gi, (_match, name: string) => `{{${name}}}`);

function location(
  url: string,
  notes: ImportNotes,
): { path: string; query?: Record<string, string> } {
  let parsed: URL;
  try {
    // curl takes a URL without a scheme as http (its default protocol).
    parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`);
  } catch {
    throw new CollectionFormatError(`'${url.slice(0, 200)}' is not a URL.`);
  }
  notes.add(
    `origin:${parsed.origin}`,
    (n) =>
      `${requestsCount(n)} went to ${parsed.origin}: imported as paths below the target chosen in the composer.`,
  );
  const query = ownMap<string>();
  for (const [key, value] of parsed.searchParams) query[key] = value;
  return {
    path: referencesRestored(parsed.pathname) || '/',
    ...(Object.keys(query).length ? { query } : {}),
  };
}

/** A body the composer can send (JSON); another media type is left out with a note. */
function jsonBody(request: TrafficRequest, notes: ImportNotes): string | undefined {
  const body = request.body;
  if (body === undefined || body === '') return undefined;
  const declared = request.mediaType ?? '';
  let isJson = /\bjson\b/i.test(declared);
  if (!isJson && !declared) {
    try {
      JSON.parse(body);
      isJson = true;
    } catch {
      isJson = false;
    }
  }
  if (isJson) return body;
  notes.add(
    `body:${declared || 'text'}`,
    (n) =>
      `Left out the body of ${requestsCount(n)} (${declared || 'not JSON'}): the composer sends JSON bodies.`,
  );
  return undefined;
}

/** The saved request for one request of the traffic, or none (with a note) for a method left out. */
export function trafficRequestItem(
  request: TrafficRequest,
  notes: ImportNotes,
  ctx: ImportContext,
): SavedRequestItem | undefined {
  const method = importedMethod(request.method, notes);
  if (!method) return undefined;
  const { path, query } = location(request.url, notes);
  // HTTP/2 pseudo-headers (":authority") are the request line, not headers.
  const headers = importedHeaders(
    request.headers.filter((h) => !h.name.startsWith(':')),
    notes,
  );
  const body = importedBody(method, jsonBody(request, notes), notes);
  return {
    kind: 'request',
    id: ctx.newId(),
    name: `${method} ${path}`.slice(0, 200),
    request: {
      method,
      path,
      ...(query ? { query } : {}),
      ...(headers ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
    },
    savedAt: ctx.now,
  };
}
