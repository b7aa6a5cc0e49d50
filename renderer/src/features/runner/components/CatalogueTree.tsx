import { memo, useMemo } from 'react';
import type { CheckView } from '../../../../../main/api/contract';
import {
  COVERAGES,
  areasOf,
  buildTree,
  coverageCounts,
  selectionState,
  treeSize,
  type AreaNode,
  type CatalogueFilter,
  type Coverage,
  type RuleNode,
} from '../catalogue-tree';
import type { CheckStatus } from '../../../../../main/shared/run-status';
import { STATUSES } from '../status-order';
import { useRunnerStore } from '../store';
import { statusMap, useViewedRun } from '../viewed-run';
import { StatusBadge } from './StatusBadge';

const COVERAGE_LABEL: Record<Coverage | 'all', string> = {
  all: 'All rules',
  covered: 'Covered',
  'no-check': 'No check',
  client: 'Judged of the client',
  untestable: 'Untestable',
};

/** A checkbox for several checks at once: checked, unchecked or mixed. */
function SelectBox({
  ids,
  label,
  testId,
}: {
  ids: readonly string[];
  label: string;
  testId: string;
}) {
  const state = useRunnerStore((s) => selectionState(s.selected, ids));
  const select = useRunnerStore((s) => s.select);
  return (
    <input
      type="checkbox"
      aria-label={label}
      data-testid={testId}
      checked={state === 'all'}
      disabled={ids.length === 0}
      ref={(el) => {
        if (el) el.indeterminate = state === 'some';
      }}
      onChange={(e) => select(ids, e.target.checked)}
    />
  );
}

function CheckRow({ check, status }: { check: CheckView; status?: CheckStatus | undefined }) {
  const openCheck = useRunnerStore((s) => s.openCheck);
  const onlyMode = check.modes.length === 1 ? check.modes[0] : undefined;
  return (
    <li className="tree-check" data-testid={`check-${check.id}`}>
      <SelectBox
        ids={[check.id]}
        label={`Select ${check.id}`}
        testId={`select-check-${check.id}`}
      />
      <span className="tree-check-text">
        <code>{check.id}</code> <span className="muted">{check.title}</span>
        {onlyMode && <span className={`badge badge-${onlyMode}`}>{onlyMode} only</span>}
      </span>
      {status && (
        <button
          type="button"
          className="link"
          aria-label={`${status}: show the evidence of ${check.id}`}
          onClick={() => openCheck(check.id)}
        >
          <StatusBadge status={status} />
        </button>
      )}
    </li>
  );
}

const RuleRow = memo(function RuleRow({ node }: { node: RuleNode }) {
  const { rule, coverage, checks, status } = node;
  const ids = checks.map((c) => c.check.id);
  return (
    <li
      className={`tree-rule coverage-${coverage}`}
      data-testid={`rule-${rule.id}`}
      data-coverage={coverage}
    >
      <div className="tree-rule-line">
        {ids.length > 0 ? (
          <SelectBox
            ids={ids}
            label={`Select the checks of ${rule.id}`}
            testId={`select-rule-${rule.id}`}
          />
        ) : (
          <span className="checkbox-space" aria-hidden="true" />
        )}
        <code className="rule-id">{rule.id}</code>
        <span className="rule-section">{rule.section}</span>
        <span className={`badge coverage-badge coverage-badge-${coverage}`}>
          {COVERAGE_LABEL[coverage]}
        </span>
        {status && <StatusBadge status={status} />}
      </div>
      <p className="rule-statement">{rule.statement}</p>
      {rule.client && (
        <p className="rule-reason" data-testid="rule-client">
          <span className="muted">Judged of the client: </span>
          {rule.client.tppRules.join(', ')}
          {rule.client.modules.length > 0 ? ` (modules ${rule.client.modules.join(', ')})` : ''}
        </p>
      )}
      {rule.everyAnswer && (
        <p className="rule-reason" data-testid="rule-every-answer">
          <span className="muted">Judged on every answer of a run: </span>
          <code>EVERY-ANSWER-{rule.id}</code>
        </p>
      )}
      {rule.reason && (
        <p className="rule-reason" data-testid="rule-reason">
          <span className="muted">
            {rule.client ? 'Why no check of a bank: ' : 'Why untestable: '}
          </span>
          {rule.reason}
        </p>
      )}
      {checks.length > 0 && (
        <ul className="tree-checks">
          {checks.map((c) => (
            <CheckRow key={c.check.id} check={c.check} status={c.status} />
          ))}
        </ul>
      )}
    </li>
  );
}, sameRuleNode);

/** The tree is rebuilt as statuses arrive; a rule re-renders only when what it shows changed. */
function sameRuleNode(a: { node: RuleNode }, b: { node: RuleNode }): boolean {
  return (
    a.node.rule === b.node.rule &&
    a.node.status === b.node.status &&
    a.node.checks.length === b.node.checks.length &&
    a.node.checks.every(
      (c, i) => c.check === b.node.checks[i]?.check && c.status === b.node.checks[i]?.status,
    )
  );
}

