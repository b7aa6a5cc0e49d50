import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  CARD_ACCOUNT_STATUSES,
  CASH_ACCOUNT_TYPES,
  ENGAGEMENT_ROLES,
  LEGACY_CASH_ACCOUNT_TYPES,
  LINK_VERBS,
  PAYMENT_PRODUCTS,
  PAYMENT_SERVICES,
  PSD2_CERTIFICATE_ROLES,
  PSU_CONTEXTS,
  PSU_HTTP_METHODS,
  SANDBOX_BALANCE_TYPES,
  SCA_STATUSES,
  TPP_ROLE_BY_CERTIFICATE_ROLE,
  TRANSACTION_STATUSES,
  cashAccountTypeFromAny,
  presentCashAccountType,
} from '../../../main/core/spec/index.js';
import { decisionsText, listAfter, section } from './specText.js';

const words = (text: string) =>
  text.split(/[\s,]+|\bor\b/).filter((word) => /^[A-Za-z_]+$/.test(word));

describe('enumerations read from the spec', () => {
  it('§3.1 scaStatus', () => {
    expect([...SCA_STATUSES]).toEqual(listAfter('States:', section('### 3.1')));
  });

  it('§3.2 transactionStatus', () => {
    expect([...TRANSACTION_STATUSES]).toEqual(listAfter('States:', section('### 3.2')));
  });

  it('§3.3 sandbox card account status', () => {
    expect([...CARD_ACCOUNT_STATUSES]).toEqual(listAfter('States:', section('### 3.3')));
  });

  it('§2.6 cashAccountType', () => {
    const row = /\| cashAccountType \| string: ([A-Z, ]+) \|/.exec(section('### 2.6'));
    expect([...CASH_ACCOUNT_TYPES]).toEqual(row![1]!.split(', '));
  });

  it('§2.6 engagement roles', () => {
    const row = /\| roles \| array of string: ([A-Z_, ]+) \|/.exec(section('### 2.6'));
    expect([...ENGAGEMENT_ROLES]).toEqual(row![1]!.split(', '));
  });

  it('§2.6 balanceType', () => {
    const match = /`balanceType` string: `(\w+)` or `(\w+)`/.exec(section('### 2.6'));
    expect([...SANDBOX_BALANCE_TYPES]).toEqual([match![1], match![2]]);
  });

  it('§4.2.3 bookingStatus, §4.1 PSU-Context and PSU-HTTP-Method, §2.1 verbs', () => {
    expect([...BOOKING_STATUSES]).toEqual(['booked', 'pending', 'both']);
    expect(section('#### 4.2.3')).toContain('booked, pending or both');
    expect([...PSU_CONTEXTS]).toEqual(['PRIVATE', 'CORPORATE']);
    const method = /\| PSU-HTTP-Method \| string \| ([A-Z, or]+), forwarded/.exec(
      section('### 4.1'),
    );
    expect([...PSU_HTTP_METHODS]).toEqual(words(method![1]!));
    expect([...LINK_VERBS]).toEqual(['GET', 'PUT', 'POST', 'DELETE']);
  });

  it('payment services and products as decisions.md lists them', () => {
    const services = [...decisionsText.matchAll(/`((?:bulk-|periodic-)?payments)`/g)].map(
      (m) => m[1],
    );
    expect([...PAYMENT_SERVICES]).toEqual(services);
    for (const product of PAYMENT_PRODUCTS)
      expect(decisionsText.replace(/\s+/g, ' ')).toContain(`\`${product}\``);
    expect(PAYMENT_PRODUCTS).toHaveLength(6);
  });

  it('PSD2 certificate roles map to TPP roles PSP_AI→AISP, PSP_PI→PISP only', () => {
    expect([...PSD2_CERTIFICATE_ROLES]).toEqual(['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC']);
    expect(TPP_ROLE_BY_CERTIFICATE_ROLE).toEqual({
      PSP_AS: null,
      PSP_PI: 'PISP',
      PSP_AI: 'AISP',
      PSP_IC: null,
    });
  });
});

describe('cashAccountType legacy representation (before cash-account-type-iso)', () => {
  it('maps every ISO code to a distinct legacy value and back', () => {
    const legacy = Object.values(LEGACY_CASH_ACCOUNT_TYPES);
    expect(new Set(legacy).size).toBe(CASH_ACCOUNT_TYPES.length);
    for (const code of CASH_ACCOUNT_TYPES) {
      expect(cashAccountTypeFromAny(presentCashAccountType(code, false))).toBe(code);
      expect(presentCashAccountType(code, true)).toBe(code);
    }
    expect(presentCashAccountType('CACC', false)).toBe('Current');
    expect(cashAccountTypeFromAny('nonsense')).toBeUndefined();
  });
});
