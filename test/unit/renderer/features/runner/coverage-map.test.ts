/** The rule coverage map (renderer/src/features/runner/coverage-map.ts). */
import { describe, expect, it } from 'vitest';
import type { RuleView, RunSummaryView } from '../../../../../main/api/contract';
import type { CheckResult } from '../../../../../main/shared/run-result';
import type { CheckStatus } from '../../../../../main/shared/run-status';
import {
  coverageMap,
  filterCoverage,
  hasGap,
} from '../../../../../renderer/src/features/runner/coverage-map';

const rule = (id: string, section: string, checkIds: string[], testable = true): RuleView => ({
  id,
  section,
  statement: `statement of ${id}`,
  area: 'signing',
  testable,
  ...(testable ? {} : { reason: 'needs the bank operator' }),
  checkIds,
});

const run = (runId: string, targetId: string, startedAt: string): RunSummaryView => ({
  runId,
  targetId,
  target: targetId === 'embedded-sandbox' ? 'Embedded bank (sandbox)' : targetId,
  mode: 'sandbox',
  startedAt,
  finished: true,
});

const result = (checkId: string, rules: string[], status: CheckStatus): CheckResult => ({
  checkId,
  title: checkId,
  area: 'signing',
  rules,
  tags: [],
  status,
  durationMs: 1,
  warnings: [],
  evidence: [],
});

const RULES = [
  rule('SIGN-1', '§5.2.10', ['C-1', 'C-2']),
  rule('SIGN-2', '§5.2.9', ['C-3']),
  // The fixture's gap: a testable rule that no check covers.
  rule('SIGN-3', '§5.2.9', []),
  rule('OPS-1', '§1', [], false),
];

