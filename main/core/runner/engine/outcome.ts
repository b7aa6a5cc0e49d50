/**
 * How a check ended, and what that means for its result. Only a completed check (PASS or WARNING)
 * and a failed assertion on an answer (FAIL) judge the check's rules. Everything that stops a
 * check before it can judge is INCONCLUSIVE ("could not test"): a precondition the check says was
 * refused, an exchange that got no answer, an error inside the check's own code. So an exception's
 * text never stands as the reason of a FAIL; it is a detail of where the check stopped.
 */
import {
  isAssertionFailure,
  isCheckInconclusive,
  isCheckSkipped,
  type AssertionFailure,
} from '../check-api/index.js';
import { toJsonValue } from './json-value.js';
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type {
  CheckFailure,
  CheckStatus,
  CouldNotTest,
  EvidenceItem,
} from '../../../shared/run-result.js';

export const CANCELLED_WHILE_RUNNING = 'run cancelled while the check was running';

export type Outcome =
  | { kind: 'completed' }
  | { kind: 'skipped'; reason: string }
  | { kind: 'inconclusive'; reason: string; exchange?: EvidenceExchange }
  | { kind: 'assertion'; failure: AssertionFailure }
  | { kind: 'error'; error: unknown; preparing: boolean }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'cancelled' };

/** What a check's code threw: a skip, a refused precondition and a failed assertion are verdicts. */
export function outcomeOfThrown(error: unknown): Outcome {
  if (isCheckSkipped(error)) return { kind: 'skipped', reason: error.reason };
  if (isCheckInconclusive(error)) {
    return error.exchange
      ? { kind: 'inconclusive', reason: error.reason, exchange: error.exchange }
      : { kind: 'inconclusive', reason: error.reason };
  }
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

/** The verdict of one check and the record that explains it. */
export interface Judgement {
  status: CheckStatus;
  failure?: CheckFailure;
  couldNotTest?: CouldNotTest;
  skipReason?: string;
}

export function judge(
  outcome: Outcome,
  evidence: readonly EvidenceItem[],
  warnings: readonly string[],
  needsReview = false,
): Judgement {
  switch (outcome.kind) {
    case 'completed':
      // Only the pages themselves show what a person must judge: without screenshots (a headless
      // PSU agent) the automated verdict is all there is.
      if (needsReview && evidence.some((item) => item.kind === 'screenshot'))
        return { status: 'REVIEW' };
      return { status: warnings.length > 0 ? 'WARNING' : 'PASS' };
    case 'skipped':
      return { status: 'SKIPPED', skipReason: outcome.reason };
    case 'cancelled':
      return { status: 'SKIPPED', skipReason: CANCELLED_WHILE_RUNNING };
    case 'timeout':
      // The target took longer than a check may wait: an answer the rules required did not come.
      return { status: 'FAIL', failure: { message: `timed out after ${outcome.timeoutMs} ms` } };
    case 'inconclusive': {
      const couldNotTest: CouldNotTest = { reason: outcome.reason };
      // A control that got no answer: the target did not answer, as for any other exchange.
      const unanswered = outcome.exchange;
      if (unanswered && !unanswered.response && unanswered.transportError !== undefined)
        couldNotTest.transportError = `${unanswered.request.method} ${unanswered.request.url}: ${unanswered.transportError}`;
      const step = stepOf(evidence);
      if (step) couldNotTest.step = step;
      if (outcome.exchange) couldNotTest.exchangeId = outcome.exchange.id;
      return { status: 'INCONCLUSIVE', couldNotTest };
    }
    case 'assertion':
    case 'error': {
      const unanswered = unansweredExchange(outcome, evidence);
      if (unanswered)
        return { status: 'INCONCLUSIVE', couldNotTest: noAnswer(unanswered, evidence) };
      if (outcome.kind === 'assertion')
        return { status: 'FAIL', failure: assertionFailure(outcome) };
      return { status: 'INCONCLUSIVE', couldNotTest: stoppedOnError(outcome, evidence) };
    }
  }
}

function assertionFailure({ failure }: { failure: AssertionFailure }): CheckFailure {
  const result: CheckFailure = { message: failure.message, what: failure.what };
  const expected = toJsonValue(failure.expected);
  const actual = toJsonValue(failure.actual);
  if (expected !== undefined) result.expected = expected;
  if (actual !== undefined) result.actual = actual;
  if (failure.exchange) result.exchangeId = failure.exchange.id;
  return result;
}

function stoppedOnError(
  outcome: { error: unknown; preparing: boolean },
  evidence: readonly EvidenceItem[],
): CouldNotTest {
  const error = errorDetails(outcome.error);
  if (outcome.preparing) {
    return { reason: `could not prepare the check (${error.message})`, error };
  }
  const step = stepOf(evidence) ?? 'before its first request';
  return { reason: `the check stopped on an error ${step}`, step, error };
}

/**
 * When the target did not answer, the exchange that got no answer: the one a failed assertion was
 * about, or (for an assertion on no exchange, or an error such as reading the body of an answer
 * that never came) the check's last exchange; a transport error the check's code let escape counts
 * too. Undefined when the check had its answers.
 */
function unansweredExchange(
  outcome: Extract<Outcome, { kind: 'assertion' | 'error' }>,
  evidence: readonly EvidenceItem[],
): { request?: string; transportError: string } | undefined {
  if (outcome.kind === 'error' && outcome.error instanceof Error) {
    if (outcome.error.name === 'TransportError') {
      return { transportError: outcome.error.message };
    }
  }
  const exchanges = exchangesOf(evidence);
  const exchange =
    outcome.kind === 'assertion' && outcome.failure.exchange
      ? outcome.failure.exchange
      : exchanges[exchanges.length - 1];
  if (!exchange || exchange.response || exchange.transportError === undefined) return undefined;
  return {
    request: `${exchange.request.method} ${exchange.request.url}`,
    transportError: exchange.transportError,
  };
}

function noAnswer(
  unanswered: { request?: string; transportError: string },
  evidence: readonly EvidenceItem[],
): CouldNotTest {
  const transportError =
    unanswered.request === undefined
      ? unanswered.transportError
      : `${unanswered.request}: ${unanswered.transportError}`;
  const result: CouldNotTest = {
    reason: `the target did not answer ${transportError}`,
    transportError,
  };
  const step = stepOf(evidence);
  if (step) result.step = step;
  return result;
}

function exchangesOf(evidence: readonly EvidenceItem[]): EvidenceExchange[] {
  return evidence.flatMap((item) => (item.kind === 'exchange' ? [item.exchange] : []));
}

/** Where a check was: after its last exchange, e.g. `after POST /v1/consents answered 400`. */
export function stepOf(evidence: readonly EvidenceItem[]): string | undefined {
  const exchanges = exchangesOf(evidence);
  const last = exchanges[exchanges.length - 1];
  if (!last) return undefined;
  const path = pathOf(last.request.url);
  const answer = last.response ? `answered ${last.response.status}` : 'got no answer';
  return `at exchange ${exchanges.length}, after ${last.request.method} ${path} ${answer}`;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname;
  } catch {
    return url;
  }
}
