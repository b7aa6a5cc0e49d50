/**
 * Whether a run tested its target. A run is incomplete when the target stopped answering (a check
 * could not test because an exchange got no answer: connection refused, DNS, TLS, a timeout), or
 * when no check reached a verdict at all, or when checks could not test and none failed. Its
 * INCONCLUSIVE checks say nothing about the bank, so the CLI exits 3 ("could not test"), not 0 or 1:
 * a lost target wins over failures found before it was lost, since the run is incomplete.
 */
import type { CheckResult, RunResult } from '../../../shared/run-result.js';

/** Why the run could not test its target (one line); undefined when it did. */
export function couldNotTestReason(result: RunResult): string | undefined {
  const inconclusive = result.checks.filter((check) => check.status === 'INCONCLUSIVE');
  if (inconclusive.length === 0) return undefined;
  const lost = inconclusive.find((check) => check.couldNotTest?.transportError !== undefined);
  if (lost) {
    const judged = result.checks.some(judgedItsRules);
    return `${judged ? 'the target stopped answering' : 'no request got an answer'} (${lost.couldNotTest?.transportError})`;
  }
  if (!result.checks.some(judgedItsRules)) return 'no check could judge its rules';
  if (result.checks.some((check) => check.status === 'FAIL' && !check.expectedFailure))
    return undefined; // the failures decide: exit 1
  return `${inconclusive.length} check(s) could not judge their rules`;
}

function judgedItsRules(check: CheckResult): boolean {
  return (
    check.status === 'PASS' ||
    check.status === 'WARNING' ||
    check.status === 'FAIL' ||
    check.status === 'REVIEW'
  );
}

/** The closing console line of a run with INCONCLUSIVE checks; undefined when it has none. */
export function couldNotTestLine(result: RunResult): string | undefined {
  const count = result.counts.INCONCLUSIVE;
  if (count === 0) return undefined;
  const reason = couldNotTestReason(result);
  return `Could not test ${count} of ${result.counts.total} checks${reason ? `: ${reason}` : ''}.`;
}
