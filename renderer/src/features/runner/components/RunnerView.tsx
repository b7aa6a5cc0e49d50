import { useEffect, type ReactNode } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { StatusLine } from '../../../components/StatusLine';
import { useTargetsStore } from '../../../state/targets-store';
import { runTargetTitle } from '../run-targets';
import { useRunnerStore } from '../store';
import { useViewedRun } from '../viewed-run';
import '../runner.css';
import '../evidence.css';
import '../review.css';
import { CatalogueTree } from './CatalogueTree';
import { CheckEvidence } from './CheckEvidence';
import { CoverageMapPanel } from './CoverageMapPanel';
import { ReportsPanel } from './ReportsPanel';
import { ResultsList } from './ResultsList';
import { RunPanel } from './RunPanel';

function OpenCheck() {
  const openCheckId = useRunnerStore((s) => s.openCheckId);
  const { checks } = useViewedRun();
  const check = openCheckId ? checks.find((c) => c.checkId === openCheckId) : undefined;
  if (!openCheckId) return null;
  if (!check)
    return <p className="muted">{openCheckId} has no result in the run shown (not run yet).</p>;
  return <CheckEvidence check={check} />;
}

/**
 * The suite runner: the catalogue and its coverage, runs with live progress, evidence, reports.
 * The target switcher is the targets screen's: the app passes it in (see RunPanel).
 */
export function RunnerView({ targetSwitcher }: { targetSwitcher(locked: boolean): ReactNode }) {
  const busy = useRunnerStore((s) => s.busy);
  const done = useRunnerStore((s) => s.done);
  const error = useRunnerStore((s) => s.error);
  const chosen = useTargetsStore((s) => s.view?.activeTargetId ?? '');
  const targets = useTargetsStore((s) => s.view);
  const { load, dismissError } = useRunnerStore.getState();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section className="runner" aria-labelledby="runner-title">
      <header className="view-header">
        <h1 id="runner-title">Runner</h1>
        <span className="muted" data-testid="runner-subtitle">
          Conformance checks against {runTargetTitle(targets, chosen)}: every rule of the spec, its
          checks, their evidence.
        </span>
        {/* In the heading's row: an empty status takes no band of its own under it. */}
        <StatusLine busy={busy} done={done} testId="runner-status" />
      </header>
      <ErrorNotice error={error} testId="runner-error" onDismiss={dismissError} />
      <RunPanel targetSwitcher={targetSwitcher} />
      <div className="runner-grid">
        <CatalogueTree />
        <div className="runner-results">
          <ResultsList />
        </div>
        {/* The evidence spans both columns: beside the catalogue it had half the width and an
            empty column once the catalogue ended, for exchanges and a diagram that need room. */}
        <div className="runner-evidence">
          <OpenCheck />
        </div>
      </div>
      <CoverageMapPanel />
      <ReportsPanel />
    </section>
  );
}
