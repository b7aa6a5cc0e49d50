/**
 * The composer's example bodies (main/api/services/composer/example-body.ts): a payment template
 * pays from and to accounts the embedded bank holds, so it works as shipped.
 */
import { describe, expect, it } from 'vitest';
import { endpointCatalogue } from '../../../../../main/api/services/composer/endpoint-catalogue';
import { buildInitialState } from '../../../../../main/core/bank/index';

const now = new Date('2026-11-29T10:00:00Z');

describe('the payment templates', () => {
  const held = (mode: 'sandbox' | 'production') =>
    new Set(buildInitialState(now, mode).accounts.map((account) => account.iban));

  it('pay from and to accounts of the bank, in both modes', () => {
    const payments = endpointCatalogue(undefined, now).endpoints.filter(
      (endpoint) =>
        endpoint.method === 'POST' &&
        /^\/v1\/(payments|periodic-payments)\/\{payment-product\}$/.test(endpoint.pathTemplate) &&
        endpoint.exampleBody,
    );
    expect(payments.length).toBeGreaterThan(0);
    for (const endpoint of payments) {
      const body = JSON.parse(endpoint.exampleBody!) as {
        debtorAccount?: { iban?: string };
        creditorAccount?: { iban?: string };
      };
      for (const mode of ['sandbox', 'production'] as const) {
        expect([endpoint.operationId, held(mode).has(body.debtorAccount!.iban!)]).toEqual([
          endpoint.operationId,
          true,
        ]);
        expect(held(mode).has(body.creditorAccount!.iban!)).toBe(true);
      }
      expect(body.debtorAccount!.iban).not.toBe(body.creditorAccount!.iban);
    }
  });
});
