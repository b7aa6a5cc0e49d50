/**
 * Used scaRedirect links (log/tpp-findings/sca-links.ts, §5.3(1)): judged from the bank's answers
 * to the SCA pages' link openings, as the recorder sees them.
 */
import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../../../../main/core/bank/log/request-log.js';
import { ScaLinks } from '../../../../../main/core/bank/log/tpp-findings/sca-links.js';

let nextId = 1;
function opened(target: string, status: number, method = 'GET'): ExchangeRecord {
  return {
    id: nextId++,
    mode: 'sandbox',
    receivedAt: '2026-01-01T00:00:00.000Z',
    arrivedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    stageTimings: {},
    request: { method, target, headers: {}, bodySize: 0 },
    response: { status, headers: {}, body: undefined },
  };
}

const LINK = '/sca/authorisation-1?t=token-1';

describe('TPP-SCA-LINK-NOT-REPLAYED', () => {
  it('passes the first opening, leaves a reload the bank serves alone, fails a used link opened again', () => {
    const links = new ScaLinks();
    const verdicts = (record: ExchangeRecord) => links.judge(record).map((v) => v.verdict);
    expect(verdicts(opened(LINK, 200))).toEqual(['pass']);
    expect(verdicts(opened(LINK, 200))).toEqual([]);
    expect(verdicts(opened('/sca/authorisation-1', 303, 'POST'))).toEqual([]);
    expect(verdicts(opened(LINK, 409))).toEqual(['fail']);
    expect(verdicts(opened(LINK, 403))).toEqual(['fail']);
  });

  it('does not judge a link the pages refuse on its first opening (not one the bank gave)', () => {
    const links = new ScaLinks();
    expect(links.judge(opened('/sca/authorisation-2?t=forged', 403))).toEqual([]);
    expect(links.judge(opened('/sca/authorisation-2?t=forged', 403))).toEqual([]);
  });
});
