/**
 * What the account information checks (card-transactions, account-transactions, limits, fixes)
 * share, over HTTP only: a consent for the documented test PSU, signed AIS reads with the PSU's
 * headers, the consented accounts and card accounts, and the links and dates the answers carry.
 */
import type {
  CheckContext,
  Exchange,
  JsonValue,
  TargetRequest,
} from '../../main/core/runner/check-api/index.js';
import { consentFlow, expectSuccess, freeNorwegianAccount, json, psuHeaders } from './support.js';

/**
 * The documented test PSUs (docs/sandbox-data.md): Ola Nordmann, private, with two accounts and a
 * card account in the initial data of both modes; Per Testesen comes with the fixed test-data
 * fill (POST /v1/sandbox/fixed-test-data): hundreds of transactions over a year, pending ones too.
 */
export const TEST_PSU = { login: '15038512363', name: 'Ola Nordmann' } as const;
export const FIXED_DATA_PSU = { login: '24059222232', name: 'Per Testesen' } as const;

export interface AisSession {
  consentId: string;
  /** PSU-ID (and PSU-Corporate-ID) from the §6.1 redirect. */
  headers: Record<string, string>;
}

/** POST /v1/consents and the PSU's SCA granting `grant` (default: every account offered). */
export async function aisConsent(
  ctx: CheckContext,
  login: string = TEST_PSU.login,
  grant: readonly string[] = ['*'],
): Promise<AisSession> {
  const flow = await consentFlow(ctx, { login, context: 'PRIVATE', consent: { grant } });
  const redirect = expectSuccess(ctx, flow.redirect, 'the consent SCA');
  return { consentId: flow.consentId, headers: psuHeaders(redirect) };
}

export interface AisRead {
  query?: TargetRequest['query'];
  headers?: Record<string, string>;
  omitHeaders?: readonly string[];
  label?: string;
}

