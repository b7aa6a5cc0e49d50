/**
 * The bank's domain: one ledger that the sandbox management API writes and the production
 * interface reads (decisions.md "Amounts and identities": both views read one ledger). Every
 * collection is plain JSON with a schema, so a state snapshot exports, validates and imports whole.
 *
 * Amounts are integer minor units of their currency everywhere inside the bank; the production
 * interface formats them as decimal strings with the currency's ISO 4217 decimals (§2.1).
 */
import { Type, type Static } from '@sinclair/typebox';
import { SandboxCardAccountRequestBlock } from '../../spec/schemas/sandbox.js';
import {
  CASH_ACCOUNT_TYPES,
  ENGAGEMENT_ROLES,
  PAYMENT_PRODUCTS,
  PAYMENT_SERVICES,
  PSU_CONTEXTS,
  SCA_STATUSES,
  TRANSACTION_STATUSES,
  HOLDING_KINDS,
} from '../../spec/enums.js';
import { StringEnum } from '../../spec/schemas/common.js';
import { FeeScheduleSchema } from './fees.js';
import { LedgerStore } from './ledger-store.js';
import {
  AccountRef,
  AccountTransactionRecordSchema,
  CardTransactionRecordSchema,
  IsoDay,
  IsoInstant,
  MinorUnits,
} from './transactions.js';

export {
  AccountTransactionRecordSchema,
  CardTransactionRecordSchema,
  type AccountTransactionRecord,
  type CardTransactionRecord,
} from './transactions.js';

// ---- parties -------------------------------------------------------------------------------

/** §1: private customers are persons; corporate customers are corporations PSUs represent. */
export const CustomerSchema = Type.Object({
  customerNumber: Type.String({ minLength: 1 }),
  type: StringEnum(['PRIVATE', 'CORPORATE'] as const),
  name: Type.String(),
  /** Mock Norwegian birth number or D-number (decisions.md): what the sandbox login asks for. */
  nationalIdentityNumber: Type.String({ pattern: '^\\d{11}$' }),
  /** Who created it: the initial state, the fixed test-data fill, or a TPP through the sandbox API. */
  origin: StringEnum(['initial', 'fixed-test-data', 'sandbox'] as const),
});
export type Customer = Static<typeof CustomerSchema>;

// ---- accounts and their ledger -------------------------------------------------------------

export const AccountSchema = Type.Object({
  /** Opaque resource id used in every path (`/v1/accounts/{account-id}`). */
  id: Type.String({ minLength: 1 }),
  customerNumber: Type.String(),
  accountName: Type.String(),
  /** Norwegian BBAN, 11 digits, mod-11 check digit. */
  bban: Type.String(),
  iban: Type.String(),
  currency: Type.String(),
  product: Type.String(),
  cashAccountType: StringEnum(CASH_ACCOUNT_TYPES),
  creditLine: MinorUnits,
  /** Booked balance and the expected balance (booked plus pending), minor units. */
  balances: Type.Object({ closingBooked: MinorUnits, expected: MinorUnits }),
  /** §7.3: a consented account closed in the backend drops out of lists (no 404). */
  status: StringEnum(['enabled', 'closed'] as const),
  /** §1: the bank may remove payment permission while the account stays visible. */
  paymentPermission: Type.Boolean(),
  origin: StringEnum(['initial', 'fixed-test-data', 'sandbox'] as const),
  createdAt: IsoInstant,
});
export type Account = Static<typeof AccountSchema>;

/** A card account (§2.6 request fields) under its resource id. */
export const CardAccountSchema = Type.Object({
  resourceId: Type.String({ minLength: 1 }),
  ...SandboxCardAccountRequestBlock.properties,
  origin: StringEnum(['initial', 'fixed-test-data', 'sandbox'] as const),
  createdAt: IsoInstant,
});
export type CardAccount = Static<typeof CardAccountSchema>;

// ---- agreements: who may see and pay from which account -----------------------------------

/** §2.6 engagement: `customer` (a PSU) sees `account` within the agreement, with these roles. */
export const EngagementSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  customer: Type.String(),
  name: Type.Optional(Type.String()),
  account: AccountRef,
  roles: Type.Array(StringEnum(ENGAGEMENT_ROLES)),
  accessRights: Type.Boolean(),
  paymentRights: Type.Boolean(),
  transferRights: Type.Boolean(),
  registerLimit: Type.Integer(),
  approvalLimit: Type.Integer(),
});
export type Engagement = Static<typeof EngagementSchema>;

