/**
 * A HAR 1.2 file (a browser's or proxy's recording, or the workbench's own History export) as a
 * collection: every entry's request, in the order recorded. The answers are not imported (a
 * collection holds requests); cookies are left out with a note. Pure.
 */
import { ImportNotes } from './import-notes.js';
import { isRecord, parsedJson } from './json-file.js';
import {
  CollectionFormatError,
  type ImportContext,
  type ImportedCollection,
  type SavedRequestItem,
} from './model.js';
import { trafficRequestItem, type TrafficRequest } from './traffic-request.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function entryRequest(entry: unknown, index: number): TrafficRequest {
  const request = isRecord(entry) ? entry.request : undefined;
  if (!isRecord(request) || typeof request.method !== 'string' || typeof request.url !== 'string')
    throw new CollectionFormatError(
      `Entry ${index + 1} of the HAR file has no request with a method and a URL (log.entries[${index}].request).`,
    );
  const headers = (Array.isArray(request.headers) ? request.headers : [])
    .filter(isRecord)
    .map((h) => ({ name: text(h.name), value: text(h.value), enabled: true }))
    .filter((h) => h.name !== '');
  const postData = isRecord(request.postData) ? request.postData : undefined;
  const body = typeof postData?.text === 'string' ? postData.text : undefined;
  return {
    method: request.method,
    url: request.url,
    headers,
    ...(body !== undefined ? { body, mediaType: text(postData?.mimeType) } : {}),
  };
}

/** The requests of a HAR file's text as one collection. */
export function importHar(fileText: string, ctx: ImportContext, name?: string): ImportedCollection {
  const har = parsedJson(fileText, 'The HAR file');
  const log = isRecord(har) ? har.log : undefined;
  if (!isRecord(log) || !Array.isArray(log.entries))
    throw new CollectionFormatError('Not a HAR file: it has no log.entries list (HAR 1.2).');
  const notes = new ImportNotes();
  const items: SavedRequestItem[] = [];
  log.entries.forEach((entry, index) => {
    const request = entryRequest(entry, index);
    if (request.headers.some((h) => h.name.toLowerCase() === 'cookie'))
      notes.add(
        'har:cookie',
        (n) => `Left out the cookies of ${n} request(s): the bank's API does not use them.`,
      );
    const withoutCookies = {
      ...request,
      headers: request.headers.filter((h) => h.name.toLowerCase() !== 'cookie'),
    };
    const item = trafficRequestItem(withoutCookies, notes, ctx);
    if (item) items.push(item);
  });
  const creator = isRecord(log.creator) ? text(log.creator.name) : '';
  return {
    collection: {
      name: (name ?? (creator ? `HAR from ${creator}` : 'HAR')).slice(0, 100),
      variables: [],
      items,
    },
    notes: notes.list(),
  };
}
