/** The seeded data (domain/initial-data.ts, fixed-test-data.ts): valid, consistent, deterministic. */
import { describe, expect, it } from 'vitest';
import {
  addFixedTestData,
  FIXED_CUSTOMER_NUMBER,
} from '../../../../main/core/bank/domain/fixed-test-data.js';
import { bankDay } from '../../../../main/core/bank/domain/ids.js';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import type { DomainState } from '../../../../main/core/bank/domain/model.js';
import {
  holdingByBban,
  isConsentable,
  ownerOfHolding,
} from '../../../../main/core/bank/domain/parties.js';
import { exportSnapshot, readSnapshot, snapshotStateOf } from '../../../../main/core/bank/state.js';
import { validateIban } from '../../../../main/core/spec/validators/iban.js';
import { validateNorwegianIdentityNumber } from '../../../../main/core/spec/validators/national-identity-number.js';
import { isValidNorwegianBban } from '../../../../main/core/spec/validators/norwegian-bban.js';

const NOW = new Date('2025-03-14T10:00:00Z');

function withFill(now = NOW): DomainState {
  const state = buildInitialState(now);
  addFixedTestData(state, now);
  return state;
}

describe('initial and fixed test data', () => {
  it('is a valid snapshot: every record fits the schema and every reference resolves', () => {
    const state = withFill();
    expect(readSnapshot(exportSnapshot(state, 'sandbox', NOW))).toEqual(snapshotStateOf(state));
  });

  it('is deterministic: the same state for the same clock reading', () => {
    expect(snapshotStateOf(withFill())).toEqual(snapshotStateOf(withFill()));
  });

  it('moves only dates (and card expiry) with the bank clock', () => {
    const later = new Date(NOW.getTime() + 30 * 86_400_000);
    const shift = (state: DomainState) =>
      JSON.stringify(state)
        .replace(/\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?/g, 'DATE')
        .replace(/"expiry":"\d{4}-\d{2}"/g, 'EXPIRY');
    expect(shift(withFill(later))).toBe(shift(withFill()));
    const first = (state: DomainState) => state.ledger.allAccountTransactions()[0]!.bookingDate;
    expect(first(withFill(later))).toBe(bankDay(later, -40));
  });

  it('identity numbers, BBANs and IBANs are valid and unique', () => {
    const state = withFill();
    for (const customer of state.customers)
      expect(validateNorwegianIdentityNumber(customer.nationalIdentityNumber).ok).toBe(true);
    const bbans = [
      ...state.accounts.map((a) => a.bban),
      ...state.cardAccounts.map((c) => c.accountNumber),
    ];
    for (const bban of bbans) expect(isValidNorwegianBban(bban), bban).toBe(true);
    expect(new Set(bbans).size).toBe(bbans.length);
    for (const account of state.accounts) expect(validateIban(account.iban).ok).toBe(true);
    for (const entry of state.ledger.allAccountTransactions()) {
      for (const ref of [entry.creditorAccount, entry.debtorAccount]) {
        expect(validateIban(ref.iban).ok, ref.iban).toBe(true);
        expect(ref.bban).toBe(ref.iban.slice(4));
      }
      expect(entry.bankTransactionCode.length).toBeGreaterThanOrEqual(4);
      expect(entry.bankTransactionCode.length).toBeLessThanOrEqual(14);
    }
  });

  it('balances follow from the history: expected minus closingBooked is the pending sum', () => {
    const state = withFill();
    for (const account of state.accounts) {
      const pending = state.ledger
        .allAccountTransactions()
        .filter((t) => t.accountId === account.id && t.status === 'pending')
        .reduce((sum, t) => sum + t.amount, 0);
      expect(account.balances.expected - account.balances.closingBooked, account.id).toBe(pending);
    }
  });

  it('card transactions keep §4.3 rule 3 and the §8 limits; foreign ones carry currencyExchange', () => {
    const state = withFill();
    const today = bankDay(NOW);
    for (const entry of state.ledger.allCardTransactions()) {
      expect(entry.bookingDate <= entry.transactionDate).toBe(true);
      expect(entry.transactionDate <= today).toBe(true);
      expect(entry.cardTransactionId.length).toBeLessThanOrEqual(35);
      expect(entry.transactionDetails.length).toBeLessThanOrEqual(140);
      if (entry.originalAmount.currency !== entry.transactionAmount.currency)
        expect(entry.currencyExchange).toMatchObject({
          sourceCurrency: entry.originalAmount.currency,
          targetCurrency: entry.transactionAmount.currency,
        });
    }
  });

  it('engagements name accounts of the agreement owner; private ones the owner, corporate ones a person', () => {
    const state = buildInitialState(NOW);
    let withoutRegister = 0;
    for (const agreement of state.agreements)
      for (const engagement of agreement.engagements) {
        const holding = holdingByBban(state, engagement.account.bban)!;
        expect(ownerOfHolding(holding)).toBe(agreement.owner);
        const customer = state.customers.find((c) => c.customerNumber === engagement.customer)!;
        expect(customer.type).toBe('PRIVATE');
        if (agreement.type === 'CORPORATE') expect(engagement.customer).not.toBe(agreement.owner);
        if (!isConsentable(engagement)) withoutRegister++;
      }
    expect(withoutRegister).toBeGreaterThan(0); // §4.3 rule 5 is visible in the data
  });

  it('the fill adds hundreds of entries on its own customer; again replaces it', () => {
    const state = buildInitialState(NOW);
    const initialCount = state.ledger.allAccountTransactions().length;
    const summary = addFixedTestData(state, NOW);
    expect(summary.customers).toEqual([FIXED_CUSTOMER_NUMBER]);
    expect(state.ledger.allAccountTransactions().length - initialCount).toBe(
      summary.accountTransactions,
    );
    expect(summary.accountTransactions).toBeGreaterThan(300);
    expect(summary.cardTransactions).toBeGreaterThan(150);
    const once = snapshotStateOf(state);
    addFixedTestData(state, NOW);
    expect(snapshotStateOf(state)).toEqual(once);
  });
});
