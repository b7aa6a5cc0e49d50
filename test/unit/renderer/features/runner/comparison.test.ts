/** The Runner's comparison table and baseline editing. */
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../../../main/core/runner/results/compare';
import {
  changeCounts,
  comparisonRows,
  scaFlowLine,
} from '../../../../../renderer/src/features/runner/comparison';
import { parseBaseline, serializeBaseline } from '../../../../../main/shared/baseline';
import { markExpected, unmarkExpected } from '../../../../../renderer/src/features/runner/baseline';
import type { CheckStatus } from '../../../../../main/shared/run-status';

const run = (statuses: Record<string, CheckStatus>) => ({
  target: { baseUrl: 'http://127.0.0.1:9999', mode: 'sandbox', hasSandboxApi: true, shared: true },
  checks: Object.entries(statuses).map(([checkId, status]) => ({
    checkId,
    title: `title of ${checkId}`,
    status,
  })) as never,
});

describe('comparisonRows', () => {
  const previous = run({ A: 'PASS', B: 'FAIL', C: 'FAIL', D: 'PASS', E: 'PASS', GONE: 'PASS' });
  const current = run({ A: 'FAIL', B: 'PASS', C: 'FAIL', D: 'WARNING', E: 'PASS', NEW: 'FAIL' });
  // What runner.compare answers for these two runs.
  const comparison = compareRuns(previous as never, current as never);

  it('makes one row per check, worst news first, with the status before and now', () => {
    const rows = comparisonRows(comparison, previous, current);
    expect(rows.map((r) => [r.change, r.checkId, r.before ?? '—', r.after ?? '—'])).toEqual([
      ['new failure', 'A', 'PASS', 'FAIL'],
      ['new failure', 'NEW', '—', 'FAIL'],
      ['fixed', 'B', 'FAIL', 'PASS'],
      ['still failing', 'C', 'FAIL', 'FAIL'],
      ['changed', 'D', 'PASS', 'WARNING'],
      ['removed', 'GONE', 'PASS', '—'],
      ['unchanged', 'E', 'PASS', 'PASS'],
    ]);
    expect(rows.find((r) => r.checkId === 'GONE')!.title).toBe('title of GONE');
    expect(changeCounts(rows)).toEqual({
      'new failure': 2,
      fixed: 1,
      'still failing': 1,
      'could not test': 0,
      changed: 1,
      added: 0,
      removed: 1,
      unchanged: 1,
    });
  });
});

describe('baseline', () => {
  it('marks, re-marks and unmarks failures, and writes the file main reads', () => {
    let entries = markExpected([], 'A', ' ticket 12 ');
    entries = markExpected(entries, 'B', '');
    entries = markExpected(entries, 'A', 'ticket 13');
    expect(entries).toEqual([
      { checkId: 'A', reason: 'ticket 13' },
      { checkId: 'B', reason: 'accepted for now' },
    ]);
    expect(unmarkExpected(entries, 'A')).toEqual([{ checkId: 'B', reason: 'accepted for now' }]);
    expect(parseBaseline(serializeBaseline(entries)).expectedFailures).toEqual(entries);
  });
});

describe('scaFlowLine', () => {
  const judged = (verdict: 'PASS' | 'FAIL' | 'INCONCLUSIVE', message: string) => ({
    id: 'COMPARE-SCA-FLOW-BOTH-ENVIRONMENTS' as const,
    rules: ['SCA-SAME-FLOW-BOTH-ENVIRONMENTS'],
    verdict,
    message,
    compared: [],
  });

  it('says the §1 verdict of a sandbox and a production run, and nothing for one bank over time', () => {
    expect(scaFlowLine(judged('FAIL', 'SCA-STATUS-VALUES-READ step 4: …'))).toBe(
      '§1 SCA-SAME-FLOW-BOTH-ENVIRONMENTS (one SCA flow in sandbox and production): FAIL — SCA-STATUS-VALUES-READ step 4: …',
    );
    expect(scaFlowLine(judged('INCONCLUSIVE', 'both runs are of sandbox'))).toBeUndefined();
  });
});
