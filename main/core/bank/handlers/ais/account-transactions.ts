/**
 * GET /v1/accounts/{account-id}/transactions (decisions.md; §4.2.4 names it, Berlin Group 1.3.8
 * `transactionsResponse-200_json`): booked and pending entries of a consented account from the
 * ledger, with the §4.2.3 query and paging rules (200 per call without paging parameters, §8), and
 * the §8 known issue reproduced on the production interface: with bookingStatus both or pending,
 * every pending transaction is returned, unfiltered by dateFrom, dateTo and limit.
 */
import type { BookingStatus } from '../../../spec/enums.js';
import {
  AccountTransactionsQuerySchema,
  AccountTransactionsResponseSchema,
} from '../../../spec/schemas/accounts.js';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import {
  pendingKnownIssueApplies,
  transactionPage,
  type TransactionWindow,
} from '../../domain/ais.js';
import { accountTransactionSource } from '../../domain/ledger.js';
import { faultActive } from '../../faults/index.js';
import { isRejection } from '../../http/refusal.js';
import type { RequestContext, RouteDefinition } from '../../context/request-context.js';
import { defaultDateFrom } from '../card-account-transactions.js';
import {
  AIS_HEADERS,
  AIS_ROUTE,
  grantedAccount,
  accountPath,
  aisLink,
  pageLinks,
  pagingOf,
  requireHistoryAccess,
  unknownInPath,
  aisViewOf,
  type Paging,
} from './common.js';
import { presentAccountTransaction } from './transaction-view.js';

const OPERATION_ID = 'getTransactionList';

interface AccountTransactionsQuery {
  bookingStatus: BookingStatus;
  dateFrom?: string;
  dateTo?: string;
  offset?: number;
  limit?: number;
}

/** §8 known issue: on the production interface unless switched off (and as the faults break it). */
function pendingUnfiltered(
  ctx: RequestContext,
  state: Parameters<typeof pendingKnownIssueApplies>[0],
) {
  if (ctx.mode === 'production')
    return (
      pendingKnownIssueApplies(state, 'production') &&
      !faultActive(ctx, 'ACCTX-PENDING-NOT-FILTERED')
    );
  return state.behaviour.pendingKnownIssue && faultActive(ctx, 'ACCTX-PENDING-SANDBOX-UNAFFECTED');
}

function accountPaging(ctx: RequestContext, query: AccountTransactionsQuery): Paging {
  const paging = pagingOf(query);
  if (paging.defaulted && faultActive(ctx, 'ACCTX-DEFAULT-PAGE-200'))
    return { ...paging, limit: Number.MAX_SAFE_INTEGER };
  if (paging.limit < 1) return { ...paging, limit: 200 }; // only under ACCTX-LIMIT-MIN-1
  return paging;
}

export const getTransactionList: RouteDefinition = {
  ...AIS_ROUTE,
  operationId: OPERATION_ID,
  path: '/v1/accounts/{account-id}/transactions',
  summary: 'Read the transactions of a consented account',
  description: [
    '§4.2.4, decisions.md; Berlin Group transactionsResponse-200_json. Every entry of the account in the ledger (created through the sandbox, seeded, or made by payments).',
    'Query as §4.2.3: bookingStatus required (booked, pending, both); a missing dateFrom defaults to 90 days before the bank date; dateFrom/dateTo inclusive on the booking date; offset default 0; limit at least 1, default 1 when offset is given, 200 per call without paging parameters (§8).',
    'Pending entries (newest first) then booked ones form one sequence that offset and limit cut; transactions._links carries account, next and previous with offset and limit explicit.',
    'Known issue (§8), production interface only and switchable in the bank console: with bookingStatus both or pending every pending transaction is returned on every page, unfiltered by dateFrom, dateTo, offset and limit; limit then cuts the booked ones. Sandbox reads are unaffected.',
    'Booked transaction ids are stable (1.18.0). From 15-Aug-2024 (bank clock) list entries leave ultimateCreditor, ultimateDebtor, purposeCode and bankTransactionCode to the details read (§9.3). History before the last 90 days needs SCA in the session’s hour.',
  ].join(' '),
  tag: 'Accounts (AIS)',
  headers: AIS_HEADERS,
  pathParameters: {
    'account-id': { description: 'The resourceId of an account in GET /v1/accounts.' },
  },
  query: AccountTransactionsQuerySchema,
  responses: {
    200: { description: 'The transactions.', schema: AccountTransactionsResponseSchema },
    400: {
      description: 'QUERY_PARAMETER_REQUIRED (bookingStatus), FORMAT_ERROR (limit below 1).',
      schema: ErrorResponseSchema,
    },
    401: {
      description:
        'CONSENT_INVALID, CONSENT_EXPIRED; SCA_NOT_FOUND / SCA_EXPIRED / SCA_INVALID with _links.scaRedirect for history older than 90 days.',
      schema: ErrorResponseSchema,
    },
    404: { description: 'RESOURCE_UNKNOWN.', schema: ErrorResponseSchema },
  },
  handle(ctx, env) {
    if (faultActive(ctx, 'ACCTX-LIST-200'))
      return unknownInPath(
        'path',
        'account transactions are not served by this bank (fault profile)',
      );
    const account = grantedAccount(ctx, env);
    if (isRejection(account)) return account;
    const query = ctx.query as unknown as AccountTransactionsQuery;
    const dateFrom = query.dateFrom ?? defaultDateFrom(ctx.now);
    const history = requireHistoryAccess(ctx, env, dateFrom);
    if (history) return history;

    const view = aisViewOf(ctx);
    const paging = accountPaging(ctx, query);
    const window: TransactionWindow = {
      bookingStatus: query.bookingStatus,
      dateFrom,
      ...(query.dateTo !== undefined ? { dateTo: query.dateTo } : {}),
      offset: paging.offset,
      limit: paging.limit,
    };
    const page = transactionPage(accountTransactionSource(env.state, account.id), window, {
      pendingUnfiltered: pendingUnfiltered(ctx, env.state),
    });
    const present = (entries: typeof page.booked) =>
      entries.flatMap((entry) => presentAccountTransaction(view, entry, 'list') ?? []);
    const path = accountPath(account.id);
    const transactions: Record<string, unknown> = {};
    if (query.bookingStatus !== 'pending') transactions.booked = present(page.booked);
    if (query.bookingStatus !== 'booked') transactions.pending = present(page.pending);
    transactions._links = {
      account: aisLink(view, path),
      ...pageLinks(view, `${path}/transactions`, {
        query: { bookingStatus: query.bookingStatus, dateFrom, dateTo: query.dateTo },
        paging,
        more: page.more,
      }),
    };
    return {
      status: 200,
      body: { account: { iban: account.iban, currency: account.currency }, transactions },
    };
  },
};
