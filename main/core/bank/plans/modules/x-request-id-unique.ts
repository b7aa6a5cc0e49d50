/**
 * §4.1: X-Request-ID is unique per call. A client that keeps one id for a session, or resends the
 * id of a call it retries, breaks it; the bank cannot refuse that (the spec gives no reaction), so
 * only a client test can judge it.
 */
import type { PlanModule } from '../model.js';

/** Calls the module needs before it judges: a retry or a cached header set shows within these. */
export const MIN_CALLS = 5;

export const X_REQUEST_ID_UNIQUE: PlanModule = {
  id: 'X-REQUEST-ID-UNIQUE',
  title: 'A new X-Request-ID on every call (§4.1)',
  section: '§4.1',
  rules: ['TPP-X-REQUEST-ID-UNIQUE'],
  instruction: `Use your app as a PSU would for at least ${MIN_CALLS} calls to the bank: start a consent, read its status, and after the SCA read accounts, including any call your app repeats on its own.`,
  missing({ tally }) {
    const calls = tally('TPP-X-REQUEST-ID-UNIQUE').passes;
    return calls >= MIN_CALLS
      ? undefined
      : `the app made ${calls} call${calls === 1 ? '' : 's'} with an X-Request-ID; the module judges ${MIN_CALLS} or more`;
  },
};
