/**
 * The request being composed, as plain data, and how it becomes the contract's ComposedRequest.
 * Choosing a catalogue endpoint fills the draft from the endpoint's definition and the settings;
 * everything here is pure so it is tested without a page.
 */
import type {
  ComposedRequest,
  EndpointCatalogueView,
  EndpointView,
  ExchangeView,
  EndpointMethod,
  WorkbenchSettings,
} from '../../../../main/api/contract';
import type { ExchangeRequest } from '../../../../main/shared/exchange';
import { headerGroup } from '../../../../main/core/spec/headers';
import { fillPath, missingPathParameters, pathParameterNames } from '../../lib/path-template';

export interface Row {
  id: string;
  name: string;
  value: string;
  enabled: boolean;
  /** Why the row is there, shown as a hint ("required by the endpoint", "from Settings"). */
  note?: string;
}

export interface RequestDraft {
  operationId?: string;
  method: EndpointMethod;
  /** With `{name}` placeholders that `pathParams` fill. */
  pathTemplate: string;
  pathParams: Record<string, string>;
  query: Row[];
  headers: Row[];
  body: string;
  sign: boolean;
}

export const METHODS: EndpointMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

let rowCounter = 0;
export function row(name = '', value = '', enabled = true, note?: string): Row {
  rowCounter += 1;
  return { id: `row-${rowCounter}`, name, value, enabled, ...(note ? { note } : {}) };
}

/**
 * A row after the user edits it. Typing a value into an unticked row ticks it: an optional query
 * parameter or header the user just filled in is sent, never silently dropped. The tick follows
 * the typing only; a change that sets `enabled` itself (the checkbox) is taken as it is, so a row
 * unticked by hand stays unticked until a value is typed into it again. Clearing a value changes
 * nothing about the tick.
 */
export function editedRow(current: Row, change: Partial<Omit<Row, 'id'>>): Row {
  const next = { ...current, ...change };
  const typedValue =
    change.value !== undefined && change.value !== current.value && change.value !== '';
  if (change.enabled === undefined && typedValue && !current.enabled) next.enabled = true;
  return next;
}

