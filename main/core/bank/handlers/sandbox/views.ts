/**
 * The §2.6 shapes the sandbox management API answers with, from the domain records. Amounts stay
 * int32 minor units (decisions.md); links point at the sandbox paths of decisions.md.
 */
import { presentCashAccountType } from '../../../spec/enums.js';
import type { FixName } from '../../../spec/fixes.js';
import type {
  SandboxAccountListItem,
  SandboxAccountTransaction,
  SandboxAgreement,
  SandboxCardAccountCreated,
  SandboxCardAccountResponse,
  SandboxCardTransactionsResponse,
  SandboxEngagement,
} from '../../../spec/schemas/sandbox.js';
import type { Link } from '../../../spec/schemas/shared.js';
import type {
  Account,
  AccountTransactionRecord,
  Agreement,
  CardAccount,
  CardTransactionRecord,
  Customer,
  DomainState,
  Engagement,
} from '../../domain/model.js';
import { agreementsOfCustomer } from '../../domain/parties.js';

const get = (href: string): Link => ({ href, verbs: ['GET'] });
const segment = encodeURIComponent;

export const sandboxAccountPath = (id: string) => `/v1/sandbox/accounts/${segment(id)}`;
export const sandboxCardAccountPath = (id: string) => `/v1/sandbox/card-accounts/${segment(id)}`;
export const agreementPath = (id: string) => `/v1/sandbox/agreements/${segment(id)}`;

/**
 * §2.6 account list item. `self` is the account's resource in the account interface
 * (GET /v1/accounts/{account-id}; the sandbox has no single-account read), `transactions` the
 * sandbox transaction list. cashAccountType follows the `cash-account-type-iso` fix (§9.2).
 */
export function presentAccount(
  account: Account,
  fixes: ReadonlySet<FixName>,
): SandboxAccountListItem {
  const balance = (balanceType: 'closingBooked' | 'expected') => ({
    balanceAmount: { currency: account.currency, amount: account.balances[balanceType] },
    balanceType,
  });
  return {
    id: account.id,
    customerNumber: account.customerNumber,
    accountName: account.accountName,
    bban: account.bban,
    iban: account.iban,
    currency: account.currency,
    product: account.product,
    cashAccountType: presentCashAccountType(
      account.cashAccountType,
      fixes.has('cash-account-type-iso'),
    ) as SandboxAccountListItem['cashAccountType'],
    creditLine: account.creditLine,
    balances: [balance('closingBooked'), balance('expected')],
    _links: {
      self: get(`/v1/accounts/${segment(account.id)}`),
      transactions: get(`${sandboxAccountPath(account.id)}/transactions`),
    },
  };
}

/** §2.6 account transaction (amount signed as the account sees it; status is not a §2.6 field). */
export function presentSandboxAccountTransaction(
  entry: AccountTransactionRecord,
): SandboxAccountTransaction {
  return {
    id: entry.id,
    amount: entry.amount,
    currency: entry.currency,
    valueDate: entry.valueDate,
    remittanceInformationUnstructured: entry.remittanceInformationUnstructured,
    creditorName: entry.creditorName,
    creditorAccount: { ...entry.creditorAccount },
    debtorName: entry.debtorName,
    debtorAccount: { ...entry.debtorAccount },
    bankTransactionCode: entry.bankTransactionCode,
    ultimateDebtor: entry.ultimateDebtor,
    ultimateCreditor: entry.ultimateCreditor,
    purposeCode: entry.purposeCode,
    bookingDate: entry.bookingDate,
    _links: {
      self: get(`${sandboxAccountPath(entry.accountId)}/transactions/${segment(entry.id)}`),
    },
  };
}

function cardAccountFields(card: CardAccount) {
  return {
    resourceId: card.resourceId,
    maskedPan: card.maskedPan,
    currency: card.currency,
    creditLimit: { ...card.creditLimit },
    balances: card.balances.map((balance) => ({
      balanceAmount: { ...balance.balanceAmount },
      balanceType: balance.balanceType,
    })),
    cardId: card.cardId,
    cardIdVNo: card.cardIdVNo,
    accountNumber: card.accountNumber,
    expiry: card.expiry,
    name: card.name,
    product: card.product,
    status: card.status,
    _links: {
      self: get(sandboxCardAccountPath(card.resourceId)),
      transactions: get(`${sandboxCardAccountPath(card.resourceId)}/transactions`),
    },
  };
}

/** §2.6 "response to create": resourceId, every request field, `_links`. */
export function presentCreatedCardAccount(card: CardAccount): SandboxCardAccountCreated {
  return { ...cardAccountFields(card), customerNumber: card.customerNumber };
}

/** §2.6 "response to get one": wrapped in `cardAccount`, without customerNumber. */
export function presentCardAccount(card: CardAccount): SandboxCardAccountResponse {
  return { cardAccount: cardAccountFields(card) };
}

/** §2.6 card transactions response: booked items, and pending ones as their ids. */
export function presentCardTransactions(
  card: CardAccount,
  booked: readonly CardTransactionRecord[],
  pending: readonly CardTransactionRecord[],
): SandboxCardTransactionsResponse {
  return {
    cardAccount: { maskedPan: card.maskedPan },
    cardTransactions: {
      booked: booked.map((entry) => ({
        cardTransactionId: entry.cardTransactionId,
        bookingDate: entry.bookingDate,
        transactionDate: entry.transactionDate,
        transactionAmount: { ...entry.transactionAmount },
        originalAmount: { ...entry.originalAmount },
        merchantCategoryCode: entry.merchantCategoryCode,
      })),
      pending: pending.map((entry) => entry.cardTransactionId),
    },
  };
}

export function presentEngagement(engagement: Engagement): SandboxEngagement {
  return {
    id: engagement.id,
    customer: engagement.customer,
    ...(engagement.name !== undefined ? { name: engagement.name } : {}),
    account: { bban: engagement.account.bban, iban: engagement.account.iban },
    roles: [...engagement.roles],
    accessRights: engagement.accessRights,
    paymentRights: engagement.paymentRights,
    transferRights: engagement.transferRights,
    registerLimit: engagement.registerLimit,
    approvalLimit: engagement.approvalLimit,
  };
}

/**
 * §2.6 agreement: `owner` only for a corporate agreement (§2.6: "the corporation customer for a
 * corporate agreement"). `_links` (not shown): `self`, and `engagements` to add engagements.
 */
export function presentAgreement(agreement: Agreement): SandboxAgreement {
  return {
    id: agreement.id,
    name: agreement.name,
    ...(agreement.type === 'CORPORATE' ? { owner: agreement.owner } : {}),
    engagements: agreement.engagements.map(presentEngagement),
    _links: {
      self: get(agreementPath(agreement.id)),
      engagements: { href: `${agreementPath(agreement.id)}/engagements`, verbs: ['POST'] },
    },
  };
}

/** GET /v1/sandbox/customers item (not shown): the customer and the agreements it is part of. */
export function presentCustomer(state: DomainState, customer: Customer) {
  return {
    customerNumber: customer.customerNumber,
    type: customer.type,
    name: customer.name,
    nationalIdentityNumber: customer.nationalIdentityNumber,
    agreements: agreementsOfCustomer(state, customer.customerNumber).map(
      ({ agreement, relation }) => ({
        id: agreement.id,
        name: agreement.name,
        type: agreement.type,
        relation,
        _links: { self: get(agreementPath(agreement.id)) },
      }),
    ),
  };
}
