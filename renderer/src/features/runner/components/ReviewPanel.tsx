import { useState } from 'react';
import { formatInstant } from '../../../lib/format';
import type { CheckResult } from '../../../../../main/shared/run-result';
import { REVIEW_NOTE_MAX_LENGTH } from '../../../../../main/shared/run-status';
import { useRunnerStore } from '../store';

/**
 * A check whose rule is about what the SCA page shows the PSU (REVIEW): what the pages must show,
 * the screenshots to judge it on, and the reviewer's Pass or Fail with a note, which main keeps in
 * the run (runner.review). A decided check shows the decision and may be decided again.
 */
export function ReviewPanel({ check, readOnly }: { check: CheckResult; readOnly: boolean }) {
  const reviewCheck = useRunnerStore((s) => s.reviewCheck);
  const busy = useRunnerStore((s) => s.busy);
  const [note, setNote] = useState(check.review?.note ?? '');
  const screenshots = check.evidence.filter((item) => item.kind === 'screenshot');
  const awaiting = check.status === 'REVIEW';
  return (
    <section
      className={`notice ${awaiting ? 'notice-warn' : check.status === 'FAIL' ? 'notice-error' : 'notice-ok'} review-panel`}
      data-testid="review-panel"
      aria-labelledby="review-title"
    >
      <h3 id="review-title">{awaiting ? 'Awaiting review' : 'Reviewed'}</h3>
      {check.review && (
        <p data-testid="review-decision">
          <strong>{check.review.decision}</strong> by a reviewer, {formatInstant(check.review.at)}
          {check.review.note && <>: {check.review.note}</>}
        </p>
      )}
      <p>
        The automated part passed; a person decides on the screenshots.
        {check.reviewFor && (
          <>
            {' '}
            The pages must show: <span data-testid="review-for">{check.reviewFor}</span>.
          </>
        )}
      </p>
      <div className="review-screenshots">
        {screenshots.map((shot, index) => (
          <figure key={index} className="evidence-screenshot">
            <img
              src={`data:image/png;base64,${shot.pngBase64}`}
              alt={`The PSU's page at step ${shot.step}, to review`}
              style={{ maxWidth: '100%' }}
            />
            <figcaption className="muted">
              {shot.step} — {shot.url}
            </figcaption>
          </figure>
        ))}
      </div>
      {!readOnly && (
        <form className="inline-form review-form" onSubmit={(event) => event.preventDefault()}>
          <label className="inline-field">
            <span>Reviewer's note</span>
            <input
              value={note}
              maxLength={REVIEW_NOTE_MAX_LENGTH}
              placeholder="what the pages show"
              data-testid="review-note"
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <button
            type="button"
            disabled={busy !== undefined}
            data-testid="review-pass"
            onClick={() => void reviewCheck(check.checkId, 'PASS', note)}
          >
            Pass
          </button>
          <button
            type="button"
            disabled={busy !== undefined}
            data-testid="review-fail"
            onClick={() => void reviewCheck(check.checkId, 'FAIL', note)}
          >
            Fail
          </button>
        </form>
      )}
    </section>
  );
}