export function emptyDraft(): RequestDraft {
  return {
    method: 'POST',
    pathTemplate: '/v1/consents',
    pathParams: {},
    query: [],
    headers: [],
    body: '{\n}\n',
    sign: true,
  };
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The value the composer proposes for a header the endpoint lists, if it knows one. */
function proposedHeaderValue(
  name: string,
  endpoint: EndpointView,
  settings: WorkbenchSettings,
): string | undefined {
  const key = name.toLowerCase();
  if (key === 'x-accept-fix') return endpoint.acceptFix.value ?? settings.defaultAcceptFix;
  if (key === 'psu-ip-address') return settings.defaultPsuIpAddress || undefined;
  if (key === 'content-type') return 'application/json';
  return undefined;
}

/**
 * A draft for an endpoint: method, path with its parameters, required query parameters (enum ones
 * set to their first value), the required headers the client does not add itself (generated and
 * PSU-session headers are shown in the preview instead), PSU-IP-Address where the endpoint takes it
 * and a default is set (§8), and the example body.
 */
export function draftFromEndpoint(
  endpoint: EndpointView,
  catalogue: Pick<EndpointCatalogueView, 'automaticHeaders'>,
  settings: WorkbenchSettings,
): RequestDraft {
  const automatic = [
    ...catalogue.automaticHeaders.generated,
    ...catalogue.automaticHeaders.session,
  ];
  const headers: Row[] = [];
  for (const name of endpoint.requiredHeaders) {
    if (automatic.some((a) => sameName(a, name))) continue;
    headers.push(row(name, proposedHeaderValue(name, endpoint, settings) ?? '', true, 'required'));
  }
  if (
    endpoint.body !== 'none' &&
    !headers.some((h) => sameName(h.name, 'Content-Type')) &&
    endpoint.optionalHeaders.some((h) => sameName(h, 'Content-Type'))
  ) {
    headers.push(row('Content-Type', 'application/json', true, 'body type'));
  }
  const ip = settings.defaultPsuIpAddress;
  if (
    ip &&
    !headers.some((h) => sameName(h.name, 'PSU-IP-Address')) &&
    endpoint.optionalHeaders.some((h) => sameName(h, 'PSU-IP-Address'))
  ) {
    headers.push(row('PSU-IP-Address', ip, true, 'from Settings (§8)'));
  }
  return {
    operationId: endpoint.operationId,
    method: endpoint.method,
    pathTemplate: endpoint.pathTemplate,
    pathParams: Object.fromEntries(pathParameterNames(endpoint.pathTemplate).map((n) => [n, ''])),
    query: endpoint.query.map((parameter) =>
      row(
        parameter.name,
        parameter.required && parameter.enum?.length ? parameter.enum[0]! : '',
        parameter.required,
        parameter.required ? 'required' : 'optional',
      ),
    ),
    headers,
    body: endpoint.exampleBody ?? '',
    sign: true,
  };
}

/** Methods whose requests carry no body here. */
function sendsBody(method: EndpointMethod, body: string): boolean {
  return body.trim() !== '' && method !== 'GET' && method !== 'DELETE';
}

export function composedRequest(draft: RequestDraft): ComposedRequest {
  const query = Object.fromEntries(
    draft.query.filter((r) => r.enabled && r.name.trim()).map((r) => [r.name.trim(), r.value]),
  );
  const headers = Object.fromEntries(
    draft.headers.filter((r) => r.enabled && r.name.trim()).map((r) => [r.name.trim(), r.value]),
  );
  return {
    method: draft.method,
    path: fillPath(draft.pathTemplate.trim() || '/', draft.pathParams),
    ...(Object.keys(query).length ? { query } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(sendsBody(draft.method, draft.body) ? { body: draft.body } : {}),
    sign: draft.sign,
  };
}

/** What stops a draft from being sent, in words; empty when it can go. */
export function draftProblems(draft: RequestDraft): string[] {
  const problems: string[] = [];
  const path = draft.pathTemplate.trim();
  if (!/^(\/|https?:\/\/)/.test(path)) problems.push('The path must start with / (or be a URL).');
  for (const name of missingPathParameters(draft.pathTemplate, draft.pathParams))
    problems.push(`Fill in the path parameter {${name}}.`);
  for (const header of draft.headers.filter((h) => h.enabled)) {
    if (header.name.trim() && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header.name.trim())) {
      problems.push(`'${header.name}' is not a header name.`);
    }
    if (/[\r\n]/.test(header.value)) problems.push(`The ${header.name} value has a line break.`);
  }
  return problems;
}

/**
 * A draft from a sent exchange (history → composer): the URL relative to the target's base URL
 * when it lies below it, and only the headers the user chose (the client recomputes the rest).
 */
export function draftFromExchange(exchange: ExchangeView, baseUrl?: string): RequestDraft {
  return draftOfRequest(
    exchange.request,
    (name) => exchange.headerSources[name] === 'request',
    exchange.signing !== undefined,
    baseUrl,
  );
}

/**
 * The §4.1 headers the client computes afresh for each request: X-Request-ID (unique per call),
 * and the §5.2 signature's Digest, TPP-Signature-Certificate and Signature (the client signs the
 * request it sends); Host and Content-Length come with the URL and the body.
 */
const COMPUTED_HEADERS = new Set([...headerGroup('signed-request'), 'host', 'content-length']);

/**
 * A draft from a request a check sent (Runner evidence → composer), which records no header's
 * origin: every header but those the client computes again, signed when it was signed.
 */
export function draftFromCheckRequest(request: ExchangeRequest, baseUrl?: string): RequestDraft {
  const signed = Object.keys(request.headers).some((name) => name.toLowerCase() === 'signature');
  return draftOfRequest(
    request,
    (name) => !COMPUTED_HEADERS.has(name.toLowerCase()),
    signed,
    baseUrl,
  );
}

function draftOfRequest(
  request: ExchangeRequest,
  keepHeader: (name: string) => boolean,
  sign: boolean,
  baseUrl?: string,
): RequestDraft {
  const url = new URL(request.url);
  const query = [...url.searchParams].map(([name, value]) => row(name, value));
  url.search = '';
  const base = baseUrl?.replace(/\/+$/, '');
  const full = url.toString();
  const pathTemplate = base && full.startsWith(`${base}/`) ? full.slice(base.length) : full;
  const headers = Object.entries(request.headers)
    .filter(([name]) => keepHeader(name))
    .map(([name, value]) => row(name, value));
  return {
    method: METHODS.includes(request.method as EndpointMethod)
      ? (request.method as EndpointMethod)
      : 'GET',
    pathTemplate,
    pathParams: {},
    query,
    headers,
    body: request.body ?? '',
    sign,
  };
}

/** The catalogue operation a sent request called, with its path parameters' values. */
export interface CalledOperation {
  endpoint: EndpointView;
  pathParams: Record<string, string>;
}

function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}/]+\})/)
    .map((part) =>
      /^\{[^}/]+\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The operation a request to `url` with `method` calls: the path below the target's base URL (or,
 * without one, the URL's path) against each template of the method, none for a URL outside the
 * base; the template with the most
 * fixed text wins (`/v1/consents/{consentId}/status` over `/v1/consents/{consentId}`).
 */
export function operationOfRequest(
  endpoints: readonly EndpointView[],
  method: string,
  url: string,
  baseUrl?: string,
): CalledOperation | undefined {
  let path: string;
  try {
    path = new URL(url, 'http://x').pathname;
    if (baseUrl) {
      // A link to another server is no operation of this target.
      const base = new URL(baseUrl);
      const basePath = base.pathname.replace(/\/+$/, '');
      if (new URL(url, base).origin !== base.origin || !path.startsWith(`${basePath}/`))
        return undefined;
      path = path.slice(basePath.length);
    }
  } catch {
    return undefined;
  }
  let best: CalledOperation | undefined;
  let bestFixed = -1;
  for (const endpoint of endpoints) {
    if (endpoint.method !== method) continue;
    const match = templatePattern(endpoint.pathTemplate).exec(path);
    if (!match) continue;
    const fixed = endpoint.pathTemplate.replace(/\{[^}/]+\}/g, '').length;
    if (fixed <= bestFixed) continue;
    const names = pathParameterNames(endpoint.pathTemplate);
    best = {
      endpoint,
      pathParams: Object.fromEntries(names.map((n, i) => [n, decoded(match[i + 1]!)])),
    };
    bestFixed = fixed;
  }
  return best;
}

