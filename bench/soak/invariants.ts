/**
 * The soak's invariants: pure functions over the bank state before and after the load
 * and what the simulated TPPs observed on the wire. Each returns the problems it found; the soak
 * passes when every list is empty. The figures a TPP saw (amounts, fees, deposits, final statuses)
 * are compared with the bank's ledger and balances, so a bank that moves money without an entry,
 * books a payment twice, or forgets a revocation fails here — unit tests prove each one.
 */
import type {
  AccountTransactionRecord,
  DomainSnapshot,
} from '../../main/core/bank/domain/model.js';
import { FINAL_TRANSACTION_STATUSES } from '../../main/core/bank/domain/payments.js';
import { FEE_BANK_TRANSACTION_CODE } from '../../main/core/bank/domain/payments-settlement.js';
import type { TransactionStatus } from '../../main/core/spec/enums.js';

/** A payment as its TPP knows it: what it sent, the fee it was quoted, what it meant to do. */
export interface PaymentRecord {
  tppId: string;
  paymentId: string;
  debtorAccountId: string;
  creditorIban: string;
  /** Instructed amount, minor units of `currency` (the debtor account's currency). */
  amountMinor: number;
  currency: string;
  /** §2.3 transactionFees of the initiation answer, minor units (0 when none). */
  feeMinor: number;
  /** What the PSU was told to do: confirm the SCA, cancel it, or the TPP deletes the payment. */
  intent: 'confirm' | 'cancel' | 'delete';
  /** Every transactionStatus the TPP read, in order. */
  seen: string[];
}

/** A booked credit a TPP created through the sandbox API (§4.3) and the bank acknowledged. */
export interface DepositRecord {
  accountId: string;
  amountMinor: number;
  currency: string;
}

/** One AIS read and what the TPP expected from the consent state it had just set up. */
export interface AccessRecord {
  tppId: string;
  accountId: string;
  expected: 'allowed' | 'refused';
  /** Why the TPP expects it, e.g. 'granted on the consent screen', 'revoked in the bank'. */
  because: string;
  status: number;
}

export interface SoakEvidence {
  before: DomainSnapshot;
  after: DomainSnapshot;
  payments: readonly PaymentRecord[];
  deposits: readonly DepositRecord[];
  access: readonly AccessRecord[];
  /** Accounts whose balances TPPs set directly (§4.3 change balance): no sum explains them. */
  balanceSetAccounts: ReadonlySet<string>;
  traffic: {
    serverErrors: number;
    dropped: number;
    evidence: readonly string[];
  };
  memory: { warmRssBytes: number; endRssBytes: number };
}

export interface InvariantResult {
  name: string;
  problems: string[];
}

/** Resident memory at the end may be at most this multiple of the memory after warm-up. */
export const MAX_MEMORY_GROWTH = 1.5;
const SHOWN_PROBLEMS = 10;

const isFinal = (status: string) =>
  (FINAL_TRANSACTION_STATUSES as readonly string[]).includes(status);

function newEntries(before: DomainSnapshot, after: DomainSnapshot): AccountTransactionRecord[] {
  const known = new Set(before.accountTransactions.map((entry) => entry.id));
  return after.accountTransactions.filter((entry) => !known.has(entry.id));
}

function accountsInBoth(evidence: SoakEvidence) {
  const before = new Map(evidence.before.accounts.map((account) => [account.id, account]));
  return evidence.after.accounts.flatMap((account) => {
    const was = before.get(account.id);
    return was && !evidence.balanceSetAccounts.has(account.id) ? [{ was, now: account }] : [];
  });
}

export function checkTraffic(evidence: SoakEvidence): InvariantResult[] {
  const { serverErrors, dropped, evidence: shown } = evidence.traffic;
  return [
    {
      name: 'zero 5xx answers',
      problems: serverErrors > 0 ? [`${serverErrors} answers with status 5xx`, ...shown] : [],
    },
    {
      name: 'zero dropped connections',
      problems: dropped > 0 ? [`${dropped} requests got no HTTP answer`] : [],
    },
  ];
}

