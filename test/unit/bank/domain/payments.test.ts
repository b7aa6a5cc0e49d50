/** §3.2 transaction status transitions (domain/payments.ts) and their table in docs/payments.md. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  IllegalPaymentTransition,
  PAYMENT_TRANSITIONS,
  setTransactionStatus,
  worstStatus,
} from '../../../../main/core/bank/domain/payments.js';
import type { Payment } from '../../../../main/core/bank/domain/model.js';

describe('PAYMENT_TRANSITIONS', () => {
  it('is the table in docs/payments.md, row for row', () => {
    const docs = readFileSync(new URL('../../../../docs/payments.md', import.meta.url), 'utf8');
    const section = docs.split('<!-- payment-transitions')[1]!.split('\n\nACSC, PART')[0]!;
    const documented = [...section.matchAll(/^\|\s*([A-Z]{4})\s*\|\s*([A-Z]{4})\s*\|/gm)].map(
      (m) => `${m[1]}→${m[2]}`,
    );
    const coded = Object.entries(PAYMENT_TRANSITIONS).flatMap(([from, targets]) =>
      targets.map((to) => `${from}→${to}`),
    );
    expect(documented.sort()).toEqual(coded.sort());
  });

  it('records allowed moves in the history and refuses the others', () => {
    const payment = { transactionStatus: 'RCVD', statusHistory: [] } as unknown as Payment;
    setTransactionStatus(payment, 'ACTC', new Date('2026-01-01T10:00:00Z'), 'authorised');
    expect(payment.statusHistory).toEqual([
      { transactionStatus: 'ACTC', at: '2026-01-01T10:00:00.000Z', reason: 'authorised' },
    ]);
    expect(() => setTransactionStatus(payment, 'RCVD', new Date())).toThrow(
      IllegalPaymentTransition,
    );
    setTransactionStatus(payment, 'ACSC', new Date());
    expect(() => setTransactionStatus(payment, 'CANC', new Date())).toThrow(
      IllegalPaymentTransition,
    );
  });

  it('orders statuses worst first (§3.2 basket: the worst case)', () => {
    expect(worstStatus(['ACSC', 'ACTC', 'RCVD'])).toBe('RCVD');
    expect(worstStatus(['ACSC', 'CANC', 'RJCT'])).toBe('RJCT');
    expect(worstStatus(['ACSC', 'CANC'])).toBe('CANC');
    expect(worstStatus(['ACSC'])).toBe('ACSC');
    expect(worstStatus([])).toBeUndefined();
  });
});
