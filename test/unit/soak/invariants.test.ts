/**
 * The soak's invariants must catch a bank that lies: each test starts from a consistent run (one
 * internal and one outgoing payment settled, a deposit, a cancelled payment, allowed and refused
 * reads) that passes, then breaks one thing the way a faulty bank would and expects exactly the
 * matching invariant to report it.
 */
import { describe, expect, it } from 'vitest';
import {
  emptyDomainSnapshot,
  type Account,
  type AccountTransactionRecord,
  type DomainSnapshot,
  type Payment,
} from '../../../main/core/bank/domain/model.js';
import { FEE_BANK_TRANSACTION_CODE } from '../../../main/core/bank/domain/payments-settlement.js';
import {
  checkInvariants,
  type PaymentRecord,
  type SoakEvidence,
} from '../../../bench/soak/invariants.js';

const AT = '2026-11-21T10:00:00.000Z';

function account(id: string, iban: string, balance: number, creditLine = 0): Account {
  return {
    id,
    customerNumber: '10000001',
    accountName: id,
    bban: iban.slice(4),
    iban,
    currency: 'NOK',
    product: 'Brukskonto',
    cashAccountType: 'CACC',
    creditLine,
    balances: { closingBooked: balance, expected: balance },
    status: 'enabled',
    paymentPermission: true,
    origin: 'sandbox',
    createdAt: AT,
  };
}

function entry(
  id: string,
  accountId: string,
  amount: number,
  extra: Partial<AccountTransactionRecord> = {},
): AccountTransactionRecord {
  const party = { iban: 'NO9386011117947', bban: '86011117947' };
  return {
    id,
    accountId,
    amount,
    currency: 'NOK',
    status: 'booked',
    bookingDate: AT.slice(0, 10),
    valueDate: AT.slice(0, 10),
    remittanceInformationUnstructured: '',
    creditorName: 'x',
    creditorAccount: party,
    debtorName: 'y',
    debtorAccount: party,
    bankTransactionCode: 'PMNT-ICDT-DMCT',
    ultimateDebtor: '',
    ultimateCreditor: '',
    purposeCode: 'OTHR',
    origin: 'payment',
    createdAt: AT,
    ...extra,
  };
}

function payment(
  paymentId: string,
  statuses: Payment['transactionStatus'][],
  ids: string[],
): Payment {
  return {
    paymentId,
    paymentService: 'payments',
    paymentProduct: 'sepa-credit-transfers',
    tppId: 'TPP',
    request: {},
    debtorAccountId: 'pay',
    amount: 0,
    currency: 'NOK',
    transactionStatus: statuses.at(-1)!,
    createdAt: AT,
    statusHistory: statuses.map((transactionStatus) => ({ transactionStatus, at: AT })),
    transactionIds: ids,
  };
}

const PAY = 'NO0000000000001';
const OTHER = 'NO0000000000002';
const OUTSIDE = 'NO9386011117947';

/** Before: pay 100 000, other 5 000 (credit line 0), scratch 0 (balance set by a TPP). */
function consistentRun(): SoakEvidence {
  const before: DomainSnapshot = {
    ...emptyDomainSnapshot(),
    accounts: [
      account('pay', PAY, 100_000, 10_000),
      account('other', OTHER, 5_000),
      account('scratch', 'NO0000000000003', 0),
    ],
    accountTransactions: [entry('old', 'pay', 100_000, { origin: 'sandbox' })],
  };
  const after = structuredClone(before);
  // p1: internal 20 000 to `other`, fee 300. p2: outgoing 30 000, no fee. p3: cancelled.
  after.accountTransactions.push(
    entry('p1-debit', 'pay', -20_000, { paymentId: 'p1' }),
    entry('p1-credit', 'other', 20_000, { paymentId: 'p1' }),
    entry('p1-fee', 'pay', -300, {
      paymentId: 'p1',
      bankTransactionCode: FEE_BANK_TRANSACTION_CODE,
    }),
    entry('deposit', 'pay', 7_000, { origin: 'sandbox' }),
    entry('p2-debit', 'pay', -30_000, { paymentId: 'p2' }),
  );
  after.payments.push(
    payment('p1', ['RCVD', 'ACTC', 'ACSC'], ['p1-debit', 'p1-credit', 'p1-fee']),
    payment('p2', ['RCVD', 'ACTC', 'ACSC'], ['p2-debit']),
    payment('p3', ['RCVD', 'CANC'], []),
  );
  const pay = after.accounts[0]!;
  pay.balances = { closingBooked: 56_700, expected: 56_700 };
  after.accounts[1]!.balances = { closingBooked: 25_000, expected: 25_000 };
  after.accounts[2]!.balances = { closingBooked: 999, expected: 999 }; // set by the sandbox API
  const record = (
    paymentId: string,
    creditorIban: string,
    amountMinor: number,
    feeMinor: number,
    intent: PaymentRecord['intent'],
    seen: string[],
  ): PaymentRecord => ({
    tppId: 'TPP',
    paymentId,
    debtorAccountId: 'pay',
    creditorIban,
    amountMinor,
    currency: 'NOK',
    feeMinor,
    intent,
    seen,
  });
  return {
    before,
    after,
    payments: [
      record('p1', OTHER, 20_000, 300, 'confirm', ['RCVD', 'ACTC', 'ACSC']),
      record('p2', OUTSIDE, 30_000, 0, 'confirm', ['RCVD', 'ACSC']),
      record('p3', OUTSIDE, 1_000, 0, 'delete', ['RCVD', 'CANC']),
    ],
    deposits: [{ accountId: 'pay', amountMinor: 7_000, currency: 'NOK' }],
    access: [
      { tppId: 'TPP', accountId: 'pay', expected: 'allowed', because: 'granted', status: 200 },
      { tppId: 'TPP', accountId: 'pay', expected: 'refused', because: 'revoked', status: 404 },
    ],
    balanceSetAccounts: new Set(['scratch']),
    traffic: { serverErrors: 0, dropped: 0, evidence: [] },
    memory: { warmRssBytes: 100 * 2 ** 20, endRssBytes: 140 * 2 ** 20 },
  };
}