/** §3.2: every payment ends in exactly one final status, the one its intent allows. */
export function checkFinalStatuses(evidence: SoakEvidence): InvariantResult {
  const problems: string[] = [];
  const payments = new Map(evidence.after.payments.map((p) => [p.paymentId, p]));
  const allowed: Record<PaymentRecord['intent'], readonly TransactionStatus[]> = {
    confirm: ['ACSC', 'RJCT'],
    cancel: ['RJCT', 'CANC'],
    delete: ['CANC'],
  };
  for (const record of evidence.payments) {
    const payment = payments.get(record.paymentId);
    if (!payment) {
      problems.push(`${record.paymentId}: acknowledged with 201 but not in the bank`);
      continue;
    }
    const finals = payment.statusHistory.filter((step) => isFinal(step.transactionStatus));
    if (!isFinal(payment.transactionStatus))
      problems.push(
        `${record.paymentId}: ended in ${payment.transactionStatus}, not a final status`,
      );
    else if (finals.length !== 1)
      problems.push(
        `${record.paymentId}: ${finals.length} final statuses (${finals.map((s) => s.transactionStatus).join(', ')})`,
      );
    else if (!allowed[record.intent].includes(payment.transactionStatus))
      problems.push(
        `${record.paymentId}: ${payment.transactionStatus} after '${record.intent}' (expected ${allowed[record.intent].join(' or ')})`,
      );
    const seenFinals = [...new Set(record.seen.filter(isFinal))];
    if (seenFinals.length > 1)
      problems.push(`${record.paymentId}: the TPP read ${seenFinals.join(' then ')}`);
    const last = record.seen.at(-1);
    if (last !== undefined && last !== payment.transactionStatus)
      problems.push(
        `${record.paymentId}: the TPP last read ${last}, the bank has ${payment.transactionStatus}`,
      );
  }
  return { name: 'every payment has exactly one final status', problems };
}

/** §4.3 rule 1: a settled payment is on the ledger once — one debit, one credit if internal, one
 * fee. */
export function checkLedgerEntries(evidence: SoakEvidence): InvariantResult {
  const problems: string[] = [];
  const byPayment = new Map<string, AccountTransactionRecord[]>();
  for (const entry of evidence.after.accountTransactions)
    if (entry.paymentId !== undefined)
      byPayment.set(entry.paymentId, [...(byPayment.get(entry.paymentId) ?? []), entry]);
  const payments = new Map(evidence.after.payments.map((p) => [p.paymentId, p]));
  const accountByIban = new Map(evidence.after.accounts.map((a) => [a.iban, a]));
  for (const record of evidence.payments) {
    const payment = payments.get(record.paymentId);
    if (!payment) continue; // reported by checkFinalStatuses
    const entries = byPayment.get(record.paymentId) ?? [];
    const where = `${record.paymentId} (${payment.transactionStatus})`;
    if (payment.transactionStatus !== 'ACSC') {
      if (entries.length > 0)
        problems.push(`${where}: ${entries.length} ledger entries, expected none`);
      continue;
    }
    const fees = entries.filter((e) => e.bankTransactionCode === FEE_BANK_TRANSACTION_CODE);
    const debits = entries.filter(
      (e) =>
        e.bankTransactionCode !== FEE_BANK_TRANSACTION_CODE &&
        e.accountId === record.debtorAccountId &&
        e.amount < 0,
    );
    const credits = entries.filter((e) => !fees.includes(e) && !debits.includes(e));
    const creditor = accountByIban.get(record.creditorIban);
    const expectCredit = creditor !== undefined && creditor.currency === record.currency;
    if (debits.length !== 1 || debits[0]!.amount !== -record.amountMinor)
      problems.push(
        `${where}: debits ${JSON.stringify(debits.map((e) => e.amount))}, expected one of ${-record.amountMinor}`,
      );
    if (
      expectCredit
        ? credits.length !== 1 ||
          credits[0]!.amount !== record.amountMinor ||
          credits[0]!.accountId !== creditor.id
        : credits.length !== 0
    )
      problems.push(
        `${where}: credits ${JSON.stringify(credits.map((e) => [e.accountId, e.amount]))}, expected ${expectCredit ? `one of ${record.amountMinor} on ${creditor.id}` : 'none (creditor outside the bank)'}`,
      );
    if (
      record.feeMinor > 0
        ? fees.length !== 1 || fees[0]!.amount !== -record.feeMinor
        : fees.length !== 0
    )
      problems.push(
        `${where}: fee entries ${JSON.stringify(fees.map((e) => e.amount))}, quoted fee ${record.feeMinor}`,
      );
    const ids = new Set(payment.transactionIds);
    if (ids.size !== entries.length || entries.some((e) => !ids.has(e.id)))
      problems.push(`${where}: transactionIds do not name exactly its ledger entries`);
  }
  return { name: 'every settled payment appears once in the ledger', problems };
}

/** Each account's balances moved by exactly the entries posted on it during the run. */
export function checkBalancesFollowLedger(evidence: SoakEvidence): InvariantResult {
  const problems: string[] = [];
  const entries = newEntries(evidence.before, evidence.after);
  for (const { was, now } of accountsInBoth(evidence)) {
    const mine = entries.filter((e) => e.accountId === now.id);
    const booked = mine.filter((e) => e.status === 'booked').reduce((sum, e) => sum + e.amount, 0);
    const all = mine.reduce((sum, e) => sum + e.amount, 0);
    const movedBooked = now.balances.closingBooked - was.balances.closingBooked;
    const movedExpected = now.balances.expected - was.balances.expected;
    if (movedBooked !== booked || movedExpected !== all)
      problems.push(
        `${now.id}: closingBooked moved ${movedBooked} and expected ${movedExpected}, its new entries sum to ${booked} booked and ${all} in all`,
      );
  }
  return { name: 'balances move only by ledger entries', problems };
}