describe('rule coverage map', () => {
  it('groups rules by section in spec order, with the last verdict per target and the gaps', () => {
    const runs = [
      run('old', 'embedded-sandbox', '2026-01-01T10:00:00Z'),
      run('new', 'embedded-sandbox', '2026-01-02T10:00:00Z'),
      run('ext', 'bank-x', '2026-01-01T12:00:00Z'),
      run('unloaded', 'bank-y', '2026-01-03T10:00:00Z'),
    ];
    const checks: Record<string, CheckResult[]> = {
      old: [result('C-3', ['SIGN-2'], 'FAIL'), result('C-1', ['SIGN-1'], 'FAIL')],
      new: [result('C-1', ['SIGN-1'], 'PASS'), result('C-2', ['SIGN-1'], 'WARNING')],
      ext: [result('C-1', ['SIGN-1'], 'PASS')],
    };
    const map = coverageMap(RULES, runs, (id) => checks[id]);
    expect(map.sections.map((s) => s.section)).toEqual(['§1', '§5.2.9', '§5.2.10']);
    // Newest run first, and only targets with results: bank-y's run has none loaded.
    expect(map.targets).toEqual([
      { id: 'embedded-sandbox', name: 'Embedded bank (sandbox)' },
      { id: 'bank-x', name: 'bank-x' },
    ]);
    const rows = Object.fromEntries(map.sections.flatMap((s) => s.rows).map((r) => [r.rule.id, r]));
    // The newest run's word, its worst check: WARNING (C-2) over PASS (C-1); the old FAIL is past.
    expect(rows['SIGN-1']!.verdicts['embedded-sandbox']).toEqual({
      runId: 'new',
      status: 'WARNING',
      checkId: 'C-2',
    });
    // A rule the newest run did not run keeps the older run's verdict.
    expect(rows['SIGN-2']!.verdicts['embedded-sandbox']).toMatchObject({
      runId: 'old',
      status: 'FAIL',
    });
    expect(rows['SIGN-2']!.verdicts['bank-x']).toBeUndefined();
    expect(hasGap(rows['SIGN-2']!, map.targets)).toBe(true); // never run against bank-x
    expect(rows['SIGN-3']!.gap).toBe('no-check');
    expect(hasGap(rows['SIGN-3']!, map.targets)).toBe(true);
    expect(rows['OPS-1']!.gap).toBe('untestable');
    expect(hasGap(rows['OPS-1']!, map.targets)).toBe(false);
    expect(hasGap(rows['SIGN-1']!, map.targets)).toBe(false);
  });

  it("does not call a rule judged on every answer a no-check gap; its verdict is the run's", () => {
    const observed: RuleView = { ...rule('ERR-STATUS-500', '§7', []), everyAnswer: true };
    const map = coverageMap(
      [...RULES, observed],
      [run('r1', 'bank-x', '2026-01-01T10:00:00Z'), run('r2', 'bank-y', '2026-01-01T11:00:00Z')],
      (runId) =>
        runId === 'r1'
          ? [result('EVERY-ANSWER-ERR-STATUS-500', ['ERR-STATUS-500'], 'FAIL')]
          : [result('C-1', ['SIGN-1'], 'PASS')],
    );
    const row = map.sections.flatMap((s) => s.rows).find((r) => r.rule.id === 'ERR-STATUS-500')!;
    expect(row.gap).toBeUndefined();
    expect(row.verdicts['bank-x']).toMatchObject({ status: 'FAIL' });
    // bank-y's run got no 500 or SYSTEM_ERROR: not judged there, a gap on that target.
    expect(row.verdicts['bank-y']).toBeUndefined();
    expect(hasGap(row, map.targets)).toBe(true);
  });

  it('marks a rule the TPP side judges of the client, never as a gap, findable by its TPP rule', () => {
    const judged: RuleView = {
      ...rule('OPS-2', '§1', [], false),
      client: { tppRules: ['TPP-OPS'], report: true, modules: ['basic:OPS'] },
    };
    const map = coverageMap(
      [...RULES, judged],
      [run('r', 'bank-x', '2026-01-01T10:00:00Z')],
      () => [result('C-1', ['SIGN-1'], 'PASS')],
    );
    const row = map.sections.flatMap((s) => s.rows).find((r) => r.rule.id === 'OPS-2')!;
    expect(row.gap).toBe('client');
    expect(hasGap(row, map.targets)).toBe(false);
    const found = filterCoverage(map, { text: 'tpp-ops', gapsOnly: false });
    expect(found.sections.flatMap((s) => s.rows.map((r) => r.rule.id))).toEqual(['OPS-2']);
  });

  it('marks a rule judged by comparing two runs, never as a gap, findable by the comparison', () => {
    const compared: RuleView = {
      ...rule('SCA-BOTH', '§1', []),
      comparisons: ['COMPARE-SCA-FLOW-BOTH-ENVIRONMENTS'],
    };
    const map = coverageMap(
      [...RULES, compared],
      [run('r', 'bank-x', '2026-01-01T10:00:00Z')],
      () => [result('C-1', ['SIGN-1'], 'PASS')],
    );
    const row = map.sections.flatMap((s) => s.rows).find((r) => r.rule.id === 'SCA-BOTH')!;
    expect(row.gap).toBe('compared');
    expect(hasGap(row, map.targets)).toBe(false);
    const found = filterCoverage(map, { text: 'compare-sca', gapsOnly: false });
    expect(found.sections.flatMap((s) => s.rows.map((r) => r.rule.id))).toEqual(['SCA-BOTH']);
  });

  it('filters by text and to the gaps only', () => {
    const map = coverageMap(RULES, [], () => undefined);
    const gaps = filterCoverage(map, { text: '', gapsOnly: true });
    expect(gaps.sections.flatMap((s) => s.rows.map((r) => r.rule.id))).toEqual(['SIGN-3']);
    const byCheck = filterCoverage(map, { text: 'c-3', gapsOnly: false });
    expect(byCheck.sections.flatMap((s) => s.rows.map((r) => r.rule.id))).toEqual(['SIGN-2']);
    expect(filterCoverage(map, { text: '§1', gapsOnly: false }).sections).toHaveLength(1);
  });
});
