/**
 * §4.2.3 Get card account transactions: GET /v1/card-accounts/{account-id}/transactions, answered
 * from the ledger (§2.5). Consent per docs/sca.md "Access" (only granted card accounts, 404
 * RESOURCE_UNKNOWN otherwise), history older than 90 days only with SCA in the session's hour
 * (§5.3.7), and the §8 limit: without PSU-IP-Address at most 4 calls a bank-clock day per consent
 * and card account, while the consent is at most 180 days old. Card reads are unaffected by the §8
 * pending-transactions known issue. docs/ais.md has every choice where the spec is silent.
 */
import { bankError } from '../../spec/errors.js';
import { HISTORY_WITHOUT_SCA_DAYS } from '../../spec/limits.js';
import type { BookingStatus } from '../../spec/enums.js';
import {
  CardAccountTransactionsQuerySchema,
  CardAccountTransactionsResponseSchema,
  type CardAccountTransactionsQuery,
} from '../../spec/schemas/card-accounts.js';
import { ErrorResponseSchema } from '../../spec/schemas/shared.js';
import {
  consentAllowsCallsWithoutPsuIp,
  countCallWithoutPsuIp,
  latestConsent,
  scopeOf,
  type AccountAccess,
} from '../domain/access.js';
import { transactionPage, type TransactionWindow } from '../domain/ais.js';
import { cardTransactionSource } from '../domain/ledger.js';
import type { DomainState } from '../domain/model.js';
import { faultActive } from '../faults/index.js';
import { isRejection, reject } from '../http/refusal.js';
import type { RequestContext, RouteDefinition } from '../context/request-context.js';
import {
  AIS_ROUTE,
  CARD_TRANSACTIONS_HEADERS,
  accessTo,
  cardAccountPath,
  aisLink,
  pageLinks,
  pagingOf,
  psuOf,
  requireHistoryAccess,
  aisViewOf,
  type Paging,
} from './ais/common.js';
import { presentCardTransaction } from './card-transactions-view.js';
import { DAY_MS } from '../../../shared/calendar.js';

const OPERATION_ID = 'getCardAccountTransactionList';

/**
 * §4.2.3 "a default is used" for a missing dateFrom; not shown which. Workbench choice: 90 days
 * before the bank date — the history readable without SCA (§5.3.7), so the default never needs one.
 */
