/**
 * /openapi.json (issue req. 10): an OpenAPI 3.0 document generated from the route definitions and
 * the spec schemas, so the reference can never drift from what the bank enforces. "Not shown"
 * choices are in each operation's description and in the document's description.
 */
import type { TSchema } from '@sinclair/typebox';
import { productInfo } from '../product.js';
import { BERLIN_GROUP_NOT_ADOPTED } from '../spec/berlin-group-operations.js';
import { headerRule } from '../spec/headers.js';
import { SPEC_SCHEMAS } from '../spec/schemas/index.js';
import type { BankMode, RouteDefinition } from './types.js';

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown> };
};

/** OpenAPI 3.0 ignores header parameters with these names (they are described elsewhere). */
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

const CONVENTIONS = [
  'Embedded bank of the PSD2 Workbench, following interface-spec.md and, where it says "not shown", decisions.md and Berlin Group NextGenPSD2 1.3.8.',
  'Every request except this document is signed (§5.2): Signature with keyId, algorithm rsa-sha256, headers and signature in that order; Digest (SHA-256 or SHA-512) on requests with a body; the certificate in TPP-Signature-Certificate. A failed check is 400 naming the failed part.',
  'Production mode additionally requires a certificate that chains to a trusted CA and is valid on the bank clock, and a TPP registered for the endpoint role (AISP/PISP) both in the certificate QCStatement and in the registry; failures are 403 FORBIDDEN. Sandbox mode checks the signature only. Production mode answers 404 for every /sandbox/ path.',
  'Errors: { "tppMessages": [ { "category", "code", "path"?, "text" } ] } with §7.2 codes only, also on sandbox endpoints. Workbench choices: bodies over 1 MiB are 413 (code BAD_REQUEST); a known path with another method is 405 (code BAD_REQUEST) with Allow; a header missing is HTTP_HEADER_REQUIRED and a malformed one FORMAT_ERROR; a body that is not JSON in UTF-8, has a non-JSON Content-Type, or holds characters outside the Basic Multilingual Plane (emoji, §1) is 400 FORMAT_ERROR.',
  'x-accept-fix (§9.2) is parsed on every signed request; an unknown fix name is 400 FORMAT_ERROR. Fixes become default on their default-from date (UTC) on the bank clock.',
  'Responses echo X-Request-ID and are application/json.',
].join('\n\n');

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

const errorContent = {
  'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
};

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
      schema: { ...(rule?.schema ?? { type: 'string' }) },
      description: rule?.description ?? '',
    };
  };
  for (const key of route.headers.required)
    if (!RESERVED_HEADERS.has(key)) parameters.push(headerParameter(key, true));
  for (const key of route.headers.optional)
    if (!RESERVED_HEADERS.has(key)) parameters.push(headerParameter(key, false));
  return parameters;
}

function operationOf(route: RouteDefinition, mode: BankMode): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const entry: Record<string, unknown> = { description: response.description };
    if (response.schema)
      entry.content = { 'application/json': { schema: schemaRef(response.schema) } };
    responses[status] = entry;
  }
  const addError = (status: string, description: string) => {
    responses[status] ??= { description, content: errorContent };
  };
  if (route.signed) {
    addError('400', 'Header, fix, signature, query or body error (tppMessages).');
    if (mode === 'production')
      addError(
        '403',
        'FORBIDDEN: certificate not trusted or not valid, or TPP not registered for the role.',
      );
  }
  addError('404', 'NOT_FOUND or RESOURCE_UNKNOWN.');
  if (route.body) addError('413', 'Request body over 1 MiB (code BAD_REQUEST).');

  const operation: Record<string, unknown> = {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    parameters: parametersOf(route),
    responses,
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
            content: { 'application/json': { schema: schemaRef(route.body.schema) } },
          }
        : {
            required: false,
            description: route.body.description,
            content: { 'application/json': { schema: {} } },
          };
  }
  return operation;
}

export function buildOpenApiDocument(
  routes: readonly RouteDefinition[],
  options: { mode: BankMode; serverUrl?: string },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  // OpenAPI 3.0.3 §4.7.2: tags used by operations are declared once, in first-use order.
  const tags: string[] = [];
  for (const route of routes) {
    if (route.internal || !route.modes.includes(options.mode)) continue;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route, options.mode);
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
    tags: tags.map((name) => ({ name })),
    paths,
    components: { schemas },
    // decisions.md: every choice is recorded where users read it; the Berlin Group operations the
    // bank leaves out, with the section that leaves each out.
    'x-berlin-group-not-adopted': BERLIN_GROUP_NOT_ADOPTED,
  };
  if (options.serverUrl) document.servers = [{ url: options.serverUrl }];
  return document;
}
