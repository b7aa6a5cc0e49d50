import { useState } from 'react';
import { runTargetText } from '../../../../../main/shared/run-target';
import { FileDrop } from '../../../components/FileDrop';
import { CHANGES, changeCounts, scaFlowLine } from '../comparison';
import { comparableRuns } from '../run-target';
import type { ReportFormat } from '../../../../../main/shared/report-formats';
import { shortRunId, useRunnerStore } from '../store';
import { useRunTargetOf } from '../use-run-target';
import { useViewedRun } from '../viewed-run';
import { runLabel } from './ResultsList';
import { StatusBadge } from './StatusBadge';

const FORMATS: { format: ReportFormat; label: string }[] = [
  { format: 'html', label: 'HTML report' },
  { format: 'junit', label: 'JUnit XML' },
  { format: 'json', label: 'JSON result' },
];

function Exports() {
  const { runId, progress, summary } = useViewedRun();
  const busy = useRunnerStore((s) => s.busy);
  const baseline = useRunnerStore((s) => s.baseline);
  const { exportReport, setApplyBaseline } = useRunnerStore.getState();
  const targetOf = useRunTargetOf();
  const finished = (progress?.finished ?? summary?.finished ?? false) && !summary?.error;
  return (
    <div className="reports-block">
      <h3>Export the run shown</h3>
      {summary && (
        <p className="muted" data-testid="export-target">
          Run {shortRunId(summary.runId)} of {runTargetText(targetOf(summary))}
        </p>
      )}
      <div className="actions">
        {FORMATS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            disabled={!runId || !finished || busy !== undefined}
            data-testid={`export-${format}`}
            onClick={() => void exportReport(format)}
          >
            {label}
          </button>
        ))}
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={baseline.applyToExports}
          disabled={baseline.entries.length === 0}
          data-testid="baseline-apply"
          onChange={(e) => setApplyBaseline(e.target.checked)}
        />
        Mark the baseline's {baseline.entries.length} expected failure(s) in exports
      </label>
    </div>
  );
}

