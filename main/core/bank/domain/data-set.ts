/**
 * Seeded data sets (the initial state and the fixed test-data fill, §1, §4.3): compact seeds and
 * the one builder that turns them into domain records. Ids and amounts are fixed; dates count
 * from the bank date so a history stays recent whenever the bank runs (only relative values
 * depend on the bank clock). Entries go through the ledger, so balances follow from the history.
 */
import type { Country } from '../../spec/countries.js';
import type { Currency } from '../../spec/currencies.js';
import type { CashAccountType, EngagementRole } from '../../spec/enums.js';
import { bankDay, norwegianIban } from './ids.js';
import { postAccountTransaction, postCardTransaction, type EntryStatus } from './ledger.js';
import { OWNER_ROLES, rightsOfRoles } from './parties.js';
import type {
  Account,
  Agreement,
  CardAccount,
  Customer,
  DomainState,
  Engagement,
} from './model.js';

export type SeedOrigin = 'initial' | 'fixed-test-data';

export interface CustomerSeed {
  customerNumber: string;
  type: 'PRIVATE' | 'CORPORATE';
  name: string;
  /** Mock birth number or D-number (decisions.md), valid mod-11 check digits. */
  nationalIdentityNumber: string;
}

export interface AccountSeed {
  id: string;
  customerNumber: string;
  accountName: string;
  bban: string;
  currency: Currency;
  product: string;
  cashAccountType: CashAccountType;
  creditLine: number;
  /** Balance before the seeded history (minor units); the history moves it. */
  openingBalance: number;
}

export interface CardAccountSeed {
  resourceId: string;
  customerNumber: string;
  maskedPan: string;
  currency: Currency;
  creditLimit: number;
  cardId: string;
  /** A Norwegian BBAN: the card account's IBAN is derived from it (parties.cardAccountIban). */
  accountNumber: string;
  name: string;
  product: string;
  /** Expiry month `MM`; the year is the bank year plus three (relative, so cards stay valid). */
  expiryMonth: string;
}

export interface EngagementSeed {
  id: string;
  customer: string;
  bban: string;
  roles: EngagementRole[];
  registerLimit: number;
  approvalLimit: number;
}

export interface AgreementSeed {
  id: string;
  name: string;
  type: 'PRIVATE' | 'CORPORATE';
  owner: string;
  engagements: EngagementSeed[];
}

export interface Party {
  name: string;
  iban: string;
}

/** One seeded entry on an account: `amount` is signed as the account sees it. */
export interface AccountEntrySeed {
  accountId: string;
  daysAgo: number;
  amount: number;
  counterparty: Party;
  text: string;
  bankTransactionCode: string;
  purposeCode: string;
  status?: EntryStatus;
}

/**
 * One seeded card purchase (negative) or refund (positive). `amount` is in the card currency;
 * a foreign purchase gives the original amount and the rate instead (the markup fee is added).
 */
export interface CardEntrySeed {
  accountId: string;
  daysAgo: number;
  merchant: string;
  city: string;
  country: Country;
  merchantCategoryCode: string;
  amount?: number;
  foreign?: { currency: Currency; amount: number; exchangeRate: string };
  street?: string;
  status?: EntryStatus;
}

export interface DataSet {
  customers: readonly CustomerSeed[];
  accounts: readonly AccountSeed[];
  cardAccounts: readonly CardAccountSeed[];
  corporateAgreements: readonly AgreementSeed[];
  accountEntries: readonly AccountEntrySeed[];
  cardEntries: readonly CardEntrySeed[];
}

/** The IBAN of a seeded BBAN; a seed with a broken BBAN is a bug caught by the unit tests. */
export function seedIban(bban: string): string {
  const iban = norwegianIban(bban);
  if (!iban) throw new Error(`seed: '${bban}' is not a valid Norwegian BBAN`);
  return iban;
}

/** A party outside this bank with a Norwegian account. */
export function externalParty(name: string, bban: string): Party {
  return { name, iban: seedIban(bban) };
}

/** §2.6 markupFeePercentage of seeded foreign-currency purchases. */
export const MARKUP_FEE_PERCENTAGE = '1.75';

