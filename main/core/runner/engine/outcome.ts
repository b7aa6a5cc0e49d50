/**
 * How a check ended, and what that means for its result: a thrown skip, a failed assertion, any
 * other error, a timeout or a cancellation each become a status and, for a FAIL, a failure record.
 */
import { isAssertionFailure, isCheckSkipped, type AssertionFailure } from '../check-api/index.js';
import { toJsonValue } from '../json-value.js';
import type { CheckFailure, CheckStatus, EvidenceItem } from '../../../shared/run-result.js';

export const CANCELLED_WHILE_RUNNING = 'run cancelled while the check was running';

export type Outcome =
  | { kind: 'completed' }
  | { kind: 'skipped'; reason: string }
  | { kind: 'assertion'; failure: AssertionFailure }
  | { kind: 'error'; error: unknown; preparing: boolean }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'cancelled' };

/** What a check's code threw: a skip and a failed assertion are verdicts, anything else an error. */
export function outcomeOfThrown(error: unknown): Outcome {
  if (isCheckSkipped(error)) return { kind: 'skipped', reason: error.reason };
  if (isAssertionFailure(error)) return { kind: 'assertion', failure: error };
  return { kind: 'error', error, preparing: false };
}

export function errorDetails(error: unknown): NonNullable<CheckFailure['error']> {
  if (error instanceof Error) {
    const details: NonNullable<CheckFailure['error']> = {
      name: error.name,
      message: error.message,
    };
    if (error.stack) details.stack = error.stack;
    return details;
  }
  return { name: typeof error, message: String(error) };
}

export function failureOf(outcome: Outcome): CheckFailure | undefined {
  switch (outcome.kind) {
    case 'assertion': {
      const { failure } = outcome;
      const result: CheckFailure = { message: failure.message, what: failure.what };
      const expected = toJsonValue(failure.expected);
      const actual = toJsonValue(failure.actual);
      if (expected !== undefined) result.expected = expected;
      if (actual !== undefined) result.actual = actual;
      if (failure.exchange) result.exchangeId = failure.exchange.id;
      return result;
    }
    case 'error': {
      const error = errorDetails(outcome.error);
      const message = `${error.name}: ${error.message}`;
      return {
        message: outcome.preparing ? `could not prepare the check: ${message}` : message,
        error,
      };
    }
    case 'timeout':
      return { message: `timed out after ${outcome.timeoutMs} ms` };
    default:
      return undefined;
  }
}

/**
 * When a check failed because the target did not answer, what did not get an answer and why:
 * the exchange the failed assertion was about, or (for an assertion on no exchange, or an error
 * such as reading the body of an answer that never came) the last exchange the check made, got
 * no response; or the check's code let a transport error escape. Otherwise undefined: the check
 * judged an answer.
 */
export function transportErrorOf(
  outcome: Outcome,
  evidence: readonly EvidenceItem[],
): string | undefined {
  if (outcome.kind === 'error' && outcome.error instanceof Error) {
    if (outcome.error.name === 'TransportError') return outcome.error.message;
  }
  if (outcome.kind !== 'assertion' && outcome.kind !== 'error') return undefined;
  const exchanges = evidence.flatMap((item) => (item.kind === 'exchange' ? [item.exchange] : []));
  const exchange =
    outcome.kind === 'assertion' && outcome.failure.exchange
      ? outcome.failure.exchange
      : exchanges[exchanges.length - 1];
  if (!exchange || exchange.response || exchange.transportError === undefined) return undefined;
  return `${exchange.request.method} ${exchange.request.url}: ${exchange.transportError}`;
}

export function statusOf(outcome: Outcome, warnings: readonly string[]): CheckStatus {
  switch (outcome.kind) {
    case 'completed':
      return warnings.length > 0 ? 'WARNING' : 'PASS';
    case 'skipped':
    case 'cancelled':
      return 'SKIPPED';
    default:
      return 'FAIL';
  }
}

/** Why a SKIPPED result was skipped, when the outcome says. */
export function skipReasonOf(outcome: Outcome): string | undefined {
  if (outcome.kind === 'skipped') return outcome.reason;
  if (outcome.kind === 'cancelled') return CANCELLED_WHILE_RUNNING;
  return undefined;
}
