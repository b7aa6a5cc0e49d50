/**
 * Payments (§2.2, §3.2, decisions.md "Paths"): the payment record's product-specific details, the
 * transaction status lifecycle (§3.2 "Transitions: not shown"; the table is in docs/payments.md),
 * who may pay from which account, and the funds check. Pure functions over the domain state.
 *
 * A payment keeps its id forever (1.18.0): nothing here ever removes a payment from the state.
 */
import type {
  ExecutionRule,
  PaymentProduct,
  PaymentService,
  PeriodicFrequency,
  TransactionStatus,
} from '../../spec/enums.js';
import { PAYMENT_PRODUCTS } from '../../spec/enums.js';
import type { Account, Payment, DomainEntities } from './model.js';
import { privateAgreementOf, rightsOfRoles } from './parties.js';
import { KeyIndex } from './collection-index.js';
import { DAY_MS } from '../../../shared/calendar.js';

/** One credit transfer: the single payment's, a periodic payment's, or one element of a bulk. */
export interface CreditTransfer {
  endToEndIdentification?: string;
  creditorName: string;
  creditorIban: string;
  creditorCountry?: string;
  /** Instructed amount, minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /** What the transfer debits the debtor account, in its currency, at the quoted rate. */
  debitMinor: number;
  /** The transfer's share of the fees, debtor account currency. */
  feeMinor: number;
  remittanceInformationUnstructured?: string;
  /** The structured reference (a KID on Norwegian domestic products, §7.3). */
  reference?: string;
  /** Bulk elements: what the batch run did with it. */
  outcome?: 'settled' | 'rejected';
}

/** Berlin Group periodic schedule, plus how far it has run. */
export interface PeriodicSchedule {
  startDate: string;
  endDate?: string;
  frequency: PeriodicFrequency;
  dayOfExecution?: string;
  monthsOfExecution?: string[];
  executionRule?: ExecutionRule;
  /** The last execution day done (`YYYY-MM-DD`). */
  executedThrough?: string;
  executions: number;
}

/** What the payments module keeps in `Payment.details`. */
export interface PaymentDetails {
  transfers: CreditTransfer[];
  periodic?: PeriodicSchedule;
  debtorIban?: string;
  debtorCurrency?: string;
  /** §3.2: SCA finalised or exempted; Norwegian domestic transfers are readable from then on. */
  approvedAt?: string;
  /** The PSU named the payer on the initiation (PSU-ID / X-PSU-IDENTITY); else single SCA. */
  psuNamedAtInitiation: boolean;
  /** Logical duplicate key (handlers/payments/duplicates.ts). */
  duplicateKey: string;
  /** Accepted although it cannot be executed (only under a fault profile): the batch rejects it. */
  unprocessable?: string;
}

/**
 * The payments module's details of a payment. A payment without them (an imported snapshot written
 * by hand) gets details that make the batch reject it rather than guess what to pay.
 */
export function detailsOf(payment: Payment): PaymentDetails {
  const details = payment.details as Partial<PaymentDetails> | undefined;
  if (details && Array.isArray(details.transfers)) return details as PaymentDetails;
  const fallback: PaymentDetails = {
    transfers: [],
    psuNamedAtInitiation: false,
    duplicateKey: '',
    unprocessable: 'the payment has no transfer details',
  };
  payment.details = fallback;
  return fallback;
}

export function paymentPath(
  payment: Pick<Payment, 'paymentService' | 'paymentProduct' | 'paymentId'>,
): string {
  return `/v1/${payment.paymentService}/${payment.paymentProduct}/${encodeURIComponent(payment.paymentId)}`;
}

const paymentsById = KeyIndex.ofField<Payment>('paymentId');

export function findPayment(state: DomainEntities, paymentId: string): Payment | undefined {
  // Ids are unique (state.ts checkReferences).
  return paymentsById.last(state.payments, paymentId);
}

