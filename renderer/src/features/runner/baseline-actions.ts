/**
 * The runner store's baseline actions: expected failures loaded from a file, marked and unmarked
 * in the view, applied to exports and saved (docs/ci.md baseline format).
 */
import { downloadText } from '../../lib/download';
import { parseBaseline, serializeBaseline } from '../../../../main/shared/baseline';
import { markExpected, unmarkExpected } from './baseline';
import type { RunnerState, StoreGet, StoreSet } from './runner-state';

type BaselineActions = Pick<
  RunnerState,
  'loadBaseline' | 'markExpected' | 'unmarkExpected' | 'setApplyBaseline' | 'saveBaseline'
>;

export function baselineActions(set: StoreSet, get: StoreGet): BaselineActions {
  return {
    loadBaseline(fileName, text) {
      try {
        const loaded = parseBaseline(text, fileName).expectedFailures;
        // The file's entries win; failures marked here and not in the file are kept.
        const kept = get().baseline.entries.filter(
          (e) => !loaded.some((l) => l.checkId === e.checkId),
        );
        set((state) => ({
          baseline: { ...state.baseline, fileName, entries: [...loaded, ...kept] },
          error: undefined,
          done:
            `Loaded ${loaded.length} expected failure(s) from ${fileName}` +
            (kept.length ? `; kept ${kept.length} marked here.` : '.'),
        }));
      } catch (error) {
        set({ error });
      }
    },
    markExpected: (checkId, reason) =>
      set((state) => ({
        baseline: {
          ...state.baseline,
          entries: markExpected(state.baseline.entries, checkId, reason),
        },
      })),
    unmarkExpected: (checkId) =>
      set((state) => ({
        baseline: { ...state.baseline, entries: unmarkExpected(state.baseline.entries, checkId) },
      })),
    setApplyBaseline: (applyToExports) =>
      set((state) => ({ baseline: { ...state.baseline, applyToExports } })),
    saveBaseline() {
      const { baseline } = get();
      downloadText(baseline.fileName ?? 'baseline.json', serializeBaseline(baseline.entries));
    },
  };
}
