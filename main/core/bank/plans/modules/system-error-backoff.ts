/**
 * §7: SYSTEM_ERROR says the bank cannot serve the request now; with Retry-After (RFC 9110
 * §10.2.3) it says when to send it again. The module answers the app's first transactions read of
 * the window 503 SYSTEM_ERROR with Retry-After: the app backs off (no request to that resource
 * before Retry-After has run out) and then reads it again.
 */
import type { PlanModule } from '../model.js';
import { answered, firstMissing } from './window.js';

/** The Retry-After the module answers with: short enough for a tester to wait it out. */
export const SYSTEM_ERROR_RETRY_AFTER_SECONDS = 20;

const TRANSACTIONS = '/v1/accounts/{account-id}/transactions';

export const SYSTEM_ERROR_BACKOFF: PlanModule = {
  id: 'SYSTEM-ERROR-BACKOFF',
  title: 'Backs off after 503 SYSTEM_ERROR with Retry-After, then reads again (§7)',
  section: '§7',
  rules: ['TPP-SYSTEM-ERROR-BACKOFF'],
  instruction: `In your app, start a consent, take the PSU through the SCA pages, then read an account’s transactions. The bank answers the first transactions read 503 SYSTEM_ERROR with Retry-After: ${SYSTEM_ERROR_RETRY_AFTER_SECONDS}: your app sends nothing more to that account’s transactions for ${SYSTEM_ERROR_RETRY_AFTER_SECONDS} seconds, then reads them again.`,
  answer(request, { memory }) {
    if (memory.failed === true || request.method !== 'GET' || request.path !== TRANSACTIONS)
      return undefined;
    memory.failed = true;
    return {
      refuse: {
        code: 'SYSTEM_ERROR',
        text: 'the service is unavailable for now; send the request again after Retry-After',
        status: 503,
      },
      headers: { 'retry-after': String(SYSTEM_ERROR_RETRY_AFTER_SECONDS) },
    };
  },
  missing({ observations, tally }) {
    const backoff = tally('TPP-SYSTEM-ERROR-BACKOFF');
    return firstMissing(
      [
        answered(observations, 'GET', TRANSACTIONS, 503).length === 0,
        'no account’s transactions were read, so the bank answered no 503 SYSTEM_ERROR',
      ],
      [
        backoff.passes + backoff.failures === 0,
        'after the 503 the app did not read those transactions again (read them once Retry-After has run out)',
      ],
    );
  },
};
