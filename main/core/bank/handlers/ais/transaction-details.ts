/**
 * The transaction details endpoint (§9.3, decisions.md "Paths"): GET
 * /v1/accounts/{account-id}/transactions/{transactionId}, Berlin Group `OK_200_TransactionDetails`.
 * Every item of the ledger entry, including those that moved out of lists on 15-Aug-2024. §7.3:
 * a transaction whose backend data is missing is 404 RESOURCE_UNKNOWN, never a 500 (docs/ais.md).
 */
import { TransactionDetailsResponseSchema } from '../../../spec/schemas/accounts.js';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import { faultActive } from '../../faults/index.js';
import { isRejection } from '../../http/refusal.js';
import type { RouteDefinition } from '../../context/request-context.js';
import {
  AIS_HEADERS,
  AIS_ROUTE,
  accessTo,
  requireHistoryAccess,
  unknownInPath,
  aisViewOf,
} from './common.js';
import { presentAccountTransaction } from './transaction-view.js';

export const getTransactionDetails: RouteDefinition = {
  ...AIS_ROUTE,
  operationId: 'getTransactionDetails',
  path: '/v1/accounts/{account-id}/transactions/{transactionId}',
  summary: 'Read the details of one transaction',
  description: [
    '§9.3, decisions.md; Berlin Group OK_200_TransactionDetails (`transactionsDetails.transactionDetails`).',
    'Served at any bank date; from 15-Aug-2024 it is the only place for ultimateCreditor, ultimateDebtor, purposeCode and bankTransactionCode (docs/ais.md).',
    'transactionId: the transactionId of a list entry (stable for booked transactions, 1.18.0). Unknown on this account, or its backend data missing (§7.3): 404 RESOURCE_UNKNOWN, never 500.',
    'A transaction booked before the last 90 days needs SCA in the session’s hour (§5.3.7).',
  ].join(' '),
  tag: 'Accounts (AIS)',
  headers: AIS_HEADERS,
  pathParameters: {
    'account-id': { description: 'The resourceId of an account in GET /v1/accounts.' },
    transactionId: { description: 'The transactionId of an entry of the transaction list.' },
  },
  responses: {
    200: { description: 'The transaction.', schema: TransactionDetailsResponseSchema },
    401: { description: 'Consent or SCA (docs/sca.md).', schema: ErrorResponseSchema },
    404: { description: 'RESOURCE_UNKNOWN.', schema: ErrorResponseSchema },
  },
  handle(ctx, env) {
    if (faultActive(ctx, 'ACCTX-DETAILS-200'))
      return unknownInPath(
        'path',
        'transaction details are not served by this bank (fault profile)',
      );
    const accountId = ctx.pathParams['account-id']!;
    const transactionId = ctx.pathParams.transactionId!;
    const access = accessTo(ctx, env, 'account', accountId);
    if (isRejection(access)) return access;
    const found = env.state.ledger.accountTransaction(transactionId);
    const entry = found?.accountId === accountId ? found : undefined;
    if (!entry)
      return unknownInPath(
        'transactionId',
        `account '${accountId}' has no transaction '${transactionId}'`,
      );
    const history = requireHistoryAccess(ctx, env, entry.bookingDate.slice(0, 10));
    if (history) return history;
    const details = presentAccountTransaction(aisViewOf(ctx), entry, 'details');
    if (!details)
      return unknownInPath(
        'transactionId',
        `the details of transaction '${transactionId}' are not available: its data is incomplete in the bank's backend (§7.3)`,
      );
    return { status: 200, body: { transactionsDetails: { transactionDetails: details } } };
  },
};
