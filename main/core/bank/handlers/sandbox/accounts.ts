/**
 * Sandbox accounts (§4.3, decisions.md): POST /v1/sandbox/accounts creates one, GET lists them,
 * PUT /v1/sandbox/accounts/{mockAccountId}/balances changes its balances. The creation body is not
 * shown by the spec: it is the §2.6 account list item without `id` and `_links`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CASH_ACCOUNT_TYPES, presentCashAccountType } from '../../../spec/enums.js';
import { ACCOUNT_NAME_MAX_WITH_LONGER_NAMES, IBAN_MAX } from '../../../spec/limits.js';
import { Int32, StringEnum } from '../../../spec/schemas/common.js';
import {
  SandboxAccountListItemSchema,
  SandboxAccountListSchema,
  SandboxBalanceBlock,
  SandboxBalancesUpdateSchema,
  type SandboxAccountListItem,
  type SandboxBalance,
} from '../../../spec/schemas/sandbox.js';
import { newResourceId } from '../../domain/ids.js';
import { faultActive } from '../../faults/index.js';
import { setAccountBalances } from '../../domain/ledger.js';
import type { Account, CardAccount, DomainState } from '../../domain/model.js';
import {
  cardAccountIban,
  holdingByIban,
  isBbanInUse,
  joinPrivateAgreement,
} from '../../domain/parties.js';
import { isRejection } from '../../http/refusal.js';
import type { RequestContext } from '../../context/request-context.js';
import {
  CREATE_ERROR_RESPONSES,
  ERROR_RESPONSES,
  PAGING_NOTE,
  PagingQuery,
  SANDBOX_READ_HEADERS,
  SANDBOX_WRITE_HEADERS,
  fieldProblem,
  page,
  sandboxRoute,
  sandboxAccountOf,
} from './common.js';
import { presentAccount } from './views.js';
import {
  checkBalances,
  checkCurrency,
  checkCustomer,
  checkIban,
  checkNorwegianBban,
} from './validation.js';

/** A list item as the active faults would present it. */
function faultyItem(ctx: RequestContext, item: SandboxAccountListItem): Record<string, unknown> {
  if (ctx.faults.size === 0) return item;
  // A JSON copy (the item is a response body): it may hold the live state's change-tracking
  // views (store/change-tracker.ts), which structuredClone refuses.
  const result = JSON.parse(JSON.stringify(item)) as Record<string, unknown>;
  const major = (minor: number) => (minor / 100).toFixed(2);
  if (faultActive(ctx, 'SANDBOX-AMOUNT-INT32')) {
    result.creditLine = major(item.creditLine);
    result.balances = item.balances.map((balance) => ({
      ...balance,
      balanceAmount: { ...balance.balanceAmount, amount: major(balance.balanceAmount.amount) },
    }));
  }
  if (faultActive(ctx, 'SANDBOX-BALANCE-FIELDS'))
    result.balances = (result.balances as SandboxBalance[]).map((balance) =>
      balance.balanceType === 'expected'
        ? { ...balance, balanceType: 'interimAvailable' }
        : balance,
    );
  if (faultActive(ctx, 'SANDBOX-ACCOUNT-LIST-ITEM-FIELDS')) {
    delete result.bban;
    result._links = { self: item._links.self };
  }
  if (faultActive(ctx, 'SANDBOX-CASH-ACCOUNT-TYPE-VALUES'))
    result.cashAccountType = presentCashAccountType(item.cashAccountType, false);
  return result;
}

export const SandboxAccountCreationBody = Type.Object({
  customerNumber: Type.String({
    description: 'Owner: a customer number, or the customer’s mock identity number (§4.3 rule 7).',
  }),
  accountName: Type.String({ minLength: 1, maxLength: ACCOUNT_NAME_MAX_WITH_LONGER_NAMES }),
  bban: Type.String({ description: 'Norwegian BBAN: 11 digits, mod-11 check digit. Unique.' }),
  iban: Type.String({
    maxLength: IBAN_MAX,
    description: 'The Norwegian IBAN of `bban` (NO, mod-97 check digits, the BBAN). Unique.',
  }),
  currency: Type.String({ description: 'ISO 4217 code from the §2.1 list.' }),
  product: Type.String({ minLength: 1 }),
  cashAccountType: StringEnum(CASH_ACCOUNT_TYPES),
  creditLine: Int32({ minimum: 0, description: 'Minor units of `currency`; at least 0.' }),
  balances: Type.Array(SandboxBalanceBlock, {
    description:
      'closingBooked and/or expected in `currency`; a type not given equals the other one; none given is 0.',
  }),
});
type SandboxAccountCreation = Static<typeof SandboxAccountCreationBody>;

