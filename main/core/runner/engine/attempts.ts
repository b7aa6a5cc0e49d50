/**
 * Re-running failed checks as a further attempt of the same run: the run keeps its id, its checks
 * their place; a check that ran again
 * shows its latest verdict with the earlier ones kept beside it, and the run's counts are those
 * of the latest attempts. Pure: the engine runs the attempt as a run of its own, this merges it.
 */
import {
  countStatuses,
  type CheckAttempt,
  type CheckResult,
  type RunAttempt,
  type RunResult,
} from '../../../shared/run-result.js';

/** The attempts a result records, the first one made up from the run itself when none are. */
export function attemptsOf(result: RunResult): RunAttempt[] {
  return (
    result.attempts ?? [
      {
        attempt: 1,
        startedAt: result.startedAt,
        finishedAt: result.finishedAt,
        checkIds: result.checks.map((check) => check.checkId),
        cancelled: result.cancelled,
      },
    ]
  );
}

function asEarlier(check: CheckResult): CheckAttempt {
  return {
    attempt: check.attempt ?? 1,
    status: check.status,
    ...(check.startedAt !== undefined ? { startedAt: check.startedAt } : {}),
    durationMs: check.durationMs,
    ...(check.failure ? { failure: check.failure } : {}),
    ...(check.skipReason !== undefined ? { skipReason: check.skipReason } : {}),
    warnings: check.warnings,
    evidence: check.evidence,
  };
}

/**
 * A rule FAILed on every answer whose checks (`observedIn`) all ran again in attempt `number`
 * without the observer FAILing it again: the latest answers did not break it. The observer gives
 * no PASS for an absence (answer-observer.ts), so the result becomes SKIPPED, saying so, with
 * the FAIL kept as its earlier attempt; undefined for any other result.
 */
function superseded(
  check: CheckResult,
  again: ReadonlyMap<string, CheckResult>,
  number: number,
): CheckResult | undefined {
  const through = check.observedIn;
  if (!through || through.length === 0 || !through.every((id) => again.has(id))) return undefined;
  const { failure: _failure, observedIn: _observedIn, earlierAttempts, ...rest } = check;
  return {
    ...rest,
    status: 'SKIPPED',
    skipReason: `not broken in attempt ${number}: ${through.join(', ')} ran again and no answer broke it`,
    attempt: number,
    evidence: [],
    earlierAttempts: [...(earlierAttempts ?? []), asEarlier(check)],
  };
}

/**
 * `run` with `attempt` (a run of some of its checks) added as its next attempt. A check the
 * attempt never started (cancelled before its turn) keeps its earlier verdict: a skip for lack of
 * time says nothing new about the bank.
 */
export function addAttempt(run: RunResult, attempt: RunResult): RunResult {
  const earlier = attemptsOf(run);
  const number = earlier.length + 1;
  const again = new Map(
    attempt.checks
      .filter((check) => check.startedAt !== undefined)
      .map((check) => [check.checkId, check]),
  );
  const checks = run.checks.map((check): CheckResult => {
    const latest = again.get(check.checkId);
    if (!latest) return superseded(check, again, number) ?? check;
    const { earlierAttempts: _older, ...rest } = latest;
    return {
      ...rest,
      attempt: number,
      earlierAttempts: [...(check.earlierAttempts ?? []), asEarlier(check)],
    };
  });
  const counts = countStatuses(checks);
  return {
    ...run,
    finishedAt: attempt.finishedAt,
    durationMs: Math.max(0, Date.parse(attempt.finishedAt) - Date.parse(run.startedAt)),
    counts,
    checks,
    attempts: [
      ...earlier,
      {
        attempt: number,
        startedAt: attempt.startedAt,
        finishedAt: attempt.finishedAt,
        checkIds: attempt.checks.map((check) => check.checkId),
        cancelled: attempt.cancelled,
      },
    ],
  };
}
