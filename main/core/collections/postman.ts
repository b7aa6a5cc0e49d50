/**
 * Postman Collection v2.1 in and out, through Postman's own SDK (`postman-collection`): the file
 * is read by `new Collection(json)` and written by `Collection#toJSON()`, never by a parser of our
 * own. Folders are item groups; a request's URL host `{{baseUrl}}` is the chosen target's base URL;
 * collection variables are kept; scripts are kept as text, never run (inert-scripts.ts). What
 * Postman has and the workbench does not (auth, non-JSON bodies, disabled rows, the headers the
 * workbench makes) is left out with a note. Pure.
 */
import {
  Collection as PostmanCollection,
  ItemGroup,
  type CollectionType as PostmanCollectionType,
  type ItemDefinition,
  type ItemGroupDefinition,
  type ItemGroupType,
  type ItemType as Item,
  type VariableDefinition,
} from './postman-sdk.js';
import { authLeftOut, importedMethod, importedVariables } from './imported-collection.js';
import { ImportNotes, requestsCount } from './import-notes.js';
import {
  importedBody,
  importedHeaders,
  importedLocation,
  type ImportedLocation,
} from './imported-request.js';
import { postmanEvents, scriptsFromPostman, scriptsKept } from './inert-scripts.js';
import { assertionsFromScripts, assertionsScript } from './assertion-scripts.js';
import { isRecord, parsedJson } from './json-file.js';
import {
  SESSION_HEADER_VARIABLES,
  SIGNING_CERTIFICATE_VARIABLE,
  SIGNING_KEY_VARIABLE,
  postmanSigningScript,
  withoutSigningScript,
} from './signing-script.js';
import {
  CollectionFormatError,
  type Collection,
  type CollectionItem,
  type ExportOptions,
  type ImportContext,
  type ImportedCollection,
} from './model.js';

export const POSTMAN_V21_SCHEMA =
  'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
/** The variable exported URLs start with; the workbench fills it with the target's base URL. */
export const BASE_URL_VARIABLE = 'baseUrl';

/** The Postman format version a file names, or why it is no Postman collection. */
function checkedVersion(json: unknown): void {
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
}