export const createSandboxAccount = sandboxRoute({
  operationId: 'createSandboxAccount',
  method: 'POST',
  path: '/v1/sandbox/accounts',
  summary: 'Create a sandbox account',
  description: [
    '§4.3, §2.6. Body (not shown by the spec): the §2.6 account list item without `id` and `_links`; every field required.',
    'Rules: the customer exists (customer number or mock identity number, §4.3 rule 7); `bban` is a Norwegian BBAN (mod-11) and `iban` its Norwegian IBAN (mod-97); neither is in use by another account or card account (409 CONFLICT);',
    'currency from the §2.1 list; accountName 1 to 70 characters (§8 longer-names); creditLine at least 0; balances in the account currency, each balanceType at most once (a type not given equals the other, none given is 0).',
    'A private customer’s account joins the customer’s private agreement as an OWNER engagement with REGISTER and VIEW, so it shows in the consent screen; a corporate customer’s account is seen only through an agreement (POST /v1/sandbox/agreements) or an engagement (§4.3 rule 4).',
    'Answer: 201 with the account list item; the id is a new UUID.',
  ].join(' '),
  headers: SANDBOX_WRITE_HEADERS,
  body: { schema: SandboxAccountCreationBody },
  responses: {
    201: { description: 'The account (§2.6 list item).', schema: SandboxAccountListItemSchema },
    ...CREATE_ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const body = ctx.body as SandboxAccountCreation;
    const state = env.state;
    const owner = checkCustomer(state, body.customerNumber, 'customerNumber');
    if (isRejection(owner)) return owner;
    const problem =
      (faultActive(ctx, 'SANDBOX-BBAN-MOD-11')
        ? undefined
        : checkNorwegianBban(body.bban, 'bban')) ??
      checkIban(body.iban, 'iban') ??
      (body.iban !== `${body.iban.slice(0, 4)}${body.bban}` || !body.iban.startsWith('NO')
        ? fieldProblem('FORMAT_ERROR', 'iban', `must be the Norwegian IBAN of bban ${body.bban}`)
        : undefined) ??
      (faultActive(ctx, 'GEN-CURRENCY-CODES') && /^[A-Z]{3}$/.test(body.currency)
        ? undefined
        : checkCurrency(body.currency, 'currency')) ??
      checkBalances(body.balances, body.currency, 'balances', 'account');
    if (problem) return problem;
    const conflict = (path: string, text: string) => {
      const rejection = fieldProblem('CONFLICT', path, text);
      if (faultActive(ctx, 'ERR-STATUS-409')) rejection.error.status = 400;
      return rejection;
    };
    if (isBbanInUse(state, body.bban))
      return conflict('bban', `${body.bban} is already an account of the sandbox`);
    if (holdingByIban(state, body.iban))
      return conflict('iban', `${body.iban} is already an account of the sandbox`);
    const now = ctx.now.toISOString();
    const account: Account = {
      id: newResourceId(),
      customerNumber: owner.customerNumber,
      accountName: faultActive(ctx, 'GEN-UTF-8')
        ? Buffer.from(body.accountName, 'utf8').toString('latin1')
        : body.accountName,
      bban: body.bban,
      iban: body.iban,
      currency: body.currency,
      product: body.product,
      cashAccountType: body.cashAccountType,
      creditLine: body.creditLine,
      balances: { closingBooked: 0, expected: 0 },
      status: 'enabled',
      paymentPermission: true,
      origin: 'sandbox',
      createdAt: now,
    };
    // A type not given follows the other (no pending entries yet); none given is 0.
    const scale = faultActive(ctx, 'SANDBOX-AMOUNT-MINOR-UNITS') ? 100 : 1;
    const given = balanceAmounts(body.balances).map((b) => ({ ...b, amount: b.amount * scale }));
    const [only] = given;
    if (given.length === 1 && only)
      setAccountBalances(account, [
        { ...only, balanceType: 'closingBooked' },
        { ...only, balanceType: 'expected' },
      ]);
    setAccountBalances(account, given);
    const answer = { status: 201, body: faultyItem(ctx, presentAccount(account, ctx.fixes)) };
    if (faultActive(ctx, 'SANDBOX-ACCOUNT-CREATE')) return answer;
    state.accounts.push(account);
    // §4.3 rule 4: a private customer's new account joins the private agreement.
    if (owner.type === 'PRIVATE') joinPrivateAgreement(state, owner, account);
    return answer;
  },
});

