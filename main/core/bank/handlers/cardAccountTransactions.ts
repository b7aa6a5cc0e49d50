/**
 * §4.2.3 Get card account transactions: GET /v1/card-accounts/{account-id}/transactions, answered
 * from the ledger (the bank state). An unknown or deleted card account is 404 RESOURCE_UNKNOWN.
 * Consent and the 4-calls-without-PSU-IP-Address limit (§8) belong to the session stage.
 */
import { bankError } from '../../spec/errors.js';
import { HISTORY_WITHOUT_SCA_DAYS } from '../../spec/limits.js';
import {
  CardAccountTransactionsQuerySchema,
  CardAccountTransactionsResponseSchema,
  type CardAccountTransactionsQuery,
} from '../../spec/schemas/cardAccounts.js';
import { ErrorResponseSchema } from '../../spec/schemas/shared.js';
import { reject, type RouteDefinition } from '../types.js';
import {
  byBookingDateDescending,
  pagingOf,
  presentCardTransaction,
} from './cardTransactionsView.js';
import { NEGOTIATION, PSU_HEADERS, SIGNED_OPTIONAL, headerSet } from './headerSets.js';

const PATH = '/v1/card-accounts/{account-id}/transactions';
const DAY_MS = 24 * 60 * 60 * 1000;

/** §4.2.3 "a default is used" for a missing dateFrom; not shown which. Workbench: 90 days back (§5.3.7). */
export function defaultDateFrom(now: Date): string {
  return new Date(now.getTime() - HISTORY_WITHOUT_SCA_DAYS * DAY_MS).toISOString().slice(0, 10);
}

export const getCardAccountTransactions: RouteDefinition = {
  operationId: 'getCardAccountTransactionList',
  method: 'GET',
  path: PATH,
  summary: 'Get card account transactions',
  description: [
    '§4.2.3. Transactions of a card account from the bank ledger (§2.5).',
    'Not shown by the spec, workbench choices: a missing dateFrom defaults to 90 days before the bank clock date (§5.3.7);',
    'transactions are ordered newest booking date first; the ledger holds no pending card transactions, so `pending` is empty;',
    'a deleted card account is RESOURCE_UNKNOWN.',
  ].join(' '),
  tag: 'Card accounts (AIS)',
  modes: ['sandbox', 'production'],
  headers: headerSet(
    [
      'x-accept-fix',
      'x-request-id',
      'tpp-session-id',
      'tpp-redirect-uri',
      'tpp-signature-certificate',
      'signature',
    ],
    [
      'psu-id',
      'psu-corporate-id',
      'psu-context',
      'psu-ip-address',
      ...PSU_HEADERS,
      'tpp-redirect-preferred',
      ...NEGOTIATION,
      ...SIGNED_OPTIONAL,
    ],
  ),
  tppRole: 'AISP',
  signed: true,
  pathParameters: {
    'account-id': { description: 'Opaque encoded card account reference (§4.2.3 `id`).' },
  },
  query: CardAccountTransactionsQuerySchema,
  responses: {
    200: {
      description: 'Card account transactions (§2.5).',
      schema: CardAccountTransactionsResponseSchema,
    },
    404: { description: 'RESOURCE_UNKNOWN: no such card account.', schema: ErrorResponseSchema },
  },
  handle(ctx, env) {
    const accountId = ctx.pathParams['account-id']!;
    const account = env.state.cardAccounts.find((candidate) => candidate.resourceId === accountId);
    if (!account || account.status === 'deleted')
      return reject(
        'handler.card-account-unknown',
        bankError('RESOURCE_UNKNOWN', `card account '${accountId}' is unknown`, {
          path: 'account-id',
        }),
      );
    const query = ctx.query as CardAccountTransactionsQuery;
    const dateFrom = query.dateFrom ?? defaultDateFrom(ctx.now);
    const inRange = (date: string) =>
      date.slice(0, 10) >= dateFrom &&
      (query.dateTo === undefined || date.slice(0, 10) <= query.dateTo);
    const booked =
      query.bookingStatus === 'pending'
        ? []
        : env.state.cardTransactions
            .filter((record) => record.accountId === accountId && inRange(record.bookingDate))
            .sort(byBookingDateDescending);
    const paging = pagingOf(query);
    const page = booked.slice(paging.offset, paging.offset + paging.limit);

    const link = (offset: number) => {
      const params = new URLSearchParams({ bookingStatus: query.bookingStatus, dateFrom });
      if (query.dateTo !== undefined) params.set('dateTo', query.dateTo);
      params.set('offset', String(offset));
      params.set('limit', String(paging.limit)); // §8: links carry the page size explicitly
      return {
        href: `/v1/card-accounts/${encodeURIComponent(accountId)}/transactions?${params}`,
        verbs: ['GET'],
      };
    };
    const links: Record<string, unknown> = {};
    if (paging.offset + paging.limit < booked.length)
      links.next = link(paging.offset + paging.limit);
    if (paging.offset > 0) links.previous = link(Math.max(0, paging.offset - paging.limit));

    const cardTransactions: Record<string, unknown> = {};
    if (query.bookingStatus !== 'pending')
      cardTransactions.booked = page.map((record) => presentCardTransaction(record, ctx.fixes));
    if (query.bookingStatus !== 'booked') cardTransactions.pending = [];
    return {
      status: 200,
      body: {
        cardAccount: { maskedPan: account.maskedPan, currency: account.currency },
        cardTransactions,
        _links: links,
      },
    };
  },
};
