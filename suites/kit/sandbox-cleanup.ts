/**
 * Putting back what a check changed on a shared, long-running bank, where the sandbox API allows
 * it (docs/targets.md "A shared, long-running bank": checks remove what they created where the
 * API allows). Cleanup is best effort: it runs after the check has judged its rules, and a cleanup
 * that does not succeed is a warning naming what was left behind, never a FAIL.
 *
 * What the sandbox API (§4.3, decisions.md "Paths") lets a check undo:
 * - The balances of an account that was there before the check: PUT
 *   /v1/sandbox/accounts/{mockAccountId}/balances ("Change account balance") sets them back to
 *   what GET /v1/sandbox/accounts showed first (`sandboxBalances`, `restoreBalances`).
 *
 * What it cannot, and stays: there is no DELETE (nor any other remove or close operation) for
 * sandbox accounts, account transactions, card accounts, card transactions, agreements,
 * engagements or customers. A card account's `status` (§2.6, `deleted` among its values) is only
 * given when it is created, and no operation changes it afterwards. The one way to remove them is
 * POST /v1/sandbox/initialize, which resets the whole sandbox: a check must not do that to tidy up
 * (it would remove every other check's data on a shared bank, and it needs allows.resetSandbox).
 * So checks create such data with unique values (account numbers, names) that later checks and
 * runs do not trip over, and leave it.
 *
 * Payments are the check's own and stay too: the sandbox DELETE (decisions.md "Paths") does not
 * remove a payment but cancels it (CANC, still readable), and deleting is an effect a target
 * profile may forbid (allows.deletePayments) on its own.
 */
import type { CheckContext, JsonValue } from '../../main/core/runner/check-api/index.js';
import { json } from './answers.js';

/** The balances (§2.6 Balance) of a sandbox account as GET /v1/sandbox/accounts lists them. */
export async function sandboxBalances(
  ctx: CheckContext,
  mockAccountId: string,
): Promise<JsonValue[] | undefined> {
  const exchange = await ctx.client.send({
    method: 'GET',
    path: '/v1/sandbox/accounts',
    label: `the balances of ${mockAccountId}, to put back afterwards`,
  });
  if (exchange.response?.status !== 200) return undefined;
  const accounts = json<{ id?: unknown; balances?: unknown }[] | undefined>(exchange);
  const account = Array.isArray(accounts)
    ? accounts.find((candidate) => candidate?.id === mockAccountId)
    : undefined;
  return Array.isArray(account?.balances) ? (account.balances as JsonValue[]) : undefined;
}

/**
 * Sets the balances of `mockAccountId` back to `balances` (as `sandboxBalances` read them before
 * the check changed them). Best effort: never throws, and a failure is a warning.
 */
export async function restoreBalances(
  ctx: CheckContext,
  mockAccountId: string,
  balances: JsonValue[] | undefined,
): Promise<void> {
  const left = `the balances of sandbox account ${mockAccountId} stay as the check set them`;
  if (ctx.signal.aborted) {
    // A timed-out or cancelled check sends nothing more; its outcome already says why.
    ctx.evidence.note(`Cleanup not attempted (the check was stopped): ${left}.`);
    return;
  }
  if (!balances) {
    ctx.warn(`Cleanup: the balances before the check could not be read, so ${left}.`);
    return;
  }
  try {
    const exchange = await ctx.client.send({
      method: 'PUT',
      path: `/v1/sandbox/accounts/${encodeURIComponent(mockAccountId)}/balances`,
      body: balances,
      label: `cleanup: put back the balances of ${mockAccountId}`,
    });
    const status = exchange.response?.status;
    if (status !== undefined && status >= 200 && status < 300)
      ctx.evidence.note(`Cleanup: the balances of ${mockAccountId} are back as they were.`);
    else
      ctx.warn(
        `Cleanup: PUT .../balances answered ${status ?? exchange.transportError ?? 'nothing'}, so ${left}.`,
      );
  } catch (error) {
    // Only an abort rejects a send (TargetClient); the check's outcome already says why.
    ctx.evidence.note(`Cleanup stopped (${String(error)}): ${left}.`);
  }
}
