/**
 * Two runs side by side: runner.compare says what broke and what got fixed; this makes it one
 * table with the status before and after, the unchanged checks included. Pure.
 */
import type { RunComparison } from '../../../../main/api/contract';
import type { CheckStatus } from '../../../../main/shared/run-status';
import type { RunResult } from '../../../../main/shared/run-result';

export type Change =
  | 'new failure'
  | 'fixed'
  | 'still failing'
  | 'could not test'
  | 'changed'
  | 'added'
  | 'removed'
  | 'unchanged';

/** The order rows appear in: what needs attention first. */
export const CHANGES: readonly Change[] = [
  'new failure',
  'fixed',
  'still failing',
  'could not test',
  'changed',
  'added',
  'removed',
  'unchanged',
];

export interface ComparisonRow {
  checkId: string;
  title: string;
  before?: CheckStatus;
  after?: CheckStatus;
  change: Change;
}

type Checks = Pick<RunResult, 'checks'>;

export function comparisonRows(
  comparison: RunComparison,
  previous: Checks,
  current: Checks,
): ComparisonRow[] {
  const before = new Map(previous.checks.map((c) => [c.checkId, c]));
  const after = new Map(current.checks.map((c) => [c.checkId, c]));
  const changeOf = new Map<string, Change>();
  const mark = (ids: readonly string[], change: Change) => {
    for (const id of ids) if (!changeOf.has(id)) changeOf.set(id, change);
  };
  mark(comparison.newFailures, 'new failure');
  mark(comparison.fixed, 'fixed');
  mark(comparison.stillFailing, 'still failing');
  mark(comparison.couldNotTest, 'could not test');
  mark(
    comparison.changed.map((c) => c.checkId),
    'changed',
  );
  mark(comparison.added, 'added');
  mark(comparison.removed, 'removed');

  const ids = [...new Set([...after.keys(), ...before.keys()])];
  const rows = ids.map((checkId): ComparisonRow => {
    const was = before.get(checkId);
    const now = after.get(checkId);
    return {
      checkId,
      title: now?.title ?? was?.title ?? '',
      ...(was ? { before: was.status } : {}),
      ...(now ? { after: now.status } : {}),
      change: changeOf.get(checkId) ?? 'unchanged',
    };
  });
  return rows.sort(
    (a, b) =>
      CHANGES.indexOf(a.change) - CHANGES.indexOf(b.change) || a.checkId.localeCompare(b.checkId),
  );
}

export function changeCounts(rows: readonly ComparisonRow[]): Record<Change, number> {
  const counts = Object.fromEntries(CHANGES.map((c) => [c, 0])) as Record<Change, number>;
  for (const row of rows) counts[row.change] += 1;
  return counts;
}

/**
 * §1 SCA-SAME-FLOW-BOTH-ENVIRONMENTS as the comparison judged it (runner.compare's scaFlow), one
 * line; none when the two runs are not one sandbox and one production run, which is the usual
 * comparison of one bank over time and needs no word about it.
 */
export function scaFlowLine(scaFlow: RunComparison['scaFlow']): string | undefined {
  if (scaFlow.verdict === 'INCONCLUSIVE') return undefined;
  return `§1 ${scaFlow.rules.join(', ')} (one SCA flow in sandbox and production): ${scaFlow.verdict} — ${scaFlow.message}`;
}
