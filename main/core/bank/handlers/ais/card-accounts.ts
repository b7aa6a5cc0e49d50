/**
 * Card accounts of the production interface (decisions.md "Paths"; Berlin Group 1.3.8
 * `cardAccountDetails`): GET /v1/card-accounts, GET /v1/card-accounts/{account-id}, GET
 * .../balances. Only the card accounts the PSU's consent grants this TPP in its context; a deleted
 * card account drops out (§7.3). `_links.transactions` leads to the §4.2.3 read.
 */
import {
  ACCOUNT_PRODUCT_MAX,
  CardAccountBalancesResponseSchema,
  CardAccountDetailsResponseSchema,
  CardAccountListSchema,
  WithBalanceQueryBlock,
  type Balance,
  type CardAccountDetails,
} from '../../../spec/schemas/accounts.js';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import { consentedHoldings } from '../../domain/ais.js';
import type { CardAccount, DomainState } from '../../domain/model.js';
import { customerByNumber } from '../../domain/parties.js';
import { faultActive } from '../../faults/index.js';
import { isRejection } from '../../http/refusal.js';
import type { RequestContext, RouteDefinition } from '../../context/request-context.js';
import {
  AIS_HEADERS,
  AIS_ROUTE,
  grantedCardAccount,
  cardAccountPath,
  cut,
  aisLink,
  presentAmount,
  presentName,
  psuOf,
  segment,
  unknownInPath,
  aisViewOf,
  type AisView,
} from './common.js';

const notServed = (what: string) =>
  unknownInPath('path', `${what} is not served by this bank (fault profile)`);

/** Berlin Group `balance` entries from the card account's §2.6 balances. */
export function cardBalances(view: AisView, card: CardAccount): Balance[] {
  const referenceDate = view.now.toISOString().slice(0, 10);
  return card.balances.flatMap((balance) => {
    const balanceAmount = presentAmount(view, balance.balanceAmount);
    return balanceAmount
      ? [
          {
            balanceAmount,
            balanceType: balance.balanceType,
            creditLimitIncluded: false,
            referenceDate,
          } as Balance,
        ]
      : [];
  });
}

/** Berlin Group `cardAccountDetails` (the name per the §9.2 fix longer-names). */
export function presentCardAccountDetails(
  view: AisView,
  state: DomainState,
  card: CardAccount,
  withBalance: boolean,
): CardAccountDetails {
  const owner = customerByNumber(state, card.customerNumber);
  const path = cardAccountPath(card.resourceId);
  const creditLimit = presentAmount(view, card.creditLimit);
  const transactionsPath = faultActive(view, 'CARDTX-PATH')
    ? `/v1/card-accounts/${segment(card.maskedPan)}/transactions`
    : `${path}/transactions`;
  return {
    resourceId: card.resourceId,
    maskedPan: card.maskedPan,
    currency: card.currency as CardAccountDetails['currency'],
    name: presentName(view, card.name),
    product: cut(card.product, ACCOUNT_PRODUCT_MAX),
    status: card.status,
    ...(owner ? { usage: owner.type === 'CORPORATE' ? 'ORGA' : 'PRIV' } : {}),
    ...(creditLimit ? { creditLimit: creditLimit as CardAccountDetails['creditLimit'] } : {}),
    ...(withBalance ? { balances: cardBalances(view, card) } : {}),
    _links: {
      balances: aisLink(view, `${path}/balances`),
      transactions: aisLink(view, transactionsPath),
    },
  };
}

const withBalanceOf = (ctx: RequestContext) =>
  (ctx.query as { withBalance?: boolean }).withBalance === true;

const PATH_PARAMETERS = {
  'account-id': { description: 'The resourceId of a card account in GET /v1/card-accounts.' },
};

const ACCESS_ERRORS = {
  401: {
    description: 'PSU_CREDENTIALS_INVALID, CONSENT_INVALID or CONSENT_EXPIRED (docs/sca.md).',
    schema: ErrorResponseSchema,
  },
};

