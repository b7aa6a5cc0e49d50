/**
 * Enumerations of the interface spec, one list per fact. Pure data: the renderer's editor imports
 * this module, so it must stay free of Node-only imports.
 */

/** §3.1 SCA status (`scaStatus`). */
export const SCA_STATUSES = [
  'RECEIVED',
  'PSU_IDENTIFIED',
  'PSU_AUTHENTICATED',
  'SCA_METHOD_SELECTED',
  'STARTED',
  'FINALISED',
  'FAILED',
  'EXEMPTED',
] as const;
export type ScaStatus = (typeof SCA_STATUSES)[number];

/**
 * What an AIS read holds: an account (§4.2.4, `/v1/accounts/{id}`) or a card account (§4.2.3,
 * `/v1/card-accounts/{id}`). One spelling for the bank and the suites; `HOLDING_KIND_LABELS` is
 * how each reads in a sentence.
 */
export const HOLDING_KINDS = ['account', 'card-account'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];
export const HOLDING_KIND_LABELS: Readonly<Record<HoldingKind, string>> = {
  account: 'account',
  'card-account': 'card account',
};

/** §3.2 Payment transaction status (`transactionStatus`), ISO 20022 codes. */
export const TRANSACTION_STATUSES = [
  'ACCP',
  'ACSC',
  'ACSP',
  'ACTC',
  'ACWC',
  'ACWP',
  'RCVD',
  'PDNG',
  'RJCT',
  'CANC',
  'PART',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** §3.3 Sandbox card account status. */
export const CARD_ACCOUNT_STATUSES = ['enabled', 'deleted', 'blocked'] as const;
export type CardAccountStatus = (typeof CARD_ACCOUNT_STATUSES)[number];

/** §2.6 cashAccountType: ISO 20022 ExternalCashAccountType1Code values the spec lists. */
export const CASH_ACCOUNT_TYPES = [
  'CACC',
  'CASH',
  'CHAR',
  'CISH',
  'COMM',
  'CPAC',
  'LLSV',
  'LOAN',
  'MGLD',
  'MOMA',
  'NREX',
  'ODFT',
  'ONDP',
  'OTHR',
  'SACC',
  'SLRY',
  'SVGS',
  'TAXE',
  'TRAN',
  'TRAS',
] as const;
export type CashAccountType = (typeof CASH_ACCOUNT_TYPES)[number];

/**
 * §9.2 `cash-account-type-iso`: before the fix, cashAccountType did not follow ISO 20022 values.
 * The spec does not show the old representation. Workbench choice (recorded in the API reference):
 * the legacy form is the ISO 20022 code *name* of the same code (e.g. `Current` for CACC,
 * `Savings` for SVGS), so a client that still expects the old form sees a stable, readable value
 * and the mapping is lossless both ways.
 */
export const LEGACY_CASH_ACCOUNT_TYPES: Readonly<Record<CashAccountType, string>> = {
  CACC: 'Current',
  CASH: 'CashPayment',
  CHAR: 'Charges',
  CISH: 'CashIncome',
  COMM: 'Commission',
  CPAC: 'ClearingParticipantSettlementAccount',
  LLSV: 'LimitedLiquiditySavingsAccount',
  LOAN: 'Loan',
  MGLD: 'MarginalLending',
  MOMA: 'MoneyMarket',
  NREX: 'NonResidentExternal',
  ODFT: 'Overdraft',
  ONDP: 'OverNightDeposit',
  OTHR: 'OtherAccount',
  SACC: 'Settlement',
  SLRY: 'Salary',
  SVGS: 'Savings',
  TAXE: 'Tax',
  TRAN: 'TransactingAccount',
  TRAS: 'CashTrading',
};

/** cashAccountType as served: ISO code with the `cash-account-type-iso` fix active, else legacy. */
export function presentCashAccountType(code: CashAccountType, isoFixActive: boolean): string {
  return isoFixActive ? code : LEGACY_CASH_ACCOUNT_TYPES[code];
}

/** The ISO code for a cashAccountType in either representation, or undefined. */
export function cashAccountTypeFromAny(value: string): CashAccountType | undefined {
  if ((CASH_ACCOUNT_TYPES as readonly string[]).includes(value)) return value as CashAccountType;
  const entry = Object.entries(LEGACY_CASH_ACCOUNT_TYPES).find(([, legacy]) => legacy === value);
  return entry?.[0] as CashAccountType | undefined;
}

/** §2.6 Balance `balanceType` in sandbox resources. */
export const SANDBOX_BALANCE_TYPES = ['closingBooked', 'expected'] as const;
export type SandboxBalanceType = (typeof SANDBOX_BALANCE_TYPES)[number];

/** Berlin Group 1.3.8 `balanceType` (production balances; §2 does not show them). */
export const BALANCE_TYPES = [
  'closingBooked',
  'expected',
  'openingBooked',
  'interimAvailable',
  'interimBooked',
  'forwardAvailable',
  'nonInvoiced',
] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

/** §2.6 Engagement `roles`. */
export const ENGAGEMENT_ROLES = [
  'OWNER',
  'DISPOSAL',
  'VIEW',
  'REGISTER',
  'APPROVE',
  'INTERNAL_TRANSFER',
  'SALARY',
] as const;
export type EngagementRole = (typeof ENGAGEMENT_ROLES)[number];

/** §4.2.3 / §4.3 `bookingStatus` query parameter. */
export const BOOKING_STATUSES = ['booked', 'pending', 'both'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** §4.1 PSU-Context header and §6.1 `context` redirect parameter. */
export const PSU_CONTEXTS = ['PRIVATE', 'CORPORATE'] as const;
export type PsuContext = (typeof PSU_CONTEXTS)[number];

/** §4.1 PSU-HTTP-Method header. */
export const PSU_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type PsuHttpMethod = (typeof PSU_HTTP_METHODS)[number];

/** §2.1 Link `verbs`. */
export const LINK_VERBS = ['GET', 'PUT', 'POST', 'DELETE'] as const;
export type LinkVerb = (typeof LINK_VERBS)[number];

/** §2.1 TppMessage `category`. */
export const TPP_MESSAGE_CATEGORIES = ['ERROR', 'WARNING'] as const;
export type TppMessageCategory = (typeof TPP_MESSAGE_CATEGORIES)[number];

/** decisions.md "Paths": `payment-service` path segment. */
export const PAYMENT_SERVICES = ['payments', 'bulk-payments', 'periodic-payments'] as const;
export type PaymentService = (typeof PAYMENT_SERVICES)[number];

/** decisions.md "Paths": `payment-product` path segment (ncbct per the §9.4 1.21.20 note). */
export const PAYMENT_PRODUCTS = [
  'sepa-credit-transfers',
  'instant-sepa-credit-transfers',
  'cross-border-credit-transfers',
  'norwegian-domestic-credit-transfers',
  'instant-norwegian-domestic-credit-transfers-straks',
  'ncbct',
] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];

/**
 * Berlin Group 1.3.8 `frequencyCode` of periodic payments (decisions.md: the body follows Berlin
 * Group; §9(4) 1.18.1 names MonthlyVariable).
 */
export const PERIODIC_FREQUENCIES = [
  'Daily',
  'Weekly',
  'EveryTwoWeeks',
  'Monthly',
  'EveryTwoMonths',
  'Quarterly',
  'SemiAnnual',
  'Annual',
  'MonthlyVariable',
] as const;
export type PeriodicFrequency = (typeof PERIODIC_FREQUENCIES)[number];

/** Berlin Group 1.3.8 `executionRule` of periodic payments. */
export const EXECUTION_RULES = ['following', 'preceding'] as const;
export type ExecutionRule = (typeof EXECUTION_RULES)[number];

/** Berlin Group 1.3.8 `transactionStatus_SBS`: the statuses a signing basket reports (§3.2). */
export const SIGNING_BASKET_TRANSACTION_STATUSES = [
  'ACSC',
  'ACTC',
  'PATC',
  'RCVD',
  'RJCT',
  'CANC',
] as const;
export type SigningBasketTransactionStatus = (typeof SIGNING_BASKET_TRANSACTION_STATUSES)[number];

/** ETSI TS 119 495 PSD2 roles carried in a certificate's QCStatements. */
export const PSD2_CERTIFICATE_ROLES = ['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC'] as const;
export type Psd2CertificateRole = (typeof PSD2_CERTIFICATE_ROLES)[number];

/** §1 TPP roles the bank registers (AISP for account information, PISP for payments). */
export const TPP_ROLES = ['AISP', 'PISP'] as const;
export type TppRole = (typeof TPP_ROLES)[number];

/**
 * Which certificate role grants which TPP role: PSP_AI → AISP,
 * PSP_PI → PISP. PSP_AS (servicing) and PSP_IC (card issuing) grant neither role of this interface.
 */
export const TPP_ROLE_BY_CERTIFICATE_ROLE: Readonly<Record<Psd2CertificateRole, TppRole | null>> = {
  PSP_AS: null,
  PSP_PI: 'PISP',
  PSP_AI: 'AISP',
  PSP_IC: null,
};

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
