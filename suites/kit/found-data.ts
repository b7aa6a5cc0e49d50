/**
 * Data a production-mode check finds through AIS instead of making through /v1/sandbox (§4.3:
 * the sandbox operations are not part of the production interface): the consented PSU's account
 * or card account whose booked transactions do not fit one default page (§8: 200 per call without
 * paging parameters), and the card account with pending card transactions. When the target has no
 * such data the check is INCONCLUSIVE, saying what it looked for: missing data is not a FAIL.
 */
import { DEFAULT_PAGE_SIZE } from '../../main/core/spec/limits.js';
import {
  defineCheck,
  type Check,
  type CheckContext,
  type EvidenceExchange,
} from '../../main/core/runner/check-api/index.js';
import {
  accountTransactionsPath,
  accountsOf,
  aisGet,
  cardAccountsOf,
  cardTransactionsPath,
  follow,
  type AccountTransactionsBody,
  type CardAccountView,
  type CardTransactionsBody,
} from './account-information.js';
import { HOLDING_KIND_LABELS, type HoldingKind } from '../../main/core/spec/enums.js';
import { json } from './answers.js';
import { aisConsent, type AisSession } from './consent.js';
import { knownPsu } from './test-psus.js';

/** One holding's first page of booked transactions, read without any paging parameter. */
export interface DefaultPage {
  kind: HoldingKind;
  resourceId: string;
  path: string;
  /** Booked transactions on the page. */
  count: number;
  next?: string;
  previous?: string;
  exchange: EvidenceExchange;
}

/** GET a holding's booked transactions with `query` (asserting 200): the list and links. */
export async function readBooked(
  ctx: CheckContext,
  session: AisSession,
  kind: HoldingKind,
  path: string,
  query: Record<string, string | number> = {},
): Promise<Omit<DefaultPage, 'resourceId'>> {
  const what = `${HOLDING_KIND_LABELS[kind]} transactions ?${new URLSearchParams({ bookingStatus: 'booked', ...query } as Record<string, string>)}`;
  const exchange = await aisGet(ctx, session, path, {
    query: { bookingStatus: 'booked', ...query },
    label: what,
  });
  ctx.expect.status(exchange, 200, what);
  const [booked, links] =
    kind === 'account'
      ? ((body: AccountTransactionsBody) => [body.transactions?.booked, body.transactions?._links])(
          json<AccountTransactionsBody>(exchange) ?? {},
        )
      : ((body: CardTransactionsBody) => [body.cardTransactions?.booked, body._links])(
          json<CardTransactionsBody>(exchange) ?? {},
        );
  return {
    kind,
    path,
    count: booked?.length ?? 0,
    ...(links?.next ? { next: links.next.href } : {}),
    ...(links?.previous ? { previous: links.previous.href } : {}),
    exchange,
  };
}

/** The consented holdings of `kind` (resource id and transactions path). */
async function holdings(ctx: CheckContext, session: AisSession, kind: HoldingKind) {
  if (kind === 'account')
    return (await accountsOf(ctx, session)).accounts.map((a) => ({
      resourceId: a.resourceId,
      path: accountTransactionsPath(a.resourceId),
    }));
  return (await cardAccountsOf(ctx, session)).cardAccounts.map((c) => ({
    resourceId: c.resourceId,
    path: cardTransactionsPath(c.resourceId),
  }));
}

/**
 * The holding of `kind` whose booked transactions do not fit one default page: its first page
 * holds more than 200, or it links to a next page. INCONCLUSIVE when the PSU has none.
 */
export async function holdingBeyondOnePage(
  ctx: CheckContext,
  session: AisSession,
  kind: HoldingKind,
): Promise<DefaultPage> {
  const pages: DefaultPage[] = [];
  for (const holding of await holdings(ctx, session, kind)) {
    const page = await readBooked(ctx, session, kind, holding.path);
    if (page.count > DEFAULT_PAGE_SIZE) return { ...page, resourceId: holding.resourceId };
    pages.push({ ...page, resourceId: holding.resourceId });
  }
  return (
    pages.find((page) => page.next !== undefined) ??
    ctx.inconclusive(
      `the target has no ${HOLDING_KIND_LABELS[kind]} with more than ${DEFAULT_PAGE_SIZE} booked transactions for this PSU (${pages.map((p) => `${p.resourceId}: ${p.count}`).join(', ') || `no ${HOLDING_KIND_LABELS[kind]}`})`,
    )
  );
}

/**
 * The documented (or profile-named) private PSU's first card account on which `probe` finds what
 * a check needs (a value, not undefined); INCONCLUSIVE naming `what` when no card account has it.
 */
export async function cardAccountWith<T>(
  ctx: CheckContext,
  what: string,
  probe: (session: AisSession, card: CardAccountView) => Promise<T | undefined>,
): Promise<{ session: AisSession; card: CardAccountView; found: T }> {
  const session = await aisConsent(ctx, knownPsu(ctx, 'private').login);
  const seen: string[] = [];
  for (const card of (await cardAccountsOf(ctx, session)).cardAccounts) {
    const found = await probe(session, card);
    if (found !== undefined) return { session, card, found };
    seen.push(card.resourceId);
  }
  return ctx.inconclusive(
    `the target has no card account with ${what} for this PSU (card accounts: ${seen.join(', ') || 'none'})`,
  );
}

/**
 * §8 "Default page size when no paging parameter is given: 200", found on data the target has:
 * a holding with more booked transactions than that answers exactly 200, and its next link leads
 * to the rest.
 */
export function defaultPageCheck(spec: {
  id: string;
  title: string;
  area: Check['area'];
  rule: string;
  kind: HoldingKind;
}): Check {
  return defineCheck({
    id: spec.id,
    title: spec.title,
    area: spec.area,
    rules: [spec.rule],
    // §8 names no mode for the page size (its table lists the sandbox's own limits apart), and
    // §4.2.3, a production endpoint, states the 200 per call: production banks are judged too.
    modes: ['production'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx, knownPsu(ctx, 'private').login);
      const page = await holdingBeyondOnePage(ctx, session, spec.kind);
      ctx.expect.equal(
        page.count,
        DEFAULT_PAGE_SIZE,
        `booked transactions of ${HOLDING_KIND_LABELS[spec.kind]} ${page.resourceId} in one call without paging parameters`,
      );
      ctx.expect.true(page.next !== undefined, 'a next link leads to the rest');
      const rest = await follow(ctx, session, page.next!, 'follow next');
      ctx.expect.status(rest, 200, 'the next page');
    },
  });
}
