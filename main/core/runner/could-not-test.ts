/**
 * Whether a run tested its target at all. A run in which checks failed on transport errors
 * (connection refused, DNS, TLS, a certificate refused) and no exchange got any HTTP answer judged
 * no rule: its failures say nothing about the bank, so the CLI exits 3, not 1.
 */
import type { RunResult } from '../../shared/run-result.js';

/** The first transport error of a run that never got an answer; undefined when it did test. */
export function couldNotTestReason(result: RunResult): string | undefined {
  const answered = result.checks.some((check) =>
    check.evidence.some((item) => item.kind === 'exchange' && item.exchange.response),
  );
  if (answered) return undefined;
  return result.checks.find((check) => check.failure?.transportError !== undefined)?.failure
    ?.transportError;
}
