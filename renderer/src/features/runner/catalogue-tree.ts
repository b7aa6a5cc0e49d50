/**
 * The catalogue as a tree (area → rule → check) with its filters, coverage counts and the
 * selection of checks to run. Pure: the view memoises these over the store's small state.
 */
import type { CheckView, RuleView } from '../../../../main/api/contract';
import type { CheckStatus } from '../../../../main/shared/run-status';
import { worstCheckStatus } from './status-order';
import type { BankMode } from '../../../../main/shared/mode';

/**
 * A rule is covered by checks, testable but without a check yet, judged of the client where no
 * check of a bank can observe it (the TPP side states the same obligation), or untestable.
 */
export type Coverage = 'covered' | 'no-check' | 'client' | 'untestable';
export const COVERAGES: readonly Coverage[] = ['covered', 'no-check', 'client', 'untestable'];

export interface Catalogue {
  rules: RuleView[];
  checks: CheckView[];
}

export interface CatalogueFilter {
  area: string | 'all';
  coverage: Coverage | 'all';
  /** The check's status in the run shown; `not-run` for checks without one. */
  status: CheckStatus | 'not-run' | 'all';
  text: string;
}

export const NO_CATALOGUE_FILTER: CatalogueFilter = {
  area: 'all',
  coverage: 'all',
  status: 'all',
  text: '',
};

export function coverageOf(rule: RuleView): Coverage {
  if (!rule.testable) return rule.client ? 'client' : 'untestable';
  // A rule the run judges on every answer it gets, or by comparing two runs, is covered without a
  // check of its own.
  return rule.checkIds.length > 0 || rule.everyAnswer || rule.comparisons?.length
    ? 'covered'
    : 'no-check';
}

export type CoverageCounts = Record<Coverage | 'all', number>;

export function coverageCounts(rules: readonly RuleView[]): CoverageCounts {
  const counts: CoverageCounts = { all: 0, covered: 0, 'no-check': 0, client: 0, untestable: 0 };
  for (const rule of rules) {
    counts.all += 1;
    counts[coverageOf(rule)] += 1;
  }
  return counts;
}

export interface CheckNode {
  check: CheckView;
  status?: CheckStatus;
}

export interface RuleNode {
  rule: RuleView;
  coverage: Coverage;
  checks: CheckNode[];
  /** The worst status of its checks in the run shown. */
  status?: CheckStatus;
}

export interface AreaNode {
  area: string;
  rules: RuleNode[];
  /** Every check shown under the area, once (a check may cover several of its rules). */
  checkIds: string[];
  status?: CheckStatus;
}

/** Areas in the order the catalogue lists its rules. */
export function areasOf(catalogue: Catalogue): string[] {
  return [...new Set(catalogue.rules.map((rule) => rule.area))];
}

const includes = (haystack: string | undefined, needle: string) =>
  haystack !== undefined && haystack.toLowerCase().includes(needle);

function ruleMatchesText(rule: RuleView, text: string): boolean {
  return (
    includes(rule.id, text) ||
    includes(rule.section, text) ||
    includes(rule.statement, text) ||
    includes(rule.reason, text)
  );
}

function checkMatchesText(check: CheckView, text: string): boolean {
  return includes(check.id, text) || includes(check.title, text) || check.tags.includes(text);
}

function statusMatches(status: CheckStatus | undefined, wanted: CatalogueFilter['status']) {
  if (wanted === 'all') return true;
  if (wanted === 'not-run') return status === undefined;
  return status === wanted;
}

/**
 * The filtered tree. The text matches a rule (id, section, statement, reason) or a check (id,
 * title, tag): a matching rule shows all its checks, otherwise only the matching checks show. A
 * status filter keeps only checks with that status, so rules without checks drop out under it.
 */
export function buildTree(
  catalogue: Catalogue,
  statuses: ReadonlyMap<string, CheckStatus>,
  filter: CatalogueFilter,
): AreaNode[] {
  const text = filter.text.trim().toLowerCase();
  const checksById = new Map(catalogue.checks.map((check) => [check.id, check]));
  const areas = new Map<string, AreaNode>();
  for (const rule of catalogue.rules) {
    if (filter.area !== 'all' && rule.area !== filter.area) continue;
    const coverage = coverageOf(rule);
    if (filter.coverage !== 'all' && coverage !== filter.coverage) continue;
    const ruleMatches = !text || ruleMatchesText(rule, text);
    const checks: CheckNode[] = [];
    for (const id of rule.checkIds) {
      const check = checksById.get(id);
      if (!check) continue;
      const status = statuses.get(id);
      if (!statusMatches(status, filter.status)) continue;
      if (!ruleMatches && !checkMatchesText(check, text)) continue;
      checks.push(status ? { check, status } : { check });
    }
    const filteringChecks = filter.status !== 'all' || !ruleMatches;
    if (filteringChecks && checks.length === 0) continue;
    let area = areas.get(rule.area);
    if (!area) {
      area = { area: rule.area, rules: [], checkIds: [] };
      areas.set(rule.area, area);
    }
    const status = worstCheckStatus(checks.map((node) => node.status));
    area.rules.push({ rule, coverage, checks, ...(status ? { status } : {}) });
  }
  for (const area of areas.values()) {
    area.checkIds = [...new Set(area.rules.flatMap((r) => r.checks.map((c) => c.check.id)))];
    const status = worstCheckStatus(area.checkIds.map((id) => statuses.get(id)));
    if (status) area.status = status;
  }
  return [...areas.values()];
}

/** How many rules and checks the tree shows. */
export function treeSize(tree: readonly AreaNode[]): { rules: number; checks: number } {
  return {
    rules: tree.reduce((n, area) => n + area.rules.length, 0),
    checks: new Set(tree.flatMap((area) => area.checkIds)).size,
  };
}

export type SelectionState = 'all' | 'some' | 'none';

/** Whether all, some or none of `ids` are selected: a checkbox's checked/indeterminate state. */
export function selectionState(
  selected: ReadonlySet<string>,
  ids: readonly string[],
): SelectionState {
  let count = 0;
  for (const id of ids) if (selected.has(id)) count += 1;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/** Selects or unselects `ids`, returning a new set (the store's state stays immutable). */
export function toggleSelection(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  on: boolean,
): Set<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The selected checks that can run in a mode (a check may be for one mode only). */
export function runnableSelection(
  catalogue: Catalogue,
  selected: ReadonlySet<string>,
  mode: BankMode,
): string[] {
  return catalogue.checks
    .filter((check) => selected.has(check.id) && check.modes.includes(mode))
    .map((check) => check.id);
}
