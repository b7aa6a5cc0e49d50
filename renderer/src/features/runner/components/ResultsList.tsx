import { memo, useMemo, useState } from 'react';
import type { BundleProvenanceView, RunSummaryView } from '../../../../../main/api/contract';
import { formatInstant, formatMs } from '../../../lib/format';
import { countStatuses, type CheckStatus } from '../../../../../main/shared/run-status';
import type { CheckResult } from '../../../../../main/shared/run-result';
import { runTargetText, type RunTargetIdentity } from '../../../../../main/shared/run-target';
import { importedMark, provenanceLine } from '../bundle-provenance';
import { targetOfRun } from '../run-target';
import { failuresFirst, STATUSES } from '../status-order';
import { shortRunId, useRunnerStore } from '../store';
import { useRunTargetOf } from '../use-run-target';
import { useViewedRun } from '../viewed-run';
import { StatusBadge } from './StatusBadge';

/** " · attempt 2 of 1a2b3c4d" while a re-run runs; " · 2 attempts" for a run re-run. */
export function attemptsMark(run: RunSummaryView): string {
  if (run.attemptOf)
    return ` · attempt ${run.attemptOf.attempt} of ${shortRunId(run.attemptOf.runId)}`;
  return run.attempts && run.attempts > 1 ? ` · ${run.attempts} attempts` : '';
}

/**
 * "10:15:02 · Acme test bank — https://acme.example (sandbox) · environment customer B · 1a2b3c4d ·
 * 250 PASS, 5 FAIL": the environment only when the run recorded one (docs/variables.md).
 */
export function runLabel(
  run: RunSummaryView,
  target: RunTargetIdentity = targetOfRun(run),
): string {
  const counts = run.counts
    ? STATUSES.filter((s) => run.counts![s] > 0)
        .map((s) => `${run.counts![s]} ${s}`)
        .join(', ')
    : run.error
      ? 'could not complete'
      : run.finished
        ? 'no checks'
        : 'running';
  const environment = run.environment !== undefined ? ` · environment ${run.environment}` : '';
  return `${importedMark(run.bundle)}${formatInstant(run.startedAt).slice(11, 19)} · ${runTargetText(target)}${environment} · ${shortRunId(run.runId)}${attemptsMark(run)} · ${counts}`;
}

const ResultRow = memo(function ResultRow({
  check,
  open,
  expected,
}: {
  check: CheckResult;
  open: boolean;
  expected: boolean;
}) {
  const openCheck = useRunnerStore((s) => s.openCheck);
  return (
    <tr
      data-testid={`result-${check.checkId}`}
      data-status={check.status}
      className={open ? 'selected' : undefined}
    >
      <td>
        <StatusBadge status={check.status} />
        {(expected || check.expectedFailure) && (
          <span className="badge badge-warn" title="In the baseline of expected failures">
            expected
          </span>
        )}
      </td>
      <td>
        <button
          type="button"
          className="link"
          aria-expanded={open}
          onClick={() => openCheck(open ? undefined : check.checkId)}
        >
          <code>{check.checkId}</code>
        </button>
        <span className="muted"> {check.area}</span>
        {check.earlierAttempts && check.earlierAttempts.length > 0 && (
          <span
            className="muted"
            data-testid="result-attempt"
            title={`Earlier: ${check.earlierAttempts.map((a) => `attempt ${a.attempt} ${a.status}`).join(', ')}`}
          >
            {' '}
            · attempt {check.attempt ?? 1} (was{' '}
            {check.earlierAttempts.map((a) => a.status).join(', ')})
          </span>
        )}
        <div className="result-title">
          {((check.status === 'REVIEW' && `awaiting review: ${check.reviewFor ?? check.title}`) ||
            check.failure?.message) ??
            (check.couldNotTest && `could not test: ${check.couldNotTest.reason}`) ??
            check.skipReason ??
            check.title}
        </div>
      </td>
      <td className="numeric">{formatMs(check.durationMs)}</td>
    </tr>
  );
});

