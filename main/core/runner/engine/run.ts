/**
 * The suite engine: schedules checks by area with bounded concurrency, runs each (run-check.ts:
 * its context, deadline and outcome), reports SKIPPED the checks a cancelled run never started,
 * and tells reporters through events. It knows nothing of HTTP: the composition root injects each
 * check's client, PSU agent and clock.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { systemClock, type Clock } from '../../clock.js';
import { SpecValidator } from '../../spec/validation.js';
import type { Check, TargetInfo } from '../check-api/index.js';
import { ReporterMultiplexer, stderrLogger, type Reporter, type RunnerLogger } from './events.js';
import {
  countStatuses,
  RUN_RESULT_FORMAT,
  RUN_RESULT_FORMAT_VERSION,
  type CheckResult,
  type RunResult,
} from '../../../shared/run-result.js';
import { SuiteTracker } from './suite-events.js';
import type { CheckEnvironment } from './check-context.js';
import { runCheck, type RunScope } from './run-check.js';
import { AnswerObserver } from './answer-observer.js';

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_CHECK_TIMEOUT_MS = 30_000;

export const RUN_CANCELLED = 'run cancelled';
/** Why a check after the target was lost did not run (CouldNotTest.reason: `not run: …`). */
export const TARGET_LOST = 'the target did not answer an earlier check';

export interface RunOptions {
  checks: readonly Check[];
  target: TargetInfo;
  /** Called once per check that runs, with the check's own signal (aborted on timeout/cancel). */
  createEnvironment(
    check: Check,
    signal: AbortSignal,
  ): CheckEnvironment | Promise<CheckEnvironment>;
  /** Checks running at the same time; default 4. */
  concurrency?: number;
  /** Per-check timeout; a check's own `timeoutMs` wins. Default 30 s. */
  timeoutMs?: number;
  /** Cancels the run: no new checks start, running ones are aborted, the rest are SKIPPED. */
  signal?: AbortSignal;
  /**
   * Whether a check's result shows the target unreachable (nothing listening, an unknown host, a
   * TLS port asked in plain HTTP): the one-line reason, or undefined. Once a check says so no
   * further check starts, since each would only wait for the same failure; those left are
   * INCONCLUSIVE with that reason. The composition root decides, as the engine knows no HTTP.
   */
  targetLost?: (result: CheckResult) => string | undefined | Promise<string | undefined>;
  reporters?: readonly Reporter[];
  logger?: RunnerLogger;
  /** Timestamps in events and results; durations use the monotonic clock. */
  clock?: Clock;
  runId?: string;
}

function checkPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`runChecks: ${name} must be a positive integer, not ${value}`);
  }
}

/** Groups checks by area, areas in order of first appearance, checks in their given order. */
export function scheduleOrder(checks: readonly Check[]): Check[] {
  const byArea = new Map<string, Check[]>();
  for (const check of checks) {
    const group = byArea.get(check.area) ?? [];
    group.push(check);
    byArea.set(check.area, group);
  }
  return [...byArea.values()].flat();
}

/**
 * How `check` shares a shared bank (TargetInfo.shared) with the checks beside it:
 * - `alone`: it resets or fills the sandbox (Check.exclusive) or moves the bank clock, which
 *   changes what every check running beside it sees;
 * - `psu`: it acts as a test PSU through SCA. The bank keeps one valid TPP session per TPP and PSU
 *   (§3.4: a completed SCA under a new session id invalidates the old one) and one consent per PSU
 *   and context (docs/sca.md: a newer consent replaces the older), and a run has few test PSUs,
 *   so two such checks side by side would end each other's sessions and consents;
 * - `pool`: anything else, run side by side.
 * A bank of its own per check (the embedded target) needs no such care: everything is `pool`.
 */
export function laneOf(check: Check, target: TargetInfo): 'alone' | 'psu' | 'pool' {
  if (target.shared !== true) return 'pool';
  if (check.exclusive === true || check.needs?.includes('clock-control')) return 'alone';
  return check.needs?.includes('psu-agent') ? 'psu' : 'pool';
}

/**
 * The result of a check the run did not start: SKIPPED when the run was cancelled, INCONCLUSIVE
 * with the reason when the target was lost before it.
 */
function unstartedResult(check: Check, lost: string | undefined): CheckResult {
  const result = {
    checkId: check.id,
    title: check.title,
    area: check.area,
    rules: [...check.rules],
    tags: [...(check.tags ?? [])],
    durationMs: 0,
    warnings: [],
    evidence: [],
  };
  return lost === undefined
    ? { ...result, status: 'SKIPPED', skipReason: RUN_CANCELLED }
    : {
        ...result,
        status: 'INCONCLUSIVE',
        couldNotTest: { reason: `not run: ${TARGET_LOST}`, transportError: lost },
      };
}

/** RunOptions.targetLost; a predicate that throws loses nothing (the run goes on as before). */
async function targetLost(options: RunOptions, result: CheckResult): Promise<string | undefined> {
  try {
    return await options.targetLost?.(result);
  } catch {
    return undefined;
  }
}

/** A run's checks have one id each; a duplicate is a RangeError naming it. */
function checkUniqueIds(checks: readonly Check[]): void {
  const seen = new Set<string>();
  for (const check of checks) {
    // Baselines, re-runs and comparisons key on the id: two checks with one id would be confused.
    if (seen.has(check.id)) throw new RangeError(`runChecks: duplicate check id '${check.id}'`);
    seen.add(check.id);
  }
}

