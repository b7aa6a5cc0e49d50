/**
 * §2.6 sandbox resources (and the §4.3 sandbox queries). Amounts are int32 minor units, currencies
 * plain strings; every listed field is required unless §2.6 marks it optional.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  BOOKING_STATUSES,
  CARD_ACCOUNT_STATUSES,
  CASH_ACCOUNT_TYPES,
  ENGAGEMENT_ROLES,
  SANDBOX_BALANCE_TYPES,
} from '../enums.js';
import {
  BANK_TRANSACTION_CODE_MAX,
  BANK_TRANSACTION_CODE_MIN,
  CARD_TRANSACTION_ID_MAX,
  TRANSACTION_DETAILS_MAX,
  PAGE_LIMIT_MIN,
  STREET_MAX,
} from '../limits.js';
import {
  CountryBlock,
  CurrencyBlock,
  Int32,
  IsoDate,
  IsoDateOrDateTime,
  StringEnum,
  publish,
} from './common.js';
import { LinkBlock, LinksBlock, SandboxAmountBlock } from './shared.js';

export const SandboxBalanceBlock = Type.Object({
  balanceAmount: SandboxAmountBlock,
  balanceType: StringEnum(SANDBOX_BALANCE_TYPES),
});
export type SandboxBalance = Static<typeof SandboxBalanceBlock>;

const cardAccountFields = {
  maskedPan: Type.String(),
  currency: Type.String(),
  creditLimit: SandboxAmountBlock,
  balances: Type.Array(SandboxBalanceBlock),
  cardId: Type.String(),
  cardIdVNo: Type.String(),
  accountNumber: Type.String(),
  expiry: Type.String(),
  name: Type.String({
    description: 'At most 70 characters with the fix longer-names (§8, §9.2).',
  }),
  product: Type.String(),
  status: StringEnum(CARD_ACCOUNT_STATUSES),
};

const cardAccountLinks = Type.Object({ self: LinkBlock, transactions: LinkBlock });

export const SandboxCardAccountRequestBlock = Type.Object({
  customerNumber: Type.String({ description: 'Owner of the account.' }),
  ...cardAccountFields,
});
export type SandboxCardAccountRequest = Static<typeof SandboxCardAccountRequestBlock>;

export const SandboxCardAccountCreatedBlock = Type.Object({
  resourceId: Type.String(),
  customerNumber: Type.String(),
  ...cardAccountFields,
  _links: cardAccountLinks,
});
export type SandboxCardAccountCreated = Static<typeof SandboxCardAccountCreatedBlock>;

/** §2.6 "response to get one": the listed fields (customerNumber is not among them). */
export const SandboxCardAccountResponseBlock = Type.Object({
  cardAccount: Type.Object({
    resourceId: Type.String(),
    ...cardAccountFields,
    _links: cardAccountLinks,
  }),
});
export type SandboxCardAccountResponse = Static<typeof SandboxCardAccountResponseBlock>;

const SandboxAddressBlock = Type.Object({
  street: Type.Optional(Type.String({ maxLength: STREET_MAX })),
  buildingNumber: Type.Optional(Type.String()),
  postalCode: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  country: CountryBlock,
});

export const SandboxCardTransactionBlock = Type.Object({
  cardTransactionId: Type.String({ minLength: 1, maxLength: CARD_TRANSACTION_ID_MAX }),
  terminalId: Type.String(),
  bookingDate: IsoDateOrDateTime({
    description: 'Before the current time, not after the value date (§4.3 rule 3).',
  }),
  transactionDate: IsoDateOrDateTime(),
  transactionAmount: SandboxAmountBlock,
  originalAmount: SandboxAmountBlock,
  merchantCategoryCode: Type.String(),
  currencyExchange: Type.Optional(
    Type.Object({
      sourceCurrency: CurrencyBlock,
      targetCurrency: CurrencyBlock,
      unitCurrency: CurrencyBlock,
      exchangeRate: Type.String(),
      quotationDate: IsoDate(),
      markupFee: SandboxAmountBlock,
      markupFeePercentage: Type.String(),
    }),
  ),
  cardAcceptorId: Type.String(),
  cardAcceptorAddress: SandboxAddressBlock,
  maskedPan: Type.String(),
  transactionDetails: Type.String({ maxLength: TRANSACTION_DETAILS_MAX }),
  invoiced: StringEnum(['true', 'false'], { description: "A string: 'true' or 'false'." }),
  proprietaryBankTransactionCode: Type.String(),
});
export type SandboxCardTransaction = Static<typeof SandboxCardTransactionBlock>;