export function defaultDateFrom(now: Date): string {
  return new Date(now.getTime() - HISTORY_WITHOUT_SCA_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/** §4.2.3 paging, as the faults break it. */
function cardPaging(ctx: RequestContext, query: CardAccountTransactionsQuery): Paging {
  const paging = pagingOf(query);
  if (paging.defaulted && faultActive(ctx, 'CARDTX-DEFAULT-PAGE-200'))
    return { ...paging, limit: Number.MAX_SAFE_INTEGER };
  if (
    query.offset === undefined &&
    !paging.defaulted &&
    faultActive(ctx, 'CARDTX-OFFSET-DEFAULT-0')
  )
    return { ...paging, offset: 1 };
  if (query.limit === undefined && !paging.defaulted && faultActive(ctx, 'CARDTX-LIMIT-DEFAULT-1'))
    return { ...paging, limit: 200 };
  if (paging.limit < 1) return { ...paging, limit: 200 }; // only under CARDTX-LIMIT-MIN-1
  return paging;
}

/** §2.5 bookingStatus as sent; a missing or unknown value gets here only under a fault. */
function bookingStatusOf(value: unknown): BookingStatus {
  if (value === undefined) return 'booked';
  return value === 'booked' || value === 'pending' ? value : 'both';
}

/** The grant behind an expired consent: only for the LIMIT-NO-PSU-IP-CONSENT-180D fault. */
function expiredConsentAccess(
  ctx: RequestContext,
  state: DomainState,
  accountId: string,
): AccountAccess | undefined {
  const scope = scopeOf(psuOf(ctx));
  const consent = scope && latestConsent(state, scope, ctx.now);
  if (consent?.consentStatus !== 'expired') return undefined;
  const grant = state.grants.find(
    (g) => g.consentId === consent.consentId && g.accountId === accountId && !g.revokedAt,
  );
  return grant ? { ok: true, consent, grant } : undefined;
}

export const getCardAccountTransactions: RouteDefinition = {
  ...AIS_ROUTE,
  operationId: OPERATION_ID,
  path: '/v1/card-accounts/{account-id}/transactions',
  summary: 'Get card account transactions',
  description: [
    '§4.2.3, §2.5. Transactions of a consented card account from the bank ledger.',
    'Not shown by the spec, workbench choices (docs/ais.md): a missing dateFrom defaults to 90 days before the bank date (§5.3.7); dateFrom/dateTo are inclusive on the booking date;',
    'the query’s pending transactions (newest first) followed by its booked ones (newest first) form one sequence that offset and limit cut, so a call returns at most limit transactions (200 without paging parameters); next/previous carry offset and limit explicitly.',
    'cardTransactions.booked is always present, pending with bookingStatus pending or both. History before the last 90 days needs SCA in the session’s hour (401 with _links.scaRedirect).',
    'Without PSU-IP-Address: at most 4 calls a bank-clock (UTC) day per consent and card account, then 429 ACCESS_EXCEEDED (§8).',
  ].join(' '),
  tag: 'Card accounts (AIS)',
  headers: CARD_TRANSACTIONS_HEADERS,
  pathParameters: {
    'account-id': { description: 'Opaque encoded card account reference (§4.2.3 `id`).' },
  },
  query: CardAccountTransactionsQuerySchema,
  responses: {
    200: {
      description: 'Card account transactions (§2.5).',
      schema: CardAccountTransactionsResponseSchema,
    },
    400: {
      description:
        'QUERY_PARAMETER_REQUIRED (bookingStatus), FORMAT_ERROR (a malformed parameter, limit below 1).',
      schema: ErrorResponseSchema,
    },
    401: {
      description:
        'CONSENT_INVALID, CONSENT_EXPIRED; SCA_NOT_FOUND / SCA_EXPIRED / SCA_INVALID with _links.scaRedirect for history older than 90 days.',
      schema: ErrorResponseSchema,
    },
    404: {
      description: 'RESOURCE_UNKNOWN: not a card account granted to this TPP.',
      schema: ErrorResponseSchema,
    },
    429: {
      description: 'ACCESS_EXCEEDED: the fifth call of the day without PSU-IP-Address (§8).',
      schema: ErrorResponseSchema,
    },
  },
  handle(ctx, env) {
    const accountId = ctx.pathParams['account-id']!;
    const psu = psuOf(ctx);
    const withoutPsuIp = psu.psuIpAddress === undefined;
    let access = accessTo(ctx, env, 'card-account', accountId);
    if (
      isRejection(access) &&
      access.rule === 'access.consent-expired' &&
      withoutPsuIp &&
      faultActive(ctx, 'LIMIT-NO-PSU-IP-CONSENT-180D')
    )
      access = expiredConsentAccess(ctx, env.state, accountId) ?? access;
    if (isRejection(access)) {
      if (
        access.rule === 'access.account-not-granted' &&
        faultActive(ctx, 'LIMIT-TPP-MESSAGE-TEXT-512')
      )
        access.error.body.tppMessages[0]!.text = `card account '${accountId}' is unknown or not granted to this TPP`;
      return access;
    }
    const card = env.state.cardAccounts.find((c) => c.resourceId === accountId)!;
    const query = ctx.query as CardAccountTransactionsQuery;
    if (query.dateFrom === undefined && faultActive(ctx, 'CARDTX-DATE-FROM-DEFAULT'))
      return reject(
        'handler.query.required.dateFrom',
        bankError('QUERY_PARAMETER_REQUIRED', 'query parameter dateFrom is required', {
          path: 'dateFrom',
        }),
      );
    const dateFrom = query.dateFrom ?? defaultDateFrom(ctx.now);
    const history = requireHistoryAccess(ctx, env, dateFrom);
    if (history) return history;

    // §8: calls without PSU-IP-Address, counted per consent, card account and bank-clock day.
    if (withoutPsuIp) {
      if (
        !consentAllowsCallsWithoutPsuIp(access.consent, ctx.now) &&
        !faultActive(ctx, 'LIMIT-NO-PSU-IP-CONSENT-180D')
      )
        return reject(
          'access.consent-too-old-without-psu-ip-address',
          bankError(
            'CONSENT_EXPIRED',
            'calls without PSU-IP-Address need a consent at most 180 days old (§8)',
          ),
        );
      if (!faultActive(ctx, 'LIMIT-NO-PSU-IP-4-PER-DAY')) {
        const exceeded = countCallWithoutPsuIp(
          env.state,
          access.consent.consentId,
          accountId,
          ctx.now,
        );
        if (exceeded) return exceeded;
      }
    }

    const view = aisViewOf(ctx);
    const bookingStatus = bookingStatusOf(query.bookingStatus);
    const paging = cardPaging(ctx, query);
    const window: TransactionWindow = {
      bookingStatus,
      dateFrom: faultActive(ctx, 'CARDTX-DATE-FROM-FILTER') ? '0000-01-01' : dateFrom,
      ...(query.dateTo !== undefined && !faultActive(ctx, 'CARDTX-DATE-TO-FILTER')
        ? { dateTo: query.dateTo }
        : {}),
      offset: paging.offset,
      limit: paging.limit,
    };
    const page = transactionPage(cardTransactionSource(env.state, accountId), window, {
      pendingUnfiltered: faultActive(ctx, 'CARDTX-PENDING-FILTERED'),
    });
    const present = (list: typeof page.booked) =>
      list.flatMap((record) => presentCardTransaction(view, record) ?? []);

    const path = `${cardAccountPath(accountId)}/transactions`;
    const links = pageLinks(view, path, {
      query: {
        bookingStatus: query.bookingStatus === undefined ? undefined : bookingStatus,
        dateFrom,
        dateTo: query.dateTo,
      },
      paging,
      more: page.more,
      omitPrevious: faultActive(ctx, 'CARDTX-PAGING-LINKS'),
      nextOffByOne: faultActive(ctx, 'CARDTX-NEXT-PAGE-OFFSET'),
      omitDefaultLimit: faultActive(ctx, 'LIMIT-PAGE-LINKS-CARRY-200'),
    });
    const cardTransactions: Record<string, unknown> = { booked: present(page.booked) };
    if (bookingStatus !== 'booked' && !faultActive(ctx, 'CARDTX-BOOKED-AND-PENDING'))
      cardTransactions.pending = present(page.pending);
    return {
      status: 200,
      body: {
        cardAccount: faultActive(ctx, 'CARDTX-CARD-ACCOUNT-FIELDS')
          ? { maskedPan: card.maskedPan }
          : { maskedPan: card.maskedPan, currency: card.currency },
        [faultActive(ctx, 'CARDTX-RESPONSE-200') ? 'transactions' : 'cardTransactions']:
          cardTransactions,
        _links: { cardAccount: aisLink(view, cardAccountPath(accountId)), ...links },
      },
    };
  },
};
