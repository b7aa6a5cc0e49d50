/**
 * `npm run bench:fault-kills`: how many results of a full run each single-rule fault of the
 * catalogue FAILs. Not a timing: a verdict's strength. A fault one result alone catches is a thin
 * kill, since a regression of that one check would let a bank that breaks the rule pass; a rule
 * that holds for every answer is judged on every answer (runner/engine/answer-rules.ts) so that
 * it is caught at least twice. Each fault runs the whole suite of the mode against the embedded
 * bank with that fault's profile on (what `--fault` gives a `workbench bank`), the checks and the
 * every-answer results counted alike.
 *
 *   npm run bench:fault-kills -- [--mode sandbox|production] [--rule ID]... [--json FILE]
 *
 * A fault whose rule the mode never exercises (a sandbox operation's rule in production) shows
 * as caught by 0 and is listed apart; a mode's full run takes 30–60 minutes on this machine (265 faults, a whole suite each).
 */
import { writeFileSync } from 'node:fs';
import { CHECKS } from '../suites/index.js';
import { runChecks } from '../main/core/runner/index.js';
import { createTppIdentity, embeddedTarget } from '../main/core/runner/targets/embedded-target.js';
import { knownFaults } from '../main/core/bank/faults/index.js';
import type { BankMode } from '../main/shared/mode.js';
import '../main/core/bank/index.js';

interface Options {
  mode: BankMode;
  rules: string[];
  json?: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { mode: 'sandbox', rules: [] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--mode' && (value === 'sandbox' || value === 'production')) options.mode = value;
    else if (flag === '--rule') options.rules.push(value);
    else if (flag === '--json') options.json = value;
    else throw new Error(`unknown flag or value: ${flag} ${value}`);
    i++;
  }
  return options;
}

export interface FaultKill {
  ruleId: string;
  /** The results of the run that FAILed with the fault on. */
  failedBy: string[];
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const identity = await createTppIdentity();
  const checks = CHECKS.filter((check) => !check.modes || check.modes.includes(options.mode));
  const faults = knownFaults().filter(
    (fault) => options.rules.length === 0 || options.rules.includes(fault.ruleId),
  );
  const silent = { error() {} };
  const kills: FaultKill[] = [];
  for (const [index, fault] of faults.entries()) {
    const target = embeddedTarget({ mode: options.mode, identity, faultProfiles: [fault.ruleId] });
    const result = await runChecks({
      checks,
      target: target.info,
      logger: silent,
      createEnvironment: (check, signal) => target.createEnvironment(signal, check),
    });
    const failedBy = result.checks.filter((r) => r.status === 'FAIL').map((r) => r.checkId);
    kills.push({ ruleId: fault.ruleId, failedBy });
    process.stderr.write(`${index + 1}/${faults.length} ${fault.ruleId}: ${failedBy.length}\n`);
  }
  const by = (test: (n: number) => boolean) => kills.filter((k) => test(k.failedBy.length));
  const caught = by((n) => n > 0);
  console.log(`mode ${options.mode}: ${faults.length} faults, ${checks.length} checks`);
  console.log(`  caught: ${caught.length}; by one result only: ${by((n) => n === 1).length}`);
  console.log(
    `  by two or more: ${by((n) => n >= 2).length}; not caught in this mode: ${by((n) => n === 0).length}`,
  );
  console.log('\nCaught by one result only:');
  for (const kill of by((n) => n === 1)) console.log(`  ${kill.ruleId}  (${kill.failedBy[0]})`);
  console.log('\nNot caught in this mode:');
  for (const kill of by((n) => n === 0)) console.log(`  ${kill.ruleId}`);
  if (options.json) writeFileSync(options.json, JSON.stringify(kills, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