export const getCardAccountList: RouteDefinition = {
  ...AIS_ROUTE,
  operationId: 'getCardAccountList',
  path: '/v1/card-accounts',
  summary: 'Read the consented card accounts',
  description: [
    'decisions.md; Berlin Group cardAccountList. The card accounts the PSU granted this TPP in its context (§1), with balances when withBalance=true; a deleted card account is left out (§7.3).',
    'name: up to 70 characters with longer-names, cut to 35 before it (§8, §9.2).',
  ].join(' '),
  tag: 'Card accounts (AIS)',
  headers: AIS_HEADERS,
  query: WithBalanceQueryBlock,
  responses: {
    200: { description: 'The card accounts.', schema: CardAccountListSchema },
    ...ACCESS_ERRORS,
  },
  handle(ctx, env) {
    if (faultActive(ctx, 'CARD-ACCOUNTS-LIST-200')) return notServed('GET /v1/card-accounts');
    const holdings = consentedHoldings(env.state, psuOf(ctx), ctx.now);
    if (isRejection(holdings)) return holdings;
    const view = aisViewOf(ctx);
    const withBalance = withBalanceOf(ctx);
    return {
      status: 200,
      body: {
        cardAccounts: holdings.cardAccounts.map((card) =>
          presentCardAccountDetails(view, env.state, card, withBalance),
        ),
      },
    };
  },
};

export const readCardAccount: RouteDefinition = {
  ...AIS_ROUTE,
  operationId: 'readCardAccount',
  path: '/v1/card-accounts/{account-id}',
  summary: 'Read one consented card account',
  description:
    'decisions.md; Berlin Group cardAccountDetails in `cardAccount`. Unknown, deleted or not granted: 404 RESOURCE_UNKNOWN (docs/sca.md).',
  tag: 'Card accounts (AIS)',
  headers: AIS_HEADERS,
  pathParameters: PATH_PARAMETERS,
  query: WithBalanceQueryBlock,
  responses: {
    200: { description: 'The card account.', schema: CardAccountDetailsResponseSchema },
    ...ACCESS_ERRORS,
    404: { description: 'RESOURCE_UNKNOWN.', schema: ErrorResponseSchema },
  },
  handle(ctx, env) {
    if (faultActive(ctx, 'CARD-ACCOUNT-READ-200'))
      return notServed('GET /v1/card-accounts/{account-id}');
    const card = grantedCardAccount(ctx, env);
    if (isRejection(card)) return card;
    return {
      status: 200,
      body: {
        cardAccount: presentCardAccountDetails(aisViewOf(ctx), env.state, card, withBalanceOf(ctx)),
      },
    };
  },
};

export const getCardAccountBalances: RouteDefinition = {
  ...AIS_ROUTE,
  operationId: 'getCardAccountBalances',
  path: '/v1/card-accounts/{account-id}/balances',
  summary: 'Read the balances of one consented card account',
  description:
    'decisions.md; Berlin Group readCardAccountBalanceResponse-200: the card account’s balances from the ledger (booked entries move closingBooked and expected, pending ones expected only).',
  tag: 'Card accounts (AIS)',
  headers: AIS_HEADERS,
  pathParameters: PATH_PARAMETERS,
  responses: {
    200: { description: 'The balances.', schema: CardAccountBalancesResponseSchema },
    ...ACCESS_ERRORS,
    404: { description: 'RESOURCE_UNKNOWN.', schema: ErrorResponseSchema },
  },
  handle(ctx, env) {
    if (faultActive(ctx, 'CARD-ACCOUNT-BALANCES-200'))
      return notServed('GET /v1/card-accounts/{account-id}/balances');
    const card = grantedCardAccount(ctx, env);
    if (isRejection(card)) return card;
    return {
      status: 200,
      body: {
        cardAccount: { maskedPan: card.maskedPan, currency: card.currency },
        balances: cardBalances(aisViewOf(ctx), card),
      },
    };
  },
};

export const CARD_ACCOUNT_ROUTES: readonly RouteDefinition[] = [
  getCardAccountList,
  readCardAccount,
  getCardAccountBalances,
];
