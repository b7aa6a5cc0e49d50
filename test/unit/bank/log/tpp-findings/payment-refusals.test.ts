/**
 * Payments refused for want of payment permission (log/tpp-findings/payment-refusals.ts, §1): the
 * initiation's 201, the SCA pages' §6.2 redirect refusing it, and the TPP's later initiations, as
 * the recorder sees them, with made-up arrival times.
 */
import { describe, expect, it } from 'vitest';
import { NOT_PERMITTED_TO_PAY } from '../../../../../main/core/bank/domain/payments-approval.js';
import { BANK_ROUTES } from '../../../../../main/core/bank/handlers/routes.js';
import type { ExchangeRecord } from '../../../../../main/core/bank/log/request-log.js';
import {
  TppFindingsRecorder,
  type Observation,
} from '../../../../../main/core/bank/log/tpp-findings/recorder.js';

const initiationRoute = (service: string) =>
  BANK_ROUTES.find(
    (route) => route.method === 'POST' && route.path === `/v1/${service}/{payment-product}`,
  )!;
const PAGE = BANK_ROUTES.find(
  (route) => route.method === 'POST' && route.path === '/sca/{authorisationId}',
)!;
const START = Date.parse('2026-01-01T00:00:00.000Z');
const DEBTOR = 'NO9397100523454';
const CREDITOR = 'NO8497100712346';

let nextId = 1;
function record(
  at: number,
  request: Partial<ExchangeRecord['request']>,
  response: Partial<ExchangeRecord['response']>,
): ExchangeRecord {
  return {
    id: nextId++,
    mode: 'sandbox',
    receivedAt: new Date(START + at).toISOString(),
    arrivedAt: new Date(START + at).toISOString(),
    durationMs: 5,
    stageTimings: {},
    request: { method: 'POST', target: '/', headers: {}, bodySize: 0, ...request },
    response: { status: 200, headers: {}, body: undefined, ...response },
  };
}

const payment = (amount = '100.00', creditor = CREDITOR) => ({
  instructedAmount: { amount, currency: 'NOK' },
  debtorAccount: { iban: DEBTOR, currency: 'NOK' },
  creditorAccount: { iban: creditor, currency: 'NOK' },
});

/** POST /v1/{service}/sepa-credit-transfers of `body` at `at`, answered 201 for `authorisation`. */
function initiation(at: number, body: object, authorisation: string, service = 'payments') {
  const responseBody = {
    paymentId: `payment-${authorisation}`,
    transactionStatus: 'RCVD',
    _links: { scaRedirect: { href: `http://127.0.0.1:1/sca/${authorisation}?t=token` } },
  };
  return {
    route: initiationRoute(service),
    record: record(
      at,
      { target: `/v1/${service}/sepa-credit-transfers`, bodyText: JSON.stringify(body) },
      { status: 201 },
    ),
    responseBody,
  } satisfies Observation;
}

/** The PSU's confirmation of `authorisation` at `at`, redirected with §6.2 `message`. */
function refusal(at: number, authorisation: string, message = NOT_PERMITTED_TO_PAY) {
  const location = new URL('https://tpp.example/callback');
  for (const [name, value] of Object.entries({ status: '400', code: 'PAYMENT_FAILED', message }))
    location.searchParams.set(name, value);
  return {
    route: PAGE,
    record: record(
      at,
      { target: `/sca/${authorisation}` },
      { status: 303, headers: { location: location.toString() } },
    ),
  } satisfies Observation;
}

function judge(...observations: Observation[]) {
  const recorder = new TppFindingsRecorder({ mode: 'sandbox' });
  for (const observation of observations) recorder.observe(observation);
  return { recorder, ...tally(recorder) };
}

function tally(recorder: TppFindingsRecorder) {
  const rule = recorder.report().rules.find((entry) => entry.id === 'TPP-PAYMENT-REFUSAL-FINAL')!;
  return { passes: rule.passes, failures: rule.failures, texts: rule.findings.map((f) => f.text) };
}

describe('TPP-PAYMENT-REFUSAL-FINAL', () => {
  it('passes the refusal and fails the same initiation sent after it, however it writes the amount', () => {
    const result = judge(
      initiation(0, payment(), 'a-1'),
      refusal(1_000, 'a-1'),
      initiation(60_000, payment('100.0'), 'a-2'),
    );
    expect(result).toMatchObject({ passes: 1, failures: 1 });
    expect(result.texts[0]).toMatch(
      new RegExp(
        `sent again the payment from ${DEBTOR} first initiated in exchange #\\d+, which the bank refused in exchange #\\d+`,
      ),
    );
    expect(result.texts[1]).toMatch(/the bank refused the payment from NO9397100523454/);
  });

  it('does not judge another payment from the account, nor one sent before the refusal went out', () => {
    expect(
      judge(
        initiation(0, payment(), 'b-1'),
        initiation(500, payment(), 'b-2'),
        refusal(1_000, 'b-1'),
        initiation(2_000, payment('250.00'), 'b-3'),
        initiation(3_000, payment('100.00', 'NO0597100000011'), 'b-4'),
      ),
    ).toMatchObject({ passes: 1, failures: 0 });
  });

  it('leaves a PAYMENT_FAILED for another reason alone (the PSU cancelled: trying again is the PSU’s call)', () => {
    expect(
      judge(
        initiation(0, payment(), 'c-1'),
        refusal(1_000, 'c-1', 'The PSU cancelled the payment.'),
        initiation(2_000, payment(), 'c-2'),
      ),
    ).toMatchObject({ passes: 0, failures: 0 });
  });

  it('reads a bulk payment’s transfers, and judges the repeat whatever the bank answers it', () => {
    const bulk = { debtorAccount: payment().debtorAccount, payments: [payment(), payment('5')] };
    const repeat = initiation(2_000, bulk, 'd-2', 'bulk-payments');
    repeat.record.response.status = 400;
    expect(
      judge(initiation(0, bulk, 'd-1', 'bulk-payments'), refusal(1_000, 'd-1'), repeat),
    ).toMatchObject({ passes: 1, failures: 1 });
  });

  it('keeps what it remembers across serialise and restore (a shared log’s checkpoint)', () => {
    const { recorder } = judge(initiation(0, payment(), 'e-1'), refusal(1_000, 'e-1'));
    const restored = new TppFindingsRecorder({ mode: 'sandbox' });
    restored.restore(JSON.parse(JSON.stringify(recorder.serialise())));
    restored.observe(initiation(2_000, payment(), 'e-2'));
    expect(tally(restored)).toMatchObject({ passes: 1, failures: 1 });
  });
});
