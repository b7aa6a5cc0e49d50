/**
 * A reviewer's decision on a check that ended REVIEW (run-status.ts), kept in the run as the
 * OpenID conformance suite keeps it with its test log: the check's `status` is then the decision,
 * and this record says it was a person's.
 */
import { Type, type Static } from '@sinclair/typebox';
import { REVIEW_DECISIONS } from './run-status.js';

export const CheckReviewSchema = Type.Object({
  decision: Type.Union(REVIEW_DECISIONS.map((decision) => Type.Literal(decision))),
  /** What the reviewer saw on the screenshots; may be empty. */
  note: Type.String(),
  at: Type.String({ description: 'ISO 8601 instant the decision was recorded' }),
});
export type CheckReview = Static<typeof CheckReviewSchema>;
