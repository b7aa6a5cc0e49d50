/**
 * The rule coverage map: spec section → rule → its checks → the last verdict on
 * each target, from the runs this view knows. A rule no check covers, and a rule never run against
 * a target, are gaps; a rule no check of a bank can observe says how the client is judged on it
 * (the TPP side), or else why it is untestable. Pure.
 */
import type { RuleView, RunSummaryView } from '../../../../main/api/contract';
import type { CheckStatus } from '../../../../main/shared/run-status';
import type { CheckResult } from '../../../../main/shared/run-result';

/** One target's last word on a rule: the run, its verdict, the check to open as evidence. */
export interface CoverageVerdict {
  runId: string;
  status: CheckStatus;
  /** The check whose result gave the verdict (the worst one). */
  checkId: string;
}

export interface CoverageRow {
  rule: RuleView;
  /**
   * 'no-check': testable, and no check covers it; 'compared': no one run can judge it, the
   * comparison of two runs does (rule.comparisons, workbench compare); 'client': no check of a bank
   * can observe it, the bank judges the client on it (rule.client); 'untestable': neither.
   */
  gap?: 'no-check' | 'compared' | 'client' | 'untestable';
  /** Target → verdict; a target missing here never ran a check of this rule: a gap too. */
  verdicts: Record<string, CoverageVerdict>;
}

export interface CoverageSection {
  section: string;
  rows: CoverageRow[];
}

export interface CoverageTarget {
  id: string;
  name: string;
}

export interface CoverageMap {
  targets: CoverageTarget[];
  sections: CoverageSection[];
}

/** Worst first: a rule with one failing check fails. */
const SEVERITY: Record<CheckStatus, number> = {
  FAIL: 0,
  INCONCLUSIVE: 1,
  REVIEW: 2,
  WARNING: 3,
  PASS: 4,
  SKIPPED: 5,
};

/** "§5.3.10" after "§5.3.9": numbers compared as numbers. */
function bySection(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/**
 * The map from the catalogue's rules and the runs with their check results (newest run wins per
 * target). Runs without results yet (not finished, not loaded) say nothing.
 */
export function coverageMap(
  rules: readonly RuleView[],
  runs: readonly RunSummaryView[],
  checksOf: (runId: string) => readonly CheckResult[] | undefined,
): CoverageMap {
  const targets: CoverageTarget[] = [];
  // Target → rule → verdict, filled from the newest run back: the first word is the last verdict.
  const verdicts = new Map<string, Map<string, CoverageVerdict>>();
  const newestFirst = [...runs].sort((a, b) => (a.startedAt < b.startedAt ? 1 : -1));
  for (const run of newestFirst) {
    const checks = checksOf(run.runId);
    if (!checks || checks.length === 0) continue;
    const targetId = run.targetId ?? run.target;
    if (!verdicts.has(targetId)) {
      verdicts.set(targetId, new Map());
      targets.push({ id: targetId, name: run.target });
    }
    const known = verdicts.get(targetId)!;
    const inThisRun = new Map<string, CoverageVerdict>();
    for (const check of checks) {
      for (const ruleId of check.rules) {
        if (known.has(ruleId)) continue;
        const so = inThisRun.get(ruleId);
        if (!so || SEVERITY[check.status] < SEVERITY[so.status])
          inThisRun.set(ruleId, { runId: run.runId, status: check.status, checkId: check.checkId });
      }
    }
    for (const [ruleId, verdict] of inThisRun) known.set(ruleId, verdict);
  }
  const sections = new Map<string, CoverageRow[]>();
  for (const rule of rules) {
    const row: CoverageRow = {
      rule,
      ...(!rule.testable
        ? { gap: rule.client ? ('client' as const) : ('untestable' as const) }
        : {}),
      // A rule the run judges on every answer is covered without a check; its verdict is the
      // run's EVERY-ANSWER result, absent (a gap, not run) when no answer was one it speaks of.
      ...(rule.testable && rule.checkIds.length === 0 && !rule.everyAnswer
        ? { gap: rule.comparisons?.length ? ('compared' as const) : ('no-check' as const) }
        : {}),
      verdicts: Object.fromEntries(
        targets.flatMap((t) => {
          const verdict = verdicts.get(t.id)?.get(rule.id);
          return verdict ? [[t.id, verdict]] : [];
        }),
      ),
    };
    sections.set(rule.section, [...(sections.get(rule.section) ?? []), row]);
  }
  return {
    targets,
    sections: [...sections.entries()]
      .sort(([a], [b]) => bySection(a, b))
      .map(([section, rows]) => ({ section, rows })),
  };
}

export interface CoverageFilter {
  /** Matched against the section, the rule id and statement, and the check ids. */
  text: string;
  /** Only rules with a gap: no check, or not run on some target. */
  gapsOnly: boolean;
}

/** True when the row has a gap on the map: no check covers it, or a target never ran it. */
export function hasGap(row: CoverageRow, targets: readonly CoverageTarget[]): boolean {
  if (row.gap === 'no-check') return true;
  if (row.gap === 'untestable' || row.gap === 'client' || row.gap === 'compared') return false;
  return targets.some((t) => !row.verdicts[t.id]);
}

/** The map with only the rows the filter keeps (sections left empty dropped). */
export function filterCoverage(map: CoverageMap, filter: CoverageFilter): CoverageMap {
  const text = filter.text.trim().toLowerCase();
  const keep = (section: string, row: CoverageRow) =>
    (!filter.gapsOnly || hasGap(row, map.targets)) &&
    (!text ||
      [
        section,
        row.rule.id,
        row.rule.statement,
        ...row.rule.checkIds,
        ...(row.rule.comparisons ?? []),
        ...(row.rule.client?.tppRules ?? []),
      ].some((s) => s.toLowerCase().includes(text)));
  return {
    targets: map.targets,
    sections: map.sections
      .map(({ section, rows }) => ({ section, rows: rows.filter((r) => keep(section, r)) }))
      .filter((s) => s.rows.length > 0),
  };
}
