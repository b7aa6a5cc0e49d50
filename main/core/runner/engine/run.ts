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
import { ReporterMultiplexer, stderrLogger, type Reporter, type RunnerLogger } from '../events.js';
import {
  countStatuses,
  RUN_RESULT_FORMAT,
  RUN_RESULT_FORMAT_VERSION,
  type CheckResult,
  type RunResult,
} from '../../../shared/run-result.js';
import { SuiteTracker } from '../suites.js';
import type { CheckEnvironment } from './check-context.js';
import { runCheck, type RunScope } from './run-check.js';

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_CHECK_TIMEOUT_MS = 30_000;

export const RUN_CANCELLED = 'run cancelled';

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
 * Whether `check` must have the bank to itself: on a shared bank (TargetInfo.shared) a check that
 * resets or fills the sandbox (Check.exclusive) or moves the bank clock changes what every check
 * running beside it sees. A bank of its own per check (the embedded target) needs no such care.
 */
export function runsAlone(check: Check, target: TargetInfo): boolean {
  return (
    target.shared === true && (check.exclusive === true || !!check.needs?.includes('clock-control'))
  );
}

export async function runChecks(options: RunOptions): Promise<RunResult> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  checkPositiveInteger('concurrency', concurrency);
  checkPositiveInteger('timeoutMs', defaultTimeoutMs);
  const seen = new Set<string>();
  for (const check of options.checks) {
    // Baselines, re-runs and comparisons key on the id: two checks with one id would be confused.
    if (seen.has(check.id)) throw new RangeError(`runChecks: duplicate check id '${check.id}'`);
    seen.add(check.id);
  }

  const clock = options.clock ?? systemClock;
  const now = () => clock.now().toISOString();
  const runId = options.runId ?? randomUUID();
  const { target, signal: runSignal } = options;
  const logger = options.logger ?? stderrLogger;
  const reporters = new ReporterMultiplexer(options.reporters ?? [], logger);
  const ordered = scheduleOrder(options.checks);
  const suites = new SuiteTracker(runId, ordered, reporters);
  const scope: RunScope = {
    runId,
    target,
    now,
    reporters,
    validator: new SpecValidator(),
    logger,
    defaultTimeoutMs,
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

  /** A check the run never started: reported SKIPPED, with begin and end so reporters stay paired. */
  function notRun(check: Check): CheckResult {
    begin(check, now());
    return finish({
      checkId: check.id,
      title: check.title,
      area: check.area,
      rules: [...check.rules],
      tags: [...(check.tags ?? [])],
      status: 'SKIPPED',
      durationMs: 0,
      skipReason: RUN_CANCELLED,
      warnings: [],
      evidence: [],
    });
  }

  const results: CheckResult[] = new Array<CheckResult>(ordered.length);
  // Up to `concurrency` checks at a time, in schedule order. On a shared bank an exclusive check
  // waits for the running ones to end and runs alone; the pool resumes after it.
  const running = new Set<Promise<void>>();
  let next = 0;
  for (; next < ordered.length; next++) {
    const check = ordered[next] as Check;
    const alone = runsAlone(check, target);
    while (running.size > 0 && (alone || running.size >= concurrency)) {
      await (alone ? Promise.all(running) : Promise.race(running));
    }
    if (runSignal?.aborted) break;
    const index = next;
    if (alone) {
      results[index] = await runOne(check);
      continue;
    }
    const started: Promise<void> = runOne(check).then((result) => {
      results[index] = result;
      running.delete(started);
    });
    running.add(started);
  }
  await Promise.all(running);
  for (let index = next; index < ordered.length; index++) {
    results[index] = notRun(ordered[index] as Check);
  }

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
  await reporters.settled();
  return result;
}
