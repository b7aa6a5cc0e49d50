#!/usr/bin/env node
// `npm test`: every stage CI runs, in order, each one also after an earlier one failed, then one
// closing line over the test layers (test-summary.mjs) and the stages that failed. The exit code
// is non-zero when any stage failed.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './test-summary.mjs';

export const STAGES = [
  'lint',
  'security',
  'typecheck',
  'build',
  'test:unit',
  'soak:ci',
  'test:e2e',
];

/** Runs each stage with `runStage(name)` (its exit code) and returns the names of those that failed. */
export function runStages(stages, runStage) {
  const failed = [];
  for (const stage of stages) if (runStage(stage) !== 0) failed.push(stage);
  return failed;
}

/** The closing lines: the test counts, then the failed stages, if any. */
export function closingLines(summary, failedStages) {
  return [
    ...summary.notes,
    ...(failedStages.length > 0 ? [`stages failed: ${failedStages.join(', ')}`] : []),
    summary.line,
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The reports of an earlier run must not count for this one.
  for (const file of ['test-results/vitest.json', 'test-results/e2e.json'])
    rmSync(file, { force: true });
  const failed = runStages(STAGES, (stage) => {
    process.stderr.write(`\n> npm run ${stage}\n`);
    const result = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
    return result.status ?? 1;
  });
  const summary = summarize();
  for (const line of closingLines(summary, failed)) console.log(line);
  process.exitCode = failed.length > 0 || !summary.ok ? 1 : 0;
}
