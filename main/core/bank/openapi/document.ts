/**
 * /openapi.json: an OpenAPI 3.0 document generated from the route definitions and
 * the spec schemas, so the reference can never drift from what the bank enforces. "Not shown"
 * choices are in each operation's description and in the document's description. Written for
 * consumer tools (docs/ci.md "The API reference"): it
 * passes Redocly's recommended rules; the §5.2 signature is its security scheme and mTLS the
 * extension x-mutual-tls (openapi-security.ts); statuses and response headers come from the
 * pipeline's stages (openapi-responses.ts); examples from the sandbox data (openapi-examples.ts).
 */
import type { TSchema } from '@sinclair/typebox';
import { productInfo } from '../../product.js';
import { BERLIN_GROUP_NOT_ADOPTED } from '../../spec/berlin-group-operations.js';
import { headerRule } from '../../spec/headers.js';
import { SPEC_SCHEMAS } from '../../spec/schemas/index.js';
import { FREE_TEXT_FORMAT } from '../../spec/schemas/common.js';
import {
  pipelineAnswers,
  RESPONSE_HEADERS,
  responseHeaders,
  type ResponseOptions,
} from './responses.js';
import { OPENAPI_EXAMPLES } from './examples.js';
import { MUTUAL_TLS_EXTENSION, SECURITY_SCHEMES, SIGNATURE_SCHEME } from './security.js';
import type { BankMode } from '../../../shared/mode.js';
import type { RouteDefinition } from '../context/request-context.js';

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
};

/** What the bank serving the document adds: where it listens and how (bank.ts). */
export interface OpenApiOptions {
  mode: BankMode;
  serverUrl?: string;
  /** §5.2.7: the bank signs its answers. */
  signedResponses?: boolean;
  /** The state is kept in a database file (503 on a failed commit). */
  durable?: boolean;
  /** The listener demands a TLS client certificate (QWAC, mTLS; tls.ts). */
  mutualTls?: boolean;
}

/**
 * OpenAPI 3.0.3 §4.7.23 / Redocly `tag-description`: what each tag of the route definitions
 * groups. A tag used by a route and missing here fails the OpenAPI test.
 */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Accounts (AIS)': 'Account information: accounts, balances, transactions (§4.2.4).',
  'Card accounts (AIS)': 'Card accounts, their balances and transactions (§4.2.3, §2.5).',
  'Consents (AIS)': 'AIS consents and their SCA (§5.3, Berlin Group 1.3.8 consents).',
  'Payments (PIS)': 'SCT payment initiation, status and SCA (§4.2.2, §2.2, §2.3).',
  'Signing baskets': 'Signing baskets and their authorisation (§4.2.1, §2.4).',
  PSU: 'The PSU behind the session: identity and corporate agreements (§5.3(8)).',
  Sandbox: 'Sandbox management, not part of the production interface (§4.3, §2.6).',
};

/** OpenAPI 3.0 ignores header parameters with these names (they are described elsewhere). */
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

const CONVENTIONS = [
  'Embedded bank of the PSD2 Workbench, following interface-spec.md and, where it says "not shown", decisions.md and Berlin Group NextGenPSD2 1.3.8.',
  'Every request except this document is signed (§5.2): Signature with keyId, algorithm rsa-sha256, headers and signature in that order; Digest (SHA-256 or SHA-512) on requests with a body; the certificate in TPP-Signature-Certificate. A failed check is 400 naming the failed part.',
  'Production mode additionally requires a certificate that chains to a trusted CA and is valid on the bank clock, and a TPP registered for the endpoint role (AISP/PISP) both in the certificate QCStatement and in the registry; failures are 403 FORBIDDEN. Sandbox mode checks the signature only. Production mode answers 404 for every /sandbox/ path.',
  'Errors: { "tppMessages": [ { "category", "code", "path"?, "text" } ] } with §7.2 codes only, also on sandbox endpoints. Workbench choices: bodies over 1 MiB are 413 (code BAD_REQUEST); a known path with another method is 405 (code BAD_REQUEST) with Allow; a header missing is HTTP_HEADER_REQUIRED and a malformed one FORMAT_ERROR; a body that is not JSON in UTF-8, has a non-JSON Content-Type, or holds characters outside the Basic Multilingual Plane (emoji, §1) is 400 FORMAT_ERROR.',
  'x-accept-fix (§9.2) is parsed on every signed request; an unknown fix name is 400 FORMAT_ERROR. Fixes become default on their default-from date (UTC) on the bank clock.',
  'Responses echo X-Request-ID and are application/json. A known path with a method it does not offer is 405 (code BAD_REQUEST) with Allow listing the methods it does; a path the document does not list is 404 NOT_FOUND. Before any operation is chosen the HTTP listener (http.ts) may answer 400 (malformed HTTP), 408 (request too slow), 417 (an Expect other than 100-continue) or 431 (request head too large), each with a tppMessages body (code BAD_REQUEST).',
].join('\n\n');

