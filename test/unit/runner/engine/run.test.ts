import { describe, expect, it } from 'vitest';
import { inapplicableReason } from '../../../../main/core/runner/engine/check-context';
import {
  DEFAULT_CONCURRENCY,
  RUN_CANCELLED,
  runChecks,
} from '../../../../main/core/runner/engine/run';
import type { RunEvent } from '../../../../main/core/runner/engine/events';
import { type Check } from '../../../../main/core/runner/check-api/index';
import {
  byId,
  check,
  deferred,
  environment,
  recordingReporter,
  runOptions,
  sandboxTarget,
  tick,
} from '../fakes';

/** Checks that record how many of them run at once, and hold until released. */
function overlapProbe(count: number) {
  let running = 0;
  let maxRunning = 0;
  const release = deferred();
  const checks = Array.from({ length: count }, (_, i) =>
    check(`C-${i + 1}`, async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await release.promise;
      running -= 1;
    }),
  );
  return { checks, release, max: () => maxRunning, running: () => running };
}

describe('runChecks: concurrency', () => {
  it('never runs more than `concurrency` checks at once, and does use that many', async () => {
    const probe = overlapProbe(10);
    const run = runChecks(runOptions(probe.checks, { concurrency: 3 }));
    await tick();
    await tick();
    expect(probe.running()).toBe(3);
    probe.release.resolve();
    const result = await run;
    expect(probe.max()).toBe(3);
    expect(result.counts).toMatchObject({ total: 10, PASS: 10 });
  });

  it('runs 4 at once by default', async () => {
    const probe = overlapProbe(9);
    const run = runChecks(runOptions(probe.checks));
    await tick();
    await tick();
    probe.release.resolve();
    await run;
    expect(DEFAULT_CONCURRENCY).toBe(4);
    expect(probe.max()).toBe(4);
  });

  it('rejects a concurrency that is not a positive integer, and duplicate check ids', async () => {
    await expect(runChecks(runOptions([check('A')], { concurrency: 0 }))).rejects.toThrow(
      /concurrency must be a positive integer/,
    );
    await expect(runChecks(runOptions([check('A'), check('A')]))).rejects.toThrow(
      /duplicate check id 'A'/,
    );
  });
});

describe('runChecks: exclusive checks on a shared bank', () => {
  const shared = { ...sandboxTarget, shared: true };

  /** Checks that record when each one ran (start and end order), each taking a few ticks. */
  function intervalProbe() {
    let seq = 0;
    const intervals = new Map<string, { start: number; end: number }>();
    const make = (id: string, extra: Partial<Omit<Check, 'id' | 'run'>> = {}) =>
      check(
        id,
        async () => {
          const start = ++seq;
          for (let i = 0; i < 3; i++) await tick();
          intervals.set(id, { start, end: ++seq });
        },
        extra,
      );
    const overlaps = (a: string, b: string) => {
      const x = intervals.get(a)!;
      const y = intervals.get(b)!;
      return x.start < y.end && y.start < x.end;
    };
    return { make, intervals, overlaps };
  }

  it('runs an exclusive check and a clock check alone, and the others side by side', async () => {
    const probe = intervalProbe();
    const checks = [
      probe.make('A'),
      probe.make('B'),
      probe.make('RESET', { exclusive: true }),
      probe.make('C'),
      probe.make('D'),
      probe.make('CLOCK', { needs: ['clock-control'] }),
      probe.make('E'),
    ];
    const result = await runChecks(
      runOptions(checks, {
        target: shared,
        concurrency: 4,
        createEnvironment: () =>
          environment({ clock: { now: async () => new Date(), advance: async () => {} } }),
      }),
    );
    expect(result.counts).toMatchObject({ total: 7, PASS: 7 });
    const ids = checks.map((c) => c.id);
    for (const alone of ['RESET', 'CLOCK'])
      for (const other of ids.filter((id) => id !== alone))
        expect(probe.overlaps(alone, other), `${alone} overlaps ${other}`).toBe(false);
    // The pool is still a pool: the plain checks between the exclusive ones overlap.
    expect(probe.overlaps('A', 'B')).toBe(true);
    expect(probe.overlaps('C', 'D')).toBe(true);
    // Order is kept: what comes before an exclusive check ends before it starts.
    expect(probe.intervals.get('B')!.end).toBeLessThan(probe.intervals.get('RESET')!.start);
    expect(probe.intervals.get('RESET')!.end).toBeLessThan(probe.intervals.get('C')!.start);
  });

  it('lets the checks that act as a test PSU take turns, beside the others', async () => {
    const probe = intervalProbe();
    const psu = { needs: ['psu-agent'] as const };
    const checks = [
      probe.make('P1', psu),
      probe.make('P2', psu),
      probe.make('A'),
      probe.make('P3', psu),
      probe.make('B'),
    ];
    const result = await runChecks(
      runOptions(checks, {
        target: shared,
        concurrency: 4,
        createEnvironment: () => environment({ psu: { completeSca: async () => ({}) as never } }),
      }),
    );
    expect(result.counts).toMatchObject({ total: 5, PASS: 5 });
    for (const [x, y] of [
      ['P1', 'P2'],
      ['P1', 'P3'],
      ['P2', 'P3'],
    ] as const)
      expect(probe.overlaps(x, y), `${x} overlaps ${y}`).toBe(false);
    // The others do not wait for the PSU checks: A and B run beside P1.
    expect(probe.overlaps('P1', 'A')).toBe(true);
    expect(probe.overlaps('P1', 'B')).toBe(true);
  });

  it('runs exclusive checks in the pool when every check has a bank of its own', async () => {
    const probe = intervalProbe();
    const checks = [probe.make('A'), probe.make('RESET', { exclusive: true }), probe.make('B')];
    await runChecks(runOptions(checks, { target: sandboxTarget, concurrency: 4 }));
    expect(probe.overlaps('A', 'RESET')).toBe(true);
    expect(probe.overlaps('RESET', 'B')).toBe(true);
  });

  it('starts nothing after an exclusive check once the run is cancelled', async () => {
    const controller = new AbortController();
    const probe = intervalProbe();
    const checks = [
      check('RESET', async () => controller.abort(), { exclusive: true }),
      probe.make('LATER'),
    ];
    const result = await runChecks(
      runOptions(checks, { target: shared, signal: controller.signal }),
    );
    expect(probe.intervals.has('LATER')).toBe(false);
    expect(byId(result.checks, 'LATER')).toMatchObject({
      status: 'SKIPPED',
      skipReason: RUN_CANCELLED,
    });
  });
});

