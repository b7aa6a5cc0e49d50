/**
 * What the account information checks (card-transactions, account-transactions, limits, fixes,
 * consent, corporate) share, over HTTP only: signed AIS reads with the PSU's headers, the
 * consented accounts and card accounts, following the links the answers carry, and the sandbox
 * data those reads are set up with.
 */
import type {
  CheckContext,
  EvidenceExchange,
  JsonSchema,
  JsonValue,
  TargetRequest,
} from '../../main/core/runner/check-api/index.js';
import { requireAccepted, requireSetup } from './controls.js';
import { freeNorwegianAccount } from './account-numbers.js';
import { json } from './answers.js';
import type { AisSession } from './consent.js';

export interface AisRead {
  query?: TargetRequest['query'];
  headers?: Record<string, string>;
  omitHeaders?: readonly string[];
  signing?: TargetRequest['signing'];
  label?: string;
}

/** A signed GET as the PSU's TPP; x-accept-fix defaults to amount-as-string (§4.2.3 requires it). */
export function aisGet(
  ctx: CheckContext,
  session: AisSession,
  path: string,
  read: AisRead = {},
): Promise<EvidenceExchange> {
  const omitted = (read.omitHeaders ?? []).map((name) => name.toLowerCase());
  const headers = Object.fromEntries(
    Object.entries({
      'x-accept-fix': 'amount-as-string',
      ...session.headers,
      ...read.headers,
    }).filter(([name]) => !omitted.includes(name.toLowerCase())),
  );
  return ctx.client.send({
    method: 'GET',
    path,
    ...(read.query ? { query: read.query } : {}),
    headers,
    ...(read.omitHeaders ? { omitHeaders: read.omitHeaders } : {}),
    ...(read.signing ? { signing: read.signing } : {}),
    label: read.label ?? `GET ${path}`,
  });
}

/**
 * The positive control of a check that reads with a defect: the same read without it (`read`) is
 * accepted, 200 with a body valid against `schema`, or the check is INCONCLUSIVE.
 */
export async function readControl(
  ctx: CheckContext,
  session: AisSession,
  path: string,
  read: AisRead,
  schema: JsonSchema,
  what: string,
): Promise<EvidenceExchange> {
  return requireAccepted(
    ctx,
    await aisGet(ctx, session, path, { label: `control: ${what}`, ...read }),
    {
      what,
      status: 200,
      schema,
    },
  );
}

interface HrefLink {
  href: string;
}

export interface CardAccountView {
  resourceId: string;
  maskedPan?: string;
  currency?: string;
  name?: string;
  _links?: Record<string, HrefLink>;
}

export interface AccountView {
  resourceId: string;
  iban?: string;
  currency?: string;
  name?: string;
  cashAccountType?: string;
  balances?: { balanceAmount: { amount: unknown; currency: string } }[];
  _links?: Record<string, HrefLink>;
}

/** GET /v1/card-accounts, asserting 200; the consented card accounts. */
export async function cardAccountsOf(
  ctx: CheckContext,
  session: AisSession,
  read: AisRead = {},
): Promise<{ exchange: EvidenceExchange; cardAccounts: CardAccountView[] }> {
  const exchange = await aisGet(ctx, session, '/v1/card-accounts', read);
  ctx.expect.status(exchange, 200, 'GET /v1/card-accounts');
  return {
    exchange,
    cardAccounts: json<{ cardAccounts?: CardAccountView[] }>(exchange)?.cardAccounts ?? [],
  };
}

/** GET /v1/accounts, asserting 200; the consented accounts. */
export async function accountsOf(
  ctx: CheckContext,
  session: AisSession,
  read: AisRead = {},
): Promise<{ exchange: EvidenceExchange; accounts: AccountView[] }> {
  const exchange = await aisGet(ctx, session, '/v1/accounts', read);
  ctx.expect.status(exchange, 200, 'GET /v1/accounts');
  return { exchange, accounts: json<{ accounts?: AccountView[] }>(exchange)?.accounts ?? [] };
}

