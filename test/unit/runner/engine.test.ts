import { describe, expect, it, vi } from 'vitest';
import { CANCELLED_WHILE_RUNNING } from '../../../main/core/runner/engine/outcome';
import { inapplicableReason } from '../../../main/core/runner/engine/check-context';
import {
  DEFAULT_CONCURRENCY,
  RUN_CANCELLED,
  runChecks,
} from '../../../main/core/runner/engine/run';
import type { RunEvent } from '../../../main/core/runner/engine/events';
import type { CheckResult } from '../../../main/shared/run-result';
import { AssertionFailure, type Check } from '../../../main/core/runner/check-api/index';
import {
  aborted,
  check,
  deferred,
  environment,
  fakeClient,
  fakeExchange,
  recordingReporter,
  runOptions,
  sandboxTarget,
  tick,
} from './fakes';

function byId(results: CheckResult[], id: string): CheckResult {
  const result = results.find((r) => r.checkId === id);
  if (!result) throw new Error(`no result for ${id}`);
  return result;
}

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

describe('runChecks: outcomes', () => {
  it('PASS when the check returns; WARNING when it warned and did not fail', async () => {
    const result = await runChecks(
      runOptions([
        check('CLEAN'),
        check('WARNED', async (ctx) => {
          ctx.warn('psuMessage is missing');
        }),
      ]),
    );
    expect(byId(result.checks, 'CLEAN').status).toBe('PASS');
    expect(byId(result.checks, 'WARNED')).toMatchObject({
      status: 'WARNING',
      warnings: ['psuMessage is missing'],
    });
  });

  it('FAIL with what/expected/actual when an assertion fails, and the exchange joins the evidence', async () => {
    const result = await runChecks(
      runOptions(
        [
          check('ASSERTS', async (ctx) => {
            const exchange = await ctx.client.send({ method: 'POST', path: '/v1/consents' });
            ctx.warn('a warning before the failure');
            ctx.expect.status(exchange, 201);
            ctx.expect.equal(1, 2, 'never reached');
          }),
        ],
        {
          createEnvironment: () =>
            environment({
              client: fakeClient(() =>
                fakeExchange({ method: 'POST', path: '/v1/consents', status: 400 }),
              ),
            }),
        },
      ),
    );
    const failed = byId(result.checks, 'ASSERTS');
    expect(failed.status).toBe('FAIL');
    expect(failed.failure).toMatchObject({
      what: 'HTTP status of POST /v1/consents',
      expected: 201,
      actual: 400,
    });
    expect(failed.failure?.message).toBe('HTTP status of POST /v1/consents: expected 201, got 400');
    const exchange = failed.evidence.find((item) => item.kind === 'exchange');
    expect(exchange?.kind === 'exchange' && exchange.exchange.id).toBe(failed.failure?.exchangeId);
    expect(failed.warnings).toEqual(['a warning before the failure']);
  });

  it('adds the exchange of a failed assertion to the evidence when the check built it itself', async () => {
    const own = fakeExchange({ status: 500 });
    const result = await runChecks(
      runOptions([
        check('OWN', async () => {
          throw new AssertionFailure({ what: 'status', expected: 200, actual: 500, exchange: own });
        }),
      ]),
    );
    const evidence = byId(result.checks, 'OWN').evidence;
    expect(evidence).toEqual([expect.objectContaining({ kind: 'exchange', exchange: own })]);
  });

  it('INCONCLUSIVE naming the step, with the error as a detail, when a check throws something else; the run goes on', async () => {
    const result = await runChecks(
      runOptions(
        [
          check('THROWS', async () => {
            throw new TypeError('cannot read properties of undefined');
          }),
          check('THROWS-STRING', async () => {
            throw 'not even an Error';
          }),
          check('AFTER'),
        ],
        { concurrency: 1 },
      ),
    );
    expect(byId(result.checks, 'THROWS')).toMatchObject({
      status: 'INCONCLUSIVE',
      couldNotTest: {
        reason: 'the check stopped on an error before its first request',
        error: { name: 'TypeError', message: 'cannot read properties of undefined' },
      },
    });
    // No exception text stands as a FAIL reason.
    expect(byId(result.checks, 'THROWS').failure).toBeUndefined();
    expect(byId(result.checks, 'THROWS').couldNotTest?.error?.stack).toMatch(/engine\.test/);
    expect(byId(result.checks, 'THROWS-STRING').couldNotTest?.error).toEqual({
      name: 'string',
      message: 'not even an Error',
    });
    expect(byId(result.checks, 'AFTER').status).toBe('PASS');
  });

  it('INCONCLUSIVE "could not prepare the check" when its environment cannot be created', async () => {
    const run = vi.fn(async () => {});
    const result = await runChecks(
      runOptions([check('NO-ENV', run)], {
        createEnvironment: () => {
          throw new Error('no signing key');
        },
      }),
    );
    expect(run).not.toHaveBeenCalled();
    expect(byId(result.checks, 'NO-ENV').status).toBe('INCONCLUSIVE');
    expect(byId(result.checks, 'NO-ENV').couldNotTest?.reason).toBe(
      'could not prepare the check (no signing key)',
    );
  });

  it('SKIPPED with the reason when the check skips itself', async () => {
    const result = await runChecks(
      runOptions([
        check('SKIPS', async (ctx) => {
          ctx.skip('the target has no card accounts');
        }),
      ]),
    );
    expect(byId(result.checks, 'SKIPS')).toMatchObject({
      status: 'SKIPPED',
      skipReason: 'the target has no card accounts',
    });
  });

  it('SKIPPED without running when the target lacks the mode, the sandbox API, the PSU agent or the clock', async () => {
    const run = vi.fn(async () => {});
    const result = await runChecks(
      runOptions(
        [
          check('PROD-ONLY', run, { modes: ['production'] }),
          check('SANDBOX-API', run, { needs: ['sandbox-api'] }),
          check('PSU', run, { needs: ['psu-agent'] }),
          check('CLOCK', run, { needs: ['clock-control'] }),
        ],
        { target: { baseUrl: 'http://bank', mode: 'sandbox', hasSandboxApi: false } },
      ),
    );
    expect(run).not.toHaveBeenCalled();
    expect(result.checks.map((r) => [r.checkId, r.status, r.skipReason])).toEqual([
      ['PROD-ONLY', 'SKIPPED', 'runs in production mode only; the target is in sandbox mode'],
      ['SANDBOX-API', 'SKIPPED', expect.stringMatching(/needs the sandbox management operations/)],
      ['PSU', 'SKIPPED', 'needs a PSU agent to complete SCA, and this run has none'],
      [
        'CLOCK',
        'SKIPPED',
        expect.stringMatching(/needs the bank clock, which this target does not let the run move/),
      ],
    ]);
  });

  it('SKIPPED when a check that did not declare the need calls the missing PSU agent', async () => {
    const result = await runChecks(
      runOptions([
        check('USES-PSU', async (ctx) => {
          await ctx.psu.completeSca('http://bank/sca', { login: '01010112345' });
        }),
      ]),
    );
    expect(byId(result.checks, 'USES-PSU').status).toBe('SKIPPED');
  });

  it('records exchanges, notes and assertions as evidence, in order, and releases the environment', async () => {
    const dispose = vi.fn();
    const result = await runChecks(
      runOptions(
        [
          check('EVIDENCE', async (ctx) => {
            ctx.evidence.note('creating a consent');
            const exchange = await ctx.client.send({ method: 'POST', path: '/v1/consents' });
            ctx.expect.status(exchange, 200);
          }),
        ],
        { createEnvironment: () => environment({ dispose }) },
      ),
    );
    expect(byId(result.checks, 'EVIDENCE').evidence.map((item) => item.kind)).toEqual([
      'note',
      'exchange',
      'assertion',
    ]);
    expect(dispose).toHaveBeenCalledOnce();
  });
});