function balanceAmounts(balances: readonly SandboxBalance[]) {
  return balances.map((balance) => ({
    balanceType: balance.balanceType,
    amount: balance.balanceAmount.amount,
  }));
}

/**
 * Fault SANDBOX-PRIVATE-CARD-ACCOUNT-LISTED only: private customers' card accounts dressed as
 * sandbox accounts (same id, BBAN, IBAN, currency and balances).
 */
function privateCardAccountsAsAccounts(state: DomainState): Account[] {
  const privateCustomers = new Set(
    state.customers.filter((c) => c.type === 'PRIVATE').map((c) => c.customerNumber),
  );
  const balance = (card: CardAccount, type: string) =>
    card.balances.find((b) => b.balanceType === type)?.balanceAmount.amount ?? 0;
  return state.cardAccounts
    .filter((card) => privateCustomers.has(card.customerNumber))
    .map((card): Account => ({
      id: card.resourceId,
      customerNumber: card.customerNumber,
      accountName: card.name,
      bban: card.accountNumber,
      iban: cardAccountIban(card) ?? '',
      currency: card.currency,
      product: card.product,
      cashAccountType: 'CACC',
      creditLine: 0,
      balances: {
        closingBooked: balance(card, 'closingBooked'),
        expected: balance(card, 'expected'),
      },
      status: 'enabled' as const,
      paymentPermission: false,
      origin: card.origin,
      createdAt: card.createdAt,
    }));
}

export const listSandboxAccounts = sandboxRoute({
  operationId: 'listSandboxAccounts',
  method: 'GET',
  path: '/v1/sandbox/accounts',
  summary: 'List sandbox accounts',
  description: `§4.3. Every account of the sandbox (initial, fixed test data, created), in creation order, as §2.6 list items. ${PAGING_NOTE} (Paging on this list is a workbench addition: §4.3 shows no query.)`,
  headers: SANDBOX_READ_HEADERS,
  query: PagingQuery,
  responses: {
    200: { description: 'Array of account list items (§2.6).', schema: SandboxAccountListSchema },
    ...ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const state = env.state;
    // §4.3 rule 4, decisions.md "Ambiguities decided": a private customer's card account shows in
    // the AIS card account list, never here. The fault lists it here too, as an account item.
    const listed: Account[] = faultActive(ctx, 'SANDBOX-PRIVATE-CARD-ACCOUNT-LISTED')
      ? [...state.accounts, ...privateCardAccountsAsAccounts(state)]
      : state.accounts;
    const accounts = page(listed, ctx.query).map((account) =>
      faultyItem(ctx, presentAccount(account, ctx.fixes)),
    );
    if (faultActive(ctx, 'SANDBOX-ACCOUNTS-LIST')) return { status: 200, body: { accounts } };
    return { status: 200, body: accounts };
  },
});

export const changeSandboxAccountBalances = sandboxRoute({
  operationId: 'changeSandboxAccountBalances',
  method: 'PUT',
  path: '/v1/sandbox/accounts/{mockAccountId}/balances',
  summary: 'Change a sandbox account’s balances',
  description:
    '§4.3 "Change account balance". Body: array of Balance (§2.6), at least one; each in the account currency; each balanceType (closingBooked, expected) at most once; a type not given keeps its value. Status and body not shown by the spec; workbench choice: 200 with the account list item (§2.6).',
  headers: SANDBOX_WRITE_HEADERS,
  pathParameters: { mockAccountId: { description: 'Id of a sandbox account.' } },
  body: { schema: SandboxBalancesUpdateSchema },
  responses: {
    200: {
      description: 'The account with its new balances.',
      schema: SandboxAccountListItemSchema,
    },
    ...ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const id = ctx.pathParams.mockAccountId!;
    const account = sandboxAccountOf(env.state, id);
    if (isRejection(account)) return account;
    const balances = ctx.body as SandboxBalance[];
    if (balances.length === 0)
      return fieldProblem('FORMAT_ERROR', 'body', 'must hold at least one Balance to update');
    const problem = checkBalances(balances, account.currency, '', 'account');
    if (problem) return problem;
    if (!faultActive(ctx, 'SANDBOX-BALANCES-CHANGE'))
      setAccountBalances(account, balanceAmounts(balances));
    return { status: 200, body: faultyItem(ctx, presentAccount(account, ctx.fixes)) };
  },
});
