/**
 * Account information resources of the production interface that §2 does not show ("Consent,
 * account, balance ... resources: not shown"): accounts, card accounts, balances, account
 * transactions and transaction details. decisions.md: Berlin Group NextGenPSD2 1.3.8 shapes
 * (`accountDetails`, `cardAccountDetails`, `balance`, `transactions`, `accountReport`), with the
 * spec's own types (§2.1 Amount, Currency, Link) and limits (§8 names, §9.2 fixes). Amounts are
 * strings with the currency's decimals (`amount-as-string`, the default since 2020-08-01).
 */
import { Type, type Static } from '@sinclair/typebox';
import { BALANCE_TYPES, BOOKING_STATUSES, CARD_ACCOUNT_STATUSES } from '../enums.js';
import {
  ACCOUNT_NAME_MAX_WITH_LONGER_NAMES,
  PAGE_LIMIT_MIN,
  PARTY_NAME_MAX,
  REMITTANCE_INFORMATION_UNSTRUCTURED_MAX,
} from '../limits.js';
import { CurrencyBlock, Int32, IsoDate, StringEnum, publish } from './common.js';
import { AmountBlock, LinkBlock, LinksBlock } from './shared.js';

/** Berlin Group `product`: at most 35 characters. */
export const ACCOUNT_PRODUCT_MAX = 35;

/** Berlin Group `balance` (production): an Amount and one of the Berlin Group balance types. */
export const BalanceBlock = Type.Object({
  balanceAmount: AmountBlock,
  balanceType: StringEnum(BALANCE_TYPES),
  creditLimitIncluded: Type.Optional(Type.Boolean()),
  referenceDate: Type.Optional(IsoDate()),
});
export type Balance = Static<typeof BalanceBlock>;

const name = Type.String({
  maxLength: ACCOUNT_NAME_MAX_WITH_LONGER_NAMES,
  description:
    'Account name: up to 70 characters with the fix longer-names (§8, §9.2); before it, cut to 35.',
});
const product = Type.String({ maxLength: ACCOUNT_PRODUCT_MAX });
const usage = StringEnum(['PRIV', 'ORGA'] as const, {
  description: 'PRIV: private personal account; ORGA: professional account.',
});

/** Berlin Group `accountDetails`. */
export const AccountDetailsBlock = Type.Object({
  resourceId: Type.String({ description: 'The account-id of /v1/accounts/{account-id}.' }),
  iban: Type.String({ format: 'iban' }),
  bban: Type.String(),
  currency: CurrencyBlock,
  name,
  product: Type.Optional(product),
  cashAccountType: Type.String({
    description:
      'ISO 20022 ExternalCashAccountType1Code with the fix cash-account-type-iso (§9.2); the legacy code name before it.',
  }),
  status: StringEnum(['enabled', 'deleted', 'blocked'] as const),
  usage: Type.Optional(usage),
  balances: Type.Optional(Type.Array(BalanceBlock)),
  _links: LinksBlock,
});
export type AccountDetails = Static<typeof AccountDetailsBlock>;

/** Berlin Group `cardAccountDetails`. */
export const CardAccountDetailsBlock = Type.Object({
  resourceId: Type.String({ description: 'The account-id of /v1/card-accounts/{account-id}.' }),
  maskedPan: Type.String({ maxLength: 35 }),
  currency: CurrencyBlock,
  name,
  product: Type.Optional(product),
  status: StringEnum(CARD_ACCOUNT_STATUSES),
  usage: Type.Optional(usage),
  creditLimit: Type.Optional(AmountBlock),
  balances: Type.Optional(Type.Array(BalanceBlock)),
  _links: LinksBlock,
});
export type CardAccountDetails = Static<typeof CardAccountDetailsBlock>;

export const AccountListBlock = Type.Object({ accounts: Type.Array(AccountDetailsBlock) });
export const CardAccountListBlock = Type.Object({
  cardAccounts: Type.Array(CardAccountDetailsBlock),
});
export const AccountDetailsResponseBlock = Type.Object({ account: AccountDetailsBlock });
export const CardAccountDetailsResponseBlock = Type.Object({
  cardAccount: CardAccountDetailsBlock,
});

/** Berlin Group `readAccountBalanceResponse-200` (the account by IBAN). */
export const AccountBalancesResponseBlock = Type.Object({
  account: Type.Object({ iban: Type.String({ format: 'iban' }), currency: CurrencyBlock }),
  balances: Type.Array(BalanceBlock),
});
/** Berlin Group `readCardAccountBalanceResponse-200` (the card account by masked PAN). */
export const CardAccountBalancesResponseBlock = Type.Object({
  cardAccount: Type.Object({ maskedPan: Type.String(), currency: CurrencyBlock }),
  balances: Type.Array(BalanceBlock),
});

const AccountPartyReference = Type.Object({
  iban: Type.Optional(Type.String()),
  bban: Type.Optional(Type.String()),
});

/**
 * Berlin Group `transactions`. From 15-Aug-2024 (§9.3, docs/ais.md) the list leaves out the items
 * that moved to the transaction details response: ultimateCreditor, ultimateDebtor, purposeCode and
 * bankTransactionCode; list entries then link to their details.
 */
