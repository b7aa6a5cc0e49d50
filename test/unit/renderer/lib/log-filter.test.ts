/** The request log's rows: exchanges and bank events merged (renderer/src/lib/log-filter.ts). */
import { describe, expect, it } from 'vitest';
import type { BankEventView, BankExchangeView } from '../../../../main/api/contract';
import { NO_FILTER, logRows, mergeEvents } from '../../../../renderer/src/lib/log-filter';
import type { BankMode } from '../../../../main/shared/mode.js';

function exchange(id: number, second: number, status = 200): BankExchangeView {
  const at = `2026-01-01T10:00:${String(second).padStart(2, '0')}.000Z`;
  return {
    id,
    mode: 'sandbox',
    receivedAt: at,
    arrivedAt: at,
    durationMs: 1,
    request: { method: 'GET', target: '/v1/accounts', headers: {}, bodySize: 0 },
    response: { status, headers: {}, body: undefined },
  };
}

function event(key: string, second: number, mode?: BankMode): BankEventView {
  const at = `2026-01-01T10:00:${String(second).padStart(2, '0')}.000Z`;
  return {
    key,
    ...(mode ? { mode } : {}),
    kind: 'clock',
    actor: 'bank',
    text: key,
    bankTime: at,
    arrivedAt: at,
  };
}

describe('request log rows', () => {
  it('lists the events among the exchanges, newest first, by real time', () => {
    const rows = logRows(
      [exchange(1, 1), exchange(2, 3)],
      [event('clock:1', 2), event('sandbox:1', 4, 'sandbox')],
      NO_FILTER,
    );
    expect(rows.map((r) => r.key)).toEqual([
      'event:sandbox:1',
      'sandbox:2',
      'event:clock:1',
      'sandbox:1',
    ]);
  });

  it('no status, path or rejected filter hides an event; a mode filter hides the other bank’s', () => {
    const events = [
      event('clock:1', 2),
      event('sandbox:1', 4, 'sandbox'),
      event('production:1', 5, 'production'),
    ];
    const keys = (filter: Partial<typeof NO_FILTER>) =>
      logRows([exchange(1, 1, 201)], events, { ...NO_FILTER, ...filter }).map((r) => r.key);
    expect(keys({ statusClass: '4xx', pathText: '/nothing', rejectedOnly: true })).toEqual([
      'event:production:1',
      'event:sandbox:1',
      'event:clock:1',
    ]);
    // The clock both banks share shows under either mode.
    expect(keys({ mode: 'sandbox' })).toEqual(['event:sandbox:1', 'event:clock:1', 'sandbox:1']);
  });

  it('merges events once per key, oldest first, keeping the newest `limit`', () => {
    const merged = mergeEvents(
      [event('clock:2', 3)],
      [event('clock:1', 1), event('clock:2', 3), event('clock:3', 5)],
      2,
    );
    expect(merged.map((e) => e.key)).toEqual(['clock:2', 'clock:3']);
  });
});
