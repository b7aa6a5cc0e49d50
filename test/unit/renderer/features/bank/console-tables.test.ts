/** The bank console's human tables (renderer/src/features/bank/console-tables.ts). */
import { describe, expect, it } from 'vitest';
import {
  consoleTables,
  filterRows,
  formatMinor,
  formatWhen,
} from '../../../../../renderer/src/features/bank/console-tables';

const snapshot = {
  state: {
    customers: [{ customerNumber: '10000001', name: 'Ola Nordmann', type: 'PRIVATE' }],
    accounts: [
      {
        id: 'acc-1',
        customerNumber: '10000001',
        accountName: 'Brukskonto',
        iban: 'NO5297100512347',
        currency: 'NOK',
        balances: { closingBooked: 123450, expected: 0 },
        status: 'enabled',
        paymentPermission: false,
      },
    ],
    cardAccounts: [
      { resourceId: 'card-1', customerNumber: '10000001', name: 'Visa', status: 'blocked' },
    ],
    consents: [
      { consentId: 'c1', tppId: 'tpp', customerNumber: '10000001', consentStatus: 'valid' },
      { consentId: 'c2', tppId: 'tpp', customerNumber: '10000001', consentStatus: 'revokedByPsu' },
    ],
    grants: [
      { consentId: 'c1', accountId: 'acc-1' },
      { consentId: 'c2', accountId: 'acc-1', revokedAt: '2026-01-01T00:00:00Z' },
    ],
  },
};

describe('bank console tables', () => {
  it('shows amounts in major units with the currency, and dates', () => {
    expect(formatMinor(123450, 'NOK')).toBe('1,234.50 NOK');
    expect(formatMinor(500, 'JPY')).toBe('500 JPY');
    expect(formatMinor('x', 'NOK')).toBe('');
    expect(formatWhen('2026-04-01')).toBe('2026-04-01');
    expect(formatWhen('2026-04-01T12:00:05.000Z')).toBe('2026-04-01 12:00:05 UTC');
  });

  it('builds rows with the actions the bank offers on them', () => {
    const tables = consoleTables(snapshot, []);
    const accounts = tables.find((t) => t.name === 'accounts')!;
    expect(accounts.rows[0]!.cells).toMatchObject({
      booked: '1,234.50 NOK',
      owner: 'Ola Nordmann (10000001)',
      status: 'enabled, no payments',
    });
    const consents = tables.find((t) => t.name === 'consents')!;
    expect(consents.rows.map((r) => [r.id, r.cells.accounts, r.actions.length])).toEqual([
      ['c1', '1', 1],
      ['c2', '0', 0],
    ]);
    const card = tables.find((t) => t.name === 'cardAccounts')!.rows[0]!;
    expect(card.actions[0]).toMatchObject({
      kind: 'cardStatus',
      label: 'Unblock',
      status: 'enabled',
    });
    expect(consoleTables(undefined, [])).toEqual([]);
  });

  it("reads sessions from the bank's §3.4 view, not the stored record", () => {
    const tables = consoleTables(snapshot, [
      {
        tppSessionId: 's1',
        tppId: 'tpp',
        customerNumber: '10000001',
        context: 'PRIVATE',
        state: 'expired',
        scaCompletedAt: '2026-01-01T10:00:00.000Z',
        scaValidUntil: '2026-01-01T11:00:00.000Z',
      },
    ]);
    const row = tables.find((t) => t.name === 'sessions')!.rows[0]!;
    expect(row.cells.state).toBe('expired');
    expect(row.cells.until).toBe('2026-01-01 11:00:00 UTC');
  });

  it('filters rows by every word of the filter', () => {
    const rows = consoleTables(snapshot, []).find((t) => t.name === 'consents')!.rows;
    expect(filterRows(rows, 'revoked ola').map((r) => r.id)).toEqual(['c2']);
    expect(filterRows(rows, '  ')).toHaveLength(2);
    expect(filterRows(rows, 'nobody')).toEqual([]);
  });
});
