/** GET /openapi.json: the bank's API reference, generated from the route definitions. */
import type { RouteDefinition } from '../context/request-context.js';

export const openApiDocumentRoute: RouteDefinition = {
  operationId: 'getOpenApiDocument',
  method: 'GET',
  path: '/openapi.json',
  summary: 'The API reference of this bank',
  description: 'OpenAPI 3.0 document generated from the route definitions and the spec schemas.',
  tag: 'Workbench',
  modes: ['sandbox', 'production'],
  headers: { required: [], optional: [] },
  tppRole: null,
  signed: false,
  internal: true,
  responses: { 200: { description: 'OpenAPI 3.0 document.' } },
  handle(_ctx, env) {
    return { status: 200, body: env.openApiDocument() };
  },
};
