import { useNow } from '../../../app/use-now';
import { formatDuration, formatInstant } from '../../../lib/format';

/** Seconds with a decimal under a minute (a signing run takes about one), then minutes. */
function formatElapsed(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : formatDuration(ms);
}
import { elapsedMs, progressFraction, type RunProgress } from '../run-progress';
import type { StatusCounts } from '../../../../../main/shared/run-status';
import { runTargetText } from '../../../../../main/shared/run-target';
import { STATUSES } from '../status-order';
import { shortRunId } from '../store';
import { useRunTargetOf } from '../use-run-target';
import { useViewedRun } from '../viewed-run';
import { StatusBadge } from './StatusBadge';
import { WaitingChecks } from './WaitingChecks';

const SHOWN_RUNNING = 6;

function runState(progress: RunProgress | undefined, finished: boolean, error?: string): string {
  if (error) return 'could not complete';
  if (progress?.cancelled) return 'cancelled';
  if (finished) return 'finished';
  if (!progress?.startedAt) return 'preparing';
  return 'running';
}

/** Elapsed time that ticks only while the run runs. */
function Elapsed({ progress }: { progress: RunProgress }) {
  const now = useNow(progress.finished ? 60_000 : 500);
  return <span data-testid="run-elapsed">{formatElapsed(elapsedMs(progress, now))}</span>;
}

/** The run shown: state, a progress bar, counts by status, the checks running now, elapsed time. */
export function RunProgressView() {
  const { runId, summary, progress, checks } = useViewedRun();
  const targetOf = useRunTargetOf();
  if (!runId) return <p className="muted">No run yet in this session.</p>;
  const finished = progress?.finished ?? summary?.finished ?? false;
  const error = progress?.error ?? summary?.error;
  const state = runState(progress, finished, error);
  const counts: StatusCounts | undefined =
    progress?.counts ?? (summary?.counts ? { ...summary.counts, total: checks.length } : undefined);
  const total = progress?.checkCount || counts?.total || checks.length;
  // Results beyond the checks chosen are the run's own, made at its end: rules judged on every
  // answer (runner/engine/answer-observer.ts). They are not checks, so they are counted apart.
  const results = counts?.total ?? 0;
  const done = Math.min(results, total);
  const everyAnswer = results - done;
  const fraction = progress ? progressFraction(progress) : finished ? 1 : 0;
  const running = progress?.running ?? [];

  return (
    <div className="run-progress" data-testid="run-progress" data-state={state}>
      <p className="run-progress-title">
        <strong>
          Run{' '}
          {summary?.attemptOf
            ? `${shortRunId(summary.attemptOf.runId)}, attempt ${summary.attemptOf.attempt}`
            : shortRunId(runId)}
        </strong>
        {summary?.attempts && summary.attempts > 1 ? (
          <span className="badge" data-testid="run-attempts">
            {summary.attempts} attempts
          </span>
        ) : null}
        {summary && <span className={`badge badge-${summary.mode}`}>{summary.mode}</span>}
        {summary && (
          <span className="run-target" data-testid="run-target">
            {runTargetText(targetOf(summary))}
          </span>
        )}
        <span className={`run-state run-state-${state.replace(/ /g, '-')}`} data-testid="run-state">
          {state}
        </span>
        {summary && <span className="muted">{formatInstant(summary.startedAt)}</span>}
        {summary?.bundle && (
          <span
            className={`badge ${summary.bundle.verified ? 'badge-ok' : 'badge-preflight-fail'}`}
            data-testid="run-imported-badge"
          >
            {summary.bundle.verified
              ? `imported from ${summary.bundle.fileName}, verified ✓`
              : `imported from ${summary.bundle.fileName}, NOT verified ✗`}
          </span>
        )}
        {progress && (
          <span className="muted">
            elapsed <Elapsed progress={progress} />
          </span>
        )}
      </p>
      <div className="run-bar">
        <progress max={1} value={fraction} aria-label="Run progress" data-testid="run-bar" />
        <span data-testid="run-done" aria-live="polite">
          {done} of {total} checks
        </span>
        {everyAnswer > 0 && (
          <span className="muted" data-testid="run-every-answer">
            and {everyAnswer} {everyAnswer === 1 ? 'rule' : 'rules'} judged on every answer
          </span>
        )}
      </div>
      {counts && (
        <ul className="run-counts" aria-label="Checks by status">
          {STATUSES.map((status) => (
            <li key={status}>
              <StatusBadge status={status} />{' '}
              <span className="run-count" data-testid={`run-count-${status}`}>
                {counts[status]}
              </span>
            </li>
          ))}
        </ul>
      )}
      {running.length > 0 && (
        <p className="run-running" data-testid="run-running">
          <span className="spinner" aria-hidden="true" /> Running now:{' '}
          {running.slice(0, SHOWN_RUNNING).map((r, index) => (
            <span key={r.checkId}>
              {index > 0 && ', '}
              <code>{r.checkId}</code>
            </span>
          ))}
          {running.length > SHOWN_RUNNING && ` and ${running.length - SHOWN_RUNNING} more`}
          {progress?.currentArea && <span className="muted"> · suite {progress.currentArea}</span>}
        </p>
      )}
      {!finished && summary?.waiting && <WaitingChecks runId={runId} waiting={summary.waiting} />}
      {error && (
        <p role="alert" className="notice notice-error" data-testid="run-error">
          {error}
        </p>
      )}
    </div>
  );
}