describe('runChecks: timeout', () => {
  it('FAILs a check that outlives its timeout, aborts its signal, and ignores what it does later', async () => {
    let signal: AbortSignal | undefined;
    const late = deferred();
    const result = await runChecks(
      runOptions(
        [
          check('HANGS', async (ctx) => {
            signal = ctx.signal;
            await aborted(ctx.signal);
            await tick();
            ctx.evidence.note('after the timeout');
            ctx.warn('after the timeout');
            late.resolve();
          }),
          check('QUICK'),
        ],
        { timeoutMs: 50 },
      ),
    );
    expect(byId(result.checks, 'HANGS')).toMatchObject({
      status: 'FAIL',
      failure: { message: 'timed out after 50 ms' },
      evidence: [],
      warnings: [],
    });
    expect(signal?.aborted).toBe(true);
    expect(byId(result.checks, 'QUICK').status).toBe('PASS');
    await late.promise;
    expect(byId(result.checks, 'HANGS').evidence).toEqual([]);
  });

  it("uses a check's own timeoutMs over the run's", async () => {
    const started = Date.now();
    const result = await runChecks(
      runOptions([check('OWN-TIMEOUT', () => new Promise(() => {}), { timeoutMs: 20 })], {
        timeoutMs: 60_000,
      }),
    );
    expect(byId(result.checks, 'OWN-TIMEOUT').failure?.message).toBe('timed out after 20 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('runChecks: cancellation', () => {
  it('stops scheduling, aborts running checks, and reports the rest SKIPPED "run cancelled"', async () => {
    const controller = new AbortController();
    const started: string[] = [];
    const signals: AbortSignal[] = [];
    const checks: Check[] = Array.from({ length: 6 }, (_, i) =>
      check(`C-${i + 1}`, async (ctx) => {
        started.push(ctx.check.id);
        signals.push(ctx.signal);
        await new Promise(() => {}); // ignores its signal: cancellation must not wait for it
      }),
    );
    const reporter = recordingReporter();
    const run = runChecks(
      runOptions(checks, { concurrency: 2, signal: controller.signal, reporters: [reporter] }),
    );
    await tick();
    await tick();
    controller.abort();
    const result = await run;

    expect(started).toEqual(['C-1', 'C-2']);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(result.cancelled).toBe(true);
    expect(result.checks.map((r) => [r.checkId, r.status, r.skipReason])).toEqual([
      ['C-1', 'SKIPPED', CANCELLED_WHILE_RUNNING],
      ['C-2', 'SKIPPED', CANCELLED_WHILE_RUNNING],
      ['C-3', 'SKIPPED', RUN_CANCELLED],
      ['C-4', 'SKIPPED', RUN_CANCELLED],
      ['C-5', 'SKIPPED', RUN_CANCELLED],
      ['C-6', 'SKIPPED', RUN_CANCELLED],
    ]);
    const begins = reporter.events.filter((e) => e.type === 'check:begin').length;
    const ends = reporter.events.filter((e) => e.type === 'check:end').length;
    expect([begins, ends]).toEqual([6, 6]);
    expect(reporter.events.at(-1)?.type).toBe('run:end');
  });

  it('runs nothing when the signal is already aborted', async () => {
    const run = vi.fn(async () => {});
    const result = await runChecks(
      runOptions([check('A', run), check('B', run)], { signal: AbortSignal.abort() }),
    );
    expect(run).not.toHaveBeenCalled();
    expect(result.counts).toMatchObject({ total: 2, SKIPPED: 2 });
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
