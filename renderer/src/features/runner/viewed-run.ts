/** The run the view shows, assembled from the store: its summary, live progress and checks. */
import type { RunSummaryView } from '../../../../main/api/contract';
import { EMPTY } from '../../lib/empty';
import type { RunProgress } from './run-progress';
import { checksOfRun, useRunnerStore } from './store';
import type { CheckStatus } from '../../../../main/shared/run-status';
import type { CheckResult } from '../../../../main/shared/run-result';

export interface ViewedRun {
  runId?: string;
  summary?: RunSummaryView;
  progress?: RunProgress;
  checks: readonly CheckResult[];
}

export function useViewedRun(): ViewedRun {
  const runId = useRunnerStore((s) => s.viewedRunId);
  const summary = useRunnerStore((s) => s.runs.find((r) => r.runId === s.viewedRunId));
  const progress = useRunnerStore((s) => (s.viewedRunId ? s.progress[s.viewedRunId] : undefined));
  const checks = useRunnerStore((s) => checksOfRun(s, s.viewedRunId) ?? EMPTY);
  return {
    ...(runId ? { runId } : {}),
    ...(summary ? { summary } : {}),
    ...(progress ? { progress } : {}),
    checks,
  };
}

/** Check id → status in a run: what the catalogue tree shows beside each check. */
export function statusMap(checks: readonly CheckResult[]): Map<string, CheckStatus> {
  return new Map(checks.map((c) => [c.checkId, c.status]));
}
