/**
 * The runner emits events; reporters listen (design property 6 of docs/architecture.md, Playwright
 * Test's shape).
 * A multiplexer delivers each event to every reporter and isolates them: a reporter that throws
 * or rejects is logged once and never breaks the run or the other reporters.
 */
import type { TargetInfo } from '../check-api/index.js';
import type {
  CheckResult,
  CheckStatus,
  EvidenceItem,
  RunResult,
  StatusCounts,
} from '../../../shared/run-result.js';
import type { RuleId, CheckId } from '../../../shared/rule-ids.js';

export interface RunBeginEvent {
  type: 'run:begin';
  runId: string;
  startedAt: string;
  /** Number of checks the run will report on (run, skipped or cancelled). */
  checkCount: number;
  target: TargetInfo;
}

/** A suite is one area's checks; checks of neighbouring areas may overlap under concurrency. */
export interface SuiteBeginEvent {
  type: 'suite:begin';
  runId: string;
  area: string;
  checkIds: CheckId[];
}

export interface SuiteEndEvent {
  type: 'suite:end';
  runId: string;
  area: string;
  counts: StatusCounts;
  durationMs: number;
}

export interface CheckBeginEvent {
  type: 'check:begin';
  runId: string;
  checkId: CheckId;
  title: string;
  area: string;
  rules: RuleId[];
  startedAt: string;
}

export interface CheckEvidenceEvent {
  type: 'check:evidence';
  runId: string;
  checkId: CheckId;
  item: EvidenceItem;
}

export interface CheckEndEvent {
  type: 'check:end';
  runId: string;
  checkId: CheckId;
  status: CheckStatus;
  durationMs: number;
  result: CheckResult;
}

export interface RunEndEvent {
  type: 'run:end';
  runId: string;
  counts: StatusCounts;
  durationMs: number;
  cancelled: boolean;
  result: RunResult;
}

export type RunEvent =
  | RunBeginEvent
  | SuiteBeginEvent
  | SuiteEndEvent
  | CheckBeginEvent
  | CheckEvidenceEvent
  | CheckEndEvent
  | RunEndEvent;

type MaybePromise = void | Promise<void>;

/** Every hook is optional; the engine awaits whatever reporters return before `runChecks` resolves.
 * */
export interface Reporter {
  /** Shown when the reporter fails, e.g. `junit`. */
  readonly name: string;
  onRunBegin?(event: RunBeginEvent): MaybePromise;
  onSuiteBegin?(event: SuiteBeginEvent): MaybePromise;
  onCheckBegin?(event: CheckBeginEvent): MaybePromise;
  onCheckEvidence?(event: CheckEvidenceEvent): MaybePromise;
  onCheckEnd?(event: CheckEndEvent): MaybePromise;
  onSuiteEnd?(event: SuiteEndEvent): MaybePromise;
  onRunEnd?(event: RunEndEvent): MaybePromise;
}

/** Where the runner reports its own trouble (a failing reporter); the CLI passes stderr. */
export interface RunnerLogger {
  error(message: string): void;
}

/** console.error: stderr in Node, and this module stays loadable wherever the contract's types are.
 * */
export const stderrLogger: RunnerLogger = {
  error: (message) => console.error(message),
};

function deliver(reporter: Reporter, event: RunEvent): MaybePromise {
  switch (event.type) {
    case 'run:begin':
      return reporter.onRunBegin?.(event);
    case 'suite:begin':
      return reporter.onSuiteBegin?.(event);
    case 'check:begin':
      return reporter.onCheckBegin?.(event);
    case 'check:evidence':
      return reporter.onCheckEvidence?.(event);
    case 'check:end':
      return reporter.onCheckEnd?.(event);
    case 'suite:end':
      return reporter.onSuiteEnd?.(event);
    case 'run:end':
      return reporter.onRunEnd?.(event);
  }
}

export class ReporterMultiplexer {
  private readonly pending = new Set<Promise<void>>();
  private readonly failed = new Set<Reporter>();

  constructor(
    private readonly reporters: readonly Reporter[],
    private readonly logger: RunnerLogger = stderrLogger,
  ) {}

  /** Delivers synchronously to every reporter; async work is tracked for `settled()`. */
  emit(event: RunEvent): void {
    for (const reporter of this.reporters) {
      try {
        const returned = deliver(reporter, event);
        if (returned && typeof returned.then === 'function') {
          const tracked: Promise<void> = Promise.resolve(returned)
            .catch((error: unknown) => this.reportFailure(reporter, event, error))
            .finally(() => this.pending.delete(tracked));
          this.pending.add(tracked);
        }
      } catch (error) {
        this.reportFailure(reporter, event, error);
      }
    }
  }

  /** Resolves when every reporter's async work so far has finished (or failed). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Reporters that failed at least once in this run. */
  failedReporters(): string[] {
    return [...this.failed].map((reporter) => reporter.name);
  }

  // Once per reporter: a reporter broken on every event would otherwise flood stderr.
  private reportFailure(reporter: Reporter, event: RunEvent, error: unknown): void {
    if (this.failed.has(reporter)) return;
    this.failed.add(reporter);
    const reason = error instanceof Error ? error.message : String(error);
    try {
      this.logger.error(
        `workbench: reporter '${reporter.name}' failed on ${event.type}: ${reason} (the run goes on; further errors of this reporter are not shown)`,
      );
    } catch {
      // A broken logger must not break the run either.
    }
  }
}

/** A reporter that hands every event to one listener: the bridge to the renderer's run view. */
export function forwardingReporter(name: string, listener: (event: RunEvent) => void): Reporter {
  return {
    name,
    onRunBegin: listener,
    onSuiteBegin: listener,
    onCheckBegin: listener,
    onCheckEvidence: listener,
    onCheckEnd: listener,
    onSuiteEnd: listener,
    onRunEnd: listener,
  };
}
