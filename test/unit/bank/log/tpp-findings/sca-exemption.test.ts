/**
 * A payment the bank exempted from SCA (log/tpp-findings/sca-exemption.ts, §3.1): read, it passes;
 * sent again (same debtor, creditor and amount) or asked an SCA of, it fails. A payment answered
 * with scaRedirect, a further payment the TPP declares (allowLogicalDuplicate), one after the
 * duplicate window, or one in flight with the first are not judged.
 */
import { describe, expect, it } from 'vitest';
import { BANK_ROUTES } from '../../../../../main/core/bank/handlers/routes.js';
import type { ExchangeRecord } from '../../../../../main/core/bank/log/request-log.js';
import { LOGICAL_DUPLICATE_WINDOW_MS } from '../../../../../main/core/bank/domain/payments.js';
import { paymentKey } from '../../../../../main/core/bank/log/tpp-findings/sca-exemption.js';
import {
  TppFindingsRecorder,
  type Observation,
} from '../../../../../main/core/bank/log/tpp-findings/recorder.js';

const route = (method: string, path: string) =>
  BANK_ROUTES.find((entry) => entry.method === method && entry.path === path)!;
const INITIATE = route('POST', '/v1/payments/{payment-product}');
const STATUS = route('GET', '/v1/payments/{payment-product}/{paymentId}/status');
const PATH = '/v1/payments/sepa-credit-transfers';
const START = Date.parse('2026-01-01T00:00:00.000Z');

const body = (amount = '100.00', creditor = 'NO5297100512347') =>
  JSON.stringify({
    instructedAmount: { amount, currency: 'NOK' },
    debtorAccount: { iban: 'NO8330001234567', currency: 'NOK' },
    creditorAccount: { iban: creditor, currency: 'NOK' },
    creditorName: 'Creditor',
  });

let nextId = 1;
function exchange(
  at: number,
  request: { method: string; target: string; bodyText?: string },
  status: number,
  answer?: unknown,
  matched?: typeof INITIATE,
): Observation {
  const record: ExchangeRecord = {
    id: nextId++,
    mode: 'sandbox',
    receivedAt: new Date(START + at).toISOString(),
    arrivedAt: new Date(START + at).toISOString(),
    durationMs: 5,
    stageTimings: {},
    request: { ...request, headers: {}, bodySize: request.bodyText?.length ?? 0 },
    response: { status, headers: {}, body: undefined },
  };
  return { ...(matched ? { route: matched } : {}), record, responseBody: answer };
}

/** A 201 to an initiation: exempted (no scaRedirect) unless `redirect`. */
const initiated = (at: number, id: string, options: { redirect?: boolean; text?: string } = {}) =>
  exchange(
    at,
    { method: 'POST', target: PATH, bodyText: options.text ?? body() },
    201,
    {
      transactionStatus: options.redirect ? 'RCVD' : 'ACTC',
      paymentId: id,
      _links: {
        ...(options.redirect ? { scaRedirect: { href: 'https://bank/sca' } } : {}),
        status: { href: `${PATH}/${id}/status` },
      },
    },
    INITIATE,
  );
const again = (at: number, target = PATH, text = body()) =>
  exchange(at, { method: 'POST', target, bodyText: text }, 409, undefined, INITIATE);
const statusRead = (at: number, id: string) =>
  exchange(at, { method: 'GET', target: `${PATH}/${id}/status` }, 200, {}, STATUS);

function judged(...observations: Observation[]) {
  const recorder = new TppFindingsRecorder({ mode: 'sandbox' });
  for (const observation of observations) recorder.observe(observation);
  const rule = recorder.report().rules.find((entry) => entry.id === 'TPP-SCA-EXEMPTION-HONOURED')!;
  return { passes: rule.passes, failures: rule.failures, texts: rule.findings.map((f) => f.text) };
}

describe('TPP-SCA-EXEMPTION-HONOURED', () => {
  it('passes the first read of an exempted payment, once', () => {
    expect(judged(initiated(0, 'p1'), statusRead(1000, 'p1'), statusRead(2000, 'p1'))).toEqual({
      passes: 1,
      failures: 0,
      texts: [expect.stringMatching(/^followed the payment the bank exempted/)],
    });
  });

  it('fails the same payment initiated again, whatever the amount’s spelling, read or not', () => {
    const result = judged(
      initiated(0, 'p1'),
      statusRead(1000, 'p1'),
      again(2000, PATH, body('100')),
    );
    expect(result).toMatchObject({ passes: 1, failures: 1 });
    expect(result.texts[0]).toMatch(/^initiated the payment of exchange #\d+ again/);
  });

  it('fails a POST …/authorisations on the exempted payment, which the bank answers with no route', () => {
    const result = judged(
      initiated(0, 'p1'),
      exchange(1000, { method: 'POST', target: `${PATH}/p1/authorisations`, bodyText: '{}' }, 405),
    );
    expect(result.failures).toBe(1);
    expect(result.texts[0]).toMatch(/^asked for an SCA of payment \/v1\/payments\/.*\/p1/);
  });

  it('judges nothing of a payment answered with scaRedirect, another payment, a declared duplicate, one past the window, or one in flight', () => {
    expect(judged(initiated(0, 'p1', { redirect: true }), again(1000))).toMatchObject({
      passes: 0,
      failures: 0,
    });
    expect(
      judged(
        initiated(0, 'p1'),
        again(1000, PATH, body('100.00', 'NO6997100712346')),
        again(1000, PATH, body('100.01')),
        again(1000, `${PATH}?allowLogicalDuplicate=true`),
        again(LOGICAL_DUPLICATE_WINDOW_MS),
        // Sent before the 201 went out (5 ms after its arrival).
        again(2),
      ),
    ).toMatchObject({ passes: 0, failures: 0 });
  });

  it('keeps the exempted payments across serialise and restore', () => {
    const recorder = new TppFindingsRecorder({ mode: 'sandbox' });
    recorder.observe(initiated(0, 'p1'));
    const restored = new TppFindingsRecorder({ mode: 'sandbox' });
    restored.restore(JSON.parse(JSON.stringify(recorder.serialise())));
    restored.observe(again(1000));
    expect(
      restored.report().rules.find((entry) => entry.id === 'TPP-SCA-EXEMPTION-HONOURED')!.failures,
    ).toBe(1);
  });

  it('reads no payment from a body that is not one', () => {
    expect(paymentKey('not json')).toBeUndefined();
    expect(paymentKey('[1]')).toBeUndefined();
    expect(paymentKey(undefined)).toBeUndefined();
  });
});
