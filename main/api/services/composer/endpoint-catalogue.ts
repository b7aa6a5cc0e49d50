/**
 * The composer's endpoint catalogue, derived from the bank's route definitions (the same list the
 * bank routes with and /openapi.json describes), and the JSON Schemas its editor validates with.
 * One source: nothing here restates a header list, a fix or a schema.
 */
import { SPEC_SCHEMAS, specSchemasAsJson } from '../../../core/spec/schemas/index.js';
import { SCHEMA_ID_BASE } from '../../../core/spec/schemas/common.js';
import { FIXES } from '../../../core/spec/fixes.js';
import { PAYMENT_PRODUCTS, PAYMENT_SERVICES } from '../../../core/spec/enums.js';
import { headerRule } from '../../../core/spec/headers.js';
import { BANK_ROUTES } from '../../../core/bank/index.js';
import type { RouteDefinition } from '../../../core/bank/index.js';
import type {
  EndpointCatalogueView,
  EndpointParameterView,
  EndpointView,
  SpecSchemaView,
} from '../../contract/index.js';
import { exampleOf, type SchemaNode } from './example-body.js';

/** Path parameters the spec allows a fixed list of values for (decisions.md "Paths"). */
const PATH_PARAMETER_VALUES: Record<string, readonly string[]> = {
  'payment-product': PAYMENT_PRODUCTS,
  'payment-service': PAYMENT_SERVICES,
};

/** Headers the client computes for every signed request (client.ts, signer.ts). */
export const GENERATED_HEADERS = [
  'X-Request-ID',
  'Digest',
  'TPP-Signature-Certificate',
  'Signature',
];
/** Headers the PSU session supplies (psu-session.ts `sessionHeaders`). */
export const SESSION_HEADERS = ['TPP-Session-ID', 'TPP-Redirect-URI', 'PSU-ID', 'PSU-Corporate-ID'];

/** Operations a TPP calls: not the bank's own meta routes, not the PSU's SCA pages. */
function isTppOperation(route: RouteDefinition): boolean {
  return !route.internal && route.kind !== 'page' && route.signed;
}

/** `$id` of a route's body schema; unpublished (inline) body schemas get one under the same base. */
function bodySchemaIdOf(route: RouteDefinition): string | undefined {
  if (!route.body || !('schema' in route.body)) return undefined;
  const id = route.body.schema.$id;
  return typeof id === 'string' ? id : `${SCHEMA_ID_BASE}bodies/${route.operationId}.json`;
}

function headerName(key: string): string {
  return headerRule(key)?.name ?? key;
}

function queryParameters(route: RouteDefinition): EndpointParameterView[] {
  if (!route.query) return [];
  const required = new Set(route.query.required ?? []);
  return Object.entries(route.query.properties).map(([name, schema]) => {
    const json = schema as SchemaNode;
    return {
      name,
      required: required.has(name),
      ...(typeof json.description === 'string' ? { description: json.description } : {}),
      ...(typeof json.type === 'string' ? { type: json.type } : {}),
      ...(Array.isArray(json.enum) ? { enum: json.enum.map(String) } : {}),
      ...(typeof json.format === 'string' ? { format: json.format } : {}),
    };
  });
}

function endpointOf(route: RouteDefinition, today: string): EndpointView {
  const bodySchemaId = bodySchemaIdOf(route);
  const body = !route.body ? 'none' : 'schema' in route.body ? 'schema' : 'ignored';
  const exampleBody =
    route.body && 'schema' in route.body
      ? JSON.stringify(exampleOf(route.body.schema as SchemaNode, { today }), null, 2)
      : route.body
        ? '{}'
        : undefined;
  return {
    operationId: route.operationId,
    method: route.method,
    pathTemplate: route.path,
    group: route.modes.includes('production') ? 'production' : 'sandbox',
    tag: route.tag,
    summary: route.summary,
    description: route.description,
    tppRole: route.tppRole,
    pathParameters: [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
      name: name!,
      required: true,
      ...(route.pathParameters?.[name!]
        ? { description: route.pathParameters[name!]!.description }
        : {}),
      ...(PATH_PARAMETER_VALUES[name!] ? { enum: [...PATH_PARAMETER_VALUES[name!]!] } : {}),
    })),
    query: queryParameters(route),
    requiredHeaders: route.headers.required.map(headerName),
    optionalHeaders: route.headers.optional.map(headerName),
    acceptFix: {
      required: route.headers.required.includes('x-accept-fix'),
      ...(route.acceptFixValue ? { value: route.acceptFixValue } : {}),
    },
    ...(bodySchemaId ? { bodySchemaId } : {}),
    body,
    ...(exampleBody !== undefined ? { exampleBody } : {}),
  };
}

export function endpointCatalogue(
  routes: readonly RouteDefinition[] = BANK_ROUTES,
  now: Date = new Date(),
): EndpointCatalogueView {
  const today = now.toISOString().slice(0, 10);
  const endpoints = routes.filter(isTppOperation).map((route) => endpointOf(route, today));
  // Production interface first, then sandbox management; each in route order.
  endpoints.sort((a, b) => Number(a.group === 'sandbox') - Number(b.group === 'sandbox'));
  return {
    endpoints,
    fixes: FIXES.map((fix) => ({
      name: fix.name,
      effect: fix.effect,
      defaultFrom: fix.defaultFrom,
    })),
    automaticHeaders: { generated: GENERATED_HEADERS, session: SESSION_HEADERS },
  };
}

/** The published spec schemas plus any inline body schema of a route, for the editor. */
export function editorSchemas(routes: readonly RouteDefinition[] = BANK_ROUTES): SpecSchemaView[] {
  const schemas = specSchemasAsJson();
  for (const route of routes.filter(isTppOperation)) {
    const id = bodySchemaIdOf(route);
    if (!id || !route.body || !('schema' in route.body)) continue;
    if (SPEC_SCHEMAS.includes(route.body.schema) || schemas.some((s) => s.uri === id)) continue;
    schemas.push({
      uri: id,
      schema: JSON.parse(JSON.stringify(route.body.schema)) as Record<string, unknown>,
    });
  }
  return schemas;
}
