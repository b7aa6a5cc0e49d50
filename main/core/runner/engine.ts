/**
 * The suite engine: runs checks with bounded concurrency, a per-check timeout and cancellation,
 * turns every way a check can end into a CheckResult, and tells reporters through events. It knows
 * nothing of HTTP: the composition root injects each check's client, PSU agent and clock.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { systemClock, type Clock } from '../clock.js';
import { SpecValidator } from '../spec/validation.js';
import {
  CheckSkipped,
  isAssertionFailure,
  isCheckSkipped,
  type AssertionFailure,
  type Check,
  type CheckContext,
  type PsuAgent,
  type TargetClient,
  type TargetClock,
  type TargetInfo,
} from './check-api/index.js';
import { ReporterMultiplexer, stderrLogger, type Reporter, type RunnerLogger } from './events.js';
import { createExpect } from './expect.js';
import { toJsonValue } from './json-value.js';
import {
  countStatuses,
  RUN_RESULT_FORMAT,
  RUN_RESULT_FORMAT_VERSION,
  type CheckFailure,
  type CheckResult,
  type CheckStatus,
  type EvidenceItem,
  type RunResult,
} from '../../shared/run-result.js';
import { SuiteTracker } from './suites.js';

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_CHECK_TIMEOUT_MS = 30_000;

export const RUN_CANCELLED = 'run cancelled';
export const CANCELLED_WHILE_RUNNING = 'run cancelled while the check was running';

/** What the composition root gives one check: how to reach the target. */
export interface CheckEnvironment {
  client: TargetClient;
  /** A second TPP registered for AISP only (CheckContext.aispOnlyClient). */
  aispOnlyClient?: TargetClient;
  /** Absent when the run has no SCA automation; checks needing it are SKIPPED. */
  psu?: PsuAgent;
  /** Absent when the target's clock cannot be moved; checks needing it are SKIPPED. */
  clock?: TargetClock;
  /** Called once the check's code has returned or thrown (a check abandoned after a timeout or
   * cancellation is released only if its code still ends). A failure here is logged, not a FAIL. */
  dispose?(): void | Promise<void>;
}

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

type Outcome =
  | { kind: 'completed' }
  | { kind: 'skipped'; reason: string }
  | { kind: 'assertion'; failure: AssertionFailure }
  | { kind: 'error'; error: unknown; preparing: boolean }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'cancelled' };

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

/** Why a check cannot run on this target at all, before anything is prepared for it. */
function inapplicableReason(check: Check, target: TargetInfo): string | undefined {
  if (check.modes && !check.modes.includes(target.mode)) {
    return `runs in ${check.modes.join(' or ')} mode only; the target is in ${target.mode} mode`;
  }
  if (check.needs?.includes('sandbox-api') && !target.hasSandboxApi) {
    return 'needs the sandbox management operations (/v1/sandbox/), which the target does not offer';
  }
  return undefined;
}

function missingCapabilityReason(check: Check, environment: CheckEnvironment): string | undefined {
  if (check.needs?.includes('psu-agent') && !environment.psu) {
    return 'needs a PSU agent to complete SCA, and this run has none';
  }
  if (check.needs?.includes('clock-control') && !environment.clock) {
    return "needs control of the target's clock, which this target does not offer";
  }
  return undefined;
}

// Stand-ins that skip, so `ctx.psu` and `ctx.clock` are always callable in a check's code.
const noPsuAgent: PsuAgent = {
  completeSca: () => {
    throw new CheckSkipped('needs a PSU agent to complete SCA, and this run has none');
  },
};
const noTargetClock: TargetClock = {
  now: () => {
    throw new CheckSkipped("needs control of the target's clock, which this target does not offer");
  },
  advance: () => {
    throw new CheckSkipped("needs control of the target's clock, which this target does not offer");
  },
};

function errorDetails(error: unknown): NonNullable<CheckFailure['error']> {
  if (error instanceof Error) {
    const details: NonNullable<CheckFailure['error']> = {
      name: error.name,
      message: error.message,
    };
    if (error.stack) details.stack = error.stack;
    return details;
  }
  return { name: typeof error, message: String(error) };
}

function failureOf(outcome: Outcome): CheckFailure | undefined {
  switch (outcome.kind) {
    case 'assertion': {
      const { failure } = outcome;
      const result: CheckFailure = { message: failure.message, what: failure.what };
      const expected = toJsonValue(failure.expected);
      const actual = toJsonValue(failure.actual);
      if (expected !== undefined) result.expected = expected;
      if (actual !== undefined) result.actual = actual;
      if (failure.exchange) result.exchangeId = failure.exchange.id;
      return result;
    }
    case 'error': {
      const error = errorDetails(outcome.error);
      const message = `${error.name}: ${error.message}`;
      return {
        message: outcome.preparing ? `could not prepare the check: ${message}` : message,
        error,
      };
    }
    case 'timeout':
      return { message: `timed out after ${outcome.timeoutMs} ms` };
    default:
      return undefined;
  }
}

