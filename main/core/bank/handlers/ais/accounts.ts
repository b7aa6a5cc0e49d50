/**
 * Accounts of the production interface (decisions.md "Paths"; Berlin Group 1.3.8 shapes where the
 * spec is silent): GET /v1/accounts, GET /v1/accounts/{account-id}, GET .../balances. Only the
 * accounts the PSU's consent grants this TPP in the PSU's context (§1, docs/sca.md "Access"); a
 * granted account closed in the backend drops out of the list, which may then be empty (§7.3).
 */
import { presentCashAccountType } from '../../../spec/enums.js';
import {
  ACCOUNT_PRODUCT_MAX,
  AccountBalancesResponseSchema,
  AccountDetailsResponseSchema,
  AccountListSchema,
  WithBalanceQueryBlock,
  type AccountDetails,
  type Balance,
} from '../../../spec/schemas/accounts.js';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import { consentableHoldings, consentedHoldings } from '../../domain/ais.js';
import type { Account, DomainState } from '../../domain/model.js';
import { customerByNumber } from '../../domain/parties.js';
import { faultActive } from '../../faults/index.js';
import { isRejection } from '../../http/refusal.js';
import type { RequestContext, RouteDefinition } from '../../context/request-context.js';
import {
  AIS_HEADERS,
  AIS_ROUTE,
  grantedAccount,
  accountPath,
  cut,
  aisLink,
  presentAmount,
  presentName,
  psuOf,
  unknownInPath,
  aisViewOf,
  type AisView,
} from './common.js';

const notServed = (what: string) =>
  unknownInPath('path', `${what} is not served by this bank (fault profile)`);

/** Berlin Group `balance` entries from the ledger's booked and expected balances. */
export function accountBalances(view: AisView, account: Account): Balance[] {
  const referenceDate = view.now.toISOString().slice(0, 10);
  return (['closingBooked', 'expected'] as const).flatMap((balanceType) => {
    const balanceAmount = presentAmount(view, {
      amount: account.balances[balanceType],
      currency: account.currency,
    });
    return balanceAmount
      ? [{ balanceAmount, balanceType, creditLimitIncluded: false, referenceDate } as Balance]
      : [];
  });
}

/** Berlin Group `accountDetails` (names and cashAccountType per the §9.2 fixes). */
export function presentAccountDetails(
  view: AisView,
  state: DomainState,
  account: Account,
  withBalance: boolean,
): AccountDetails {
  const isoTypes =
    view.fixes.has('cash-account-type-iso') && !faultActive(view, 'FIX-CASH-ACCOUNT-TYPE-ISO');
  const owner = customerByNumber(state, account.customerNumber);
  const path = accountPath(account.id);
  return {
    resourceId: account.id,
    iban: account.iban,
    bban: account.bban,
    currency: account.currency as AccountDetails['currency'],
    name: presentName(view, account.accountName),
    product: cut(account.product, ACCOUNT_PRODUCT_MAX),
    cashAccountType: presentCashAccountType(account.cashAccountType, isoTypes),
    status: 'enabled',
    ...(owner ? { usage: owner.type === 'CORPORATE' ? 'ORGA' : 'PRIV' } : {}),
    ...(withBalance ? { balances: accountBalances(view, account) } : {}),
    _links: {
      balances: aisLink(view, `${path}/balances`),
      transactions: aisLink(view, `${path}/transactions`),
    },
  };
}

const withBalanceOf = (ctx: RequestContext) =>
  (ctx.query as { withBalance?: boolean }).withBalance === true;

const PATH_PARAMETERS = {
  'account-id': { description: 'The resourceId of an account in GET /v1/accounts.' },
};

const ACCESS_ERRORS = {
  401: {
    description: 'PSU_CREDENTIALS_INVALID, CONSENT_INVALID or CONSENT_EXPIRED (docs/sca.md).',
    schema: ErrorResponseSchema,
  },
};

