/**
 * The engine's verdicts: a check's outcomes, its timeout, and a cancelled run (run.test.ts has
 * concurrency, exclusive checks, events and reporters).
 */
import { describe, expect, it, vi } from 'vitest';
import { CANCELLED_WHILE_RUNNING } from '../../../../main/core/runner/engine/outcome';
import { RUN_CANCELLED, runChecks } from '../../../../main/core/runner/engine/run';
import { AssertionFailure, type Check } from '../../../../main/core/runner/check-api/index';
import {
  aborted,
  byId,
  check,
  deferred,
  environment,
  fakeClient,
  fakeExchange,
  recordingReporter,
  runOptions,
  tick,
} from '../fakes';

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
    expect(byId(result.checks, 'THROWS').couldNotTest?.error?.stack).toMatch(/outcome\.test/);
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

describe('runChecks: REVIEW, what a person must judge on the screenshots', () => {
  const PNG = 'iVBORw0KGgo=';
  const shoot = async (ctx: Parameters<Check['run']>[0]) =>
    ctx.evidence.screenshot({ step: 'consent', url: 'http://bank.example/sca/1', pngBase64: PNG });
  const needsReview = { needsReview: 'the page shows the accounts ticked (§1)' };

  it('ends REVIEW when a check that needs review passed and holds screenshots', async () => {
    const result = await runChecks(runOptions([check('SHOWN', shoot, needsReview)]));
    expect(byId(result.checks, 'SHOWN')).toMatchObject({
      status: 'REVIEW',
      reviewFor: 'the page shows the accounts ticked (§1)',
    });
    expect(result.counts).toMatchObject({ REVIEW: 1, PASS: 0 });
  });

  it('stays PASS without screenshots, FAIL on a failed assertion, PASS without needsReview', async () => {
    const result = await runChecks(
      runOptions([
        check('HEADLESS', async () => undefined, needsReview),
        check(
          'FAILED',
          async (ctx) => {
            await shoot(ctx);
            ctx.expect.equal(1, 2, 'the granted accounts');
          },
          needsReview,
        ),
        check('MACHINE', shoot),
      ]),
    );
    expect(byId(result.checks, 'HEADLESS').status).toBe('PASS');
    expect(byId(result.checks, 'FAILED').status).toBe('FAIL');
    expect(byId(result.checks, 'MACHINE').status).toBe('PASS');
  });
});
