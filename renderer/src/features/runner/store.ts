/**
 * The Runner view's one store: the catalogue and fault profiles, the run options and selection,
 * the runs of this session with their live progress, the run shown and its open check, the
 * comparison, and the baseline of expected failures. Derived state (the tree, counts, statuses)
 * is computed in the views from this, never stored.
 */
import { create } from 'zustand';
import type { CallArgs, RunnerEvent } from '../../../../main/api/contract';
import { api } from '../../api';
import { bytesToBase64 } from '../../lib/base64';
import { downloadText } from '../../lib/download';
import { MAX_BUNDLE_BYTES } from '../../../../main/shared/evidence-bundle';
import { serializeBaseline } from '../../../../main/shared/baseline';
import { baselineActions } from './baseline-actions';
import { liveActions } from './live-actions';
import { reviewActions } from './review-actions';
import { DEFAULT_OPTIONS, type RunnerState, type StoreGet, type StoreSet } from './runner-state';

export * from './runner-state';
import { NO_CATALOGUE_FILTER, runnableSelection, toggleSelection } from './catalogue-tree';
import { comparisonRows } from './comparison';
import { createBatcher } from './event-batcher';
import { newProgress, reduceRunEvents } from './run-progress';
import { runnableTarget } from './run-targets';
import { useTargetsStore } from '../../state/targets-store';
import type { RunResult } from '../../../../main/shared/run-result';

function resultOf(state: Pick<RunnerState, 'progress' | 'results'>, runId: string) {
  return state.progress[runId]?.result ?? state.results[runId];
}

/** How often live events reach the store at most: a few renders a second keep a big run smooth. */
const EVENT_FLUSH_MS = 150;

export const useRunnerStore = create<RunnerState>((set, get) => {
  const batcher = createBatcher<RunnerEvent>(
    (events) => set((state) => ({ progress: reduceRunEvents(state.progress, events) })),
    EVENT_FLUSH_MS,
  );
  const tools = storeTools(set, get);

  return {
    faults: [],
    runs: [],
    progress: {},
    results: {},
    filter: NO_CATALOGUE_FILTER,
    resultFilter: 'all',
    expanded: {},
    selected: new Set(),
    options: DEFAULT_OPTIONS,
    baseline: { entries: [], applyToExports: true },

    async load() {
      try {
        const [catalogue, faults, runs] = await Promise.all([
          get().catalogue ? Promise.resolve(get().catalogue!) : api.call('runner.catalogue', {}),
          get().faults.length ? Promise.resolve(get().faults) : api.call('runner.faults', {}),
          api.call('runner.list', {}),
        ]);
        set({ catalogue, faults, runs });
        // A run still going when the view opens (a reload mid-run, a check waiting for a person's
        // SCA) is shown and followed from its next events on; otherwise the latest result.
        const going = runs.find((r) => !r.finished);
        if (going && !get().progress[going.runId]) {
          set((state) => ({
            activeRunId: going.runId,
            progress: {
              ...state.progress,
              [going.runId]: { ...newProgress(going.runId), startedAt: going.startedAt },
            },
          }));
        }
        const latest = going ?? runs.filter((r) => r.finished).at(-1);
        if (!get().viewedRunId && latest) await get().viewRun(latest.runId);
      } catch (error) {
        set({ error });
      }
    },

    ...selectionSlice(set),
    ...runSlice(tools),
    ...viewSlice(tools),
    ...fileSlice(tools),
    ...comparisonSlice(tools),

    ...baselineActions(set, get),
    ...reviewActions(set, get),
    dismissError: () => set({ error: undefined }),

    ...liveActions(set, get, batcher),
  };
});

/** What the store's slices act with: the store, and the steps its actions share. */
interface StoreTools {
  set: StoreSet;
  get: StoreGet;
  attempt<T>(name: string, action: () => Promise<T>): Promise<T | undefined>;
  refreshRuns(): Promise<void>;
  ensureResult(runId: string): Promise<RunResult>;
}