describe('inapplicableReason: what the target profile allows', () => {
  const allows = { createSandboxData: true, resetSandbox: true, deletePayments: true };
  it('SKIPS a check whose effect the profile forbids, naming the permission', () => {
    const reset = check('RESET', undefined, { effects: ['sandbox-reset'] });
    expect(inapplicableReason(reset, sandboxTarget)).toBeUndefined();
    expect(inapplicableReason(reset, { ...sandboxTarget, allows })).toBeUndefined();
    expect(
      inapplicableReason(reset, { ...sandboxTarget, allows: { ...allows, resetSandbox: false } }),
    ).toBe('resets the sandbox, which the target profile does not allow (allows.resetSandbox)');
    const deleting = check('DEL', undefined, { effects: ['payment-delete'] });
    expect(
      inapplicableReason(deleting, {
        ...sandboxTarget,
        allows: { ...allows, deletePayments: false },
      }),
    ).toBe('deletes payments, which the target profile does not allow (allows.deletePayments)');
    expect(
      inapplicableReason(check('FILL', undefined, { effects: ['sandbox-data'] }), {
        ...sandboxTarget,
        allows: { ...allows, createSandboxData: false },
      }),
    ).toMatch(/allows\.createSandboxData\)$/);
  });
});

describe('runChecks: events and reporters', () => {
  const areaChecks = () => [
    check(
      'S-1',
      async (ctx) => {
        ctx.evidence.note('signing');
      },
      { area: 'signing' },
    ),
    check('H-1', async () => {}, { area: 'headers' }),
    check('S-2', async () => {}, { area: 'signing' }),
  ];

  it('emits run, suite and check events in a coherent order, grouping checks by area', async () => {
    const reporter = recordingReporter();
    const result = await runChecks(
      runOptions(areaChecks(), { concurrency: 1, reporters: [reporter] }),
    );
    const trace = reporter.events.map((event: RunEvent) => {
      switch (event.type) {
        case 'suite:begin':
        case 'suite:end':
          return `${event.type} ${event.area}`;
        case 'check:begin':
        case 'check:evidence':
        case 'check:end':
          return `${event.type} ${event.checkId}`;
        default:
          return event.type;
      }
    });
    expect(trace).toEqual([
      'run:begin',
      'suite:begin signing',
      'check:begin S-1',
      'check:evidence S-1',
      'check:end S-1',
      'check:begin S-2',
      'check:end S-2',
      'suite:end signing',
      'suite:begin headers',
      'check:begin H-1',
      'check:end H-1',
      'suite:end headers',
      'run:end',
    ]);
    expect(result.checks.map((r) => r.checkId)).toEqual(['S-1', 'S-2', 'H-1']);
    const runEnd = reporter.events.at(-1);
    expect(runEnd?.type === 'run:end' && runEnd.result).toEqual(result);
  });

  it('isolates a failing reporter: the run completes, others get every event, the failure is logged once', async () => {
    const throwing = {
      name: 'broken',
      onRunBegin: () => {
        throw new Error('disk full');
      },
      onCheckEnd: () => {
        throw new Error('disk still full');
      },
    };
    const rejecting = {
      name: 'async-broken',
      onRunEnd: async () => {
        throw new Error('cannot write report.html');
      },
    };
    const healthy = recordingReporter();
    const logged: string[] = [];
    const result = await runChecks(
      runOptions(areaChecks(), {
        reporters: [throwing, rejecting, healthy],
        logger: { error: (message) => logged.push(message) },
      }),
    );
    expect(result.counts.PASS).toBe(3);
    expect(healthy.events.filter((e) => e.type === 'check:end')).toHaveLength(3);
    expect(healthy.events.at(-1)?.type).toBe('run:end');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/reporter 'broken' failed on run:begin: disk full/);
    expect(logged[1]).toMatch(
      /reporter 'async-broken' failed on run:end: cannot write report\.html/,
    );
  });

  it('waits for async reporters before resolving', async () => {
    let written = false;
    await runChecks(
      runOptions([check('A')], {
        reporters: [
          {
            name: 'slow',
            onRunEnd: async () => {
              await new Promise((resolve) => setTimeout(resolve, 20));
              written = true;
            },
          },
        ],
      }),
    );
    expect(written).toBe(true);
  });
});

describe('runChecks: releasing environments', () => {
  it('logs a failing dispose without changing the check result', async () => {
    const logged: string[] = [];
    const result = await runChecks(
      runOptions([check('A')], {
        createEnvironment: () =>
          environment({
            dispose: () => {
              throw new Error('socket already closed');
            },
          }),
        logger: { error: (message) => logged.push(message) },
      }),
    );
    expect(result.checks[0]?.status).toBe('PASS');
    expect(logged).toEqual([
      "workbench: check 'A': releasing its environment failed: socket already closed",
    ]);
  });
});
