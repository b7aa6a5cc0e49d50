/**
 * A consent made through one bank process of a shared sandbox, for the tests that read it
 * through another.
 */
import { expect } from 'vitest';
import { benchRequest, type Seal } from '../../../bench/bank-entities';
import type { Bank } from '../../../main/core/bank/index';

/** A consent made through `bank` (201 expected): its id. */
export async function createConsent(bank: Bank, seal: Seal): Promise<string> {
  const response = await bank.handle(
    benchRequest(
      seal,
      'POST',
      '/v1/consents',
      {
        access: { accounts: [{ iban: 'NO5297100512347' }] },
        recurringIndicator: true,
        validUntil: '2099-12-31',
        frequencyPerDay: 4,
      },
      true,
    ),
  );
  expect(response.status).toBe(201);
  return (JSON.parse(response.body) as { consentId: string }).consentId;
}
