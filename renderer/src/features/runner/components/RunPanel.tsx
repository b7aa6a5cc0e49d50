import { useMemo, type ReactNode } from 'react';
import { runnableSelection } from '../catalogue-tree';
import { runnableTarget } from '../run-targets';
import { useRunnerStore } from '../store';
import { useTargetsStore } from '../../../state/targets-store';
import { useViewedRun } from '../viewed-run';
import { BankClockNotice } from './BankClockNotice';
import { FaultPicker } from './FaultPicker';
import { RunProgressView } from './RunProgressView';
import { rerunCheckIds } from '../../../../../main/shared/run-status';

/**
 * Run options (the one target switcher, concurrency, timeout, fault profiles), the run buttons
 * and the progress. The target and environment are the active ones, shared with the composer; the
 * switcher is the targets screen's, which the app hands in (`targetSwitcher`, told whether the
 * run's target is fixed now).
 */
export function RunPanel({ targetSwitcher }: { targetSwitcher(locked: boolean): ReactNode }) {
  const options = useRunnerStore((s) => s.options);
  const catalogue = useRunnerStore((s) => s.catalogue);
  const selected = useRunnerStore((s) => s.selected);
  const activeRunId = useRunnerStore((s) => s.activeRunId);
  const busy = useRunnerStore((s) => s.busy);
  const { setOptions, start, cancel, clearSelection } = useRunnerStore.getState();
  const viewed = useViewedRun();
  const targetsView = useTargetsStore((s) => s.view);
  const target = useMemo(() => runnableTarget(targetsView), [targetsView]);
  const mode = (target.ok && target.option.mode) || 'sandbox';
  const profileId = target.ok && target.option.kind === 'profile' ? target.option.id : undefined;
  // Fault profiles break rules of the embedded banks only; a target a run cannot use gets neither.
  const embedded = target.ok && target.option.kind === 'embedded';
  const runnable = useMemo(
    () => (catalogue ? runnableSelection(catalogue, selected, mode) : []),
    [catalogue, selected, mode],
  );
  const allInMode = catalogue?.checks.filter((c) => c.modes.includes(mode)).length ?? 0;
  const failed = rerunCheckIds(viewed.checks).size;
  const running = activeRunId !== undefined;
  const locked = running || busy === 'Starting the run';
  const viewedFinished = viewed.progress?.finished ?? viewed.summary?.finished ?? false;
  const viewedImported = viewed.summary?.bundle !== undefined;

  return (
    <section className="card run-panel" aria-labelledby="run-title">
      <h2 id="run-title">Run</h2>
      {targetSwitcher(locked)}
      <div className="inline-form">
        <label className="inline-field">
          <span>Concurrency</span>
          <input
            type="number"
            className="narrow"
            min={1}
            max={16}
            value={options.concurrency}
            disabled={locked}
            data-testid="runner-concurrency"
            onChange={(e) =>
              setOptions({ concurrency: clamp(Number(e.target.value), 1, 16, options.concurrency) })
            }
          />
        </label>
        <label className="inline-field">
          <span>Timeout per check (s)</span>
          <input
            type="number"
            className="narrow"
            min={1}
            max={600}
            step={1}
            value={options.timeoutMs / 1000}
            disabled={locked}
            data-testid="runner-timeout"
            onChange={(e) =>
              setOptions({
                timeoutMs: clamp(Number(e.target.value), 1, 600, options.timeoutMs / 1000) * 1000,
              })
            }
          />
        </label>
      </div>
      {embedded && <FaultPicker disabled={locked} />}
      {profileId && (
        <p className="muted" data-testid="runner-profile-note">
          A target profile&apos;s bank runs as it is: fault profiles are for the embedded banks. Add
          or check profiles in Settings → Targets.
        </p>
      )}
      {profileId && <BankClockNotice profileId={profileId} locked={locked} />}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={locked || !catalogue || !target.ok}
          data-testid="run-all"
          onClick={() => void start('all')}
        >
          {/* The catalogue counts the checks of both modes: say which mode this count is. */}
          Run all ({allInMode} in {mode})
        </button>
        <button
          type="button"
          disabled={locked || runnable.length === 0 || !target.ok}
          data-testid="run-selected"
          onClick={() => void start('selected')}
        >
          Run selected ({runnable.length})
        </button>
        <button
          type="button"
          disabled={locked || failed === 0 || !viewedFinished || viewedImported || !target.ok}
          data-testid="run-failed"
          title={
            viewedImported
              ? 'The run shown was imported from an evidence bundle: it is read-only'
              : 'Runs again the checks that failed or could not test in the run shown'
          }
          onClick={() => void start('failed')}
        >
          Re-run failed ({failed})
        </button>
        {selected.size > 0 && (
          <button type="button" className="link" onClick={clearSelection}>
            Clear the selection
          </button>
        )}
        {running && (
          <button
            type="button"
            className="danger"
            data-testid="run-cancel"
            disabled={busy === 'Cancelling the run'}
            onClick={() => void cancel()}
          >
            Cancel the run
          </button>
        )}
      </div>
      {selected.size > runnable.length && (
        <p className="muted">
          {selected.size - runnable.length} selected check(s) do not run in {mode} and are left out.
        </p>
      )}
      <RunProgressView />
    </section>
  );
}

function clamp(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}