/** A signed GET as the PSU's TPP; x-accept-fix defaults to amount-as-string (§4.2.3 requires it). */
export function aisGet(
  ctx: CheckContext,
  session: AisSession,
  path: string,
  read: AisRead = {},
): Promise<Exchange> {
  const omitsFix = (read.omitHeaders ?? []).some((name) => name.toLowerCase() === 'x-accept-fix');
  return ctx.client.send({
    method: 'GET',
    path,
    ...(read.query ? { query: read.query } : {}),
    headers: {
      ...(omitsFix ? {} : { 'x-accept-fix': 'amount-as-string' }),
      ...session.headers,
      ...read.headers,
    },
    ...(read.omitHeaders ? { omitHeaders: read.omitHeaders } : {}),
    label: read.label ?? `GET ${path}`,
  });
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
): Promise<{ exchange: Exchange; cardAccounts: CardAccountView[] }> {
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
): Promise<{ exchange: Exchange; accounts: AccountView[] }> {
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

/** The query parameters of a link's href. */
export function paramsOf(href: string): Record<string, string> {
  return Object.fromEntries(new URL(href, 'http://bank.invalid').searchParams);
}

/** The path (no query) of a link's href. */
export function pathOf(href: string): string {
  return new URL(href, 'http://bank.invalid').pathname;
}

/** Follows a link the bank gave (relative to the bank's base URL), as the PSU's TPP. */
export function follow(
  ctx: CheckContext,
  session: AisSession,
  href: string,
  label: string,
  read: AisRead = {},
): Promise<Exchange> {
  const url = new URL(href, 'http://bank.invalid');
  const query = Object.fromEntries(url.searchParams);
  return aisGet(ctx, session, url.pathname, { ...read, query, label });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` `days` after `date` (negative: before). */
export function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** POST /v1/sandbox/fixed-test-data (sandbox only), asserting success. */
export async function fillFixedTestData(ctx: CheckContext): Promise<void> {
  const exchange = await ctx.client.send({
    method: 'POST',
    path: '/v1/sandbox/fixed-test-data',
    body: {},
    label: 'fixed test-data fill',
  });
  ctx.expect.status(exchange, [200, 201], 'POST /v1/sandbox/fixed-test-data');
}

/** A §2.6 sandbox card transaction on `card`, booked yesterday (§4.3 rule 3: in the past). */
export function sandboxCardTransaction(
  card: CardAccountView,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const yesterday = shiftDay(new Date().toISOString().slice(0, 10), -1);
  return {
    cardTransactionId: `chk-${Math.random().toString(36).slice(2, 12)}`,
    terminalId: 'T0000001',
    bookingDate: yesterday,
    transactionDate: yesterday,
    transactionAmount: { currency: card.currency ?? 'NOK', amount: -4_200 },
    originalAmount: { currency: card.currency ?? 'NOK', amount: -4_200 },
    merchantCategoryCode: '5411',
    cardAcceptorId: 'ACQ000000042',
    cardAcceptorAddress: { street: 'Storgata 1', city: 'Oslo', country: 'NO' },
    maskedPan: card.maskedPan ?? '',
    transactionDetails: 'Purchase Workbench check, Oslo',
    invoiced: 'false',
    proprietaryBankTransactionCode: 'PURCHASE',
    ...overrides,
  };
}

/** POST /v1/sandbox/card-accounts/{id}/transactions with one item, asserting success. */
export async function createCardTransaction(
  ctx: CheckContext,
  card: CardAccountView,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const item = sandboxCardTransaction(card, overrides);
  const exchange = await ctx.client.send({
    method: 'POST',
    path: `/v1/sandbox/card-accounts/${encodeURIComponent(card.resourceId)}/transactions`,
    body: [item] as unknown as JsonValue,
    label: 'create a sandbox card transaction',
  });
  ctx.expect.status(exchange, [200, 201], 'POST /v1/sandbox/card-accounts/{id}/transactions');
  return item;
}

/**
 * POST /v1/sandbox/accounts for `customerNumber` (a private customer's account joins its private
 * agreement, §4.3 rule 4, so it can be consented to), asserting 201; returns the account's IBAN.
 */
export async function createSandboxAccount(
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
  ctx.expect.status(exchange, 201, 'POST /v1/sandbox/accounts');
  return { iban, accountName: String(body.accountName) };
}

// ---- card transactions ---------------------------------------------------------------------

export interface CardSetup {
  session: AisSession;
  card: CardAccountView;
  path: string;
}

/** Consent for the test PSU (or Per after the fixed test-data fill) and its first card account. */
export async function cardSetup(
  ctx: CheckContext,
  options: { fixedData?: boolean } = {},
): Promise<CardSetup> {
  if (options.fixedData) await fillFixedTestData(ctx);
  const session = await aisConsent(ctx, options.fixedData ? FIXED_DATA_PSU.login : undefined);
  const card = await firstCardAccount(ctx, session);
  return { session, card, path: cardTransactionsPath(card.resourceId) };
}

/** GET the card transactions with `query`, asserting 200. */
export async function readCardTransactions(
  ctx: CheckContext,
  setup: CardSetup,
  query: Record<string, string | number>,
  read: AisRead = {},
): Promise<{ exchange: Exchange; body: CardTransactionsBody }> {
  const exchange = await aisGet(ctx, setup.session, setup.path, {
    ...read,
    query,
    label:
      read.label ?? `card transactions ${new URLSearchParams(query as Record<string, string>)}`,
  });
  ctx.expect.status(
    exchange,
    200,
    `card transactions ?${new URLSearchParams(query as Record<string, string>)}`,
  );
  return { exchange, body: json<CardTransactionsBody>(exchange) ?? {} };
}

export const cardTransactionIds = (list: CardTransactionView[] | undefined) =>
  (list ?? []).map((transaction) => transaction.cardTransactionId);
export const bookedOf = (body: CardTransactionsBody) => body.cardTransactions?.booked ?? [];
export const pendingOf = (body: CardTransactionsBody) => body.cardTransactions?.pending ?? [];

/** The booked transactions of the default window; skips when fewer than `atLeast`. */
export async function bookedBaseline(ctx: CheckContext, setup: CardSetup, atLeast: number) {
  const { body } = await readCardTransactions(ctx, setup, { bookingStatus: 'booked' });
  const list = bookedOf(body);
  if (list.length < atLeast)
    ctx.skip(`the card account has ${list.length} booked transactions; the check needs ${atLeast}`);
  return list;
}

/** A booking date with transactions on both sides of it (strictly older and not older). */
export function middleDate(ctx: CheckContext, list: CardTransactionView[]): string {
  const dates = [...new Set(list.map((t) => t.bookingDate ?? ''))].filter(Boolean).sort();
  if (dates.length < 2) ctx.skip('the card transactions do not span two booking dates');
  return dates[Math.floor(dates.length / 2)]!;
}