function Baseline() {
  const baseline = useRunnerStore((s) => s.baseline);
  const { loadBaseline, saveBaseline, unmarkExpected } = useRunnerStore.getState();
  return (
    <div className="reports-block" data-testid="baseline">
      <h3>Baseline of expected failures</h3>
      <p className="muted">
        Failures the bank is known to have. Load a baseline file, or mark failed checks in their
        evidence; exports then show them as expected.
      </p>
      <FileDrop
        label="Load a baseline (JSON)"
        accept=".json,application/json"
        testId="baseline-file"
        onFile={(file) => void file.text().then((text) => loadBaseline(file.name, text))}
      />
      {baseline.entries.length > 0 ? (
        <>
          <table className="baseline-table" data-testid="baseline-entries">
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">Reason</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {baseline.entries.map((entry) => (
                <tr key={entry.checkId}>
                  <td>
                    <code>{entry.checkId}</code>
                  </td>
                  <td>{entry.reason}</td>
                  <td>
                    <button
                      type="button"
                      className="link"
                      aria-label={`Remove ${entry.checkId} from the baseline`}
                      onClick={() => unmarkExpected(entry.checkId)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="actions">
            <button type="button" data-testid="baseline-save" onClick={saveBaseline}>
              Save the baseline
            </button>
          </div>
        </>
      ) : (
        <p className="muted">No expected failures.</p>
      )}
    </div>
  );
}

function Compare() {
  const runs = useRunnerStore((s) => s.runs);
  const busy = useRunnerStore((s) => s.busy);
  const { compare, importRun, importBundle } = useRunnerStore.getState();
  const targetOf = useRunTargetOf();
  const finished = runs.filter((r) => r.finished && !r.error);
  const [previous, setPrevious] = useState('');
  const [current, setCurrent] = useState('');
  const currentId = current || finished.at(-1)?.runId || '';
  // Runs of the current run's bank first: comparing two banks is rarely what is meant.
  const { same, other } = comparableRuns(finished, currentId, targetOf);
  const offered = [...same, ...other];
  const previousId =
    (previous && previous !== currentId && offered.some((r) => r.runId === previous)
      ? previous
      : undefined) ??
    offered[0]?.runId ??
    '';
  const currentRun = finished.find((r) => r.runId === currentId);
  const previousRun = finished.find((r) => r.runId === previousId);
  const differentBanks =
    currentRun && previousRun && targetOf(currentRun).key !== targetOf(previousRun).key;
  return (
    <div className="reports-block" data-testid="compare">
      <h3>Import and compare</h3>
      <FileDrop
        label="Import a run (exported JSON result)"
        accept=".json,application/json"
        testId="import-run"
        disabled={busy !== undefined}
        onFile={(file) => void file.text().then((text) => importRun(file.name, text))}
      />
      <FileDrop
        label="Import an evidence bundle (ZIP from workbench run --bundle)"
        accept=".zip,application/zip"
        testId="import-bundle"
        disabled={busy !== undefined}
        onFile={(file) => void importBundle(file)}
      />
      <div className="compare-form">
        <label className="inline-field">
          <span>Current</span>
          <select
            value={currentId}
            data-testid="compare-current"
            onChange={(e) => setCurrent(e.target.value)}
          >
            {[...finished].reverse().map((run) => (
              <option key={run.runId} value={run.runId}>
                {runLabel(run, targetOf(run))}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>Previous</span>
          <select
            value={previousId}
            data-testid="compare-previous"
            onChange={(e) => setPrevious(e.target.value)}
          >
            {same.length > 0 && (
              <optgroup
                label={`Same bank: ${currentRun ? runTargetText(targetOf(currentRun)) : ''}`}
              >
                {same.map((run) => (
                  <option key={run.runId} value={run.runId}>
                    {runLabel(run, targetOf(run))}
                  </option>
                ))}
              </optgroup>
            )}
            {other.length > 0 && (
              <optgroup label="Other banks">
                {other.map((run) => (
                  <option key={run.runId} value={run.runId}>
                    {runLabel(run, targetOf(run))}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        {differentBanks && (
          <p className="warn" data-testid="compare-banks-differ">
            These runs checked different banks: {runTargetText(targetOf(previousRun))} and{' '}
            {runTargetText(targetOf(currentRun))}.
          </p>
        )}
        <button
          type="button"
          disabled={finished.length < 2 || !previousId || !currentId || previousId === currentId}
          data-testid="compare-run"
          onClick={() => void compare(previousId, currentId)}
        >
          Compare
        </button>
      </div>
    </div>
  );
}

/** The comparison of two runs: a summary line and one row per check, what changed first. */
function ComparisonTable() {
  const comparison = useRunnerStore((s) => s.comparison);
  if (!comparison) return null;
  const counts = changeCounts(comparison.rows);
  const scaFlow = scaFlowLine(comparison.scaFlow);
  return (
    <div className="comparison" data-testid="comparison">
      <h3>Comparison</h3>
      {!comparison.targets.same && (
        <p className="warn" data-testid="comparison-banks-differ">
          Two different banks: run {shortRunId(comparison.previousRunId)} checked{' '}
          {runTargetText(comparison.targets.previous)}, run {shortRunId(comparison.currentRunId)}{' '}
          checked {runTargetText(comparison.targets.current)}. What differs below is between the
          banks, not a change of one bank.
        </p>
      )}
      <p data-testid="comparison-summary">
        Run {shortRunId(comparison.previousRunId)} ({runTargetText(comparison.targets.previous)}) →
        run {shortRunId(comparison.currentRunId)} ({runTargetText(comparison.targets.current)}):{' '}
        <strong className="error">{counts['new failure']} new failure(s)</strong>,{' '}
        <strong className="ok">{counts.fixed} fixed</strong>, {counts['still failing']} still
        failing, {counts.changed} otherwise changed, {counts.added} added, {counts.removed} removed,{' '}
        {counts.unchanged} unchanged
      </p>
      {scaFlow && (
        <p
          className={comparison.scaFlow.verdict === 'FAIL' ? 'error' : undefined}
          data-testid="comparison-sca-flow"
        >
          {scaFlow}
        </p>
      )}
      <div className="table-scroll">
        <table className="log comparison-table" data-testid="comparison-table">
          <thead>
            <tr>
              <th scope="col">Change</th>
              <th scope="col">Check</th>
              <th scope="col">Before</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr
                key={row.checkId}
                data-testid="comparison-row"
                data-change={row.change}
                className={`change-${row.change.replace(/ /g, '-')}`}
              >
                <td>{row.change}</td>
                <td>
                  <code>{row.checkId}</code> <span className="muted">{row.title}</span>
                </td>
                <td>{row.before ? <StatusBadge status={row.before} /> : '—'}</td>
                <td>{row.after ? <StatusBadge status={row.after} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">Sorted by change: {CHANGES.join(', ')}.</p>
    </div>
  );
}

/** Exports of the run shown, import of earlier runs, comparison, and the baseline. */
export function ReportsPanel() {
  return (
    <section className="card reports" aria-labelledby="reports-title">
      <h2 id="reports-title">Reports, comparison and baseline</h2>
      <div className="reports-grid">
        <Exports />
        <Compare />
        <Baseline />
      </div>
      <ComparisonTable />
    </section>
  );
}
