/**
 * What every import does to a request the same way: the headers the workbench makes itself are
 * dropped (a value carried in a file is stale), the URL becomes a path below the chosen target
 * (its `{{baseUrl}}`-like host is the target's base URL) and `:name` path variables `{{name}}`.
 * Pure.
 */
import type { ImportNotes } from './import-notes.js';
import { requestsCount } from './import-notes.js';
import { ownMap, ownValue } from './json-file.js';
import type { CollectionRequest } from './model.js';

/**
 * Headers never imported, and why: the client computes them for each send (§5.2 signing, §4.1
 * X-Request-ID), the target's PSU session supplies them (§3.4), or the transport sets them.
 */
export const DROPPED_HEADERS: Readonly<Record<string, string>> = {
  signature: 'the workbench signs every request when it is sent (§5.2)',
  digest: 'the workbench computes the Digest of the body it sends (§5.2)',
  'tpp-signature-certificate': "the workbench sends the target's signing certificate (§5.2)",
  'x-request-id': 'the workbench makes a new X-Request-ID for every request (§4.1)',
  'tpp-session-id': "the chosen target's PSU session supplies it (§3.4)",
  'tpp-redirect-uri': "the chosen target's PSU session supplies it (§3.4)",
  'content-length': 'the transport sets it from the body sent',
  host: 'the transport sets it from the target',
};

/** The header names a request's header table may hold (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface ImportedEntry {
  name: string;
  value: string;
  enabled: boolean;
}

/** Headers as the composer sends them: disabled ones, dropped ones and bad names left out. */
export function importedHeaders(
  entries: readonly ImportedEntry[],
  notes: ImportNotes,
): Record<string, string> | undefined {
  const headers = ownMap<string>();
  for (const { name, value, enabled } of entries) {
    const key = name.trim();
    const why = ownValue(DROPPED_HEADERS, key.toLowerCase());
    if (why) {
      notes.add(
        `header:${key.toLowerCase()}`,
        (n) => `Dropped ${key} from ${requestsCount(n)}: ${why}.`,
      );
    } else if (!enabled) {
      notes.add('header:disabled', (n) => `Left out ${n} disabled header(s).`);
    } else if (!HEADER_NAME.test(key) || /[\r\n]/.test(value)) {
      notes.add(`header-bad:${key}`, () => `Left out the header '${key}': not a valid header.`);
    } else headers[key] = value;
  }
  return Object.keys(headers).length ? headers : undefined;
}

/** Query parameters as the composer sends them: disabled ones left out. */
export function importedQuery(
  entries: readonly ImportedEntry[],
  notes: ImportNotes,
): Record<string, string> | undefined {
  const query = ownMap<string>();
  for (const { name, value, enabled } of entries) {
    if (!name) continue;
    if (enabled) query[name] = value;
    else notes.add('query:disabled', (n) => `Left out ${n} disabled query parameter(s).`);
  }
  return Object.keys(query).length ? query : undefined;
}

const REFERENCE = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** The `{{name}}`s a text refers to. */
export function referencesIn(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((m) => m[1]!);
}

export interface ImportedLocation {
  path: string;
  query?: Record<string, string>;
  /** Variables that stood for the base URL (the chosen target's, so not imported). */
  baseVariables: string[];
  /** `:name` path variables with the value the file gave them. */
  pathVariables: { key: string; value: string }[];
}

/**
 * A request's URL in parts, as Postman writes it: what Postman's SDK parses a URL text into
 * (postman-sdk.ts, `urlParts`), or the parts a Postman file holds (postman-plain.ts).
 */
export interface ImportedUrl {
  protocol?: string | undefined;
  host?: readonly string[] | undefined;
  port?: string | number | undefined;
  path?: readonly string[] | undefined;
  query: readonly { key?: string | null; value?: string | null; disabled?: boolean }[];
}

/**
 * Where a request goes: a URL whose host is a variable (`{{baseUrl}}/v1/consents`) or that has no
 * host is a path below the target; a URL with a literal host stays absolute.
 */
export function importedLocation(
  url: ImportedUrl,
  notes: ImportNotes,
  pathValues: Readonly<Record<string, string>> = {},
): ImportedLocation {
  const pathVariables: { key: string; value: string }[] = [];
  const segments = (url.path ?? []).map((segment) => {
    if (!segment.startsWith(':') || segment.length < 2) return segment;
    const key = segment.slice(1);
    const value = ownValue(pathValues, key);
    // A value that only names the variable itself (`{{consentId}}`) defines nothing.
    if (value !== undefined && value !== '' && value.trim() !== `{{${key}}}`)
      pathVariables.push({ key, value });
    return `{{${key}}}`;
  });
  const path = `/${segments.join('/')}`;
  const query = importedQuery(
    url.query.map((q) => ({ name: q.key ?? '', value: q.value ?? '', enabled: !q.disabled })),
    notes,
  );
  const host = (url.host ?? []).join('.');
  const port = url.port ? `:${url.port}` : '';
  const base = { ...(query ? { query } : {}), pathVariables };
  if (!host) return { path, baseVariables: [], ...base };
  const hostReferences = referencesIn(host + port);
  // `{{baseUrl}}/…`, `https://{{host}}/…`: the host is a variable, so the target's. A literal
  // host with a variable in it (`api.{{env}}.bank.example`) stays where it points.
  const onlyReferences = (host + port).replace(/\{\{[^}]*\}\}|[.:]/g, '') === '';
  if (hostReferences.length > 0 && (onlyReferences || !url.protocol))
    return { path, baseVariables: hostReferences, ...base };
  const protocol = url.protocol ?? 'https';
  return { path: `${protocol}://${host}${port}${path}`, baseVariables: [], ...base };
}

/** A JSON body as the composer sends it: a method without one drops it (with a note). */
export function importedBody(
  method: CollectionRequest['method'],
  body: string | undefined,
  notes: ImportNotes,
): string | undefined {
  if (body === undefined || body.trim() === '') return undefined;
  if (method === 'GET' || method === 'DELETE') {
    notes.add(
      'body:no-body-method',
      (n) =>
        `Left out the body of ${requestsCount(n)} with GET or DELETE (the composer sends none).`,
    );
    return undefined;
  }
  return body;
}