/** Where the payment is in `state.payments`, or -1. */
export function paymentPosition(state: DomainEntities, paymentId: string): number {
  return paymentsById.position(state.payments, paymentId);
}

// ---- products ----------------------------------------------------------------------------------

/**
 * How long an earlier payment counts as a logical duplicate (§4.2.2 `allowLogicalDuplicate`,
 * workbench rule, docs/payments.md): 24 hours on the bank clock. The duplicate handler refuses by
 * it and the TPP findings judge a repeated initiation by it.
 */
export const LOGICAL_DUPLICATE_WINDOW_MS = DAY_MS;

/** decisions.md products per service (workbench choice, docs/payments.md): else PRODUCT_INVALID. */
export const PRODUCTS_OF_SERVICE: Readonly<Record<PaymentService, readonly PaymentProduct[]>> = {
  payments: PAYMENT_PRODUCTS,
  'bulk-payments': [
    'sepa-credit-transfers',
    'cross-border-credit-transfers',
    'norwegian-domestic-credit-transfers',
  ],
  'periodic-payments': [
    'sepa-credit-transfers',
    'cross-border-credit-transfers',
    'norwegian-domestic-credit-transfers',
  ],
};

/** §3.2, §7.3: the domestic Norwegian products (KID, details unreadable before approval). */
export function isNorwegianDomestic(product: PaymentProduct): boolean {
  return (
    product === 'norwegian-domestic-credit-transfers' ||
    product === 'instant-norwegian-domestic-credit-transfers-straks'
  );
}

/** 1.21.8: instant products settle at once (between own accounts in this bank). */
export function isInstant(product: PaymentProduct): boolean {
  return (
    product === 'instant-sepa-credit-transfers' ||
    product === 'instant-norwegian-domestic-credit-transfers-straks'
  );
}

// ---- the status lifecycle (§3.2) ---------------------------------------------------------------

/**
 * §3.2 transitions ("not shown"; docs/payments.md has the triggers). RCVD until the PSU's SCA;
 * ACTC authorised and waiting for the batch run; ACCP a periodic payment whose schedule runs;
 * ACSC settled; PART a bulk partly settled; RJCT rejected; CANC deleted (sandbox).
 */
export const PAYMENT_TRANSITIONS: Readonly<
  Record<TransactionStatus, readonly TransactionStatus[]>
> = {
  RCVD: ['ACTC', 'ACCP', 'RJCT', 'CANC'],
  ACTC: ['ACSC', 'PART', 'RJCT', 'CANC'],
  ACCP: ['ACSC', 'RJCT', 'CANC'],
  ACSC: [],
  PART: [],
  RJCT: [],
  CANC: [],
  ACSP: [],
  ACWC: [],
  ACWP: [],
  PDNG: [],
};

/**
 * How long a payment waits for the PSU's authorisation (decisions.md "Ambiguities decided"): one
 * day after its initiation a payment still RCVD is rejected (RJCT) by the batch catch-up.
 */
export const PAYMENT_AUTHORISATION_WINDOW_MS = DAY_MS;

export const FINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  'ACSC',
  'PART',
  'RJCT',
  'CANC',
];

export class IllegalPaymentTransition extends Error {
  override readonly name = 'IllegalPaymentTransition';
}

export function setTransactionStatus(
  payment: Payment,
  next: TransactionStatus,
  now: Date,
  reason?: string,
): void {
  if (!PAYMENT_TRANSITIONS[payment.transactionStatus].includes(next))
    throw new IllegalPaymentTransition(
      `transactionStatus ${payment.transactionStatus} cannot become ${next}`,
    );
  payment.transactionStatus = next;
  payment.statusHistory.push({
    transactionStatus: next,
    at: now.toISOString(),
    ...(reason !== undefined ? { reason } : {}),
  });
}

export type CancelOutcome = 'cancelled' | 'already-cancelled' | 'final' | 'unknown';