function statusOf(outcome: Outcome, warnings: readonly string[]): CheckStatus {
  switch (outcome.kind) {
    case 'completed':
      return warnings.length > 0 ? 'WARNING' : 'PASS';
    case 'skipped':
    case 'cancelled':
      return 'SKIPPED';
    default:
      return 'FAIL';
  }
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
  const validator = new SpecValidator();
  const ordered = scheduleOrder(options.checks);
  const suites = new SuiteTracker(runId, ordered, reporters);

  const startedAt = now();
  const runStart = performance.now();
  reporters.emit({ type: 'run:begin', runId, startedAt, checkCount: ordered.length, target });

  async function runOne(check: Check): Promise<CheckResult> {
    const checkStartedAt = now();
    const checkStart = performance.now();
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

    const evidence: EvidenceItem[] = [];
    const warnings: string[] = [];
    // Closed once the check's outcome is settled: an abandoned check cannot add to its result.
    let open = true;
    const addEvidence = (item: EvidenceItem) => {
      if (!open) return;
      evidence.push(item);
      reporters.emit({ type: 'check:evidence', runId, checkId: check.id, item });
    };

    const timeoutMs = check.timeoutMs ?? defaultTimeoutMs;
    const controller = new AbortController();

    async function execute(): Promise<Outcome> {
      let environment: CheckEnvironment | undefined;
      try {
        try {
          environment = await options.createEnvironment(check, controller.signal);
        } catch (error) {
          return { kind: 'error', error, preparing: true };
        }
        const missing = missingCapabilityReason(check, environment);
        if (missing) return { kind: 'skipped', reason: missing };
        // Every exchange a check makes, through any of its clients, is evidence.
        const recording = (client: TargetClient): TargetClient => ({
          async send(request) {
            controller.signal.throwIfAborted();
            const exchange = await client.send(request);
            addEvidence({ kind: 'exchange', at: now(), exchange });
            return exchange;
          },
        });
        const context: CheckContext = {
          check: { id: check.id, title: check.title, area: check.area },
          target,
          client: recording(environment.client),
          ...(environment.aispOnlyClient
            ? { aispOnlyClient: recording(environment.aispOnlyClient) }
            : {}),
          psu: environment.psu ?? noPsuAgent,
          clock: environment.clock ?? noTargetClock,
          expect: createExpect(
            { assertion: (record) => addEvidence({ kind: 'assertion', at: now(), ...record }) },
            validator,
          ),
          skip(reason) {
            throw new CheckSkipped(reason);
          },
          warn(message) {
            if (open) warnings.push(message);
          },
          evidence: {
            note: (text) => addEvidence({ kind: 'note', at: now(), text }),
            exchange: (exchange) => addEvidence({ kind: 'exchange', at: now(), exchange }),
          },
          signal: controller.signal,
        };
        await check.run(context);
        return { kind: 'completed' };
      } catch (error) {
        if (isCheckSkipped(error)) return { kind: 'skipped', reason: error.reason };
        if (isAssertionFailure(error)) return { kind: 'assertion', failure: error };
        return { kind: 'error', error, preparing: false };
      } finally {
        if (environment?.dispose) {
          try {
            await environment.dispose();
          } catch (error) {
            logger.error(
              `workbench: check '${check.id}': releasing its environment failed: ${errorDetails(error).message}`,
            );
          }
        }
      }
    }

    const inapplicable = inapplicableReason(check, target);
    const outcome: Outcome = inapplicable
      ? { kind: 'skipped', reason: inapplicable }
      : await new Promise<Outcome>((resolve) => {
          let settled = false;
          const onCancel = () => {
            controller.abort(runSignal?.reason);
            settle({ kind: 'cancelled' });
          };
          const timer = setTimeout(() => {
            controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
            settle({ kind: 'timeout', timeoutMs });
          }, timeoutMs);
          function settle(result: Outcome) {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            runSignal?.removeEventListener('abort', onCancel);
            resolve(result);
          }
          if (runSignal?.aborted) onCancel();
          else runSignal?.addEventListener('abort', onCancel, { once: true });
          // execute() catches everything; the rejection handler only guards against the impossible.
          execute().then(settle, (error: unknown) =>
            settle({ kind: 'error', error, preparing: false }),
          );
        });

    const failure = failureOf(outcome);
    // The exchange a failed assertion was about belongs in the evidence, even if the check built it.
    if (outcome.kind === 'assertion' && outcome.failure.exchange) {
      const exchange = outcome.failure.exchange;
      const known = evidence.some(
        (item) => item.kind === 'exchange' && item.exchange.id === exchange.id,
      );
      if (!known) addEvidence({ kind: 'exchange', at: now(), exchange });
    }
    open = false;

    const result: CheckResult = {
      checkId: check.id,
      title: check.title,
      area: check.area,
      rules: [...check.rules],
      tags: [...(check.tags ?? [])],
      status: statusOf(outcome, warnings),
      startedAt: checkStartedAt,
      durationMs: performance.now() - checkStart,
      warnings,
      evidence,
    };
    if (failure) result.failure = failure;
    if (outcome.kind === 'skipped') result.skipReason = outcome.reason;
    if (outcome.kind === 'cancelled') result.skipReason = CANCELLED_WHILE_RUNNING;
    return finish(result);
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

  /** A check the run never started: reported SKIPPED, with begin and end so reporters stay paired. */
  function notRun(check: Check): CheckResult {
    suites.checkStarting(check.area);
    reporters.emit({
      type: 'check:begin',
      runId,
      checkId: check.id,
      title: check.title,
      area: check.area,
      rules: [...check.rules],
      startedAt: now(),
    });
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
  let next = 0;
  async function worker(): Promise<void> {
    while (next < ordered.length && !runSignal?.aborted) {
      const index = next++;
      results[index] = await runOne(ordered[index] as Check);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, ordered.length) }, worker));
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
