/**
 * §2.5 card transactions as the production interface shows ledger records (cardTransactionsView):
 * amount strings from minor units, the §9.2 amount mapping and amount-as-string, the §2.5/§8 cuts.
 * The HTTP behaviour of the §4.2.3 read (consent, query, paging, limits) is tested over loopback in
 * test/integration/ais/card-transactions.test.ts and limits.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { defaultDateFrom } from '../../../../main/core/bank/handlers/card-account-transactions.js';
import {
  cardAmountsCorrect,
  presentCardTransaction,
} from '../../../../main/core/bank/handlers/card-transactions-view.js';
import type { AisView } from '../../../../main/core/bank/handlers/ais/common.js';
import { activeFixes, type FixName } from '../../../../main/core/spec/fixes.js';
import { CardTransactionSchema } from '../../../../main/core/spec/schemas/card-accounts.js';
import { SpecValidator } from '../../../../main/core/spec/validation.js';
import type { CardTransactionRecord } from '../../../../main/core/bank/domain/model.js';
import { cardTransaction as fixtureTransaction } from '../fixtures.js';

/** A ledger card transaction (the fixture's country is a plain string, the model's a Country). */
const cardTransaction = (...args: Parameters<typeof fixtureTransaction>) =>
  fixtureTransaction(...args) as unknown as CardTransactionRecord;

const validator = new SpecValidator();

/** The view of a request at `iso` with `x-accept-fix: header`. */
function viewAt(iso: string, header?: string, faults: string[] = []): AisView {
  const now = new Date(iso);
  const fixes = activeFixes(header, now);
  if (!fixes.ok) throw new Error(fixes.error.text);
  return {
    fixes: fixes.active as ReadonlySet<FixName>,
    faults: new Set(faults),
    now,
    mode: 'sandbox',
  };
}

describe('presentCardTransaction', () => {
  const record = cardTransaction('t1', '2024-10-01', 12_345);

  it('shows ledger minor units as §2.5 amount strings, valid against the schema', () => {
    const shown = presentCardTransaction(viewAt('2024-10-10T12:00:00Z'), record)!;
    expect(validator.check(CardTransactionSchema, shown)).toEqual({ ok: true });
    expect(shown).toEqual({
      cardTransactionId: 't1',
      bookingDate: '2024-10-01',
      transactionDate: '2024-10-01',
      transactionAmount: { amount: '123.45', currency: 'NOK' },
      originalAmount: { amount: '11.22', currency: 'EUR' },
      merchantCategoryCode: '5411',
      invoiced: false,
      proprietaryBankTransactionCode: 'PURCHASE',
      transactionDetails: 'Purchase t1',
    });
  });

  it('switches transactionAmount and originalAmount before the fix is default (§9.2), unless asked for', () => {
    const before = viewAt('2024-09-04T12:00:00Z');
    expect(cardAmountsCorrect(before)).toBe(false);
    expect(presentCardTransaction(before, record)!.transactionAmount).toEqual({
      amount: '11.22',
      currency: 'EUR',
    });
    const asked = viewAt(
      '2024-09-04T12:00:00Z',
      'amount-as-string,cardaccount-switch-originalamount-and-transactionamount',
    );
    expect(presentCardTransaction(asked, record)!.transactionAmount).toEqual({
      amount: '123.45',
      currency: 'NOK',
    });
    expect(cardAmountsCorrect(viewAt('2024-09-05T00:00:00Z'))).toBe(true);
  });

  it('serialises amounts as numbers before amount-as-string applies, as strings once asked for', () => {
    const old = cardTransaction('old', '2020-07-01', 500);
    expect(
      presentCardTransaction(viewAt('2020-07-31T12:00:00Z', 'longer-names'), old)!.originalAmount,
    ).toEqual({
      amount: 5,
      currency: 'NOK',
    });
    expect(
      presentCardTransaction(viewAt('2020-07-31T12:00:00Z', 'amount-as-string'), old)!
        .originalAmount,
    ).toEqual({ amount: '5.00', currency: 'NOK' });
  });

  it('cuts cardTransactionId to 35 and transactionDetails to 140 characters (§2.5, §8)', () => {
    const long = {
      ...cardTransaction('x'.repeat(40), '2024-10-01', 100),
      transactionDetails: 'd'.repeat(150),
    };
    const shown = presentCardTransaction(viewAt('2024-10-10T12:00:00Z'), long)!;
    expect(shown.cardTransactionId).toHaveLength(35);
    expect(shown.transactionDetails).toHaveLength(140);
  });

  it('leaves out a record whose amount the interface cannot show (backend data missing, §7.3)', () => {
    const broken: CardTransactionRecord = {
      ...record,
      originalAmount: { currency: 'XYZ', amount: 1 },
    };
    expect(presentCardTransaction(viewAt('2024-10-10T12:00:00Z'), broken)).toBeUndefined();
  });

  it('under its faults breaks exactly the rule it names', () => {
    const faulty = (fault: string) =>
      presentCardTransaction(viewAt('2024-10-10T12:00:00Z', undefined, [fault]), record)!;
    expect(faulty('CARDTX-INVOICED-BOOLEAN').invoiced).toBe('false');
    expect(faulty('CARDTX-TRANSACTION-FIELD-TYPES').bookingDate).toBe('2024-10-01T00:00:00+00:00');
    expect(faulty('FIX-CARD-AMOUNTS-SWITCH').transactionAmount?.currency).toBe('EUR');
    expect(faulty('CARDTX-ID-MAX-35').cardTransactionId).toBe('card-1-t1');
  });
});

describe('defaultDateFrom', () => {
  it('is 90 days before the bank date (§4.2.3 default, §5.3.7)', () => {
    expect(defaultDateFrom(new Date('2025-03-14T10:00:00Z'))).toBe('2024-12-14');
  });
});
