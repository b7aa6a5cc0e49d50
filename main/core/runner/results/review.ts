/**
 * A reviewer's decision on a check that ended REVIEW (main/shared/run-status.ts), kept in the run
 * as the OpenID conformance suite keeps it with the test's log: the check's status becomes the
 * decision, `review` records who-said-what (decision, note, when), and the run's counts follow.
 * A decided check may be decided again (a reviewer who clicked the wrong button); a check that
 * never awaited review may not, so no automated verdict is overwritten by a person.
 */
import {
  REVIEW_DECISIONS,
  REVIEW_NOTE_MAX_LENGTH,
  countStatuses,
  type CheckResult,
  type ReviewDecision,
  type RunResult,
} from '../../../shared/run-result.js';

/** A decision the run cannot take: the message names what was wrong. */
export class ReviewError extends Error {
  override name = 'ReviewError';
}

export interface ReviewRequest {
  checkId: string;
  decision: ReviewDecision;
  note: string;
}

/** True when a person still has to decide on this check. */
export function awaitsReview(check: Pick<CheckResult, 'status'>): boolean {
  return check.status === 'REVIEW';
}

/** The run with the decision recorded on `checkId`; throws ReviewError naming what is wrong. */
export function recordReview(result: RunResult, request: ReviewRequest, at: Date): RunResult {
  if (!(REVIEW_DECISIONS as readonly string[]).includes(request.decision))
    throw new ReviewError(
      `decision ${JSON.stringify(request.decision)} is not one of ${REVIEW_DECISIONS.join(', ')}`,
    );
  if (request.note.length > REVIEW_NOTE_MAX_LENGTH)
    throw new ReviewError(
      `the note has ${request.note.length} characters; at most ${REVIEW_NOTE_MAX_LENGTH} are kept`,
    );
  const check = result.checks.find((candidate) => candidate.checkId === request.checkId);
  if (!check)
    throw new ReviewError(`run ${result.runId} has no check ${JSON.stringify(request.checkId)}`);
  if (!awaitsReview(check) && !check.review)
    throw new ReviewError(
      `check ${check.checkId} does not await review: it is ${check.status}, judged without a person`,
    );
  const review = { decision: request.decision, note: request.note, at: at.toISOString() };
  const checks = result.checks.map((candidate) =>
    candidate === check ? { ...candidate, status: request.decision, review } : candidate,
  );
  return { ...result, checks, counts: countStatuses(checks) };
}