function failing(evidence: SoakEvidence): Record<string, string[]> {
  return Object.fromEntries(
    checkInvariants(evidence)
      .filter((result) => result.problems.length > 0)
      .map((result) => [result.name, result.problems]),
  );
}

describe('soak invariants', () => {
  it('pass on a consistent run', () => {
    expect(failing(consistentRun())).toEqual({});
  });

  it('catch 5xx answers and dropped connections', () => {
    const run = consistentRun();
    run.traffic = { serverErrors: 2, dropped: 1, evidence: ['POST x: 500 {}'] };
    expect(Object.keys(failing(run))).toEqual(['zero 5xx answers', 'zero dropped connections']);
  });

  it('catch a payment settled twice (two final statuses, a second debit)', () => {
    const run = consistentRun();
    run.after.payments[1]!.statusHistory.push({ transactionStatus: 'RJCT', at: AT });
    expect(Object.keys(failing(run))).toEqual(['every payment has exactly one final status']);

    const twice = consistentRun();
    twice.after.accountTransactions.push(entry('p2-again', 'pay', -30_000, { paymentId: 'p2' }));
    twice.after.accounts[0]!.balances = { closingBooked: 26_700, expected: 26_700 };
    expect(Object.keys(failing(twice))).toEqual([
      'every settled payment appears once in the ledger',
      'money is conserved',
    ]);
  });

  it('catch a payment left open, a cancelled one settled, and a status the TPP read differently', () => {
    const open = consistentRun();
    open.after.payments[2] = payment('p3', ['RCVD', 'ACTC'], []);
    expect(failing(open)['every payment has exactly one final status']).toEqual([
      'p3: ended in ACTC, not a final status',
      'p3: the TPP last read CANC, the bank has ACTC',
    ]);
    const wrong = consistentRun();
    wrong.payments[2]!.seen.push('ACSC');
    expect(failing(wrong)['every payment has exactly one final status']).toEqual([
      'p3: the TPP read CANC then ACSC',
      'p3: the TPP last read ACSC, the bank has CANC',
    ]);
    const lost = consistentRun();
    lost.after.payments.pop();
    expect(failing(lost)['every payment has exactly one final status']).toEqual([
      'p3: acknowledged with 201 but not in the bank',
    ]);
  });

  it('catch balances moved without a ledger entry (fault SANDBOX-ACCTX-INCLUDES-PAYMENTS)', () => {
    const run = consistentRun();
    run.after.accountTransactions = run.after.accountTransactions.filter(
      (e) => e.id !== 'p2-debit',
    );
    run.after.payments[1]!.transactionIds = [];
    expect(Object.keys(failing(run))).toEqual([
      'every settled payment appears once in the ledger',
      'balances move only by ledger entries',
    ]);
  });

  it('catch money created or destroyed: a fee charged but not quoted, a deposit never booked', () => {
    const fee = consistentRun();
    fee.payments[1]!.feeMinor = 500;
    expect(Object.keys(failing(fee))).toEqual([
      'every settled payment appears once in the ledger',
      'money is conserved',
    ]);
    const deposit = consistentRun();
    deposit.deposits = [...deposit.deposits, { accountId: 'pay', amountMinor: 1, currency: 'NOK' }];
    expect(failing(deposit)).toEqual({
      'money is conserved': [
        'NOK: balances moved -23300 minor units; deposits minus outgoing payments and fees are -23299',
      ],
    });
  });

  it('catch a settled payment that took the account below its credit line', () => {
    const run = consistentRun();
    // 70 000 less on the pay account before: p2 leaves it at −13 300, past its 10 000 credit line.
    run.before.accounts[0]!.balances = { closingBooked: 30_000, expected: 30_000 };
    run.after.accounts[0]!.balances = { closingBooked: -13_300, expected: -13_300 };
    expect(Object.keys(failing(run))).toEqual(['no settled payment went below a credit line']);
  });

  it('catch a read that ignored a revocation or a grant', () => {
    const run = consistentRun();
    run.access = run.access.map((read) => ({ ...read, status: read.status === 200 ? 401 : 200 }));
    expect(failing(run)['consent grants and revocations are reflected in reads']).toHaveLength(2);
  });

  it('catch memory growth past 1.5× of the warm reading', () => {
    const run = consistentRun();
    run.memory.endRssBytes = 151 * 2 ** 20;
    expect(Object.keys(failing(run))).toEqual([
      'memory after the run within 1.5× of after warm-up',
    ]);
  });
});
