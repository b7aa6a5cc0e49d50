/**
 * One check, from its begin event to its result: prepares its environment, runs its code within
 * its deadline, collects its evidence as it goes, and turns the outcome into a CheckResult. The
 * caller (run.ts) schedules checks and reports each result's end.
 */
import { performance } from 'node:perf_hooks';
import type { SpecValidator } from '../../spec/validation.js';
import type { Check, TargetInfo } from '../check-api/index.js';
import type { ReporterMultiplexer, RunnerLogger } from './events.js';
import type { CheckResult, EvidenceItem } from '../../../shared/run-result.js';
import {
  createCheckContext,
  inapplicableReason,
  missingCapabilityReason,
  type CheckEnvironment,
} from './check-context.js';
import { withinDeadline } from './deadline.js';
import type { AnswerObserver } from './answer-observer.js';
import { errorDetails, judge, outcomeOfThrown, type Outcome } from './outcome.js';

/** What every check of one run shares. */
export interface RunScope {
  runId: string;
  target: TargetInfo;
  now(): string;
  reporters: ReporterMultiplexer;
  validator: SpecValidator;
  logger: RunnerLogger;
  defaultTimeoutMs: number;
  /** Judges every answer of the run against the rules that hold for every answer. */
  observer?: AnswerObserver;
  runSignal: AbortSignal | undefined;
  createEnvironment(
    check: Check,
    signal: AbortSignal,
  ): CheckEnvironment | Promise<CheckEnvironment>;
}

/** Runs `check`, begun at `startedAt` (and `start` on the monotonic clock). */
export async function runCheck(
  check: Check,
  scope: RunScope,
  startedAt: string,
  start: number,
): Promise<CheckResult> {
  const { runId, target, now, reporters } = scope;
  const evidence: EvidenceItem[] = [];
  const warnings: string[] = [];
  // Closed once the check's outcome is settled: an abandoned check cannot add to its result.
  let open = true;
  const addEvidence = (item: EvidenceItem) => {
    if (!open) return;
    evidence.push(item);
    reporters.emit({ type: 'check:evidence', runId, checkId: check.id, item });
  };

  const controller = new AbortController();

  async function execute(): Promise<Outcome> {
    let environment: CheckEnvironment | undefined;
    try {
      try {
        environment = await scope.createEnvironment(check, controller.signal);
      } catch (error) {
        return { kind: 'error', error, preparing: true };
      }
      const missing = missingCapabilityReason(check, environment);
      if (missing) return { kind: 'skipped', reason: missing };
      const context = createCheckContext({
        check,
        target,
        environment,
        signal: controller.signal,
        validator: scope.validator,
        now,
        addEvidence,
        warn(message) {
          if (open) warnings.push(message);
        },
        observe(exchange) {
          if (open) scope.observer?.observe(check.id, exchange, now());
        },
        observeRedirect(url, redirect) {
          if (open) scope.observer?.observeRedirect(check.id, url, redirect, now());
        },
      });
      await check.run(context);
      return { kind: 'completed' };
    } catch (error) {
      return outcomeOfThrown(error);
    } finally {
      if (environment) await dispose(environment, check, scope.logger);
    }
  }

  const inapplicable = inapplicableReason(check, target);
  const outcome: Outcome = inapplicable
    ? { kind: 'skipped', reason: inapplicable }
    : await withinDeadline(execute, {
        timeoutMs: check.timeoutMs ?? scope.defaultTimeoutMs,
        runSignal: scope.runSignal,
        controller,
      });

  // The exchange a failed assertion or a refused precondition was about belongs in the evidence,
  // even if the check built it.
  const about =
    outcome.kind === 'assertion'
      ? outcome.failure.exchange
      : outcome.kind === 'inconclusive'
        ? outcome.exchange
        : undefined;
  if (about) {
    const known = evidence.some(
      (item) => item.kind === 'exchange' && item.exchange.id === about.id,
    );
    if (!known) addEvidence({ kind: 'exchange', at: now(), exchange: about });
  }
  open = false;
  const judgement = judge(outcome, evidence, warnings, check.needsReview !== undefined);

  const result: CheckResult = {
    checkId: check.id,
    title: check.title,
    area: check.area,
    rules: [...check.rules],
    tags: [...(check.tags ?? [])],
    status: judgement.status,
    startedAt,
    durationMs: performance.now() - start,
    warnings,
    evidence,
  };
  if (judgement.failure) result.failure = judgement.failure;
  if (judgement.couldNotTest) result.couldNotTest = judgement.couldNotTest;
  if (judgement.skipReason !== undefined) result.skipReason = judgement.skipReason;
  if (judgement.status === 'REVIEW' && check.needsReview) result.reviewFor = check.needsReview;
  return result;
}

async function dispose(
  environment: CheckEnvironment,
  check: Check,
  logger: RunnerLogger,
): Promise<void> {
  if (!environment.dispose) return;
  try {
    await environment.dispose();
  } catch (error) {
    logger.error(
      `workbench: check '${check.id}': releasing its environment failed: ${errorDetails(error).message}`,
    );
  }
}
