/**
 * `npm run bench:bank`, the runner's row: one run of the sandbox suite (every check that applies
 * to a sandbox bank) against the embedded bank, each check on a bank of its own in this process,
 * as the tests and the workbench run it. The figure is the process's CPU (user + system) over the
 * run divided by the checks it ran: the runner's work and its banks' together, since they share
 * the process. A run in which a check did not pass is refused: its figure would measure a
 * different run.
 */
import { CHECKS } from '../suites/index.js';
import { runChecks } from '../main/core/runner/index.js';
import { createTppIdentity, embeddedTarget } from '../main/core/runner/targets/embedded-target.js';
import { microsPerCheck } from './cpu-per-request.js';

export interface RunnerCpu {
  checks: number;
  /** CPU µs per check, the runner and its banks together. */
  micros: number;
  wallMs: number;
}

export async function runnerCpuPerCheck(concurrency: number): Promise<RunnerCpu> {
  const identity = await createTppIdentity();
  const target = embeddedTarget({ mode: 'sandbox', identity });
  const checks = CHECKS.filter((check) => !check.modes || check.modes.includes('sandbox'));
  const started = performance.now();
  const before = process.cpuUsage();
  const result = await runChecks({
    checks,
    target: target.info,
    concurrency,
    createEnvironment: (check, signal) => target.createEnvironment(signal, check),
    logger: { error: () => {} },
  });
  const used = process.cpuUsage(before);
  const wallMs = performance.now() - started;
  const notPassed = result.checks.filter((check) => check.status !== 'PASS');
  if (notPassed.length > 0)
    throw new Error(
      `runner CPU per check: ${notPassed.length} of ${result.checks.length} checks did not pass (${notPassed
        .slice(0, 5)
        .map((check) => `${check.checkId} ${check.status}`)
        .join(', ')})`,
    );
  const micros = microsPerCheck({
    cpuBeforeMicros: 0,
    cpuAfterMicros: used.user + used.system,
    checks: result.checks.length,
  });
  return { checks: result.checks.length, micros, wallMs };
}