/** The first consented card account; skips when the PSU has none. */
export async function firstCardAccount(
  ctx: CheckContext,
  session: AisSession,
): Promise<CardAccountView> {
  const { cardAccounts } = await cardAccountsOf(ctx, session);
  return cardAccounts[0] ?? ctx.skip('the test PSU has no card account to read');
}

/** The first consented account; skips when the PSU has none. */
export async function firstAccount(ctx: CheckContext, session: AisSession): Promise<AccountView> {
  const { accounts } = await accountsOf(ctx, session);
  return accounts[0] ?? ctx.skip('the test PSU has no account to read');
}

export const cardTransactionsPath = (cardAccountId: string) =>
  `/v1/card-accounts/${encodeURIComponent(cardAccountId)}/transactions`;
export const accountTransactionsPath = (accountId: string) =>
  `/v1/accounts/${encodeURIComponent(accountId)}/transactions`;

// ---- what the answers carry ------------------------------------------------------------------

export interface CardTransactionView {
  cardTransactionId?: string;
  bookingDate?: string;
  transactionDate?: string;
  transactionAmount?: { amount: unknown; currency: string };
  originalAmount?: { amount: unknown; currency: string };
  currencyExchange?: unknown;
  invoiced?: unknown;
  transactionDetails?: string;
}

export interface CardTransactionsBody {
  cardAccount?: { maskedPan?: string; currency?: string };
  cardTransactions?: { booked?: CardTransactionView[]; pending?: CardTransactionView[] };
  _links?: Record<string, HrefLink>;
}

export interface AccountTransactionView {
  transactionId?: string;
  bookingDate?: string;
  valueDate?: string;
  transactionAmount?: { amount: unknown; currency: string };
  _links?: Record<string, HrefLink>;
}

export interface AccountTransactionsBody {
  transactions?: {
    booked?: AccountTransactionView[];
    pending?: AccountTransactionView[];
    _links?: Record<string, HrefLink>;
  };
}

/** Follows a link the bank gave (relative to the bank's base URL), as the PSU's TPP. */
export function follow(
  ctx: CheckContext,
  session: AisSession,
  href: string,
  label: string,
  read: AisRead = {},
): Promise<EvidenceExchange> {
  const url = new URL(href, 'http://bank.invalid');
  const query = Object.fromEntries(url.searchParams);
  return aisGet(ctx, session, url.pathname, { ...read, query, label });
}

/** POST /v1/sandbox/fixed-test-data (sandbox only); refused, the check could not test. */
export async function fillFixedTestData(ctx: CheckContext): Promise<void> {
  const exchange = await ctx.client.send({
    method: 'POST',
    path: '/v1/sandbox/fixed-test-data',
    body: {},
    label: 'fixed test-data fill',
  });
  requireSetup(ctx, exchange, {
    what: 'the fixed test-data fill the check reads (POST /v1/sandbox/fixed-test-data)',
    status: [200, 201],
  });
}

/**
 * POST /v1/sandbox/accounts for `customerNumber` (a private customer's account joins its private
 * agreement, §4.3 rule 4, so it can be consented to), asserting 201; returns the account's IBAN.
 */
export async function postSandboxAccount(
  ctx: CheckContext,
  customerNumber: string,
  overrides: Record<string, JsonValue> = {},
): Promise<{ iban: string; accountName: string }> {
  const { bban, iban } = freeNorwegianAccount();
  const body = {
    customerNumber,
    accountName: 'Workbench check account',
    bban,
    iban,
    currency: 'NOK',
    product: 'Sparekonto',
    cashAccountType: 'SVGS',
    creditLine: 0,
    balances: [
      { balanceAmount: { currency: 'NOK', amount: 100_000 }, balanceType: 'closingBooked' },
    ],
    ...overrides,
  };
  const exchange = await ctx.client.send({
    method: 'POST',
    path: '/v1/sandbox/accounts',
    body,
    label: 'create a sandbox account',
  });
  requireSetup(ctx, exchange, {
    what: 'the sandbox account the check needs (POST /v1/sandbox/accounts)',
    status: 201,
  });
  return { iban, accountName: String(body.accountName) };
}
