/**
 * Sandbox account transactions (§4.3, decisions.md): POST and GET
 * /v1/sandbox/accounts/{mockAccountId}/transactions, GET .../transactions/{mockTransactionId}.
 * Lists hold every entry of the account, whatever made it (§4.3 rule 1: created ones and the ones
 * payments made). The creation body is not shown: an array of §2.6 account transactions without
 * `id` and `_links`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE } from '../../../spec/limits.js';
import {
  SandboxAccountTransactionBlock,
  SandboxAccountTransactionSchema,
  SandboxAccountTransactionsQuerySchema,
  SandboxAccountTransactionsSchema,
} from '../../../spec/schemas/sandbox.js';
import { accountTransactionsOf, postAccountTransaction } from '../../domain/ledger.js';
import { faultActive } from '../../faults/index.js';
import type { Account, AccountTransactionRecord, DomainState } from '../../domain/model.js';
import { holdingByBban, holdingByIban } from '../../domain/parties.js';
import { isRejection, type Rejection } from '../../http/refusal.js';
import type { RequestContext } from '../../context/request-context.js';
import {
  CREATE_ERROR_RESPONSES,
  ERROR_RESPONSES,
  PAGING_NOTE,
  SANDBOX_READ_HEADERS,
  SANDBOX_WRITE_HEADERS,
  fieldProblem,
  sandboxRoute,
  dateRangeOf,
  sandboxAccountOf,
  unknownResource,
  type TransactionListQuery,
} from './common.js';
import { presentSandboxAccountTransaction } from './views.js';
import { checkAccountReference, checkBankDate, checkSameCurrency } from './validation.js';

/** An account transaction as the active faults would present it. */
function present(ctx: RequestContext, entry: AccountTransactionRecord): unknown {
  const item = presentSandboxAccountTransaction(entry);
  if (!faultActive(ctx, 'SANDBOX-ACCTX-FIELDS')) return item;
  const { ultimateDebtor: _d, ultimateCreditor: _c, purposeCode: _p, ...rest } = item;
  return rest;
}

export const SandboxAccountTransactionCreationBody = Type.Array(
  Type.Omit(SandboxAccountTransactionBlock, ['id', '_links']),
  { minItems: 1 },
);
type SandboxAccountTransactionCreation = Static<
  typeof SandboxAccountTransactionCreationBody
>[number];

const pathParameters = {
  mockAccountId: { description: 'Id of a sandbox account.' },
};

const same = (a: { iban: string; bban: string }, account: Account) =>
  a.iban === account.iban || a.bban === account.bban;

/**
 * One item's rules. §4.3 rule 6: the debtor is this account (a debit, negative amount) or a party
 * outside the bank (a credit, positive amount); another account of this bank as the debtor is
 * 400 BAD_REQUEST, because the sandbox would take money from an account the request does not name.
 */
function checkItem(
  ctx: RequestContext,
  state: DomainState,
  account: Account,
  item: SandboxAccountTransactionCreation,
  at: string,
): Rejection | undefined {
  const problem =
    checkSameCurrency(item.currency, account.currency, `${at}.currency`, 'account') ??
    checkAccountReference(item.debtorAccount, `${at}.debtorAccount`) ??
    checkAccountReference(item.creditorAccount, `${at}.creditorAccount`);
  if (problem) return problem;
  for (const field of ['bookingDate', 'valueDate'] as const) {
    const date = checkBankDate(item[field], `${at}.${field}`);
    if (isRejection(date)) return date;
  }
  const debtorIsThis = same(item.debtorAccount, account);
  const creditorIsThis = same(item.creditorAccount, account);
  if (!debtorIsThis) {
    const other =
      holdingByIban(state, item.debtorAccount.iban) ??
      holdingByBban(state, item.debtorAccount.bban);
    if (other && !faultActive(ctx, 'SANDBOX-ACCTX-OTHER-DEBTOR-ERROR'))
      return fieldProblem(
        'BAD_REQUEST',
        `${at}.debtorAccount`,
        `${item.debtorAccount.iban} is another account of this sandbox; a transaction created on ${account.iban} may only have that account or an account outside the bank as debtor (§4.3 rule 6)`,
      );
  }
  if (debtorIsThis === creditorIsThis)
    return fieldProblem(
      'BAD_REQUEST',
      `${at}.creditorAccount`,
      debtorIsThis
        ? `debtor and creditor are both ${account.iban}`
        : `neither debtorAccount nor creditorAccount is ${account.iban}, the account in the path`,
    );
  if (item.amount === 0 || item.amount < 0 !== debtorIsThis)
    return fieldProblem(
      'BAD_REQUEST',
      `${at}.amount`,
      debtorIsThis
        ? 'must be negative: the account is the debtor (amounts are signed as the account sees them)'
        : 'must be positive: the account is the creditor (amounts are signed as the account sees them)',
    );
  return undefined;
}

