/**
 * GET /health: whether the bank is up, for a TPP's CI waiting on a headless bank (docs/ci.md).
 * Outside the PSD2 interface: no TPP headers, no signature, not in /openapi.json.
 */
import type { BankMode } from '../../../shared/mode.js';
import type { BankRequest } from '../http/messages.js';
import type { HandlerResult, RouteDefinition } from '../context/request-context.js';

/** The answer: the bank is up, in this mode. */
export function healthResult(mode: BankMode): HandlerResult {
  return { status: 200, body: { status: 'ok', mode } };
}

/** Whether `request` is GET /health (a query, if any, changes nothing). */
export function isHealthCheck(request: Pick<BankRequest, 'method' | 'target'>): boolean {
  return request.method === 'GET' && /^\/health(\?|$)/.test(request.target);
}

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
    return healthResult(ctx.mode);
  },
};
