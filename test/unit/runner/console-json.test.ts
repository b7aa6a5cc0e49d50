import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../main/core/runner/engine/run';
import { consoleReporter } from '../../../main/core/runner/reporters/console';
import { jsonReporter } from '../../../main/core/runner/reporters/json';
import { withBaseline } from '../../../main/core/runner/reporters/with-baseline';
import { parseRunResult } from '../../../main/core/runner/results/result-file';
import { check, runOptions } from './fakes';

const checks = () => [
  check('OK'),
  check('FAILS', async (ctx) => ctx.expect.equal(1, 2, 'one is two')),
  check('WARNS', async (ctx) => {
    ctx.warn('first');
    ctx.warn('second');
  }),
  check('SKIPS', async (ctx) => ctx.skip('needs a corporate customer')),
];

describe('console reporter', () => {
  it('writes one line per check with its status and why, the failures again, then a summary line', async () => {
    const lines: string[] = [];
    await runChecks(
      runOptions(checks(), {
        concurrency: 1,
        reporters: [consoleReporter({ write: (l) => lines.push(l) })],
      }),
    );
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe('Running 4 checks against fake bank (sandbox mode)');
    expect(lines[1]).toMatch(/^PASS {4}OK {2}title of OK \(\d+ ms\)$/);
    expect(lines[2]).toMatch(
      /^FAIL {4}FAILS {2}title of FAILS \(\d+ ms\) — one is two: expected 2, got 1$/,
    );
    expect(lines[3]).toMatch(/^WARNING WARNS .* — first \(\+1 more\)$/);
    expect(lines[4]).toMatch(/^SKIPPED SKIPS .* — needs a corporate customer$/);
    expect(lines[5]).toBe('Failed (1):');
    expect(lines[6]).toBe(`  ${lines[2]}`);
    expect(lines[7]).toMatch(
      /^4 checks: 1 passed, 1 failed, 1 with warnings, 1 skipped in \d+ ms$/,
    );
  });

  it('lists failures outside the baseline before the expected ones in the summary', async () => {
    const lines: string[] = [];
    const reports = withBaseline([consoleReporter({ write: (l) => lines.push(l) })], {
      expectedFailures: [{ checkId: 'A', reason: 'known' }],
    });
    await runChecks(
      runOptions(
        [
          check('A', async (ctx) => ctx.expect.true(false, 'a')),
          check('B', async (ctx) => ctx.expect.true(false, 'b')),
        ],
        { concurrency: 1, reporters: reports.reporters },
      ),
    );
    const summary = lines.slice(lines.indexOf('Failed (2):') + 1, -1);
    expect(summary.map((line) => line.trim().split(/\s+/)[1])).toEqual(['B', 'A']);
    expect(summary[1]).toMatch(/\(expected failure\)$/);
  });
});

describe('JSON reporter', () => {
  it('writes the run result, re-importable, into the output directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'json-out-'));
    const result = await runChecks(
      runOptions(checks(), {
        reporters: withBaseline([jsonReporter({ outputDir: join(dir, 'nested') })], {
          expectedFailures: [{ checkId: 'FAILS', reason: 'known' }],
        }).reporters,
      }),
    );
    const written = parseRunResult(readFileSync(join(dir, 'nested', 'run-result.json'), 'utf8'));
    expect(written.runId).toBe(result.runId);
    expect(written.checks.map((c) => [c.checkId, c.status])).toEqual(
      result.checks.map((c) => [c.checkId, c.status]),
    );
    expect(written.checks.find((c) => c.checkId === 'FAILS')?.expectedFailure).toEqual({
      reason: 'known',
    });
  });
});
