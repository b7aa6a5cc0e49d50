/**
 * The soak's PSUs: one private customer per TPP, so every TPP acts for a PSU of its own (issue
 * #12 "distinct certificates and PSUs"). The sandbox API cannot create customers (§4.3), so the
 * soak's bank starts from the sandbox initial data plus these customers, each with a private
 * agreement and no holdings yet (the TPP opens its accounts over the sandbox API).
 */
import { addDataSet, type CustomerSeed } from '../../main/core/bank/domain/data-set.js';
import { buildInitialState } from '../../main/core/bank/domain/initial-data.js';
import type { DomainState } from '../../main/core/bank/domain/model.js';
import {
  identityNumberCheckDigits,
  validateNorwegianIdentityNumber,
} from '../../main/core/spec/validators/national-identity-number.js';

/**
 * The `index`th mock D-number (decisions.md: mock PSUs log in with a Norwegian identity number):
 * day 41–68 (a D-number adds 40 to the day), born 1980, individual numbers from 100; validated
 * by the same validator the bank uses.
 */
export function mockDNumber(index: number): string {
  const day = 41 + (index % 28);
  const month = 1 + (Math.floor(index / 28) % 12);
  for (let individual = 100 + Math.floor(index / 336) * 10; individual < 500; individual++) {
    const firstNine = `${day}${String(month).padStart(2, '0')}80${individual}`;
    const check = identityNumberCheckDigits(firstNine);
    if (check !== undefined && validateNorwegianIdentityNumber(firstNine + check).ok)
      return firstNine + check;
  }
  throw new Error(`no mock D-number for index ${index}`);
}

export function soakPsus(count: number): CustomerSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    customerNumber: `5${String(i).padStart(7, '0')}`,
    type: 'PRIVATE' as const,
    name: `Soak PSU ${i}`,
    nationalIdentityNumber: mockDNumber(i),
  }));
}

/** The sandbox initial data at `now` plus the soak's PSUs. */
export function soakInitialState(psus: readonly CustomerSeed[], now: Date): DomainState {
  const state = buildInitialState(now);
  addDataSet(
    state,
    {
      customers: psus,
      accounts: [],
      cardAccounts: [],
      corporateAgreements: [],
      accountEntries: [],
      cardEntries: [],
    },
    'initial',
    now,
  );
  return state;
}