/**
 * Money is conserved: per currency, the bank's balances changed by what came in (the deposits the
 * TPPs made) minus what left (settled payments to creditors outside the bank, and fees) — computed
 * from what the TPPs were told, not from the ledger.
 */
export function checkMoneyConserved(evidence: SoakEvidence): InvariantResult {
  const problems: string[] = [];
  const expected = new Map<string, number>();
  const add = (currency: string, amount: number) =>
    expected.set(currency, (expected.get(currency) ?? 0) + amount);
  for (const deposit of evidence.deposits) add(deposit.currency, deposit.amountMinor);
  const settled = new Set(
    evidence.after.payments.filter((p) => p.transactionStatus === 'ACSC').map((p) => p.paymentId),
  );
  const internal = new Set(evidence.after.accounts.map((a) => `${a.iban}/${a.currency}`));
  for (const record of evidence.payments) {
    if (!settled.has(record.paymentId)) continue;
    add(record.currency, -record.feeMinor);
    if (!internal.has(`${record.creditorIban}/${record.currency}`))
      add(record.currency, -record.amountMinor);
  }
  const moved = new Map<string, number>();
  for (const { was, now } of accountsInBoth(evidence))
    moved.set(
      now.currency,
      (moved.get(now.currency) ?? 0) + now.balances.closingBooked - was.balances.closingBooked,
    );
  for (const currency of new Set([...expected.keys(), ...moved.keys()])) {
    const want = expected.get(currency) ?? 0;
    const got = moved.get(currency) ?? 0;
    if (want !== got)
      problems.push(
        `${currency}: balances moved ${got} minor units; deposits minus outgoing payments and fees are ${want}`,
      );
  }
  return { name: 'money is conserved', problems };
}

/** No settled payment took an account below its credit line (funds = expected + credit line). */
export function checkCreditLines(evidence: SoakEvidence): InvariantResult {
  const problems: string[] = [];
  const entries = newEntries(evidence.before, evidence.after);
  for (const { was, now } of accountsInBoth(evidence)) {
    let expected = was.balances.expected;
    for (const entry of entries) {
      if (entry.accountId !== now.id) continue;
      expected += entry.amount;
      if (entry.origin === 'payment' && entry.amount < 0 && expected + now.creditLine < 0)
        problems.push(
          `${now.id}: payment ${entry.paymentId} left expected ${expected} with credit line ${now.creditLine}`,
        );
    }
  }
  return { name: 'no settled payment went below a credit line', problems };
}

/** §1: what a TPP could read follows the PSU's grants and revocations and the TPP's deletions. */
export function checkAccess(evidence: SoakEvidence): InvariantResult {
  const problems = evidence.access
    .filter((read) =>
      read.expected === 'allowed' ? read.status !== 200 : read.status === 200 || read.status >= 500,
    )
    .map(
      (read) =>
        `${read.tppId} read ${read.accountId}: ${read.status}, expected ${read.expected} (${read.because})`,
    );
  return { name: 'consent grants and revocations are reflected in reads', problems };
}

export function checkMemory(evidence: SoakEvidence): InvariantResult {
  const { warmRssBytes, endRssBytes } = evidence.memory;
  const ratio = endRssBytes / warmRssBytes;
  return {
    name: `memory after the run within ${MAX_MEMORY_GROWTH}× of after warm-up`,
    problems:
      ratio > MAX_MEMORY_GROWTH
        ? [`resident memory grew ${ratio.toFixed(2)}× (${mib(warmRssBytes)} → ${mib(endRssBytes)})`]
        : [],
  };
}

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export function checkInvariants(evidence: SoakEvidence): InvariantResult[] {
  return [
    ...checkTraffic(evidence),
    checkFinalStatuses(evidence),
    checkLedgerEntries(evidence),
    checkBalancesFollowLedger(evidence),
    checkMoneyConserved(evidence),
    checkCreditLines(evidence),
    checkAccess(evidence),
    checkMemory(evidence),
  ].map((result) => ({
    name: result.name,
    problems:
      result.problems.length > SHOWN_PROBLEMS
        ? [
            ...result.problems.slice(0, SHOWN_PROBLEMS),
            `… and ${result.problems.length - SHOWN_PROBLEMS} more`,
          ]
        : result.problems,
  }));
}
