/**
 * Postman Collection v2.1 in and out through Postman's own SDK (`postman-collection`): a file of a
 * shape the plain reader leaves to it (postman-plain.ts: v2.0, URLs as text, form bodies, …) is
 * read by `new Collection(json)` into the parts postman-import.ts converts, and every export is
 * written by `Collection#toJSON()`, never by a writer of our own. Pure.
 */
import {
  Collection as PostmanCollection,
  ItemGroup,
  urlParts,
  type CollectionType as PostmanCollectionType,
  type ItemDefinition,
  type ItemGroupDefinition,
  type ItemGroupType,
  type ItemType as Item,
  type VariableDefinition,
} from './postman-sdk.js';
import {
  importedPostman,
  postmanFile,
  type PostmanCollectionParts,
  type PostmanFile,
  type PostmanItemParts,
} from './postman-import.js';
import { plainPostmanParts } from './postman-plain.js';
import { postmanEvents } from './inert-scripts.js';
import { assertionsScript } from './assertion-scripts.js';
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

function sdkItemParts(member: Item | ItemGroupType<Item>): PostmanItemParts {
  if (ItemGroup.isItemGroup(member)) {
    const folder = member as ItemGroupType<Item>;
    const items: PostmanItemParts[] = [];
    folder.items.each((m: Item | ItemGroupType<Item>) => items.push(sdkItemParts(m)));
    return {
      kind: 'folder',
      name: folder.name,
      description: folder.description,
      auth: folder.auth,
      events: folder.events.all(),
      items,
    };
  }
  const item = member as Item;
  const request = item.request;
  return {
    kind: 'request',
    name: item.name,
    description: item.description,
    events: item.events.all(),
    request: {
      method: request.method,
      url: urlParts(request.url),
      pathVariables: request.url.variables.all(),
      headers: request.headers.all(),
      body: request.body && {
        mode: request.body.mode,
        raw: request.body.raw,
        empty: request.body.isEmpty(),
      },
      auth: request.auth,
      description: request.description,
    },
  };
}

/** A Postman file as Postman's SDK reads it, in the parts postman-import.ts converts. */
export function sdkPostmanParts(file: PostmanFile): PostmanCollectionParts {
  let collection: PostmanCollectionType;
  try {
    collection = new PostmanCollection(
      file.json as ConstructorParameters<typeof PostmanCollection>[0],
    );
  } catch (error) {
    throw new CollectionFormatError(
      `The Postman collection could not be read: ${(error as Error).message}.`,
    );
  }
  const items: PostmanItemParts[] = [];
  collection.items.each((m: Item | ItemGroupType<Item>) => items.push(sdkItemParts(m)));
  return {
    name: collection.name,
    description: collection.description,
    auth: collection.auth,
    events: collection.events.all(),
    variables: collection.variables.all(),
    items,
  };
}

/**
 * A Postman Collection v2.1 (or v2.0) file as a workbench collection: read plainly when it has
 * the shapes Postman writes (postman-plain.ts), by the SDK otherwise.
 */
export function importPostman(text: string, ctx: ImportContext): ImportedCollection {
  const file = postmanFile(text);
  return importedPostman(file, plainPostmanParts(file) ?? sdkPostmanParts(file), ctx);
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
