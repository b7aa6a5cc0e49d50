/**
 * SECURITY.md's Electronegativity table against a fresh scan of main/: every finding explained,
 * every row still needed. A code change that moves or removes a flagged line fails here, so the
 * table is regenerated from the scan's output (`npm run security` prints it) instead of going stale.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareWithRows, explainedRows, scanFindings } from '../../../scripts/security-scan.mjs';

describe('SECURITY.md and the security scan', () => {
  it('compares findings and rows both ways', () => {
    const finding = { issue: 'SANDBOX_JS_CHECK', file: 'index.ts', line: 3, sample: 'x()' };
    const rows = explainedRows(
      '| SANDBOX_JS_CHECK | index.ts | `x()` | why |\n| AUXCLICK_JS_CHECK | index.ts | `y()` | why |',
    );
    expect(rows).toHaveLength(2);
    expect(compareWithRows([finding], rows)).toEqual({ unexplained: [], stale: [rows[1]] });
    expect(
      compareWithRows([{ ...finding, sample: 'z()' }], rows.slice(0, 1)).unexplained,
    ).toHaveLength(1);
  });

  it('has one row per finding of a scan of main/, and none more', { timeout: 120_000 }, () => {
    const findings = scanFindings();
    expect(findings.length).toBeGreaterThan(0);
    const { unexplained, stale } = compareWithRows(
      findings,
      explainedRows(readFileSync('SECURITY.md', 'utf8')),
    );
    expect(unexplained).toEqual([]);
    expect(stale).toEqual([]);
  });
});