/**
 * A private agreement is the customer's own (owner = the person); a corporate agreement's owner is
 * the corporation, and its engagements name the representatives (§2.6 "Meaning of engagement fields").
 */
export const AgreementSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  name: Type.String(),
  type: StringEnum(['PRIVATE', 'CORPORATE'] as const),
  owner: Type.String(),
  engagements: Type.Array(EngagementSchema),
  origin: StringEnum(['initial', 'fixed-test-data', 'sandbox'] as const),
});
export type Agreement = Static<typeof AgreementSchema>;

// ---- the PSU as a TPP sees it ----------------------------------------------------------------

/** §5.3.8: the PSU-ID is a UUID stable for one TPP and this bank. */
export const PsuIdentitySchema = Type.Object({
  psuId: Type.String({ format: 'uuid' }),
  /** organizationIdentifier of the TPP's certificate (sandbox: the certificate subject when absent). */
  tppId: Type.String(),
  customerNumber: Type.String(),
});
export type PsuIdentity = Static<typeof PsuIdentitySchema>;

/** §6.1: the psu-corporate-id a TPP receives for one corporate agreement. */
export const CorporateIdentitySchema = Type.Object({
  psuCorporateId: Type.String({ format: 'uuid' }),
  tppId: Type.String(),
  agreementId: Type.String(),
});
export type CorporateIdentity = Static<typeof CorporateIdentitySchema>;

/**
 * §3.4/§5.3.4: an SCA is valid for one TPP and one PSU across roles, for one hour, under one
 * TPP-Session-ID. Completing SCA under a new id invalidates the old one; aborting leaves it valid.
 */
export const TppSessionSchema = Type.Object({
  tppId: Type.String(),
  tppSessionId: Type.String(),
  customerNumber: Type.String(),
  context: StringEnum(PSU_CONTEXTS),
  agreementId: Type.Optional(Type.String()),
  scaCompletedAt: IsoInstant,
  state: StringEnum(['valid', 'replaced'] as const),
  replacedBy: Type.Optional(Type.String()),
});
export type TppSession = Static<typeof TppSessionSchema>;

/** An SCA (authorisation) started by a request that needed one (§3.1, §5.3.1). */
export const AuthorisationSchema = Type.Object({
  authorisationId: Type.String(),
  /** What the SCA authorises: a consent, a payment, a basket, or the PSU's identity (GET /v1/user). */
  kind: StringEnum(['consent', 'payment', 'basket', 'user'] as const),
  resourceId: Type.Optional(Type.String()),
  tppId: Type.String(),
  tppSessionId: Type.String(),
  /** The TPP-Redirect-URI of the starting request: the only place the PSU is sent back to (§5.3.1). */
  redirectUri: Type.String(),
  scaStatus: StringEnum(SCA_STATUSES),
  /** Known once the PSU logged in (or from PSU-ID / X-PSU-IDENTITY on the starting request). */
  customerNumber: Type.Optional(Type.String()),
  /** PSU-Context of the starting request preselects the context (§4.1). */
  requestedContext: Type.Optional(StringEnum(PSU_CONTEXTS)),
  context: Type.Optional(StringEnum(PSU_CONTEXTS)),
  agreementId: Type.Optional(Type.String()),
  /** §5.3.5: TPP-Redirect-Preferred false asks for the biometric app flow. */
  redirectPreferred: Type.Boolean(),
  /** §5.3.6: the TPP-Redirect-URI looked like an app link (https with a path the bank app knows). */
  appLinkCandidate: Type.Boolean(),
  createdAt: IsoInstant,
  updatedAt: IsoInstant,
  history: Type.Array(Type.Object({ scaStatus: StringEnum(SCA_STATUSES), at: IsoInstant })),
  failure: Type.Optional(
    Type.Object({
      status: Type.Integer(),
      code: Type.String(),
      message: Type.String(),
      system: Type.String(),
    }),
  ),
  /** Shown to the PSU on the SCA pages: the TPP's registered name or certificate subject. */
  tppName: Type.Optional(Type.String()),
  /** PSU-Corporate-ID of the starting request, resolved: preselects this agreement (§1 way 2). */
  requestedAgreementId: Type.Optional(Type.String()),
  /** The SCA site's own bookkeeping (handlers/sca/pages/, docs/sca.md); never shown to the TPP. */
  site: Type.Optional(
    Type.Object({
      /** In the scaRedirect link: without it the authorisation id alone opens nothing. */
      linkToken: Type.String(),
      /** Anti-forgery token in every form of this authorisation. */
      formToken: Type.String(),
      /** Cookie value binding the first browser that opened the link. */
      browserBinding: Type.Optional(Type.String()),
      loginAttempts: Type.Integer({ minimum: 0 }),
      /** API path of the authorised resource (`/v1/consents/{id}`); scaStatus lives below it. */
      resourcePath: Type.String(),
    }),
  ),
});
export type Authorisation = Static<typeof AuthorisationSchema>;