function AreaBranch({ node, open }: { node: AreaNode; open: boolean }) {
  const toggleExpanded = useRunnerStore((s) => s.toggleExpanded);
  const listId = `tree-area-${node.area}`;
  return (
    <li className="tree-area" data-testid={`area-${node.area}`}>
      <div className="tree-area-line">
        <button
          type="button"
          className="tree-toggle"
          aria-expanded={open}
          aria-controls={listId}
          data-testid={`area-toggle-${node.area}`}
          onClick={() => toggleExpanded(`area:${node.area}`, !open)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          <span className="visually-hidden">{open ? 'Collapse' : 'Expand'}</span>
        </button>
        <SelectBox
          ids={node.checkIds}
          label={`Select the checks of the ${node.area} area`}
          testId={`select-area-${node.area}`}
        />
        <strong className="area-name">{node.area}</strong>
        <span className="muted">
          {node.rules.length} rules · {node.checkIds.length} checks
        </span>
        {node.status && <StatusBadge status={node.status} />}
      </div>
      {open && (
        <ul id={listId} className="tree-rules">
          {node.rules.map((r) => (
            <RuleRow key={r.rule.id} node={r} />
          ))}
        </ul>
      )}
    </li>
  );
}

function isFiltering(filter: CatalogueFilter): boolean {
  return filter.coverage !== 'all' || filter.status !== 'all' || filter.text.trim() !== '';
}

/** The catalogue: coverage tabs with counts, filters, and the tree of areas, rules and checks. */
export function CatalogueTree() {
  const catalogue = useRunnerStore((s) => s.catalogue);
  const filter = useRunnerStore((s) => s.filter);
  const expanded = useRunnerStore((s) => s.expanded);
  const setFilter = useRunnerStore((s) => s.setFilter);
  const { checks } = useViewedRun();
  const statuses = useMemo(() => statusMap(checks), [checks]);
  const tree = useMemo(
    () => (catalogue ? buildTree(catalogue, statuses, filter) : []),
    [catalogue, statuses, filter],
  );
  const counts = useMemo(
    () =>
      coverageCounts(
        (catalogue?.rules ?? []).filter((r) => filter.area === 'all' || r.area === filter.area),
      ),
    [catalogue, filter.area],
  );
  const areas = useMemo(() => (catalogue ? areasOf(catalogue) : []), [catalogue]);
  if (!catalogue) return <p className="muted">Loading the catalogue…</p>;
  const size = treeSize(tree);
  const autoOpen = isFiltering(filter) || filter.area !== 'all';

  return (
    <section className="card catalogue" aria-labelledby="catalogue-title" data-testid="catalogue">
      <h2 id="catalogue-title">Catalogue</h2>
      <div className="coverage-tabs" role="group" aria-label="Coverage">
        {(['all', ...COVERAGES] as const).map((coverage) => (
          <button
            key={coverage}
            type="button"
            aria-pressed={filter.coverage === coverage}
            className={`coverage-tab coverage-tab-${coverage}`}
            data-testid={`coverage-tab-${coverage}`}
            onClick={() => setFilter({ coverage })}
          >
            {COVERAGE_LABEL[coverage]}{' '}
            <span className="coverage-count" data-testid={`coverage-count-${coverage}`}>
              {counts[coverage]}
            </span>
          </button>
        ))}
      </div>
      <div className="filters" role="group" aria-label="Filters">
        <label className="inline-field">
          <span>Area</span>
          <select
            value={filter.area}
            data-testid="catalogue-area"
            onChange={(e) => setFilter({ area: e.target.value })}
          >
            <option value="all">all</option>
            {areas.map((area) => (
              <option key={area}>{area}</option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>Last run</span>
          <select
            value={filter.status}
            data-testid="catalogue-status"
            onChange={(e) => setFilter({ status: e.target.value as CatalogueFilter['status'] })}
          >
            <option value="all">any status</option>
            {STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
            <option value="not-run">not run</option>
          </select>
        </label>
        <label className="inline-field">
          <span>Search</span>
          <input
            type="search"
            value={filter.text}
            placeholder="rule, §, statement, check…"
            data-testid="catalogue-search"
            onChange={(e) => setFilter({ text: e.target.value })}
          />
        </label>
        <span className="muted" data-testid="catalogue-size">
          {size.rules} rules · {size.checks} checks of both modes
        </span>
      </div>
      {tree.length === 0 ? (
        <p className="muted">Nothing matches these filters.</p>
      ) : (
        <ul className="tree" aria-label="Areas, rules and checks">
          {tree.map((node) => (
            <AreaBranch
              key={node.area}
              node={node}
              open={expanded[`area:${node.area}`] ?? autoOpen}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