function descriptionOf(property: { description?: unknown }): string | undefined {
  const description = property.description as { content?: unknown } | string | undefined;
  const text = typeof description === 'string' ? description : description?.content;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

function importedItem(
  item: Item,
  ctx: ImportContext,
  notes: ImportNotes,
  locations: ImportedLocation[],
): CollectionItem | undefined {
  const request = item.request;
  const method = importedMethod(request.method, notes);
  if (!method) return undefined;
  const pathValues = Object.fromEntries(
    request.url.variables.all().map((v) => [v.key ?? '', String(v.value ?? '')]),
  );
  const location = importedLocation(request.url, notes, pathValues);
  locations.push(location);
  const headers = importedHeaders(
    request.headers.all().map((h) => ({ name: h.key, value: h.value, enabled: !h.disabled })),
    notes,
  );
  let raw: string | undefined;
  const body = request.body;
  if (body?.mode === 'raw') raw = body.raw;
  else if (body?.mode && !body.isEmpty())
    notes.add(
      `body:${body.mode}`,
      (n) =>
        `Left out the ${body.mode} body of ${requestsCount(n)}: the bank takes JSON (raw) bodies.`,
    );
  if (request.auth && request.auth.type !== 'noauth') authLeftOut(notes, 'request', requestsCount);
  // A test script a workbench export wrote for assertions comes back as those assertions.
  const { scripts, assertions } = assertionsFromScripts(
    scriptsFromPostman(item.events.all(), notes),
  );
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
  group: ItemGroupType<Item>,
  ctx: ImportContext,
  notes: ImportNotes,
  locations: ImportedLocation[],
): CollectionItem[] {
  const items: CollectionItem[] = [];
  group.items.each((member: Item | ItemGroupType<Item>) => {
    if (ItemGroup.isItemGroup(member)) {
      const folder = member as ItemGroupType<Item>;
      if (folder.auth && folder.auth.type !== 'noauth')
        authLeftOut(notes, 'folder', (n) => `${n} folder(s)`);
      const description = descriptionOf(folder);
      const scripts = scriptsFromPostman(folder.events.all(), notes);
      if (scripts) scriptsKept(notes, 'folder', (n) => `${n} folder(s)`);
      items.push({
        kind: 'folder',
        id: ctx.newId(),
        name: folder.name || 'Folder',
        ...(description ? { description } : {}),
        ...(scripts ? { scripts } : {}),
        items: importedItems(folder, ctx, notes, locations),
      });
    } else {
      const imported = importedItem(member as Item, ctx, notes, locations);
      if (imported) items.push(imported);
    }
  });
  return items;
}

/**
 * The collection variables the file marks secret (`type: "secret"`, or the SDK's `secret: true`):
 * read from the file itself, since the SDK turns a type it does not know into `any`.
 */
function secretKeys(json: unknown): Set<string> {
  if (!isRecord(json)) return new Set();
  const declared = Array.isArray(json.variable) ? (json.variable as unknown[]) : [];
  return new Set(
    declared
      .filter(isRecord)
      .filter((v) => v.type === 'secret' || v.secret === true)
      .map((v) => String(v.key ?? '')),
  );
}

/** A Postman Collection v2.1 (or v2.0) file as a workbench collection. */
export function importPostman(text: string, ctx: ImportContext): ImportedCollection {
  const json = parsedJson(text, 'The Postman file');
  checkedVersion(json);
  const notes = new ImportNotes();
  let collection: PostmanCollectionType;
  try {
    collection = new PostmanCollection(json as ConstructorParameters<typeof PostmanCollection>[0]);
  } catch (error) {
    throw new CollectionFormatError(
      `The Postman collection could not be read: ${(error as Error).message}.`,
    );
  }
  const locations: ImportedLocation[] = [];
  const items = importedItems(collection, ctx, notes, locations);
  if (collection.auth && collection.auth.type !== 'noauth')
    authLeftOut(notes, 'collection', () => 'the collection');
  const scripts = scriptsFromPostman(collection.events.all(), notes);
  if (scripts) scriptsKept(notes, 'collection', () => 'the collection');
  const secrets = secretKeys(json);
  const declared = collection.variables.all().map((v) => ({
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

/** A request's URL as Postman's URL object: below `{{baseUrl}}` unless it is absolute. */
function exportedUrl(path: string, query: Record<string, string> | undefined) {
  const queryList = Object.entries(query ?? {}).map(([key, value]) => ({ key, value }));
  if (/^https?:\/\//.test(path)) {
    const separator = path.includes('?') ? '&' : '?';
    const extra = queryList.map((q) => `${encodeURIComponent(q.key)}=${q.value}`).join('&');
    return extra ? `${path}${separator}${extra}` : path;
  }
  const [pathOnly, inline] = path.split('?', 2);
  const inlineQuery = inline
    ? inline.split('&').map((pair) => {
        const [key, ...value] = pair.split('=');
        return { key: key!, value: value.join('=') };
      })
    : [];
  const raw = `{{${BASE_URL_VARIABLE}}}${pathOnly}`;
  const all = [...inlineQuery, ...queryList];
  return {
    raw: all.length ? `${raw}?${all.map((q) => `${q.key}=${q.value}`).join('&')}` : raw,
    host: [`{{${BASE_URL_VARIABLE}}}`],
    path: pathOnly!.split('/').slice(1),
    ...(all.length ? { query: all } : {}),
  };
}

/** The `event` list of a request, folder or collection with kept scripts. */
function exportedEvents(scripts: CollectionItem['scripts']): {
  event?: ReturnType<typeof postmanEvents>;
} {
  return scripts?.length ? { event: postmanEvents(scripts) } : {};
}

function exportedItem(item: CollectionItem): ItemDefinition | ItemGroupDefinition {
  const description = item.description ? { description: item.description } : {};
  if (item.kind === 'folder')
    return {
      name: item.name,
      ...description,
      ...exportedEvents(item.scripts),
      item: item.items.map(exportedItem),
    } as ItemGroupDefinition;
  const { request } = item;
  const header = Object.entries(request.headers ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([key, value]) => ({ key, value }));
  return {
    id: item.id,
    name: item.name,
    ...description,
    request: {
      method: request.method,
      url: exportedUrl(request.path, request.query),
      header,
      ...(request.body !== undefined
        ? { body: { mode: 'raw', raw: request.body, options: { raw: { language: 'json' } } } }
        : {}),
    },
    ...exportedEvents([...(item.scripts ?? []), ...assertionsScript(item.assertions)]),
  } as ItemDefinition;
}

/** The variables the signing script reads, left empty: the user's environment fills them. */
const SIGNING_VARIABLES: VariableDefinition[] = [
  ...SESSION_HEADER_VARIABLES.map(
    ([header, key]) =>
      ({
        key,
        value: '',
        type: 'string',
        description: `Sent as ${header} on requests that do not carry it (§4.1), as the workbench's PSU session does.`,
      }) as VariableDefinition,
  ),
  {
    key: SIGNING_KEY_VARIABLE,
    value: '',
    type: 'string',
    description:
      "The TPP's private key (unencrypted PKCS#8 or PKCS#1 PEM) the pre-request script signs with (§5.2). Set it in an environment or with newman --env-var.",
  } as VariableDefinition,
  {
    key: SIGNING_CERTIFICATE_VARIABLE,
    value: '',
    type: 'string',
    description:
      'The signing certificate (QSealC, PEM) sent in TPP-Signature-Certificate and named by keyId (§5.2). Set it in an environment or with newman --env-var.',
  } as VariableDefinition,
];

/** A workbench collection as a Postman Collection v2.1 document (plain JSON). */
export function exportPostman(
  collection: Collection,
  options: ExportOptions = {},
): Record<string, unknown> {
  // A secret leaves marked secret with no value (docs/variables.md, "Secret values").
  const variable: VariableDefinition[] = collection.variables.map(({ key, value, secret }) =>
    secret ? { key, value: '', type: 'secret' } : { key, value, type: 'string' },
  );
  if (!collection.variables.some((v) => v.key === BASE_URL_VARIABLE))
    variable.unshift({
      key: BASE_URL_VARIABLE,
      value: '',
      type: 'string',
      description:
        'The base URL of the bank. The workbench sends to the target chosen in the composer instead.',
    } as VariableDefinition);
  const own = options.signing ? withoutSigningScript(collection.scripts) : collection.scripts;
  const events = exportedEvents(own).event ?? [];
  if (options.signing) {
    for (const signing of SIGNING_VARIABLES)
      if (!variable.some((v) => v.key === signing.key)) variable.push(signing);
    // Last of the collection's pre-request scripts: what they set on the request is signed too.
    events.push({
      listen: 'prerequest',
      script: { type: 'text/javascript', exec: postmanSigningScript().split('\n') },
    });
  }
  const sdk = new PostmanCollection({
    info: {
      name: collection.name,
      schema: POSTMAN_V21_SCHEMA,
      ...(collection.description ? { description: collection.description } : {}),
    },
    item: collection.items.map(exportedItem),
    ...(events.length ? { event: events } : {}),
    variable,
  } as ConstructorParameters<typeof PostmanCollection>[0]);
  const exported = JSON.parse(JSON.stringify(sdk.toJSON())) as Record<string, unknown>;
  // The SDK writes `any` for a type it does not know: a secret is written as Postman writes it.
  for (const v of (exported.variable ?? []) as { key?: string; type?: string }[])
    if (collection.variables.some((c) => c.secret && c.key === v.key)) v.type = 'secret';
  return exported;
}
