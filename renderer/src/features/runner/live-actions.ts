/**
 * The runner store's live side: run events (batched, except a check waiting for a person's SCA,
 * which shows at once) and a finished run, from the contract's runner events.
 */
import type { RunnerEvent } from '../../../../main/api/contract';
import type { Batcher } from './event-batcher';
import { finishProgress } from './run-progress';
import { reloadResult } from './review-actions';
import { closeWaitingSca, waitingKey } from './waiting-sca';
import { shortRunId, type RunnerState, type StoreGet, type StoreSet } from './runner-state';

type LiveActions = Pick<RunnerState, 'receivedEvent' | 'receivedFinished'>;

export function liveActions(
  set: StoreSet,
  get: StoreGet,
  batcher: Batcher<RunnerEvent>,
): LiveActions {
  return {
    receivedEvent(item) {
      const { event } = item;
      // A waiting check is kept in the run's summary (as main keeps it), at once: a person is
      // asked to act, and a view opened later reads the same list from runner.list.
      if (event.type === 'check:waiting' || event.type === 'check:resumed') {
        if (event.type === 'check:resumed') closeWaitingSca(waitingKey(item.runId, event.checkId));
        set((state) => ({
          runs: state.runs.map((run) =>
            run.runId !== item.runId
              ? run
              : {
                  ...run,
                  waiting: [
                    ...(run.waiting ?? []).filter((w) => w.checkId !== event.checkId),
                    ...(event.type === 'check:waiting' ? [event.waiting] : []),
                  ],
                },
          ),
        }));
        return;
      }
      batcher.push(item);
    },
    receivedFinished(summary) {
      batcher.flushNow();
      if (summary.attemptOf) {
        // A re-run ended: its verdicts joined its run (attempts.ts). The run is shown again, its
        // merged result fetched anew; the attempt is no run of its own any more.
        const runId = summary.attemptOf.runId;
        const viewing = get().viewedRunId === summary.runId;
        set((state) => {
          const { [runId]: _progress, ...progress } = state.progress;
          const { [runId]: _result, ...results } = state.results;
          return {
            progress,
            results,
            runs: state.runs.filter((r) => r.runId !== summary.runId),
            ...(state.activeRunId === summary.runId ? { activeRunId: undefined } : {}),
            ...(viewing ? { viewedRunId: runId } : {}),
            done: `Attempt ${summary.attemptOf!.attempt} of run ${shortRunId(runId)} ended.`,
          };
        });
        if (viewing) void get().viewRun(runId);
        return;
      }
      // A run that had finished before changed (a person reviewed a check): its result is read
      // anew where the view holds one, never followed as a live run again.
      const known = get().runs.find((r) => r.runId === summary.runId);
      const followed = get().progress[summary.runId];
      if (known?.finished && (!followed || followed.finished)) {
        set((state) => ({
          runs: state.runs.map((r) => (r.runId === summary.runId ? summary : r)),
          ...(state.activeRunId === summary.runId ? { activeRunId: undefined } : {}),
        }));
        const { progress, results } = get();
        if (progress[summary.runId]?.result || results[summary.runId])
          void reloadResult(set, summary.runId).catch(() => undefined);
        return;
      }
      set((state) => ({
        // A run that gained an attempt finished long ago: its result is fetched, not followed.
        progress:
          summary.attempts && !state.progress[summary.runId]
            ? state.progress
            : finishProgress(state.progress, summary),
        runs: state.runs.some((r) => r.runId === summary.runId)
          ? state.runs.map((r) => (r.runId === summary.runId ? summary : r))
          : [...state.runs, summary],
        ...(state.activeRunId === summary.runId ? { activeRunId: undefined } : {}),
      }));
    },
  };
}
