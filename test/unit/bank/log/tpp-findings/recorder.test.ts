/**
 * The findings recorder's state as JSON (recorder.ts serialise/restore): a bank on PostgreSQL
 * checkpoints it and judges only the exchanges after (store/pg-shared-findings.ts). A recorder
 * restored from the JSON judges what follows as the one that never stopped — the §4.2.3 links it
 * gave, the §5.3(1) SCA refusals pending on a TPP-Session-ID, the payments whose final status
 * was read (§3.2) and the scaRedirect links opened included.
 */
import { describe, expect, it } from 'vitest';
import { BANK_ROUTES } from '../../../../../main/core/bank/handlers/routes.js';
import type { ExchangeRecord } from '../../../../../main/core/bank/log/request-log.js';
import {
  TppFindingsRecorder,
  type Observation,
  type RecorderState,
} from '../../../../../main/core/bank/log/tpp-findings/recorder.js';

const route = (operationId: string) => BANK_ROUTES.find((r) => r.operationId === operationId)!;
const PAYMENT_STATUS = BANK_ROUTES.find(
  (r) => r.method === 'GET' && r.path === '/v1/payments/{payment-product}/{paymentId}/status',
)!.operationId;
const STATUS_PATH = '/v1/payments/sepa-credit-transfers/payment-1/status';
const SCA_LINK = '/sca/authorisation-1?t=link-token';
const CARD = '/v1/card-accounts/card-10000001/transactions';
/** The SCA refusals' TPP-Session-ID; the pages are read in another (a page read would pass §5.3(1)). */
const SCA_SESSION = 'session-sca';

let nextId = 1;
function observed(
  operationId: string,
  target: string,
  status: number,
  extra: Partial<Observation> = {},
): Observation {
  const id = nextId++;
  const record: ExchangeRecord = {
    id,
    mode: 'sandbox',
    receivedAt: '2026-01-01T00:00:00.000Z',
    arrivedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    stageTimings: {},
    request: {
      method: 'GET',
      target,
      headers: { 'tpp-session-id': target === '/v1/user' ? SCA_SESSION : 'session-pages' },
      bodySize: 0,
    },
    response: { status, headers: {}, body: undefined },
  };
  return { route: route(operationId), record, ...extra };
}

const scaRefusal = () =>
  observed('getUser', '/v1/user', 401, {
    refusedAt: 'session',
    rejection: { rule: 'session.sca-required', text: 'SCA needed: follow scaRedirect' },
  });

describe('the TPP findings recorder as JSON', () => {
  it('judges on after a restore as if it had never stopped', () => {
    const bank = { mode: 'sandbox' };
    const kept = new TppFindingsRecorder(bank);
    const first = observed('getCardAccountTransactionList', `${CARD}?limit=1`, 200, {
      responseBody: { _links: { next: { href: `${CARD}?limit=1&offset=1` } } },
    });
    const final = observed(PAYMENT_STATUS, STATUS_PATH, 200, {
      responseBody: { transactionStatus: 'ACSC' },
    });
    // The link opened first: a PSU at the pages after the refusal would pass §5.3(1).
    for (const observation of [observed('scaPage', SCA_LINK, 200), scaRefusal(), first, final])
      kept.observe(observation);

    const restored = new TppFindingsRecorder(bank);
    restored.restore(JSON.parse(JSON.stringify(kept.serialise())) as RecorderState);
    // A refusal again with no PSU at the SCA pages (§5.3(1)); the link followed (§4.2.3).
    const after = [
      scaRefusal(),
      observed('getCardAccountTransactionList', `${CARD}?offset=1&limit=1`, 200),
      // A status read after the final one; the used link opened again (§3.2, §5.3(1)).
      observed(PAYMENT_STATUS, STATUS_PATH, 200, { responseBody: { transactionStatus: 'ACSC' } }),
      observed('scaPage', SCA_LINK, 409),
    ];
    for (const observation of after) {
      kept.observe(observation);
      restored.observe(observation);
    }

    const now = new Date('2026-01-01T01:00:00.000Z');
    const report = restored.report(now);
    expect(report).toEqual(kept.report(now));
    const rule = (id: string) => report.rules.find((entry) => entry.id === id)!;
    expect([rule('TPP-SCA-REDIRECT').failures, rule('TPP-PAGING-NEXT-LINK').passes]).toEqual([
      1, 1,
    ]);
    expect([
      rule('TPP-PAYMENT-STATUS-POLLING').failures,
      rule('TPP-SCA-LINK-NOT-REPLAYED').failures,
    ]).toEqual([1, 1]);
    expect(report.requestsJudged).toBe(6);
  });
});

describe('the page links the recorder remembers (§4.2.3)', () => {
  const pagingPasses = (recorder: TppFindingsRecorder) =>
    recorder.report().rules.find((entry) => entry.id === 'TPP-PAGING-NEXT-LINK')!;

  it('keeps a page link however many answers with other links follow it', () => {
    const recorder = new TppFindingsRecorder({ mode: 'sandbox' });
    recorder.observe(
      observed('getCardAccountTransactionList', `${CARD}?limit=1`, 200, {
        responseBody: { _links: { next: { href: `${CARD}?limit=1&offset=1` } } },
      }),
    );
    // More answers than the 10,000 links kept, each with links no page is read by.
    for (let i = 0; i < 10_001; i += 1)
      recorder.observe(
        observed('getCardAccountTransactionList', CARD, 200, {
          responseBody: {
            _links: {
              self: { href: `/v1/payments/sepa-credit-transfers/payment-${i}` },
              scaRedirect: { href: `http://127.0.0.1:9/sca/authorisation-${i}?t=token-${i}` },
            },
          },
        }),
      );
    recorder.observe(observed('getCardAccountTransactionList', `${CARD}?offset=1&limit=1`, 200));
    expect(pagingPasses(recorder)).toMatchObject({ passes: 1, failures: 0 });
  });

  it('remembers only links with an offset: a page read at an offset no link gave fails', () => {
    const recorder = new TppFindingsRecorder({ mode: 'sandbox' });
    recorder.observe(
      observed('getCardAccountTransactionList', `${CARD}?limit=1`, 200, {
        responseBody: {
          _links: {
            first: { href: `${CARD}?limit=1` },
            next: { href: `${CARD}?limit=1&offset=1` },
          },
          cardTransactions: {
            _links: { previous: { href: `${CARD}?%6Fffset=3&limit=1` } },
          },
        },
      }),
    );
    expect(recorder.serialise().issuedLinks).toEqual([
      `${CARD}?limit=1&offset=1`,
      `${CARD}?limit=1&offset=3`,
    ]);
    recorder.observe(observed('getCardAccountTransactionList', `${CARD}?limit=1&offset=3`, 200));
    recorder.observe(observed('getCardAccountTransactionList', `${CARD}?limit=1&offset=2`, 200));
    expect(pagingPasses(recorder)).toMatchObject({ passes: 1, failures: 1 });
  });
});
