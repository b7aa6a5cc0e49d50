/**
 * An answer a TPP test plan scripts (plans/model.ts `answer`): the bank plays a situation no
 * request of the client can provoke — a §7 SYSTEM_ERROR with Retry-After, a §8 ACCESS_EXCEEDED,
 * a §5.2.7 answer whose signature does not verify. The pipeline asks the script once a request
 * has passed every stage; the scripted answer is logged and judged like any other.
 */
import type { ErrorCode } from '../../spec/errors.js';

/** What the script is shown of a request that passed every stage. */
export interface ScriptedRequest {
  method: string;
  /** The route's path template (`/v1/accounts/{account-id}`). */
  path: string;
  /** The request line's target as sent. */
  target: string;
  /** Lower-case names. */
  headers: Readonly<Record<string, string>>;
  /** The bank clock. */
  now: Date;
}

export interface ScriptedAnswer {
  /**
   * A §7 refusal in place of the handler's answer, built by the bank's error builder (bankError);
   * `status` when the code's own status is not the one played (503 for SYSTEM_ERROR).
   */
  refuse?: { code: ErrorCode; text: string; status?: number };
  /** Headers added to the answer (Retry-After, lower-case names). */
  headers?: Readonly<Record<string, string>>;
  /** §5.2.7: the answer goes out with a Digest its body does not have, so its signature fails. */
  badSignature?: boolean;
}

export type AnswerScript = (request: ScriptedRequest) => ScriptedAnswer | undefined;

/** The bank rule a scripted refusal is logged under (the request log's rejectedBy). */
export const SCRIPTED_REFUSAL_RULE = 'plan.scripted-answer';