/**
 * Formats outside OpenAPI 3.0.3 §4.4 and JSON Schema that the spec schemas use with the bank's
 * own Ajv (validation.ts): in the document each becomes a `pattern` a generic tool can check, plus
 * the documented extension `x-psd2-format` naming the bank's full check.
 */
const NON_STANDARD_FORMATS: Readonly<Record<string, { pattern?: string; note: string }>> = {
  // §8: at most 34 characters; ISO 13616: country, check digits, then letters and digits.
  iban: {
    pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$',
    note: 'An IBAN (ISO 13616); the bank also checks its mod-97 check digits (x-psd2-format: iban).',
  },
  // §4.1 PSU-IP-Address: an IPv4 or IPv6 address as Node's net.isIP reads it.
  ip: {
    note: 'An IPv4 or IPv6 address (x-psd2-format: ip).',
  },
  // §1: free text a PSU may read (validators/free-text.ts); the pattern is the BMP part of it.
  [FREE_TEXT_FORMAT]: {
    pattern:
      '^[^\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\uFDD0-\\uFDEF\\uFFFE\\uFFFF]*$',
    note: 'Free text: no control characters, bidirectional formatting characters or noncharacters (x-psd2-format: free-text).',
  },
};

/** A plain JSON copy fit for OpenAPI 3.0: no `$id`/`$schema` (3.0 schema objects have neither). */
export function toOpenApiSchema(
  schema: TSchema | Record<string, unknown>,
): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  const strip = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(strip);
    else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      delete record.$id;
      delete record.$schema;
      const format =
        typeof record.format === 'string' ? NON_STANDARD_FORMATS[record.format] : undefined;
      if (format) {
        record['x-psd2-format'] = record.format;
        delete record.format;
        if (format.pattern && record.pattern === undefined) record.pattern = format.pattern;
        record.description = record.description
          ? `${record.description} ${format.note}`
          : format.note;
      }
      Object.values(record).forEach(strip);
    }
  };
  strip(copy);
  return copy;
}

function schemaRef(schema: TSchema): Record<string, unknown> {
  const title = schema.title;
  if (typeof title === 'string' && SPEC_SCHEMAS.includes(schema))
    return { $ref: `#/components/schemas/${title}` };
  return toOpenApiSchema(schema);
}

const ERROR_RESPONSE_REF = { $ref: '#/components/schemas/ErrorResponse' };

function parametersOf(route: RouteDefinition): Record<string, unknown>[] {
  const parameters: Record<string, unknown>[] = [];
  for (const match of route.path.matchAll(/\{([^}]+)\}/g)) {
    const name = match[1]!;
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
      description: route.pathParameters?.[name]?.description ?? '',
    });
  }
  if (route.query) {
    const required = new Set(route.query.required ?? []);
    for (const [name, schema] of Object.entries(route.query.properties)) {
      const parameter: Record<string, unknown> = {
        name,
        in: 'query',
        required: required.has(name),
        schema: toOpenApiSchema(schema),
      };
      if (schema.description) parameter.description = schema.description;
      parameters.push(parameter);
    }
  }
  const headerParameter = (key: string, required: boolean) => {
    const rule = headerRule(key);
    return {
      name: rule?.name ?? key,
      in: 'header',
      required,
      schema: toOpenApiSchema({ ...(rule?.schema ?? { type: 'string' }) }),
      description: rule?.description ?? '',
    };
  };
  for (const key of route.headers.required)
    if (!RESERVED_HEADERS.has(key)) parameters.push(headerParameter(key, true));
  for (const key of route.headers.optional)
    if (!RESERVED_HEADERS.has(key)) parameters.push(headerParameter(key, false));
  return parameters;
}