/** POST /v1/consents (§1): bank-offered; the grants themselves live in AccessGrant. */
export const ConsentSchema = Type.Object({
  consentId: Type.String(),
  tppId: Type.String(),
  customerNumber: Type.Optional(Type.String()),
  context: Type.Optional(StringEnum(PSU_CONTEXTS)),
  agreementId: Type.Optional(Type.String()),
  consentStatus: StringEnum([
    'received',
    'valid',
    'rejected',
    'revokedByPsu',
    'expired',
    'terminatedByTpp',
  ] as const),
  createdAt: IsoInstant,
  /** When the PSU last completed SCA for it; the 90/180-day rules count from here (§5.3.7). */
  scaCompletedAt: Type.Optional(IsoInstant),
  authorisationId: Type.Optional(Type.String()),
  /** Last change of consentStatus (Berlin Group `lastActionDate`). */
  statusChangedAt: Type.Optional(IsoInstant),
});
export type Consent = Static<typeof ConsentSchema>;

/** §1: a grant per PSU, TPP and account, in one context; the PSU may revoke it in the bank. */
export const AccessGrantSchema = Type.Object({
  tppId: Type.String(),
  customerNumber: Type.String(),
  /** Absent in private context. */
  agreementId: Type.Optional(Type.String()),
  accountKind: StringEnum(HOLDING_KINDS),
  accountId: Type.String(),
  grantedAt: IsoInstant,
  revokedAt: Type.Optional(IsoInstant),
  consentId: Type.String(),
});
export type AccessGrant = Static<typeof AccessGrantSchema>;

/** §8: calls without PSU-IP-Address per consent, account and bank-clock day. */
export const AccessCountSchema = Type.Object({
  consentId: Type.String(),
  accountId: Type.String(),
  day: IsoDay,
  count: Type.Integer({ minimum: 0 }),
});
export type AccessCount = Static<typeof AccessCountSchema>;

// ---- payments ------------------------------------------------------------------------------

export const PaymentSchema = Type.Object({
  paymentId: Type.String(),
  paymentService: StringEnum(PAYMENT_SERVICES),
  paymentProduct: StringEnum(PAYMENT_PRODUCTS),
  tppId: Type.String(),
  customerNumber: Type.Optional(Type.String()),
  context: Type.Optional(StringEnum(PSU_CONTEXTS)),
  agreementId: Type.Optional(Type.String()),
  /** The initiation body as received (§2.2), for GET payment. */
  request: Type.Unknown(),
  debtorAccountId: Type.Optional(Type.String()),
  amount: MinorUnits,
  currency: Type.String(),
  transactionStatus: StringEnum(TRANSACTION_STATUSES),
  /** §3.2 / 1.14.2: false when rejected for lack of funds. */
  fundsAvailable: Type.Optional(Type.Boolean()),
  fees: Type.Optional(Type.Object({ amount: MinorUnits, currency: Type.String() })),
  requestedExecutionDate: Type.Optional(IsoDay),
  createdAt: IsoInstant,
  statusHistory: Type.Array(
    Type.Object({
      transactionStatus: StringEnum(TRANSACTION_STATUSES),
      at: IsoInstant,
      reason: Type.Optional(Type.String()),
    }),
  ),
  authorisationId: Type.Optional(Type.String()),
  basketId: Type.Optional(Type.String()),
  /** Ledger entries this payment made when it settled (§4.3 rule 1). */
  transactionIds: Type.Array(Type.String()),
  /** Product-specific details (periodic schedule, bulk items) kept by the payments module. */
  details: Type.Optional(Type.Unknown()),
});
export type Payment = Static<typeof PaymentSchema>;

