/**
 * The card account every card-transactions check reads (§2.5, §4.2.3): a consent of the test PSU
 * (or of Per after the fixed test-data fill) and its first card account, reading its transactions
 * with a query, the booked baseline a query is judged against, and sandbox card transactions
 * (§2.6) created on it.
 */
import { CardAccountTransactionsResponseSchema } from '../../main/core/spec/schemas/card-accounts.js';
import { expectAnswer, requireSetup } from '../kit/controls.js';
import type {
  CheckContext,
  EvidenceExchange,
  JsonValue,
} from '../../main/core/runner/check-api/index.js';
import {
  aisGet,
  cardTransactionsPath,
  fillFixedTestData,
  firstCardAccount,
  type AisRead,
  type CardAccountView,
  type CardTransactionView,
  type CardTransactionsBody,
} from '../kit/account-information.js';
import { json } from '../kit/answers.js';
import { aisConsent, type AisSession } from '../kit/consent.js';
import { dayFromToday } from '../kit/dates.js';
import { knownPsu } from '../kit/test-psus.js';

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
  const session = await aisConsent(
    ctx,
    options.fixedData ? knownPsu(ctx, 'fill').login : undefined,
  );
  const card = await firstCardAccount(ctx, session);
  return { session, card, path: cardTransactionsPath(card.resourceId) };
}

/** GET the card transactions with `query`, asserting 200 and a §2.5 card transactions answer. */
export async function readCardTransactions(
  ctx: CheckContext,
  setup: CardSetup,
  query: Record<string, string | number>,
  read: AisRead = {},
): Promise<{ exchange: EvidenceExchange; body: CardTransactionsBody }> {
  const exchange = await aisGet(ctx, setup.session, setup.path, {
    ...read,
    query,
    label:
      read.label ?? `card transactions ${new URLSearchParams(query as Record<string, string>)}`,
  });
  expectAnswer(
    ctx,
    exchange,
    200,
    CardAccountTransactionsResponseSchema,
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

/** A §2.6 sandbox card transaction on `card`, booked yesterday by the bank's clock (§4.3 rule 3: in the past). */
export function sandboxCardTransaction(
  today: Date,
  card: CardAccountView,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const yesterday = dayFromToday(-1, today);
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

/** POST /v1/sandbox/card-accounts/{id}/transactions with one item; refused, the check could not test. */
export async function createCardTransaction(
  ctx: CheckContext,
  card: CardAccountView,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const item = sandboxCardTransaction(await ctx.bankNow(), card, overrides);
  const exchange = await ctx.client.send({
    method: 'POST',
    path: `/v1/sandbox/card-accounts/${encodeURIComponent(card.resourceId)}/transactions`,
    body: [item] as unknown as JsonValue,
    label: 'create a sandbox card transaction',
  });
  requireSetup(ctx, exchange, {
    what: 'the sandbox card transaction the check reads (POST /v1/sandbox/card-accounts/{id}/transactions)',
    status: [200, 201],
  });
  return item;
}
