/**
 * GET /health: whether the bank is up, for a TPP's CI waiting on a headless bank (docs/ci.md).
 * Outside the PSD2 interface: no TPP headers, no signature, not in /openapi.json.
 */
import type { RouteDefinition } from '../types.js';

export const healthRoute: RouteDefinition = {
  operationId: 'getHealth',
  method: 'GET',
  path: '/health',
  summary: 'Liveness of the bank',
  description:
    'Answers 200 {"status":"ok","mode":…} while the bank serves. Not part of the PSD2 interface.',
  tag: 'Workbench',
  modes: ['sandbox', 'production'],
  headers: { required: [], optional: [] },
  tppRole: null,
  signed: false,
  internal: true,
  responses: { 200: { description: 'The bank is up.' } },
  handle(ctx) {
    return { status: 200, body: { status: 'ok', mode: ctx.mode } };
  },
};