/** The private agreement of a customer: one engagement per own account and card account. */
export function privateAgreementSeed(customer: CustomerSeed, data: DataSet): AgreementSeed {
  const mine = (owner: string) => owner === customer.customerNumber;
  const holdings = [
    ...data.accounts.filter((a) => mine(a.customerNumber)).map((a) => [a.id, a.bban] as const),
    ...data.cardAccounts
      .filter((c) => mine(c.customerNumber))
      .map((c) => [c.resourceId, c.accountNumber] as const),
  ];
  return {
    id: `agr-${customer.customerNumber}`,
    name: `${customer.name} (privat)`,
    type: 'PRIVATE',
    owner: customer.customerNumber,
    engagements: holdings.map(([id, bban]) => ({
      id: `eng-${id}`,
      customer: customer.customerNumber,
      bban,
      roles: [...OWNER_ROLES],
      registerLimit: 0,
      approvalLimit: 0,
    })),
  };
}

/** Adds a data set: parties first, then the history through the ledger (balances follow). */
export function addDataSet(state: DomainState, data: DataSet, origin: SeedOrigin, now: Date): void {
  const createdAt = now.toISOString();
  for (const seed of data.customers) state.customers.push({ ...seed, origin } satisfies Customer);
  for (const seed of data.accounts) state.accounts.push(accountOf(seed, origin, createdAt));
  for (const seed of data.cardAccounts) state.cardAccounts.push(cardAccountOf(seed, origin, now));
  const privateAgreements = data.customers
    .filter((customer) => customer.type === 'PRIVATE')
    .map((customer) => privateAgreementSeed(customer, data));
  for (const seed of [...privateAgreements, ...data.corporateAgreements])
    state.agreements.push(agreementOf(seed, origin));
  const prefix = origin === 'initial' ? 'tx' : 'ftx';
  data.accountEntries.forEach((seed, index) =>
    postAccountEntry(state, seed, `${prefix}-${String(index + 1).padStart(4, '0')}`, origin, now),
  );
  const cardPrefix = origin === 'initial' ? 'ct' : 'fct';
  data.cardEntries.forEach((seed, index) =>
    postCardEntry(state, seed, index, `${cardPrefix}-${String(index + 1).padStart(4, '0')}`, now),
  );
}

function accountOf(seed: AccountSeed, origin: SeedOrigin, createdAt: string): Account {
  const { openingBalance, ...fields } = seed;
  return {
    ...fields,
    iban: seedIban(seed.bban),
    balances: { closingBooked: openingBalance, expected: openingBalance },
    status: 'enabled',
    paymentPermission: true,
    origin,
    createdAt,
  };
}

function cardAccountOf(seed: CardAccountSeed, origin: SeedOrigin, now: Date): CardAccount {
  const { creditLimit, expiryMonth, ...fields } = seed;
  const zero = (balanceType: 'closingBooked' | 'expected') => ({
    balanceAmount: { currency: seed.currency, amount: 0 },
    balanceType,
  });
  return {
    ...fields,
    cardIdVNo: '01',
    creditLimit: { currency: seed.currency, amount: creditLimit },
    balances: [zero('closingBooked'), zero('expected')],
    expiry: `${now.getUTCFullYear() + 3}-${expiryMonth}`,
    status: 'enabled',
    origin,
    createdAt: now.toISOString(),
  };
}

function agreementOf(seed: AgreementSeed, origin: SeedOrigin): Agreement {
  return {
    id: seed.id,
    name: seed.name,
    type: seed.type,
    owner: seed.owner,
    origin,
    engagements: seed.engagements.map((engagement): Engagement => ({
      id: engagement.id,
      customer: engagement.customer,
      account: { bban: engagement.bban, iban: seedIban(engagement.bban) },
      roles: [...engagement.roles],
      ...rightsOfRoles(engagement.roles),
      registerLimit: engagement.registerLimit,
      approvalLimit: engagement.approvalLimit,
    })),
  };
}

