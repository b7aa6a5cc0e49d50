/**
 * The runner store's review side: a person's PASS or FAIL on a check that ended REVIEW (its
 * screenshots judged; docs/ci.md "Checks a person reviews"), kept by main in the run
 * (runner.review), and the run's result taken in anew, here and in every other window told.
 */
import { api } from '../../api';
import type { ReviewDecision } from '../../../../main/shared/run-status';
import type { RunnerState, StoreGet, StoreSet } from './runner-state';

type ReviewActions = Pick<RunnerState, 'reviewCheck'>;

/**
 * Fetches a finished run's result again and puts it where the view reads it (the fetched results
 * and, for a run followed live, its progress), leaving the open check open.
 */
export async function reloadResult(set: StoreSet, runId: string): Promise<void> {
  const result = await api.call('runner.result', { runId });
  set((state) => {
    const followed = state.progress[runId];
    return {
      results: { ...state.results, [runId]: result },
      ...(followed
        ? {
            progress: {
              ...state.progress,
              [runId]: { ...followed, result, results: result.checks, counts: result.counts },
            },
          }
        : {}),
    };
  });
}

export function reviewActions(set: StoreSet, get: StoreGet): ReviewActions {
  return {
    async reviewCheck(checkId: string, decision: ReviewDecision, note: string) {
      const runId = get().viewedRunId;
      if (!runId) return;
      set({ busy: `Recording the review of ${checkId}`, error: undefined, done: undefined });
      try {
        const summary = await api.call('runner.review', { runId, checkId, decision, note });
        set((state) => ({
          runs: state.runs.map((run) => (run.runId === runId ? summary : run)),
        }));
        await reloadResult(set, runId);
        set({ busy: undefined, done: `Reviewed ${checkId}: ${decision}.` });
      } catch (error) {
        set({ busy: undefined, error });
      }
    },
  };
}
