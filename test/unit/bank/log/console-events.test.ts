/** The bank's console events (main/core/bank/log/console-events.ts): the ring buffer and its texts. */
import { describe, expect, it } from 'vitest';
import {
  ConsoleEventLog,
  batchRunText,
  clockJumpText,
} from '../../../../main/core/bank/log/console-events.js';

describe('console event log', () => {
  it('numbers events, stamps the real time, keeps the newest `capacity` and notifies', () => {
    let real = Date.parse('2026-03-01T12:00:00.000Z');
    const log = new ConsoleEventLog(2, () => (real += 1000));
    const seen: number[] = [];
    log.subscribe((e) => seen.push(e.id));
    log.subscribe(() => {
      throw new Error('a broken subscriber');
    });
    for (const text of ['a', 'b', 'c'])
      log.record({ kind: 'clock', actor: 'bank', text, bankTime: '2030-01-01T00:00:00.000Z' });
    expect(log.entries().map((e) => [e.id, e.text, e.arrivedAt])).toEqual([
      [2, 'b', '2026-03-01T12:00:02.000Z'],
      [3, 'c', '2026-03-01T12:00:03.000Z'],
    ]);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new ConsoleEventLog(0)).toThrow(/positive integer/);
  });
});

describe('event texts', () => {
  it.each([
    [3_600_000, '+1 h'],
    [-3_600_000, '-1 h'],
    [91 * 86_400_000, '+91 d'],
    [30 * 60_000, '+30 min'],
    [1500, '+1.5 s'],
    [-1000, '-1 s'],
  ])('a jump of %d ms reads %s', (ms, text) => expect(clockJumpText(ms)).toBe(text));

  it('a batch run names its counts', () => {
    expect(
      batchRunText(
        {
          runs: [],
          settled: ['p1', 'p2'],
          partial: [],
          rejected: ['p3'],
          periodicExecutions: [],
          errors: [{ paymentId: 'p4', message: 'x' }],
        },
        'console',
      ),
    ).toBe('Batch run (console): 2 settled, 0 partly settled, 1 rejected, 1 not processed');
  });
});