export const getAccountList: RouteDefinition = {
  ...AIS_ROUTE,
  operationId: 'getAccountList',
  path: '/v1/accounts',
  summary: 'Read the consented accounts',
  description: [
    'decisions.md; Berlin Group accountList. The accounts the PSU granted this TPP in its context (§1), with balances when withBalance=true.',
    'A consented account closed in the backend is left out; the list may be empty, never 404 (§7.3).',
    'name: up to 70 characters with longer-names, cut to 35 before it; cashAccountType: ISO 20022 with cash-account-type-iso, the legacy code name before it (§9.2, docs/ais.md).',
  ].join(' '),
  tag: 'Accounts (AIS)',
  headers: AIS_HEADERS,
  query: WithBalanceQueryBlock,
  responses: { 200: { description: 'The accounts.', schema: AccountListSchema }, ...ACCESS_ERRORS },
  handle(ctx, env) {
    if (faultActive(ctx, 'ACCOUNTS-LIST-200')) return notServed('GET /v1/accounts');
    const view = aisViewOf(ctx);
    const psu = psuOf(ctx);
    const holdings = consentedHoldings(env.state, psu, ctx.now);
    if (isRejection(holdings)) return holdings;
    if (faultActive(ctx, 'ACCOUNTS-CLOSED-EMPTY-LIST')) {
      const closed = holdings.closed.find((h) => h.kind === 'account');
      if (closed) return unknownInPath('account-id', `account '${closed.accountId}' is unknown`);
    }
    const accounts = faultActive(ctx, 'CONSENT-ONLY-CONSENTED-ACCOUNTS')
      ? consentableHoldings(env.state, psu).accounts
      : holdings.accounts;
    const withBalance = withBalanceOf(ctx);
    return {
      status: 200,
      body: {
        accounts: accounts.map((a) => presentAccountDetails(view, env.state, a, withBalance)),
      },
    };
  },
};

export const readAccountDetails: RouteDefinition = {
  ...AIS_ROUTE,
  operationId: 'readAccountDetails',
  path: '/v1/accounts/{account-id}',
  summary: 'Read one consented account',
  description:
    'decisions.md; Berlin Group accountDetails in `account`. An account that is unknown, closed, or not granted to this TPP in the PSU’s context is 404 RESOURCE_UNKNOWN (one answer for all, docs/sca.md).',
  tag: 'Accounts (AIS)',
  headers: AIS_HEADERS,
  pathParameters: PATH_PARAMETERS,
  query: WithBalanceQueryBlock,
  responses: {
    200: { description: 'The account.', schema: AccountDetailsResponseSchema },
    ...ACCESS_ERRORS,
    404: { description: 'RESOURCE_UNKNOWN.', schema: ErrorResponseSchema },
  },
  handle(ctx, env) {
    if (faultActive(ctx, 'ACCOUNT-READ-200')) return notServed('GET /v1/accounts/{account-id}');
    const account = grantedAccount(ctx, env);
    if (isRejection(account)) return account;
    return {
      status: 200,
      body: {
        account: presentAccountDetails(aisViewOf(ctx), env.state, account, withBalanceOf(ctx)),
      },
    };
  },
};

export const getAccountBalances: RouteDefinition = {
  ...AIS_ROUTE,
  operationId: 'getBalances',
  path: '/v1/accounts/{account-id}/balances',
  summary: 'Read the balances of one consented account',
  description:
    'decisions.md; Berlin Group readAccountBalanceResponse-200: closingBooked (booked entries) and expected (booked plus pending) from the ledger, referenceDate the bank date.',
  tag: 'Accounts (AIS)',
  headers: AIS_HEADERS,
  pathParameters: PATH_PARAMETERS,
  responses: {
    200: { description: 'The balances.', schema: AccountBalancesResponseSchema },
    ...ACCESS_ERRORS,
    404: { description: 'RESOURCE_UNKNOWN.', schema: ErrorResponseSchema },
  },
  handle(ctx, env) {
    if (faultActive(ctx, 'ACCOUNT-BALANCES-200'))
      return notServed('GET /v1/accounts/{account-id}/balances');
    const account = grantedAccount(ctx, env);
    if (isRejection(account)) return account;
    return {
      status: 200,
      body: {
        account: { iban: account.iban, currency: account.currency },
        balances: accountBalances(aisViewOf(ctx), account),
      },
    };
  },
};

export const ACCOUNT_ROUTES: readonly RouteDefinition[] = [
  getAccountList,
  readAccountDetails,
  getAccountBalances,
];