/**
 * §1 DELETE (sandbox) and the bank console: a payment not yet final becomes CANC (a periodic one
 * stops; an authorisation still open then fails with PAYMENT_FAILED). Final ones stay as they are.
 */
export function cancelPayment(
  state: DomainEntities,
  paymentId: string,
  now: Date,
  reason = 'deleted',
): CancelOutcome {
  const payment = findPayment(state, paymentId);
  if (!payment) return 'unknown';
  if (payment.transactionStatus === 'CANC') return 'already-cancelled';
  if (FINAL_TRANSACTION_STATUSES.includes(payment.transactionStatus)) return 'final';
  setTransactionStatus(payment, 'CANC', now, reason);
  return 'cancelled';
}

/**
 * §3.2 "the worst case of the payments inside it": rejected is worst, then cancelled, then not
 * yet authorised, then authorised, then settled.
 */
export const STATUS_SEVERITY: readonly TransactionStatus[] = [
  'RJCT',
  'CANC',
  'PART',
  'RCVD',
  'PDNG',
  'ACTC',
  'ACCP',
  'ACWP',
  'ACWC',
  'ACSP',
  'ACSC',
];

export function worstStatus(statuses: readonly TransactionStatus[]): TransactionStatus | undefined {
  let worst: TransactionStatus | undefined;
  for (const status of statuses)
    if (worst === undefined || STATUS_SEVERITY.indexOf(status) < STATUS_SEVERITY.indexOf(worst))
      worst = status;
  return worst;
}

// ---- who may pay from which account ------------------------------------------------------------

export interface Payer {
  customerNumber: string;
  /** Present in corporate context. */
  agreementId?: string;
}

/**
 * §1 "payment permission": the PSU may initiate payments from the account in its context. Private:
 * its own account, or an engagement with payment rights in its private agreement. Corporate: an
 * engagement of that agreement naming the PSU with payment rights (roles, parties.ts). Closed
 * accounts and accounts whose payment permission the bank removed never qualify.
 */
export function mayPayFrom(state: DomainEntities, payer: Payer, account: Account): boolean {
  if (account.status !== 'enabled' || !account.paymentPermission) return false;
  const agreement =
    payer.agreementId === undefined
      ? privateAgreementOf(state, payer.customerNumber)
      : state.agreements.find((candidate) => candidate.id === payer.agreementId);
  if (payer.agreementId === undefined && account.customerNumber === payer.customerNumber)
    return true;
  return (agreement?.engagements ?? []).some(
    (engagement) =>
      engagement.customer === payer.customerNumber &&
      (engagement.account.iban === account.iban || engagement.account.bban === account.bban) &&
      (engagement.paymentRights || rightsOfRoles(engagement.roles).paymentRights),
  );
}

// ---- funds -------------------------------------------------------------------------------------

/** Funds the bank lets the debtor use: the expected balance (booked plus pending) plus the credit line. */
export function availableFunds(account: Account): number {
  return account.balances.expected + account.creditLine;
}

/** What settling the payment's open transfers needs now, debtor currency (debits plus fees). */
export function amountNeeded(payment: Payment): number {
  return detailsOf(payment)
    .transfers.filter((transfer) => transfer.outcome === undefined)
    .reduce((sum, transfer) => sum + transfer.debitMinor + transfer.feeMinor, 0);
}

/**
 * §3.2 / 1.14.2 fundsAvailable: the bank's own decision once it made one (settled: true; rejected
 * for lack of funds: false); before that, whether the debtor account covers the payment now.
 */
export function fundsAvailableOf(state: DomainEntities, payment: Payment): boolean {
  if (payment.fundsAvailable !== undefined) return payment.fundsAvailable;
  if (payment.transactionStatus === 'ACSC') return true;
  const account = state.accounts.find((candidate) => candidate.id === payment.debtorAccountId);
  return account !== undefined && availableFunds(account) >= amountNeeded(payment);
}