function storeTools(set: StoreSet, get: StoreGet): StoreTools {
  async function attempt<T>(name: string, action: () => Promise<T>): Promise<T | undefined> {
    set({ busy: name, error: undefined, done: undefined });
    try {
      const result = await action();
      set({ busy: undefined });
      return result;
    } catch (error) {
      set({ busy: undefined, error });
      return undefined;
    }
  }

  async function refreshRuns() {
    const runs = await api.call('runner.list', {});
    set({ runs });
  }

  async function ensureResult(runId: string): Promise<RunResult> {
    const known = resultOf(get(), runId);
    if (known) return known;
    const result = await api.call('runner.result', { runId });
    set((state) => ({ results: { ...state.results, [runId]: result } }));
    return result;
  }

  return { set, get, attempt, refreshRuns, ensureResult };
}

/** The catalogue's filter, open areas and selection, and the run settings. */
function selectionSlice(
  set: StoreSet,
): Pick<
  RunnerState,
  | 'setFilter'
  | 'setResultFilter'
  | 'toggleExpanded'
  | 'select'
  | 'clearSelection'
  | 'setOptions'
  | 'toggleFault'
> {
  return {
    setFilter: (filter) => set((state) => ({ filter: { ...state.filter, ...filter } })),
    setResultFilter: (resultFilter) => set({ resultFilter }),
    toggleExpanded: (key, open) =>
      set((state) => ({ expanded: { ...state.expanded, [key]: open ?? !state.expanded[key] } })),
    select: (checkIds, on) =>
      set((state) => ({ selected: toggleSelection(state.selected, checkIds, on) })),
    clearSelection: () => set({ selected: new Set() }),
    setOptions: (options) => set((state) => ({ options: { ...state.options, ...options } })),
    toggleFault: (ruleId, on) =>
      set((state) => {
        const others = state.options.faultProfiles.filter((id) => id !== ruleId);
        return { options: { ...state.options, faultProfiles: on ? [...others, ruleId] : others } };
      }),
  };
}

/** A run started against the active target, and cancelled. */
function runSlice({
  set,
  get,
  attempt,
  refreshRuns,
}: StoreTools): Pick<RunnerState, 'start' | 'cancel'> {
  return {
    async start(kind) {
      const { options, catalogue, selected, viewedRunId, activeRunId } = get();
      if (activeRunId) return; // one run at a time from this view: no double start
      // The active target of the one list, as the composer uses it (docs/targets.md).
      const target = runnableTarget(useTargetsStore.getState().view);
      if (!target.ok) {
        set({ error: new Error(target.why) });
        return;
      }
      const mode = target.option.mode ?? 'sandbox';
      const embedded = target.option.kind === 'embedded';
      const selection: CallArgs<'runner.start'>['selection'] =
        kind === 'selected'
          ? { checkIds: catalogue ? runnableSelection(catalogue, selected, mode) : [...selected] }
          : kind === 'failed' && viewedRunId
            ? { failedInRunId: viewedRunId }
            : undefined;
      const started = await attempt('Starting the run', () =>
        api.call('runner.start', {
          target: target.option.id as CallArgs<'runner.start'>['target'],
          concurrency: options.concurrency,
          timeoutMs: options.timeoutMs,
          ...(selection ? { selection } : {}),
          // Fault profiles break the embedded banks' rules; a profile's bank is its own.
          ...(embedded && options.faultProfiles.length
            ? { faultProfiles: options.faultProfiles }
            : {}),
        }),
      );
      if (!started) return;
      const { runId } = started;
      set((state) => ({
        activeRunId: state.progress[runId]?.finished ? undefined : runId,
        viewedRunId: runId,
        openCheckId: undefined,
        resultFilter: 'all',
        progress: state.progress[runId]
          ? state.progress
          : { ...state.progress, [runId]: newProgress(runId) },
      }));
      await refreshRuns().catch(() => undefined);
    },

    async cancel() {
      const runId = get().activeRunId;
      if (!runId) return;
      await attempt('Cancelling the run', () => api.call('runner.cancel', { runId }));
    },
  };
}

