/**
 * `npm test` (scripts/test.mjs) runs every stage even after one fails, and always ends with the
 * line `tests: N passed, N failed, N skipped` (scripts/test-summary.mjs), naming the failed stages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { closingLines, runStages, STAGES } from '../../../scripts/test.mjs';
import { summarize } from '../../../scripts/test-summary.mjs';

const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm test', () => {
  it('is scripts/test.mjs, whose stages are the scripts of package.json', () => {
    expect(packageJson.scripts.test).toBe('node scripts/test.mjs');
    for (const stage of STAGES) expect(Object.keys(packageJson.scripts)).toContain(stage);
    expect(STAGES.slice(0, 4)).toEqual(['lint', 'security', 'typecheck', 'build']);
  });

  it('runs the stages after a failed one and names each that failed', () => {
    const ran: string[] = [];
    const failed = runStages(STAGES, (stage) => {
      ran.push(stage);
      return stage === 'lint' || stage === 'soak:ci' ? 1 : 0;
    });
    expect(ran).toEqual(STAGES);
    expect(failed).toEqual(['lint', 'soak:ci']);
  });

  it('ends with the counts line also when a stage failed and a layer did not run', () => {
    writeFileSync(
      join(dir, 'vitest.json'),
      JSON.stringify({
        numPassedTests: 7,
        numFailedTests: 1,
        numPendingTests: 2,
        numTodoTests: 0,
      }),
    );
    const summary = summarize(dir);
    expect(summary.ok).toBe(false);
    const lines = closingLines(summary, ['test:e2e']);
    expect(lines).toEqual([
      `(no ${dir}/e2e.json: that layer did not run)`,
      'stages failed: test:e2e',
      'tests: 7 passed, 1 failed, 2 skipped',
    ]);
  });

  it('adds the Playwright counts', () => {
    writeFileSync(
      join(dir, 'e2e.json'),
      JSON.stringify({ stats: { expected: 3, flaky: 1, unexpected: 0, skipped: 1 } }),
    );
    expect(summarize(dir).line).toBe('tests: 11 passed, 1 failed, 3 skipped');
  });
});