export const createSandboxAccountTransactions = sandboxRoute({
  operationId: 'createSandboxAccountTransactions',
  method: 'POST',
  path: '/v1/sandbox/accounts/{mockAccountId}/transactions',
  summary: 'Create sandbox account transactions',
  description: [
    '§4.3, §2.6. Body (not shown by the spec): an array (at least one) of §2.6 account transactions without `id` and `_links`; every field required.',
    '`amount` is int32 minor units signed as the account sees it: negative when the account is the debtor, positive when it is the creditor.',
    'Rules: currency is the account currency; debtorAccount and creditorAccount are valid IBANs with their BBANs; bankTransactionCode 4 to 14 characters; bookingDate and valueDate ISO 8601 dates (a date-time is kept as its date);',
    'the account in the path is the debtor or the creditor, not both; §4.3 rule 6: another account of this sandbox as the debtor is 400 BAD_REQUEST naming debtorAccount (the sandbox cannot debit an account the request does not address; an outside debtor is fine).',
    'Created entries are booked; they move closingBooked and expected. All items are checked before any is created.',
    'Answer: 201 with the array of created account transactions; ids are new UUIDs.',
  ].join(' '),
  headers: SANDBOX_WRITE_HEADERS,
  pathParameters,
  body: { schema: SandboxAccountTransactionCreationBody },
  responses: {
    201: { description: 'The created transactions.', schema: SandboxAccountTransactionsSchema },
    ...CREATE_ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const account = sandboxAccountOf(env.state, ctx.pathParams.mockAccountId!);
    if (isRejection(account)) return account;
    const items = ctx.body as SandboxAccountTransactionCreation[];
    for (const [index, item] of items.entries()) {
      const problem = checkItem(ctx, env.state, account, item, `[${index}]`);
      if (problem) return problem;
    }
    const createdAt = ctx.now.toISOString();
    const kept = faultActive(ctx, 'SANDBOX-ACCTX-CREATE') ? items.slice(0, 1) : items;
    const created = kept.map((item) =>
      postAccountTransaction(env.state, {
        ...item,
        accountId: account.id,
        status: 'booked',
        bookingDate: item.bookingDate.slice(0, 10),
        valueDate: item.valueDate.slice(0, 10),
        creditorAccount: { iban: item.creditorAccount.iban, bban: item.creditorAccount.bban },
        debtorAccount: { iban: item.debtorAccount.iban, bban: item.debtorAccount.bban },
        origin: 'sandbox',
        createdAt,
      }),
    );
    return { status: 201, body: created.map((entry) => present(ctx, entry)) };
  },
});

export const listSandboxAccountTransactions = sandboxRoute({
  operationId: 'listSandboxAccountTransactions',
  method: 'GET',
  path: '/v1/sandbox/accounts/{mockAccountId}/transactions',
  summary: 'List sandbox account transactions',
  description: `§4.3 rule 1. Every transaction of the account: created ones, the initial and fixed test data, and those payments made; booked and pending alike (the sandbox is unaffected by the §8 pending known issue). fromDate/toDate filter on the booking date (inclusive). Newest booking date first; on one date the later posting first. ${PAGING_NOTE}`,
  headers: SANDBOX_READ_HEADERS,
  pathParameters,
  query: SandboxAccountTransactionsQuerySchema,
  responses: {
    200: {
      description: 'Array of account transactions (§2.6).',
      schema: SandboxAccountTransactionsSchema,
    },
    ...ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const account = sandboxAccountOf(env.state, ctx.pathParams.mockAccountId!);
    if (isRejection(account)) return account;
    const query = ctx.query as TransactionListQuery;
    const paging = faultActive(ctx, 'SANDBOX-ACCTX-LIST') ? { ...query, offset: 0 } : query;
    const excludeOrigins = [
      ...(faultActive(ctx, 'SANDBOX-ACCTX-LIST-ALL') ? ['sandbox'] : []),
      ...(faultActive(ctx, 'SANDBOX-ACCTX-INCLUDES-PAYMENTS') ? ['payment'] : []),
    ];
    // Only the page is read from the ledger (its index), not the account's history.
    const entries = accountTransactionsOf(env.state, account.id, dateRangeOf(query), {
      offset: paging.offset ?? 0,
      limit: paging.limit ?? DEFAULT_PAGE_SIZE,
      excludeOrigins,
    });
    return { status: 200, body: entries.map((entry) => present(ctx, entry)) };
  },
});

export const getSandboxAccountTransaction = sandboxRoute({
  operationId: 'getSandboxAccountTransaction',
  method: 'GET',
  path: '/v1/sandbox/accounts/{mockAccountId}/transactions/{mockTransactionId}',
  summary: 'Get one sandbox account transaction',
  description:
    '§4.3. One transaction of the account (§2.6); an id of another account’s transaction is RESOURCE_UNKNOWN.',
  headers: SANDBOX_READ_HEADERS,
  pathParameters: {
    ...pathParameters,
    mockTransactionId: { description: 'Id of a transaction of that account.' },
  },
  responses: {
    200: {
      description: 'The account transaction (§2.6).',
      schema: SandboxAccountTransactionSchema,
    },
    ...ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const account = sandboxAccountOf(env.state, ctx.pathParams.mockAccountId!);
    if (isRejection(account)) return account;
    const id = ctx.pathParams.mockTransactionId!;
    const entry = faultActive(ctx, 'SANDBOX-ACCTX-GET-ONE')
      ? accountTransactionsOf(env.state, account.id, {}, { limit: 1 })[0]
      : [env.state.ledger.accountTransaction(id)].find(
          (candidate) => candidate?.accountId === account.id,
        );
    if (!entry)
      return unknownResource('mockTransactionId', `transaction of account '${account.id}'`, id);
    return { status: 200, body: present(ctx, entry) };
  },
});