/** The run shown, its result fetched when it was not followed live, and its open check. */
function viewSlice({
  set,
  get,
  attempt,
  ensureResult,
}: StoreTools): Pick<RunnerState, 'viewRun' | 'openCheck'> {
  return {
    async viewRun(runId) {
      set({ viewedRunId: runId, openCheckId: undefined });
      const summary = get().runs.find((r) => r.runId === runId);
      const followed = get().progress[runId];
      if (followed && !followed.finished) return;
      if (followed?.result || summary?.error || summary?.finished === false) return;
      await attempt('Loading the run', () => ensureResult(runId));
    },

    openCheck: (checkId) => set({ openCheckId: checkId }),
  };
}

/** A run's report exported, and a run or an evidence bundle imported. */
function fileSlice({
  set,
  get,
  attempt,
  refreshRuns,
}: StoreTools): Pick<RunnerState, 'exportReport' | 'importRun' | 'importBundle'> {
  return {
    async exportReport(format) {
      const { viewedRunId: runId, baseline } = get();
      if (!runId) return;
      const file = await attempt(`Exporting the ${format} report`, () =>
        api.call('runner.report', {
          runId,
          format,
          ...(baseline.applyToExports && baseline.entries.length
            ? { baseline: serializeBaseline(baseline.entries) }
            : {}),
        }),
      );
      if (!file) return;
      downloadText(file.fileName, file.content, file.mediaType);
      set({ done: `Exported ${file.fileName}.` });
    },

    async importRun(fileName, json) {
      const summary = await attempt(`Importing ${fileName}`, () =>
        api.call('runner.import', { json }),
      );
      if (!summary) return;
      // A re-imported run replaces what was fetched for it before.
      set((state) => {
        const { [summary.runId]: _stale, ...results } = state.results;
        return { results, done: `Imported the run of ${summary.startedAt} from ${fileName}.` };
      });
      await refreshRuns().catch(() => undefined);
      await get().viewRun(summary.runId);
    },

    async importBundle(file) {
      // Refused here before the bytes travel; main checks the same limit on what arrives.
      if (file.size > MAX_BUNDLE_BYTES) {
        set({
          error: new Error(
            `${file.name} is ${file.size} bytes; an evidence bundle is at most ${MAX_BUNDLE_BYTES} bytes.`,
          ),
        });
        return;
      }
      const summary = await attempt(`Importing ${file.name}`, async () =>
        api.call('runner.importBundle', {
          fileName: file.name,
          bytes: bytesToBase64(new Uint8Array(await file.arrayBuffer())),
        }),
      );
      if (!summary) return;
      set((state) => {
        const { [summary.runId]: _stale, ...results } = state.results;
        return {
          results,
          done: summary.bundle?.verified
            ? `Imported the run of ${summary.startedAt} from ${file.name}: the bundle verifies.`
            : `Imported ${file.name}, but the bundle does NOT verify: see why above the results.`,
        };
      });
      await refreshRuns().catch(() => undefined);
      await get().viewRun(summary.runId);
    },
  };
}

/** Two runs compared, check by check. */
function comparisonSlice({ set, attempt, ensureResult }: StoreTools): Pick<RunnerState, 'compare'> {
  return {
    async compare(previousRunId, currentRunId) {
      const comparison = await attempt('Comparing the runs', async () => {
        const [previous, current, changes] = await Promise.all([
          ensureResult(previousRunId),
          ensureResult(currentRunId),
          api.call('runner.compare', { previousRunId, currentRunId }),
        ]);
        return {
          previousRunId,
          currentRunId,
          rows: comparisonRows(changes, previous, current),
          targets: changes.targets,
          scaFlow: changes.scaFlow,
        };
      });
      if (comparison) set({ comparison });
    },
  };
}