export const SandboxCardTransactionsRequestBlock = Type.Array(SandboxCardTransactionBlock);

export const SandboxCardTransactionsResponseBlock = Type.Object({
  cardAccount: Type.Object({ maskedPan: Type.String() }),
  cardTransactions: Type.Object({
    booked: Type.Array(
      Type.Object({
        cardTransactionId: Type.String(),
        bookingDate: Type.String(),
        transactionDate: Type.String(),
        transactionAmount: SandboxAmountBlock,
        originalAmount: SandboxAmountBlock,
        merchantCategoryCode: Type.String(),
      }),
    ),
    pending: Type.Array(Type.String()),
  }),
});
export type SandboxCardTransactionsResponse = Static<typeof SandboxCardTransactionsResponseBlock>;

export const SandboxAccountListItemBlock = Type.Object({
  id: Type.String(),
  customerNumber: Type.String(),
  accountName: Type.String(),
  bban: Type.String(),
  iban: Type.String(),
  currency: Type.String(),
  product: Type.String(),
  cashAccountType: StringEnum(CASH_ACCOUNT_TYPES, {
    description:
      'ISO 20022 code with the fix cash-account-type-iso (default from 2024-09-05); before it, the ISO code name (workbench choice, §9.2).',
  }),
  creditLine: Int32(),
  balances: Type.Array(SandboxBalanceBlock),
  _links: Type.Object({ self: LinkBlock, transactions: LinkBlock }),
});
export type SandboxAccountListItem = Static<typeof SandboxAccountListItemBlock>;

const BbanIbanBlock = Type.Object({ iban: Type.String(), bban: Type.String() });

export const SandboxAccountTransactionBlock = Type.Object({
  id: Type.String(),
  amount: Int32(),
  currency: Type.String(),
  valueDate: IsoDateOrDateTime(),
  remittanceInformationUnstructured: Type.String(),
  creditorName: Type.String(),
  creditorAccount: BbanIbanBlock,
  debtorName: Type.String(),
  debtorAccount: BbanIbanBlock,
  bankTransactionCode: Type.String({
    minLength: BANK_TRANSACTION_CODE_MIN,
    maxLength: BANK_TRANSACTION_CODE_MAX,
    description: 'ISO 20022 bank transaction code when supported by underlying services.',
  }),
  ultimateDebtor: Type.String(),
  ultimateCreditor: Type.String(),
  purposeCode: Type.String(),
  bookingDate: IsoDateOrDateTime(),
  _links: Type.Object({ self: LinkBlock }),
});
export type SandboxAccountTransaction = Static<typeof SandboxAccountTransactionBlock>;

const engagementRoles = Type.Array(StringEnum(ENGAGEMENT_ROLES), {
  description:
    'Available for consent in the sandbox only with both REGISTER and VIEW (§4.3 rule 5).',
});

export const SandboxEngagementBlock = Type.Object({
  id: Type.String(),
  customer: Type.String({ description: 'The PSU who sees the account when granting consent.' }),
  name: Type.Optional(Type.String()),
  account: Type.Object({ bban: Type.String(), iban: Type.String() }),
  roles: engagementRoles,
  accessRights: Type.Boolean(),
  paymentRights: Type.Boolean(),
  transferRights: Type.Boolean(),
  registerLimit: Int32(),
  approvalLimit: Int32(),
});
export type SandboxEngagement = Static<typeof SandboxEngagementBlock>;

export const SandboxAgreementBlock = Type.Object({
  id: Type.String(),
  name: Type.String(),
  owner: Type.Optional(
    Type.String({ description: 'The corporation customer, for a corporate agreement.' }),
  ),
  engagements: Type.Array(SandboxEngagementBlock),
  _links: LinksBlock,
});
export type SandboxAgreement = Static<typeof SandboxAgreementBlock>;

export const SandboxEngagementCreationBlock = Type.Object({
  customer: Type.String(),
  account: Type.Object({ iban: Type.String() }),
  roles: engagementRoles,
  registerLimit: Int32(),
  approvalLimit: Int32(),
});
export type SandboxEngagementCreation = Static<typeof SandboxEngagementCreationBlock>;

