/** The bank of each run as the Runner's views name it (run-target.ts), from the stores. */
import { useCallback } from 'react';
import type { RunSummaryView } from '../../../../main/api/contract';
import type { RunTargetIdentity } from '../../../../main/shared/run-target';
import { EMPTY } from '../../lib/empty';
import { useTargetsStore } from '../../state/targets-store';
import { targetOfRun } from './run-target';
import { useRunnerStore } from './store';

export function useRunTargetOf(): (run: RunSummaryView) => RunTargetIdentity {
  const progress = useRunnerStore((s) => s.progress);
  const results = useRunnerStore((s) => s.results);
  const profiles = useTargetsStore((s) => s.view?.profiles ?? EMPTY);
  return useCallback(
    (run) => targetOfRun(run, progress[run.runId]?.target ?? results[run.runId]?.target, profiles),
    [progress, results, profiles],
  );
}
