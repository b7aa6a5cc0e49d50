/**
 * Payment status polling (log/tpp-findings/payment-polling.ts, docs/tpp-plans.md): the bank's
 * arrival times decide the rate, so these exchanges carry made-up ones; a read closer than the
 * bound to the previous read of the same payment fails, and so does any read after a final status.
 */
import { describe, expect, it } from 'vitest';
import { BANK_ROUTES } from '../../../../../main/core/bank/handlers/routes.js';
import type { ExchangeRecord } from '../../../../../main/core/bank/log/request-log.js';
import { MIN_STATUS_POLL_INTERVAL_MS } from '../../../../../main/core/bank/log/tpp-findings/payment-polling.js';
import { TppFindingsRecorder } from '../../../../../main/core/bank/log/tpp-findings/recorder.js';

const STATUS = BANK_ROUTES.find(
  (route) =>
    route.method === 'GET' && route.path === '/v1/payments/{payment-product}/{paymentId}/status',
)!;
const START = Date.parse('2026-01-01T00:00:00.000Z');

let nextId = 1;
/** A status read of `payment` arriving `at` ms after START, answered `transactionStatus`. */
function statusRead(payment: string, at: number, transactionStatus: string) {
  const record: ExchangeRecord = {
    id: nextId++,
    mode: 'sandbox',
    receivedAt: new Date(START + at).toISOString(),
    arrivedAt: new Date(START + at).toISOString(),
    durationMs: 5,
    stageTimings: {},
    request: {
      method: 'GET',
      target: `/v1/payments/sepa-credit-transfers/${payment}/status`,
      headers: {},
      bodySize: 0,
    },
    response: { status: 200, headers: {}, body: undefined },
  };
  return { route: STATUS, record, responseBody: { transactionStatus } };
}

function polling(...reads: ReturnType<typeof statusRead>[]) {
  const recorder = new TppFindingsRecorder({ mode: 'sandbox' });
  for (const read of reads) recorder.observe(read);
  const rule = recorder.report().rules.find((entry) => entry.id === 'TPP-PAYMENT-STATUS-POLLING')!;
  return { passes: rule.passes, failures: rule.failures, texts: rule.findings.map((f) => f.text) };
}

describe('TPP-PAYMENT-STATUS-POLLING', () => {
  it('passes reads of one payment the bound apart, up to its final status', () => {
    const bound = MIN_STATUS_POLL_INTERVAL_MS;
    expect(
      polling(
        statusRead('a', 0, 'ACTC'),
        statusRead('a', bound, 'ACTC'),
        statusRead('a', 2 * bound, 'ACSC'),
      ),
    ).toMatchObject({ passes: 3, failures: 0 });
  });

  it('fails a read closer than the bound to the previous read of the same payment only', () => {
    const result = polling(
      statusRead('a', 0, 'ACTC'),
      statusRead('b', 10, 'ACTC'),
      statusRead('a', MIN_STATUS_POLL_INTERVAL_MS - 1, 'ACTC'),
    );
    expect(result).toMatchObject({ passes: 2, failures: 1 });
    expect(result.texts[0]).toMatch(
      /999 ms after the read of exchange #\d+: wait at least 1000 ms/,
    );
  });

  it('fails a read after the bank answered a final status, however late', () => {
    const result = polling(statusRead('c', 0, 'RJCT'), statusRead('c', 60_000, 'RJCT'));
    expect(result).toMatchObject({ passes: 1, failures: 1 });
    expect(result.texts[0]).toMatch(/after exchange #\d+ answered the final status RJCT/);
  });
});