function postAccountEntry(
  state: DomainState,
  seed: AccountEntrySeed,
  id: string,
  origin: SeedOrigin,
  now: Date,
): void {
  const account = state.accounts.find((candidate) => candidate.id === seed.accountId);
  if (!account) throw new Error(`seed: no account '${seed.accountId}'`);
  const holder = state.customers.find((c) => c.customerNumber === account.customerNumber);
  const self = { name: holder?.name ?? account.accountName, iban: account.iban };
  const [debtor, creditor] =
    seed.amount < 0 ? [self, seed.counterparty] : [seed.counterparty, self];
  const day = bankDay(now, -seed.daysAgo);
  postAccountTransaction(state, {
    id,
    accountId: seed.accountId,
    amount: seed.amount,
    currency: account.currency,
    status: seed.status ?? 'booked',
    bookingDate: day,
    valueDate: day,
    remittanceInformationUnstructured: seed.text,
    creditorName: creditor.name,
    creditorAccount: { iban: creditor.iban, bban: creditor.iban.slice(4) },
    debtorName: debtor.name,
    debtorAccount: { iban: debtor.iban, bban: debtor.iban.slice(4) },
    bankTransactionCode: seed.bankTransactionCode,
    ultimateDebtor: debtor.name,
    ultimateCreditor: creditor.name,
    purposeCode: seed.purposeCode,
    origin,
    createdAt: now.toISOString(),
  });
}

/** A foreign purchase in the card currency: converted at the seed's rate plus the markup fee. */
export function cardAmountOf(seed: CardEntrySeed): { amount: number; markupFee: number } {
  if (!seed.foreign) return { amount: seed.amount ?? 0, markupFee: 0 };
  const converted = Math.round(seed.foreign.amount * Number(seed.foreign.exchangeRate));
  const markupFee = Math.round((Math.abs(converted) * Number(MARKUP_FEE_PERCENTAGE)) / 100);
  return { amount: converted + markupFee * Math.sign(converted), markupFee };
}

function postCardEntry(
  state: DomainState,
  seed: CardEntrySeed,
  index: number,
  id: string,
  now: Date,
): void {
  const card = state.cardAccounts.find((candidate) => candidate.resourceId === seed.accountId);
  if (!card) throw new Error(`seed: no card account '${seed.accountId}'`);
  const currency = card.currency as Currency;
  const day = bankDay(now, -seed.daysAgo);
  const { amount, markupFee } = cardAmountOf(seed);
  const refund = amount > 0;
  postCardTransaction(state, {
    accountId: card.resourceId,
    cardTransactionId: id,
    terminalId: `T${String(40_000 + index * 7).padStart(7, '0')}`,
    // §4.3 rule 3: the booking date is not after the value date (transactionDate); both past.
    bookingDate: day,
    transactionDate: day,
    transactionAmount: { currency, amount },
    originalAmount: seed.foreign
      ? { currency: seed.foreign.currency, amount: seed.foreign.amount }
      : { currency, amount },
    merchantCategoryCode: seed.merchantCategoryCode,
    ...(seed.foreign
      ? {
          currencyExchange: {
            sourceCurrency: seed.foreign.currency,
            targetCurrency: currency,
            unitCurrency: seed.foreign.currency,
            exchangeRate: seed.foreign.exchangeRate,
            quotationDate: day,
            markupFee: { currency, amount: markupFee },
            markupFeePercentage: MARKUP_FEE_PERCENTAGE,
          },
        }
      : {}),
    cardAcceptorId: `ACQ${String(700_000 + index * 13).padStart(9, '0')}`,
    cardAcceptorAddress: {
      ...(seed.street ? { street: seed.street } : {}),
      city: seed.city,
      country: seed.country,
    },
    maskedPan: card.maskedPan,
    transactionDetails: `${refund ? 'Refund' : 'Purchase'} ${seed.merchant}, ${seed.city}`,
    invoiced: seed.daysAgo >= 15 ? 'true' : 'false',
    proprietaryBankTransactionCode: refund ? 'REFUND' : 'PURCHASE',
    status: seed.status ?? 'booked',
    createdAt: now.toISOString(),
  });
}
