/**
 * POST /v1/sandbox/fixed-test-data (§9.4 1.16.0 "a fixed test-data fill"; decisions.md "Paths").
 * Contract not shown: no parameters; a JSON body is accepted and ignored; 200 with what was added.
 */
import { Type } from '@sinclair/typebox';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import { faultActive } from '../../faults/index.js';
import { addFixedTestData } from '../../domain/fixed-test-data.js';
import { SANDBOX_READ_HEADERS, sandboxRoute } from './common.js';
import { describeFixedTestData } from './data-description.js';

const SummaryBlock = Type.Object({
  customers: Type.Array(Type.String(), { description: 'customerNumbers added.' }),
  accounts: Type.Array(Type.String(), { description: 'Account ids added.' }),
  cardAccounts: Type.Array(Type.String(), { description: 'Card account resourceIds added.' }),
  accountTransactions: Type.Integer(),
  cardTransactions: Type.Integer(),
});

export const sandboxFixedTestData = sandboxRoute({
  operationId: 'fillSandboxFixedTestData',
  method: 'POST',
  path: '/v1/sandbox/fixed-test-data',
  summary: 'Add the fixed test data',
  description: () =>
    [
      '§9.4 (1.16.0). Adds a richer deterministic data set next to the current data, for paging and filtering tests; calling it again replaces the earlier fill (and whatever was attached to its accounts), POST /v1/sandbox/initialize removes it.',
      'Not shown by the spec, workbench choices: no parameters; a JSON body is accepted and ignored; 200 with the ids and counts added. Dates count back from the bank date at the time of the call.',
      '',
      describeFixedTestData(),
    ].join('\n'),
  headers: SANDBOX_READ_HEADERS,
  body: { ignored: true, description: 'Any JSON value; ignored.' },
  responses: {
    200: { description: 'What the fill added.', schema: SummaryBlock },
    400: { description: 'Header, signature or body error.', schema: ErrorResponseSchema },
  },
  handle(ctx, env) {
    if (faultActive(ctx, 'SANDBOX-FIXED-TEST-DATA'))
      return {
        status: 200,
        body: {
          customers: [],
          accounts: [],
          cardAccounts: [],
          accountTransactions: 0,
          cardTransactions: 0,
        },
      };
    return { status: 200, body: addFixedTestData(env.state, ctx.now) };
  },
});