function operationOf(route: RouteDefinition, options: ResponseOptions): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const headersOf = (status: number) => {
    const headers: Record<string, unknown> = {};
    for (const [name, required] of responseHeaders(route, status, options))
      // Inline, not a $ref: `required` differs per response and a $ref takes no siblings (3.0).
      headers[name] = { ...RESPONSE_HEADERS[name], required };
    return headers;
  };
  const examples = OPENAPI_EXAMPLES[route.operationId];
  /** A media type object, with the sandbox example when there is one (openapi-examples.ts). */
  const media = (schema: unknown, example: unknown) => ({
    'application/json': example === undefined ? { schema } : { schema, example },
  });
  for (const [status, response] of Object.entries(route.responses)) {
    const entry: Record<string, unknown> = { description: response.description };
    entry.headers = headersOf(Number(status));
    if (response.schema)
      entry.content = media(schemaRef(response.schema), examples?.responses[status]);
    responses[status] = entry;
  }
  for (const [status, { description, example }] of pipelineAnswers(route, options))
    responses[String(status)] ??= {
      description,
      headers: headersOf(status),
      content: media(ERROR_RESPONSE_REF, example),
    };

  const operation: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    parameters: parametersOf(route),
    responses: Object.fromEntries(
      Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)),
    ),
    // §5.2(1): every request of the interface is signed.
    security: route.signed ? [{ [SIGNATURE_SCHEME]: [] }] : [],
    'x-tpp-role': route.tppRole,
    'x-modes': route.modes,
  };
  if (route.acceptFixValue) operation['x-accept-fix-value'] = route.acceptFixValue;
  if (route.body) {
    operation.requestBody =
      'schema' in route.body
        ? {
            required: true,
            description: route.body.description ?? '',
            content: media(schemaRef(route.body.schema), examples?.request),
          }
        : {
            required: false,
            description: route.body.description,
            content: media({}, examples?.request),
          };
  }
  return operation;
}

/** Every `#/components/<kind>/<name>` the node refers to. */
function componentRefs(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) componentRefs(item, found);
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node))
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else componentRefs(value, found);
  return found;
}

/**
 * Redocly `no-unused-components`: keeps the components the paths reach (directly or through
 * other components); the schema list (SPEC_SCHEMAS) is shared by both modes and the composer.
 */
function usedComponents(
  paths: OpenApiDocument['paths'],
  components: OpenApiDocument['components'],
): OpenApiDocument['components'] {
  const reached = componentRefs(paths, new Set());
  for (let grown = true; grown;) {
    const before = reached.size;
    for (const ref of [...reached]) {
      const [, , kind, name] = ref.split('/');
      componentRefs(components[kind!]?.[name!], reached);
    }
    grown = reached.size > before;
  }
  const kept: OpenApiDocument['components'] = {};
  for (const [kind, entries] of Object.entries(components)) {
    const used = Object.entries(entries).filter(([name]) =>
      reached.has(`#/components/${kind}/${name}`),
    );
    if (used.length > 0 || kind === 'securitySchemes')
      kept[kind] = Object.fromEntries(kind === 'securitySchemes' ? Object.entries(entries) : used);
  }
  return kept;
}

export function buildOpenApiDocument(
  routes: readonly RouteDefinition[],
  options: OpenApiOptions,
): OpenApiDocument {
  const responseOptions: ResponseOptions = {
    mode: options.mode,
    signedResponses: options.signedResponses ?? false,
    durable: options.durable ?? false,
  };
  const paths: OpenApiDocument['paths'] = {};
  // OpenAPI 3.0.3 §4.7.2: tags used by operations are declared once, in first-use order.
  const tags: string[] = [];
  for (const route of routes) {
    if (route.internal || !route.modes.includes(options.mode)) continue;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route, responseOptions);
    if (!tags.includes(route.tag)) tags.push(route.tag);
  }
  const schemas: Record<string, unknown> = {};
  for (const schema of SPEC_SCHEMAS) schemas[schema.title as string] = toOpenApiSchema(schema);
  const document: OpenApiDocument = {
    openapi: '3.0.3',
    info: {
      title: `${productInfo.name} embedded bank (${options.mode})`,
      version: productInfo.version,
      description: CONVENTIONS,
    },
    // Redocly `no-empty-servers`: in-process (no listener) the paths are relative to the bank.
    servers: [
      options.serverUrl
        ? { url: options.serverUrl }
        : { url: '/', description: 'The bank that served this document.' },
    ],
    tags: tags.map((name) => {
      const description = TAG_DESCRIPTIONS[name];
      return description ? { name, description } : { name };
    }),
    paths,
    components: usedComponents(paths, {
      schemas,
      securitySchemes: { ...SECURITY_SCHEMES },
    }),
    // decisions.md: every choice is recorded where users read it; the Berlin Group operations the
    // bank leaves out, with the section that leaves each out.
    'x-berlin-group-not-adopted': BERLIN_GROUP_NOT_ADOPTED,
  };
  if (options.mutualTls)
    document[MUTUAL_TLS_EXTENSION.name] = MUTUAL_TLS_EXTENSION.value(options.mode);
  return document;
}
