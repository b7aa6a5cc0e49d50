/**
 * The Runner store's shape (store.ts creates it; baseline-actions.ts and live-actions.ts add to
 * it): its state and actions, the run settings, and the pure readings of it the views share.
 * Apart from the store, so the action modules read the shape without importing the store.
 */
import type { StoreApi } from 'zustand';
import type { RunComparison, RunnerEvent, RunSummaryView } from '../../../../main/api/contract';
import type { ExpectedFailure } from '../../../../main/shared/baseline';
import type { ReportFormat } from '../../../../main/shared/report-formats';
import type { CheckStatus, ReviewDecision } from '../../../../main/shared/run-status';
import type { CheckResult, RunResult } from '../../../../main/shared/run-result';
import type { Catalogue, CatalogueFilter } from './catalogue-tree';
import type { ComparisonRow } from './comparison';
import type { RunProgress } from './run-progress';

export interface FaultView {
  ruleId: string;
  effect: string;
}

/** How the Runner runs; what it runs against is the active target of the one list. */
export interface RunSettings {
  concurrency: number;
  timeoutMs: number;
  /** Rule ids the embedded bank breaks on purpose during the run. */
  faultProfiles: string[];
}

export const DEFAULT_OPTIONS: RunSettings = {
  concurrency: 4,
  timeoutMs: 30_000,
  faultProfiles: [],
};

export interface Comparison {
  previousRunId: string;
  currentRunId: string;
  rows: ComparisonRow[];
  /** The banks the two runs checked (runner.compare), and whether they are the same one. */
  targets: RunComparison['targets'];
  /** §1 one SCA flow in sandbox and production, judged when the runs are one of each. */
  scaFlow: RunComparison['scaFlow'];
}

/** The baseline as the view edits it, before it is saved or passed to runner.report. */
export interface BaselineDraft {
  /** The file it was loaded from, when it was. */
  fileName?: string;
  entries: ExpectedFailure[];
  /** Pass it to runner.report, so exports mark the expected failures. */
  applyToExports: boolean;
}

export interface RunnerState {
  catalogue?: Catalogue;
  faults: FaultView[];
  /** runner.list: every run of this session (started here, elsewhere, or imported). */
  runs: RunSummaryView[];
  /** Live progress of the runs whose events this view has seen. */
  progress: Record<string, RunProgress>;
  /** Results fetched for runs that were not followed live (imported, earlier). */
  results: Record<string, RunResult>;
  /** The run this view started and that has not finished yet. */
  activeRunId?: string;
  viewedRunId?: string;
  openCheckId?: string;
  filter: CatalogueFilter;
  resultFilter: CheckStatus | 'all';
  /** Open areas and rules of the tree, by `area:<id>` / `rule:<id>`. */
  expanded: Record<string, boolean>;
  selected: ReadonlySet<string>;
  options: RunSettings;
  comparison?: Comparison;
  baseline: BaselineDraft;
  busy?: string;
  done?: string;
  error?: unknown;
  load(): Promise<void>;
  setFilter(filter: Partial<CatalogueFilter>): void;
  setResultFilter(status: CheckStatus | 'all'): void;
  toggleExpanded(key: string, open?: boolean): void;
  select(checkIds: readonly string[], on: boolean): void;
  clearSelection(): void;
  setOptions(options: Partial<RunSettings>): void;
  toggleFault(ruleId: string, on: boolean): void;
  start(kind: 'all' | 'selected' | 'failed'): Promise<void>;
  cancel(): Promise<void>;
  viewRun(runId: string): Promise<void>;
  openCheck(checkId: string | undefined): void;
  exportReport(format: ReportFormat): Promise<void>;
  importRun(fileName: string, json: string): Promise<void>;
  /** An evidence bundle (workbench run --bundle): main verifies it and loads its run read-only. */
  importBundle(file: File): Promise<void>;
  compare(previousRunId: string, currentRunId: string): Promise<void>;
  /** A person's decision on a check of the viewed run that awaits review (runner.review). */
  reviewCheck(checkId: string, decision: ReviewDecision, note: string): Promise<void>;
  loadBaseline(fileName: string, text: string): void;
  markExpected(checkId: string, reason: string): void;
  unmarkExpected(checkId: string): void;
  setApplyBaseline(on: boolean): void;
  saveBaseline(): void;
  dismissError(): void;
  receivedEvent(event: RunnerEvent): void;
  receivedFinished(summary: RunSummaryView): void;
}

export type StoreSet = StoreApi<RunnerState>['setState'];
export type StoreGet = StoreApi<RunnerState>['getState'];

/** The checks of a run as far as the view knows them: live progress first, else the fetched result. */
export function checksOfRun(
  state: Pick<RunnerState, 'progress' | 'results'>,
  runId: string | undefined,
): readonly CheckResult[] | undefined {
  if (!runId) return undefined;
  return state.progress[runId]?.results ?? state.results[runId]?.checks;
}

/** Short, for people: the first block of a run id. */
export function shortRunId(runId: string): string {
  return runId.split('-')[0] ?? runId;
}