/**
 * A draft on the operation a request called: its template and parameter values, its query rows
 * (the endpoint's own parameters listed, ticked when the request carried them), the rest as the
 * draft had it.
 */
export function draftOnOperation(draft: RequestDraft, called: CalledOperation): RequestDraft {
  const { endpoint, pathParams } = called;
  const sent = draft.query;
  const query: Row[] = endpoint.query.map((parameter) => {
    const found = sent.find((r) => r.name === parameter.name);
    return found
      ? { ...found, note: parameter.required ? 'required' : 'optional' }
      : row(parameter.name, '', false, parameter.required ? 'required' : 'optional');
  });
  for (const r of sent) if (!query.some((q) => q.name === r.name)) query.push(r);
  return {
    ...draft,
    operationId: endpoint.operationId,
    method: endpoint.method,
    pathTemplate: endpoint.pathTemplate,
    pathParams,
    query,
  };
}

/**
 * The draft that says what an exchange sent (history → composer, a followed link): the request's
 * own values, on the catalogue operation it called when one matches.
 */
export function draftOfExchange(
  exchange: ExchangeView,
  endpoints: readonly EndpointView[],
  baseUrl?: string,
): RequestDraft {
  const draft = draftFromExchange(exchange, baseUrl);
  const called = operationOfRequest(endpoints, draft.method, exchange.request.url, baseUrl);
  return called ? draftOnOperation(draft, called) : draft;
}

/** `draftFromCheckRequest` on the catalogue operation it called, as `draftOfExchange` does. */
export function draftOfCheckRequest(
  request: ExchangeRequest,
  endpoints: readonly EndpointView[],
  baseUrl?: string,
): RequestDraft {
  const base = checkRequestBase(request.url, baseUrl);
  const draft = draftFromCheckRequest(request, base);
  const called = operationOfRequest(endpoints, draft.method, request.url, base);
  return called ? draftOnOperation(draft, called) : draft;
}

/**
 * What a check's request is read against: the composer's target when the request went there,
 * else the request's own origin. A run's bank need not be the composer's target (the embedded
 * target is one bank per check, gone when the check ends), so the draft keeps the path and the
 * composer sends it to the target it has.
 */
function checkRequestBase(url: string, baseUrl?: string): string | undefined {
  const trimmed = baseUrl?.replace(/\/+$/, '');
  if (trimmed && url.startsWith(`${trimmed}/`)) return trimmed;
  try {
    return new URL(url).origin;
  } catch {
    return baseUrl;
  }
}

/** A saved request back into a draft. */
export function draftFromSaved(request: ComposedRequest, operationId?: string): RequestDraft {
  return {
    ...(operationId ? { operationId } : {}),
    method: request.method,
    pathTemplate: request.path,
    pathParams: {},
    query: Object.entries(request.query ?? {}).map(([n, v]) => row(n, v)),
    headers: Object.entries(request.headers ?? {})
      .filter((entry): entry is [string, string] => entry[1] !== null)
      .map(([n, v]) => row(n, v)),
    body: request.body ?? '',
    sign: request.sign ?? true,
  };
}

/**
 * The draft after following a link of the same resource (paging: `next`, `previous`): the query
 * rows take the followed URL's parameters — values set and ticked, rows it lacks unticked — so
 * the form says what the response shown answers. A link to another path leaves the draft as it is.
 */
export function draftAfterFollow(draft: RequestDraft, followedUrl: string): RequestDraft {
  let url: URL;
  try {
    url = new URL(followedUrl, 'http://x');
  } catch {
    return draft;
  }
  if (draft.method !== 'GET') return draft;
  const path = fillPath(draft.pathTemplate, draft.pathParams);
  if (!url.pathname.endsWith(path)) return draft;
  const params = [...url.searchParams.entries()];
  const query = draft.query.map((r) => {
    const found = params.find(([name]) => name === r.name);
    return found ? { ...r, value: found[1], enabled: true } : { ...r, enabled: false };
  });
  for (const [name, value] of params)
    if (!query.some((r) => r.name === name)) query.push(row(name, value));
  return { ...draft, query };
}