/** The runs of this session, and the checks of the one shown with their status. */
export function ResultsList() {
  const runs = useRunnerStore((s) => s.runs);
  const resultFilter = useRunnerStore((s) => s.resultFilter);
  const openCheckId = useRunnerStore((s) => s.openCheckId);
  const baseline = useRunnerStore((s) => s.baseline.entries);
  const { viewRun, setResultFilter } = useRunnerStore.getState();
  const { runId, checks, summary } = useViewedRun();
  const targetOf = useRunTargetOf();
  const [text, setText] = useState('');
  const counts = useMemo(() => countStatuses(checks), [checks]);
  const expected = useMemo(() => new Set(baseline.map((e) => e.checkId)), [baseline]);
  const needle = text.trim().toLowerCase();
  // Failures first, then warnings, each in run order: what needs looking at is on top.
  const ordered = useMemo(() => failuresFirst(checks), [checks]);
  const shown = ordered.filter(
    (c) =>
      (resultFilter === 'all' || c.status === resultFilter) &&
      (!needle ||
        c.checkId.toLowerCase().includes(needle) ||
        c.title.toLowerCase().includes(needle)),
  );

  return (
    <section className="card results" aria-labelledby="results-title" data-testid="results">
      <h2 id="results-title">Results</h2>
      <label className="inline-field run-picker">
        <span>Run</span>
        <select
          value={runId ?? ''}
          data-testid="run-picker"
          disabled={runs.length === 0}
          onChange={(e) => void viewRun(e.target.value)}
        >
          {!runId && <option value="">no run yet</option>}
          {[...runs].reverse().map((run) => (
            <option key={run.runId} value={run.runId}>
              {runLabel(run, targetOf(run))}
            </option>
          ))}
        </select>
      </label>
      {summary?.bundle && <BundleProvenance bundle={summary.bundle} />}
      <div className="filters">
        <div className="segmented" role="group" aria-label="Show checks with status">
          {(['all', ...STATUSES] as const).map((status: CheckStatus | 'all') => (
            <button
              key={status}
              type="button"
              aria-pressed={resultFilter === status}
              data-testid={`result-filter-${status}`}
              onClick={() => setResultFilter(status)}
            >
              {status === 'all' ? 'All' : status}{' '}
              <span className="muted">{status === 'all' ? counts.total : counts[status]}</span>
            </button>
          ))}
        </div>
        <label className="inline-field">
          <span>Search</span>
          <input
            type="search"
            value={text}
            placeholder="check id or title…"
            data-testid="results-search"
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      </div>
      {checks.length === 0 ? (
        <p className="muted">{runId ? 'No check has ended yet.' : 'Start a run to see results.'}</p>
      ) : (
        <div className="table-scroll results-scroll">
          <table className="log results-table" data-testid="results-list">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Check</th>
                <th scope="col">Took</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((check) => (
                <ResultRow
                  key={check.checkId}
                  check={check}
                  open={check.checkId === openCheckId}
                  expected={expected.has(check.checkId)}
                />
              ))}
            </tbody>
          </table>
          {shown.length === 0 && <p className="muted">No check with this status.</p>}
        </div>
      )}
    </section>
  );
}

/** Where an imported run came from and whether its seal holds: read before the checks. */
function BundleProvenance({ bundle }: { bundle: BundleProvenanceView }) {
  const line = provenanceLine(bundle);
  return (
    <div
      className={`run-provenance ${line.verified ? 'verified' : 'not-verified'}`}
      data-testid="run-provenance"
      data-verified={line.verified ? 'true' : 'false'}
      role={line.verified ? 'status' : 'alert'}
    >
      <strong>{line.headline}</strong>
      {line.fingerprint && (
        <div className="muted">
          SHA-256 fingerprint <code className="fingerprint">{line.fingerprint}</code>
        </div>
      )}
      {line.warning && <p>{line.warning}</p>}
      {line.problems.length > 0 && (
        <ul data-testid="run-provenance-problems">
          {line.problems.map((problem) => (
            <li key={problem}>
              <code>{problem}</code>
            </li>
          ))}
        </ul>
      )}
      <div className="muted">Read-only: imported evidence is not re-run.</div>
    </div>
  );
}
