/**
 * POST /v1/sandbox/initialize (§1 "An initialisation operation resets the sandbox to a known
 * state", decisions.md "Paths"). Contract not shown: the workbench takes no parameters, accepts
 * and ignores a JSON body (as POST /v1/consents does, §1), and answers 200 with an empty object.
 */
import { Type } from '@sinclair/typebox';
import { ErrorResponseSchema } from '../../spec/schemas/shared.js';
import type { RouteDefinition } from '../types.js';
import { NEGOTIATION, SIGNED_OPTIONAL, SIGNED_REQUEST, headerSet } from './headerSets.js';

export const sandboxInitialize: RouteDefinition = {
  operationId: 'initializeSandbox',
  method: 'POST',
  path: '/v1/sandbox/initialize',
  summary: 'Reset the sandbox to its initial state',
  description:
    '§1, §4.3. Resets the sandbox to its initial state and removes customers and accounts created manually. Not shown by the spec, workbench choices: no parameters; a JSON body is accepted and ignored; 200 with an empty JSON object.',
  tag: 'Sandbox',
  modes: ['sandbox'],
  headers: headerSet(SIGNED_REQUEST, [...SIGNED_OPTIONAL, ...NEGOTIATION]),
  tppRole: null,
  signed: true,
  body: { ignored: true, description: 'Any JSON value; ignored.' },
  responses: {
    200: { description: 'The sandbox is reset.', schema: Type.Object({}) },
    400: { description: 'Header, signature or body error.', schema: ErrorResponseSchema },
  },
  handle(_ctx, env) {
    env.replaceState(env.initialState());
    return { status: 200, body: {} };
  },
};
