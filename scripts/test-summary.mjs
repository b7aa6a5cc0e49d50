#!/usr/bin/env node
// Prints one closing line over every test layer ("tests: N passed, N failed, N skipped"), read from
// the Vitest and Playwright JSON reports that `npm test` writes to test-results/.
import { existsSync, readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const missing = [];

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
} else missing.push(vitest);

const e2e = 'test-results/e2e.json';
if (existsSync(e2e)) {
  const { stats } = JSON.parse(readFileSync(e2e, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
} else missing.push(e2e);

for (const file of missing) console.log(`(no ${file}: that layer did not run)`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exitCode = totals.failed > 0 || missing.length > 0 ? 1 : 0;
