/**
 * A run's progress as the view shows it, reduced from the runner's events (run, suite and check
 * begin and end). Pure: one batch of events in, one new state out, so a flush of many events costs
 * one store update and one render.
 */
import type { RunnerEvent, RunSummaryView } from '../../../../main/api/contract';
import {
  CHECK_STATUSES,
  emptyCounts,
  type CheckStatus,
  type StatusCounts,
} from '../../../../main/shared/run-status';
import type { CheckResult, RunResult, TargetInfo } from '../../../../main/shared/run-result';

export interface RunningCheck {
  checkId: string;
  title: string;
  area: string;
  startedAt: string;
}

export interface RunProgress {
  runId: string;
  /** From run:begin; until then the run is preparing (certificates, the embedded bank). */
  startedAt?: string;
  checkCount: number;
  target?: TargetInfo;
  /** Checks begun and not yet ended, in the order they began. */
  running: RunningCheck[];
  /** Ended checks, in the order they ended. */
  results: CheckResult[];
  counts: StatusCounts;
  /** The area of the suite that began last. */
  currentArea?: string;
  finished: boolean;
  cancelled: boolean;
  durationMs?: number;
  /** The whole result, from run:end. */
  result?: RunResult;
  /** Why the run could not complete (runner.finished). */
  error?: string;
}

export function newProgress(runId: string): RunProgress {
  return {
    runId,
    checkCount: 0,
    running: [],
    results: [],
    counts: emptyCounts(),
    finished: false,
    cancelled: false,
  };
}

function reduceOne(progress: RunProgress, { event }: RunnerEvent): RunProgress {
  switch (event.type) {
    case 'run:begin':
      return {
        ...progress,
        startedAt: event.startedAt,
        checkCount: event.checkCount,
        target: event.target,
      };
    case 'suite:begin':
      return { ...progress, currentArea: event.area };
    case 'check:begin':
      if (progress.running.some((r) => r.checkId === event.checkId)) return progress;
      return {
        ...progress,
        running: [
          ...progress.running,
          {
            checkId: event.checkId,
            title: event.title,
            area: event.area,
            startedAt: event.startedAt,
          },
        ],
      };
    case 'check:end': {
      if (progress.results.some((r) => r.checkId === event.checkId)) return progress;
      const counts = { ...progress.counts, total: progress.counts.total + 1 };
      counts[event.status] += 1;
      return {
        ...progress,
        running: progress.running.filter((r) => r.checkId !== event.checkId),
        results: [...progress.results, event.result],
        counts,
      };
    }
    case 'run:end':
      return {
        ...progress,
        running: [],
        // The result is complete (checks cancelled before their turn are in it, SKIPPED).
        results: event.result.checks,
        counts: event.counts,
        finished: true,
        cancelled: event.cancelled,
        durationMs: event.durationMs,
        result: event.result,
      };
    default:
      return progress;
  }
}

/**
 * Applies a batch of events to the runs they belong to. Runs are created on their first event, so
 * events that arrive before `runner.start` has answered are not lost. Untouched runs keep their
 * identity (components showing them do not re-render).
 */
export function reduceRunEvents(
  runs: Readonly<Record<string, RunProgress>>,
  events: readonly RunnerEvent[],
): Record<string, RunProgress> {
  if (events.length === 0) return runs as Record<string, RunProgress>;
  const next: Record<string, RunProgress> = { ...runs };
  for (const item of events) {
    const current = next[item.runId] ?? newProgress(item.runId);
    if (current.finished) continue;
    next[item.runId] = reduceOne(current, item);
  }
  return next;
}

/** runner.finished: the run is over; when it could not complete, say why. */
export function finishProgress(
  runs: Readonly<Record<string, RunProgress>>,
  summary: RunSummaryView,
): Record<string, RunProgress> {
  const current = runs[summary.runId] ?? newProgress(summary.runId);
  return {
    ...runs,
    [summary.runId]: {
      ...current,
      running: [],
      finished: true,
      ...(summary.counts && !current.result
        ? { counts: { ...summary.counts, total: sum(summary.counts) } }
        : {}),
      ...(summary.error ? { error: summary.error } : {}),
    },
  };
}

function sum(counts: Record<CheckStatus, number>): number {
  return CHECK_STATUSES.reduce((total, status) => total + counts[status], 0);
}

/** 0…1: ended checks over the checks the run reports on (0 while it prepares). */
export function progressFraction(progress: RunProgress): number {
  if (progress.finished) return 1;
  if (progress.checkCount === 0) return 0;
  return Math.min(1, progress.counts.total / progress.checkCount);
}

/** Milliseconds since the run began (its final duration once it ended). */
export function elapsedMs(progress: RunProgress, now: number): number {
  if (progress.durationMs !== undefined) return progress.durationMs;
  if (!progress.startedAt) return 0;
  return Math.max(0, now - Date.parse(progress.startedAt));
}