export const AccountTransactionBlock = Type.Object({
  transactionId: Type.Optional(
    Type.String({ description: 'Stable for booked transactions (release 1.18.0).' }),
  ),
  bookingDate: Type.Optional(IsoDate()),
  valueDate: Type.Optional(IsoDate()),
  transactionAmount: AmountBlock,
  creditorName: Type.Optional(Type.String({ maxLength: PARTY_NAME_MAX })),
  creditorAccount: Type.Optional(AccountPartyReference),
  ultimateCreditor: Type.Optional(Type.String({ maxLength: PARTY_NAME_MAX })),
  debtorName: Type.Optional(Type.String({ maxLength: PARTY_NAME_MAX })),
  debtorAccount: Type.Optional(AccountPartyReference),
  ultimateDebtor: Type.Optional(Type.String({ maxLength: PARTY_NAME_MAX })),
  remittanceInformationUnstructured: Type.Optional(
    Type.String({ maxLength: REMITTANCE_INFORMATION_UNSTRUCTURED_MAX }),
  ),
  purposeCode: Type.Optional(Type.String()),
  bankTransactionCode: Type.Optional(Type.String()),
  _links: Type.Optional(LinksBlock),
});
export type AccountTransaction = Static<typeof AccountTransactionBlock>;

/** Berlin Group `_linksAccountReport`: `account` always, paging links (next, previous) when due. */
export const AccountReportLinksBlock = Type.Unsafe<Record<string, Static<typeof LinkBlock>>>({
  type: 'object',
  required: ['account'],
  properties: { account: LinkBlock },
  additionalProperties: LinkBlock,
});

/** Berlin Group `transactionsResponse-200_json` with its `accountReport`. */
export const AccountTransactionsResponseBlock = Type.Object({
  account: Type.Object({ iban: Type.String({ format: 'iban' }), currency: CurrencyBlock }),
  transactions: Type.Object({
    booked: Type.Optional(Type.Array(AccountTransactionBlock)),
    pending: Type.Optional(Type.Array(AccountTransactionBlock)),
    _links: AccountReportLinksBlock,
  }),
});
export type AccountTransactionsResponse = Static<typeof AccountTransactionsResponseBlock>;

/** Berlin Group `OK_200_TransactionDetails`: `transactionsDetails.transactionDetails`. */
export const TransactionDetailsResponseBlock = Type.Object({
  transactionsDetails: Type.Object({ transactionDetails: AccountTransactionBlock }),
});

/** Query of GET /v1/accounts/{account-id}/transactions: the §4.2.3 parameters (decisions.md). */
export const AccountTransactionsQueryBlock = Type.Object({
  bookingStatus: StringEnum(BOOKING_STATUSES),
  dateFrom: Type.Optional(
    IsoDate({ description: 'A missing value raises no error: a default is used (§4.2.3).' }),
  ),
  dateTo: Type.Optional(IsoDate()),
  offset: Type.Optional(Int32({ minimum: 0, description: 'Default 0.' })),
  limit: Type.Optional(
    Int32({
      minimum: PAGE_LIMIT_MIN,
      description:
        'At least 1. Parameter default 1; with no paging parameter at all, up to 200 per call (§8).',
    }),
  ),
});

/** `withBalance` of the account and card account reads (Berlin Group). */
export const WithBalanceQueryBlock = Type.Object({
  withBalance: Type.Optional(Type.Boolean({ description: 'Include balances (default false).' })),
});

export const AccountListSchema = publish(
  'AccountList',
  '§4.2.4',
  'GET /v1/accounts: the consented accounts (decisions.md: Berlin Group accountList).',
  AccountListBlock,
);
export const AccountDetailsResponseSchema = publish(
  'AccountDetailsResponse',
  '§2',
  'GET /v1/accounts/{account-id} (Berlin Group accountDetails in `account`).',
  AccountDetailsResponseBlock,
);
export const AccountBalancesResponseSchema = publish(
  'AccountBalancesResponse',
  '§2',
  'GET /v1/accounts/{account-id}/balances (Berlin Group readAccountBalanceResponse-200).',
  AccountBalancesResponseBlock,
);
export const CardAccountListSchema = publish(
  'CardAccountList',
  '§2',
  'GET /v1/card-accounts: the consented card accounts (Berlin Group cardAccountList).',
  CardAccountListBlock,
);
export const CardAccountDetailsResponseSchema = publish(
  'CardAccountDetailsResponse',
  '§2',
  'GET /v1/card-accounts/{account-id} (Berlin Group cardAccountDetails in `cardAccount`).',
  CardAccountDetailsResponseBlock,
);
export const CardAccountBalancesResponseSchema = publish(
  'CardAccountBalancesResponse',
  '§2',
  'GET /v1/card-accounts/{account-id}/balances (Berlin Group readCardAccountBalanceResponse-200).',
  CardAccountBalancesResponseBlock,
);
export const AccountTransactionsResponseSchema = publish(
  'AccountTransactionsResponse',
  '§4.2.4',
  'GET /v1/accounts/{account-id}/transactions (Berlin Group transactionsResponse-200_json).',
  AccountTransactionsResponseBlock,
);
export const TransactionDetailsResponseSchema = publish(
  'TransactionDetailsResponse',
  '§4.2.4',
  'The transaction details endpoint (§9.3), GET /v1/accounts/{account-id}/transactions/{transactionId} (Berlin Group OK_200_TransactionDetails).',
  TransactionDetailsResponseBlock,
);
export const AccountTransactionsQuerySchema = publish(
  'AccountTransactionsQuery',
  '§4.2.4',
  'Query of GET /v1/accounts/{account-id}/transactions: the §4.2.3 rules.',
  AccountTransactionsQueryBlock,
);
