/**
 * `workbench compare PREVIOUS CURRENT [--json]`: the run comparison the Runner's "Import and
 * compare" shows (main/core/runner/results/compare.ts), from two run-result.json files: what broke,
 * what got fixed, what changed, and §1 SCA-SAME-FLOW-BOTH-ENVIRONMENTS when the two runs are one
 * bank's sandbox and production (results/sca-environments.ts).
 */
import { compareRuns, parseRunResult, type RunComparison } from '../../core/runner/index.js';
import { runTargetText } from '../../shared/run-target.js';
import type { RunResult } from '../../shared/run-result.js';
import type { CliCommand } from './command.js';
import { InputError, UsageError, type CliIo } from './io.js';
import { parseFlags, readFlagFile } from './parse.js';

const usage = `Usage: workbench compare PREVIOUS CURRENT [--json]

Compares two run results (the run-result.json of 'workbench run --reporter json'): the checks
that fail now and did not before, that were fixed, that still fail, that could not test, every
other change of verdict, and the checks of one run only. When one run is of a bank's sandbox and
the other of its production, it also judges §1 SCA-SAME-FLOW-BOTH-ENVIRONMENTS: every check of
the SCA area that ran in both runs and took a PSU through SCA must show the TPP the same flow (method, path, status, _links
names, scaStatus/consentStatus/transactionStatus, tppMessages codes, the redirect's parameters).
  --json  print the comparison as JSON instead: { newFailures, fixed, stillFailing, couldNotTest,
          changed, added, removed, targets, scaFlow }
Exit codes: 0 nothing got worse; 1 a check fails now that did not before, or the SCA flow differs
between sandbox and production; 2 a bad command line or a file that is not a run result.`;

async function readResult(file: string, index: number): Promise<RunResult> {
  const which = index === 0 ? 'PREVIOUS' : 'CURRENT';
  const text = (await readFlagFile(file, which)).toString('utf8');
  try {
    return parseRunResult(text, file);
  } catch (error) {
    throw new InputError(`${which}: ${(error as Error).message}`);
  }
}

function lines(comparison: RunComparison, files: readonly string[]): string[] {
  const { targets } = comparison;
  const out = [
    `Previous: ${files[0]} (${runTargetText(targets.previous)})`,
    `Current:  ${files[1]} (${runTargetText(targets.current)})`,
  ];
  if (!targets.same) out.push('The two runs checked different banks or environments.');
  const list = (title: string, ids: readonly string[]) => {
    if (ids.length > 0) out.push(`${title}: ${ids.join(', ')}`);
  };
  list('New failures', comparison.newFailures);
  list('Fixed', comparison.fixed);
  list('Still failing', comparison.stillFailing);
  list('Could not test', comparison.couldNotTest);
  list(
    'Changed',
    comparison.changed.map((change) => `${change.checkId} ${change.from} → ${change.to}`),
  );
  list('Only in the current run', comparison.added);
  list('Only in the previous run', comparison.removed);
  const { scaFlow } = comparison;
  out.push(`${scaFlow.rules.join(', ')} (§1): ${scaFlow.verdict}: ${scaFlow.message}`);
  return out;
}

export const compareCommand: CliCommand = {
  name: 'compare',
  summary:
    'Compare two run results; a sandbox run with a production run also judges one SCA flow in both.',
  usage,
  async run(argv: string[], io: CliIo) {
    const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' } }, true);
    if (positionals.length !== 2)
      throw new UsageError(
        'compare needs two run-result.json files: PREVIOUS then CURRENT (the one to judge)',
      );
    const [previous, current] = await Promise.all(
      positionals.map((file, i) => readResult(file, i)),
    );
    const comparison = compareRuns(previous!, current!);
    if (values.json) io.out(JSON.stringify(comparison, null, 2));
    else for (const line of lines(comparison, positionals)) io.out(line);
    return comparison.newFailures.length > 0 || comparison.scaFlow.verdict === 'FAIL' ? 1 : 0;
  },
};
