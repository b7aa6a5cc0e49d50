/**
 * POST /v1/sandbox/fixed-test-data (§9.4 1.16.0 "a fixed test-data fill"; decisions.md "Paths").
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { json } from '../kit/answers.js';
import {
  sandboxAccountTransactionsPath,
  callSandbox,
  initialiseSandbox,
  listAccounts,
  sandboxCheck,
} from './sandbox-api.js';

export const fixedTestDataChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-FIXED-TEST-DATA-FILL',
    title: 'POST /v1/sandbox/fixed-test-data adds the fixed test data',
    rules: ['SANDBOX-FIXED-TEST-DATA'],
    // The fixed test-data fill replaces an earlier fill (decisions.md), removing what other checks
    // made of it: it creates sandbox data and resets some, so it runs alone on a shared bank.
    exclusive: true,
    effects: ['sandbox-data', 'sandbox-reset'],
    async run(ctx) {
      // Filling again replaces an earlier fill (decisions.md), so on a bank that was filled before
      // nothing would be added: start from the initial data, where the fill must add accounts.
      await initialiseSandbox(ctx);
      const before = await listAccounts(ctx);
      const fill = await callSandbox(
        ctx,
        'POST',
        '/v1/sandbox/fixed-test-data',
        'fixed test data',
        {
          body: {},
        },
      );
      ctx.expect.status(fill, [200, 201], 'POST /v1/sandbox/fixed-test-data');
      const after = await listAccounts(ctx);
      ctx.expect.true(after.length > before.length, 'the fill adds accounts');
      const added = after.find((a) => !before.some((b) => b.id === a.id));
      const transactions = await callSandbox(
        ctx,
        'GET',
        sandboxAccountTransactionsPath(added!.id),
        'transactions of an added account',
        { query: { limit: 50 } },
      );
      ctx.expect.status(transactions, 200, 'transactions of an account the fill added');
      ctx.expect.true(
        (json<unknown[]>(transactions) ?? []).length > 0,
        'an account of the fill has transactions',
      );
    },
  }),
];
