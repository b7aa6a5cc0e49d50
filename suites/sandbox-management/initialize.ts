/**
 * POST /v1/sandbox/initialize (§1 "An initialisation operation resets the sandbox to a known
 * state and also removes customers and accounts created manually").
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { requireExplainedRefusals } from '../kit/probe.js';
import {
  callSandbox,
  initialiseSandbox,
  listAccounts,
  newAccount,
  newCardAccount,
  sandboxCheck,
} from './sandbox-api.js';

export const initializeChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-INIT-RESTORES-BALANCES',
    title: 'Initialisation brings changed data back to the known state',
    rules: ['SANDBOX-INIT-KNOWN-STATE'],
    // Resets the sandbox (§1 initialisation): nothing else may run on a shared bank meanwhile.
    exclusive: true,
    effects: ['sandbox-data', 'sandbox-reset'],
    async run(ctx) {
      const [before] = await listAccounts(ctx);
      ctx.expect.true(before !== undefined, 'the sandbox has an account');
      const changed = await callSandbox(
        ctx,
        'PUT',
        `/v1/sandbox/accounts/${encodeURIComponent(before!.id)}/balances`,
        'change a balance',
        {
          body: [
            {
              balanceAmount: { currency: before!.currency, amount: 4_242 },
              balanceType: 'closingBooked',
            },
          ],
        },
      );
      await requireExplainedRefusals(ctx, changed, 'PUT .../balances');
      ctx.expect.status(changed, [200, 204], 'PUT .../balances');
      await initialiseSandbox(ctx);
      const after = (await listAccounts(ctx)).find((a) => a.id === before!.id);
      ctx.expect.equal(after?.balances, before!.balances, `balances of ${before!.id} after init`);
    },
  }),
  sandboxCheck({
    id: 'SBX-INIT-REMOVES-CREATED',
    title: 'Initialisation removes accounts and card accounts created by hand',
    rules: ['SANDBOX-INIT-REMOVES-MANUAL-DATA'],
    // Resets the sandbox (§1 initialisation): nothing else may run on a shared bank meanwhile.
    exclusive: true,
    effects: ['sandbox-data', 'sandbox-reset'],
    async run(ctx) {
      const account = await newAccount(ctx);
      const cardAccountId = await newCardAccount(ctx);
      await initialiseSandbox(ctx);
      const accounts = await listAccounts(ctx);
      ctx.expect.true(
        !accounts.some((a) => a.id === account.id),
        'the created account is gone after initialisation',
      );
      const card = await callSandbox(
        ctx,
        'GET',
        `/v1/sandbox/card-accounts/${encodeURIComponent(cardAccountId)}`,
        'the created card account after initialisation',
      );
      ctx.expect.status(card, 404, 'the created card account is gone after initialisation');
    },
  }),
];
