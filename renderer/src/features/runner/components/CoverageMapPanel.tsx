import { useMemo, useState } from 'react';
import { coverageMap, filterCoverage, hasGap, type CoverageRow } from '../coverage-map';
import { checksOfRun, useRunnerStore } from '../store';
import { StatusBadge } from './StatusBadge';

/**
 * Which spec rules are covered and how they fared, at a glance: spec section → rule → the checks
 * that cover it → the last verdict on each target this session ran. Gaps are marked: a rule no
 * check covers, a rule never run against a target. A verdict opens its check's evidence.
 */
export function CoverageMapPanel() {
  const catalogue = useRunnerStore((s) => s.catalogue);
  const runs = useRunnerStore((s) => s.runs);
  const progress = useRunnerStore((s) => s.progress);
  const results = useRunnerStore((s) => s.results);
  const [text, setText] = useState('');
  const [gapsOnly, setGapsOnly] = useState(false);
  const map = useMemo(
    () =>
      coverageMap(catalogue?.rules ?? [], runs, (runId) =>
        checksOfRun({ progress, results }, runId),
      ),
    [catalogue, runs, progress, results],
  );
  const shown = useMemo(() => filterCoverage(map, { text, gapsOnly }), [map, text, gapsOnly]);
  if (!catalogue) return null;
  const rows = map.sections.flatMap((s) => s.rows);
  const gaps = rows.filter((r) => hasGap(r, map.targets)).length;

  const openEvidence = async (runId: string, checkId: string) => {
    const { viewRun, openCheck } = useRunnerStore.getState();
    await viewRun(runId);
    openCheck(checkId);
    requestAnimationFrame(() =>
      document
        .querySelector('[data-testid="check-evidence"]')
        ?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
    );
  };

  return (
    <details className="card coverage-map" data-testid="coverage-map">
      <summary>
        <h2>Rule coverage map</h2>{' '}
        <span className="muted">
          {rows.length} rules · {map.targets.length}{' '}
          {map.targets.length === 1 ? 'target' : 'targets'} run ·{' '}
          <span data-testid="coverage-map-gaps">{gaps}</span> with a gap
        </span>
      </summary>
      <div className="actions">
        <label className="inline-field">
          <span>Filter</span>
          <input
            type="search"
            value={text}
            placeholder="§, rule, statement, check…"
            data-testid="coverage-map-filter"
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={gapsOnly}
            data-testid="coverage-map-gaps-only"
            onChange={(e) => setGapsOnly(e.target.checked)}
          />
          Gaps only
        </label>
        <span className="muted">
          Last verdict per target from the runs of this session; a verdict opens its evidence.
        </span>
      </div>
      <div className="table-scroll" tabIndex={0} aria-label="Rule coverage map">
        <table className="coverage-table" data-testid="coverage-map-table">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Checks</th>
              {map.targets.map((t) => (
                <th key={t.id} scope="col">
                  {t.name}
                </th>
              ))}
            </tr>
          </thead>
          {shown.sections.map(({ section, rows: sectionRows }) => (
            <tbody key={section} data-testid="coverage-map-section" data-section={section}>
              <tr className="coverage-section">
                <th scope="colgroup" colSpan={2 + map.targets.length}>
                  {section}
                </th>
              </tr>
              {sectionRows.map((row) => (
                <Row
                  key={row.rule.id}
                  row={row}
                  targets={map.targets}
                  onOpen={(runId, checkId) => void openEvidence(runId, checkId)}
                />
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {shown.sections.length === 0 && <p className="muted">No rule matches.</p>}
    </details>
  );
}

/** `TPP-PSU-ID by the TPP report and modules basic:PSU-ID-FROM-REDIRECT`. */
function clientText(client: NonNullable<CoverageRow['rule']['client']>): string {
  const by = [
    ...(client.report ? ['the TPP report'] : []),
    ...(client.modules.length > 0 ? [`modules ${client.modules.join(', ')}`] : []),
  ];
  return `${client.tppRules.join(', ')} by ${by.join(' and ')}`;
}

function Row({
  row,
  targets,
  onOpen,
}: {
  row: CoverageRow;
  targets: { id: string; name: string }[];
  onOpen(runId: string, checkId: string): void;
}) {
  const { rule } = row;
  return (
    <tr data-testid="coverage-map-rule" data-rule={rule.id} data-gap={row.gap}>
      <th scope="row">
        <code>{rule.id}</code> <span className="coverage-statement">{rule.statement}</span>
      </th>
      <td>
        {row.gap === 'no-check' && <span className="badge badge-warn">gap: no check</span>}
        {row.gap === 'compared' && (
          <span className="muted" data-testid="coverage-map-compared">
            judged by comparing a sandbox run with a production run (Import and compare):{' '}
            {rule.comparisons?.join(', ')}
          </span>
        )}
        {row.gap === 'client' && rule.client && (
          <span className="muted" data-testid="coverage-map-client" title={rule.reason}>
            judged of the client: {clientText(rule.client)}
          </span>
        )}
        {row.gap === 'untestable' && (
          <span className="muted" title={rule.reason}>
            untestable{rule.reason ? `: ${rule.reason}` : ''}
          </span>
        )}
        {rule.checkIds.map((id) => (
          <code key={id} className="coverage-check">
            {id}
          </code>
        ))}
        {rule.everyAnswer && (
          <span className="muted" data-testid="coverage-map-every-answer">
            judged on every answer of a run: <code>EVERY-ANSWER-{rule.id}</code>
          </span>
        )}
      </td>
      {targets.map((t) => {
        const verdict = row.verdicts[t.id];
        return (
          <td key={t.id} data-target={t.id}>
            {verdict ? (
              <button
                type="button"
                className="link"
                data-testid="coverage-map-verdict"
                title={`${verdict.checkId}: open its evidence`}
                onClick={() => onOpen(verdict.runId, verdict.checkId)}
              >
                <StatusBadge status={verdict.status} />
              </button>
            ) : row.gap ? (
              <span className="muted">—</span>
            ) : (
              <span className="badge badge-warn" data-testid="coverage-map-not-run">
                gap: not run
              </span>
            )}
          </td>
        );
      })}
    </tr>
  );
}