/** A signing basket (decisions.md paths; §3.2: not atomic, its status is the worst case). */
export const SigningBasketRecordSchema = Type.Object({
  basketId: Type.String(),
  tppId: Type.String(),
  paymentIds: Type.Array(Type.String()),
  consentIds: Type.Array(Type.String()),
  createdAt: IsoInstant,
  authorisationId: Type.Optional(Type.String()),
});
export type SigningBasket = Static<typeof SigningBasketRecordSchema>;

// ---- the bank's own settings, changed through the bank console ------------------------------

export const BankBehaviourSchema = Type.Object({
  /** §8 known issue: pending transactions ignore dateFrom, dateTo and limit. A switch to test both. */
  pendingKnownIssue: Type.Boolean(),
  /** §3.1 risk rule: 'always' demands SCA; 'exempt-below' exempts payments up to the threshold. */
  riskPolicy: Type.Object({
    mode: StringEnum(['always', 'exempt-below', 'never'] as const),
    thresholdMinor: Type.Integer({ minimum: 0 }),
  }),
  /** Rule ids (or groups) the bank deliberately breaks, to see how a TPP and the checks cope. */
  faultProfiles: Type.Array(Type.String()),
  /** Sandbox batch runs (§1: five a day), as bank-clock times of day "HH:MM". */
  batchTimes: Type.Array(Type.String({ pattern: '^\\d{2}:\\d{2}$' })),
  lastBatchRunAt: Type.Optional(IsoInstant),
  /** §2.3 fees (domain/fees.ts); absent: DEFAULT_FEE_SCHEDULE. */
  feeSchedule: Type.Optional(FeeScheduleSchema),
});
export type BankBehaviour = Static<typeof BankBehaviourSchema>;

export const DomainSnapshotSchema = Type.Object(
  {
    customers: Type.Array(CustomerSchema),
    accounts: Type.Array(AccountSchema),
    accountTransactions: Type.Array(AccountTransactionRecordSchema),
    cardAccounts: Type.Array(CardAccountSchema),
    cardTransactions: Type.Array(CardTransactionRecordSchema),
    agreements: Type.Array(AgreementSchema),
    psuIdentities: Type.Array(PsuIdentitySchema),
    corporateIdentities: Type.Array(CorporateIdentitySchema),
    sessions: Type.Array(TppSessionSchema),
    authorisations: Type.Array(AuthorisationSchema),
    consents: Type.Array(ConsentSchema),
    grants: Type.Array(AccessGrantSchema),
    accessCounts: Type.Array(AccessCountSchema),
    payments: Type.Array(PaymentSchema),
    baskets: Type.Array(SigningBasketRecordSchema),
    behaviour: BankBehaviourSchema,
  },
  { additionalProperties: false },
);
/** The state as a snapshot holds it (state.ts): every collection, transactions included. */
export type DomainSnapshot = Static<typeof DomainSnapshotSchema>;

/**
 * The live state: small entities as objects in memory, the transactions (the collections that grow
 * without bound) in the ledger store, read through its indexes (domain/ledger-store.ts).
 */
export type DomainState = DomainEntities & { ledger: LedgerStore };

/**
 * The small entities alone: what most domain functions read and change. Both the live state and
 * a snapshot have them, so such a function takes either.
 */
export type DomainEntities = Omit<DomainSnapshot, 'accountTransactions' | 'cardTransactions'>;

export const DEFAULT_BATCH_TIMES = ['06:00', '09:00', '12:00', '15:00', '18:00'];

/** An empty live state with its own in-memory ledger. */
export function emptyDomainState(): DomainState {
  const { accountTransactions: _a, cardTransactions: _c, ...small } = emptyDomainSnapshot();
  return { ...small, ledger: LedgerStore.inMemory() };
}

export function emptyDomainSnapshot(): DomainSnapshot {
  return {
    customers: [],
    accounts: [],
    accountTransactions: [],
    cardAccounts: [],
    cardTransactions: [],
    agreements: [],
    psuIdentities: [],
    corporateIdentities: [],
    sessions: [],
    authorisations: [],
    consents: [],
    grants: [],
    accessCounts: [],
    payments: [],
    baskets: [],
    behaviour: {
      pendingKnownIssue: true,
      riskPolicy: { mode: 'always', thresholdMinor: 0 },
      faultProfiles: [],
      batchTimes: [...DEFAULT_BATCH_TIMES],
    },
  };
}