/** The run's result, with its counts and duration, told to the reporters as run:end. */
function endRun(
  results: CheckResult[],
  run: {
    runId: string;
    startedAt: string;
    runStart: number;
    target: TargetInfo;
    runSignal: AbortSignal | undefined;
    now: () => string;
    reporters: ReporterMultiplexer;
  },
): RunResult {
  const { runId, startedAt, runStart, target, runSignal, now, reporters } = run;
  const counts = countStatuses(results);
  const durationMs = performance.now() - runStart;
  const result: RunResult = {
    format: RUN_RESULT_FORMAT,
    formatVersion: RUN_RESULT_FORMAT_VERSION,
    runId,
    startedAt,
    finishedAt: now(),
    durationMs,
    target,
    cancelled: runSignal?.aborted === true,
    counts,
    checks: results,
  };
  reporters.emit({
    type: 'run:end',
    runId,
    counts,
    durationMs,
    cancelled: result.cancelled,
    result,
  });
  return result;
}

export async function runChecks(options: RunOptions): Promise<RunResult> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  checkPositiveInteger('concurrency', concurrency);
  checkPositiveInteger('timeoutMs', defaultTimeoutMs);
  checkUniqueIds(options.checks);

  const clock = options.clock ?? systemClock;
  const now = () => clock.now().toISOString();
  const runId = options.runId ?? randomUUID();
  const { target, signal: runSignal } = options;
  const logger = options.logger ?? stderrLogger;
  const reporters = new ReporterMultiplexer(options.reporters ?? [], logger);
  const ordered = scheduleOrder(options.checks);
  const observer = new AnswerObserver();
  const suites = new SuiteTracker(runId, ordered, reporters);
  const scope: RunScope = {
    runId,
    target,
    now,
    reporters,
    validator: new SpecValidator(),
    logger,
    defaultTimeoutMs,
    observer,
    runSignal,
    createEnvironment: (check, signal) => options.createEnvironment(check, signal),
  };

  const startedAt = now();
  const runStart = performance.now();
  reporters.emit({ type: 'run:begin', runId, startedAt, checkCount: ordered.length, target });

  function begin(check: Check, checkStartedAt: string): void {
    suites.checkStarting(check.area);
    reporters.emit({
      type: 'check:begin',
      runId,
      checkId: check.id,
      title: check.title,
      area: check.area,
      rules: [...check.rules],
      startedAt: checkStartedAt,
    });
  }

  function finish(result: CheckResult): CheckResult {
    reporters.emit({
      type: 'check:end',
      runId,
      checkId: result.checkId,
      status: result.status,
      durationMs: result.durationMs,
      result,
    });
    suites.checkEnded(result);
    return result;
  }

  async function runOne(check: Check): Promise<CheckResult> {
    const checkStartedAt = now();
    const checkStart = performance.now();
    begin(check, checkStartedAt);
    return finish(await runCheck(check, scope, checkStartedAt, checkStart));
  }

  /** A result of the every-answer observer, with begin and end so reporters stay paired. */
  function reportObserved(result: CheckResult): CheckResult {
    reporters.emit({
      type: 'check:begin',
      runId,
      checkId: result.checkId,
      title: result.title,
      area: result.area,
      rules: [...result.rules],
      startedAt: result.startedAt ?? now(),
    });
    return finish(result);
  }

  /** A check the run never started, with begin and end so reporters stay paired. */
  function notRun(check: Check, lost: string | undefined): CheckResult {
    begin(check, now());
    return finish(unstartedResult(check, lost));
  }

  const results: CheckResult[] = new Array<CheckResult>(ordered.length);
  // Up to `concurrency` checks at a time, in schedule order. On a shared bank an exclusive check
  // waits for the running ones to end and runs alone, and nothing after it starts before it; the
  // checks that act as a test PSU take turns, while the others fill the free places.
  const pending = ordered.map((check, index) => ({ check, index, lane: laneOf(check, target) }));
  const running = new Set<Promise<void>>();
  let psuBusy = false;
  let exclusiveBusy = false;

  /** The first pending check that may start now, or undefined. */
  function nextToStart(): number | undefined {
    if (exclusiveBusy || running.size >= concurrency) return undefined;
    for (let at = 0; at < pending.length; at++) {
      const { lane } = pending[at]!;
      if (lane === 'alone') return at === 0 && running.size === 0 ? at : undefined;
      if (lane === 'psu' && psuBusy) continue;
      return at;
    }
    return undefined;
  }

  let lost: string | undefined;
  while (pending.length > 0 && !runSignal?.aborted && lost === undefined) {
    const at = nextToStart();
    if (at === undefined) {
      await Promise.race(running);
      continue;
    }
    const [{ check, index, lane }] = pending.splice(at, 1) as [(typeof pending)[number]];
    if (lane === 'alone') exclusiveBusy = true;
    if (lane === 'psu') psuBusy = true;
    const started: Promise<void> = runOne(check).then(async (result) => {
      results[index] = result;
      // Decided before this check leaves `running`, so the loop sees it before starting another.
      lost ??= await targetLost(options, result);
      running.delete(started);
      if (lane === 'alone') exclusiveBusy = false;
      if (lane === 'psu') psuBusy = false;
    });
    running.add(started);
  }
  await Promise.all(running);
  for (const { check, index } of pending)
    results[index] = notRun(check, runSignal?.aborted ? undefined : lost);
  // The rules every answer meets, judged on all the answers the checks got: each one broken is a
  // FAIL of its rule even when its own check was not selected or did not see the fault.
  for (const observed of observer.results()) results.push(reportObserved(observed));

  const result = endRun(results, { runId, startedAt, runStart, target, runSignal, now, reporters });
  await reporters.settled();
  return result;
}