const pagingQuery = {
  fromDate: Type.Optional(IsoDate()),
  toDate: Type.Optional(IsoDate()),
  offset: Type.Optional(Int32({ minimum: 0 })),
  limit: Type.Optional(Int32({ minimum: PAGE_LIMIT_MIN })),
};

export const SandboxCardTransactionsQueryBlock = Type.Object({
  bookingStatus: StringEnum(BOOKING_STATUSES),
  ...pagingQuery,
});
export const SandboxAccountTransactionsQueryBlock = Type.Object(pagingQuery);

export const SandboxBalanceSchema = publish(
  'SandboxBalance',
  '§2.6',
  'Balance.',
  SandboxBalanceBlock,
);
export const SandboxCardAccountRequestSchema = publish(
  'SandboxCardAccountRequest',
  '§2.6',
  'Sandbox card account (request of POST /v1/sandbox/card-accounts).',
  SandboxCardAccountRequestBlock,
);
export const SandboxCardAccountCreatedSchema = publish(
  'SandboxCardAccountCreated',
  '§2.6',
  'Sandbox card account (response to create).',
  SandboxCardAccountCreatedBlock,
);
export const SandboxCardAccountResponseSchema = publish(
  'SandboxCardAccountResponse',
  '§2.6',
  'Sandbox card account (response to get one), wrapped in `cardAccount`.',
  SandboxCardAccountResponseBlock,
);
export const SandboxCardTransactionSchema = publish(
  'SandboxCardTransaction',
  '§2.6',
  'Sandbox card transaction (request item).',
  SandboxCardTransactionBlock,
);
export const SandboxCardTransactionsRequestSchema = publish(
  'SandboxCardTransactionsRequest',
  '§4.3',
  'Body of POST /v1/sandbox/card-accounts/{mockCardAccountId}/transactions: array of sandbox card transactions.',
  SandboxCardTransactionsRequestBlock,
);
export const SandboxCardTransactionsResponseSchema = publish(
  'SandboxCardTransactionsResponse',
  '§2.6',
  'Sandbox card transactions (response, create and list).',
  SandboxCardTransactionsResponseBlock,
);
export const SandboxAccountListItemSchema = publish(
  'SandboxAccountListItem',
  '§2.6',
  'Sandbox account list item.',
  SandboxAccountListItemBlock,
);
export const SandboxAccountListSchema = publish(
  'SandboxAccountList',
  '§4.3',
  'List accounts: array of account list items.',
  Type.Array(SandboxAccountListItemBlock),
);
export const SandboxAccountTransactionSchema = publish(
  'SandboxAccountTransaction',
  '§2.6',
  'Sandbox account transaction.',
  SandboxAccountTransactionBlock,
);
export const SandboxAccountTransactionsSchema = publish(
  'SandboxAccountTransactions',
  '§4.3',
  'List account transactions: array of account transactions.',
  Type.Array(SandboxAccountTransactionBlock),
);
export const SandboxAgreementSchema = publish(
  'SandboxAgreement',
  '§2.6',
  'Sandbox agreement. Content of `_links` is not shown by the spec: relation name to Link.',
  SandboxAgreementBlock,
);
export const SandboxEngagementSchema = publish(
  'SandboxEngagement',
  '§2.6',
  'Engagement inside an agreement.',
  SandboxEngagementBlock,
);
export const SandboxEngagementCreationSchema = publish(
  'SandboxEngagementCreation',
  '§2.6',
  'Engagement creation request and response (201): customer, account, roles, registerLimit, approvalLimit, all required.',
  SandboxEngagementCreationBlock,
);
export const SandboxBalancesUpdateSchema = publish(
  'SandboxBalancesUpdate',
  '§4.3',
  'Change account balance: array of Balance (balances to update).',
  Type.Array(SandboxBalanceBlock),
);
export const SandboxCardTransactionsQuerySchema = publish(
  'SandboxCardTransactionsQuery',
  '§4.3',
  'Query of the sandbox card account transactions list.',
  SandboxCardTransactionsQueryBlock,
);
export const SandboxAccountTransactionsQuerySchema = publish(
  'SandboxAccountTransactionsQuery',
  '§4.3',
  'Query of the sandbox account transactions list.',
  SandboxAccountTransactionsQueryBlock,
);
