import { describe, expect, it } from 'vitest';
import { mockDNumber, soakInitialState, soakPsus } from '../../../bench/soak/psus.js';
import { validateNorwegianIdentityNumber } from '../../../main/core/spec/index.js';

describe('soak PSUs', () => {
  it('gives each of up to 256 TPPs its own valid mock D-number', () => {
    const numbers = Array.from({ length: 256 }, (_, i) => mockDNumber(i));
    expect(new Set(numbers).size).toBe(256);
    for (const number of numbers)
      expect(validateNorwegianIdentityNumber(number)).toMatchObject({ ok: true, kind: 'd-number' });
  });

  it('adds them to the sandbox initial data as private customers with an empty private agreement', () => {
    const psus = soakPsus(3);
    const state = soakInitialState(psus, new Date('2026-11-21T10:00:00Z'));
    for (const psu of psus) {
      expect(state.customers).toContainEqual({ ...psu, origin: 'initial' });
      expect(state.agreements.find((a) => a.owner === psu.customerNumber)).toMatchObject({
        type: 'PRIVATE',
        engagements: [],
      });
    }
    expect(state.customers.filter((c) => c.name === 'Ola Nordmann')).toHaveLength(1);
  });
});
