/**
 * POST /v1/sandbox/initialize (§1 "An initialisation operation resets the sandbox to a known
 * state and also removes customers and accounts created manually"; decisions.md "Paths").
 * Contract not shown: no parameters; a JSON body is accepted and ignored (as POST /v1/consents,
 * §1); 200 with an empty object. The known state is the initial data, described in the route's
 * API reference entry from the data itself.
 */
import { Type } from '@sinclair/typebox';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import { faultActive } from '../../faults/index.js';
import { SANDBOX_READ_HEADERS, sandboxRoute } from './common.js';
import { describeInitialData } from './data-description.js';

export const sandboxInitialize = sandboxRoute({
  operationId: 'initializeSandbox',
  method: 'POST',
  path: '/v1/sandbox/initialize',
  summary: 'Reset the sandbox to its initial state',
  description: () =>
    [
      '§1, §4.3. Resets the sandbox to its initial state: everything created by hand (customers, accounts, card accounts, transactions, agreements, engagements) and every consent, session and payment is removed.',
      'Not shown by the spec, workbench choices: no parameters; a JSON body is accepted and ignored; 200 with an empty JSON object. The bank console settings (risk policy, fault profiles, batch times, pending known issue) are the bank’s, not sandbox data: they stay as they are.',
      'Transaction dates of the initial data count back from the bank date at the time of the call.',
      '',
      describeInitialData(),
    ].join('\n'),
  headers: SANDBOX_READ_HEADERS,
  body: { ignored: true, description: 'Any JSON value; ignored.' },
  responses: {
    200: { description: 'The sandbox is reset.', schema: Type.Object({}) },
    400: { description: 'Header, signature or body error.', schema: ErrorResponseSchema },
  },
  handle(ctx, env) {
    const before = env.state;
    const next = env.initialState();
    const { lastBatchRunAt: _reset, ...settings } = before.behaviour;
    // A JSON copy: the live state's objects may be change-tracking views (store/change-tracker.ts),
    // which structuredClone refuses; the behaviour is JSON by its schema.
    next.behaviour = JSON.parse(JSON.stringify(settings)) as typeof settings;
    if (faultActive(ctx, 'SANDBOX-INIT-KNOWN-STATE'))
      for (const account of next.accounts) {
        const changed = before.accounts.find((candidate) => candidate.id === account.id);
        if (changed) account.balances = { ...changed.balances };
      }
    if (faultActive(ctx, 'SANDBOX-INIT-REMOVES-MANUAL-DATA')) {
      next.accounts.push(...before.accounts.filter((a) => a.origin === 'sandbox'));
      next.cardAccounts.push(...before.cardAccounts.filter((c) => c.origin === 'sandbox'));
    }
    env.replaceState(next);
    return { status: 200, body: {} };
  },
});
