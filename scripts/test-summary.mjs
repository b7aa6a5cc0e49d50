#!/usr/bin/env node
// Prints one closing line over every test layer ("tests: N passed, N failed, N skipped"), read from
// the Vitest and Playwright JSON reports that `npm test` writes to test-results/.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The counts over the reports in `dir`, a note per missing one, and whether all is well. */
export function summarize(dir = 'test-results') {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const missing = [];

  const vitest = `${dir}/vitest.json`;
  if (existsSync(vitest)) {
    const report = JSON.parse(readFileSync(vitest, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } else missing.push(vitest);

  const e2e = `${dir}/e2e.json`;
  if (existsSync(e2e)) {
    const { stats } = JSON.parse(readFileSync(e2e, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } else missing.push(e2e);

  return {
    totals,
    notes: missing.map((file) => `(no ${file}: that layer did not run)`),
    line: `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
    ok: totals.failed === 0 && missing.length === 0,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const summary = summarize();
  for (const note of summary.notes) console.log(note);
  console.log(summary.line);
  process.exitCode = summary.ok ? 0 : 1;
}
