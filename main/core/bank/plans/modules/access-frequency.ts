/**
 * §8: card account transactions reads without PSU-IP-Address are limited to 4 a day. The module
 * plays a bank whose day's budget for the app is spent: it answers the first such read of the
 * window 429 ACCESS_EXCEEDED with Retry-After. The app reads that card account again only once
 * Retry-After has run out (no retry storm), and its reads stay within the bank's count.
 */
import { CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY } from '../../../spec/limits.js';
import type { PlanModule } from '../model.js';
import { answered, firstMissing } from './window.js';

/** The Retry-After the module answers with: short enough for a tester to wait it out. */
export const ACCESS_RETRY_AFTER_SECONDS = 20;

const CARD_TRANSACTIONS = '/v1/card-accounts/{account-id}/transactions';

export const ACCESS_FREQUENCY: PlanModule = {
  id: 'ACCESS-FREQUENCY',
  title: 'Waits for Retry-After after 429 ACCESS_EXCEEDED, within 4 reads a day (§8)',
  section: '§8',
  rules: ['TPP-PSU-IP-BUDGET', 'TPP-ACCESS-EXCEEDED-BACKOFF'],
  instruction: `In your app, start a consent for a PSU with a card account (for example Ola Nordmann), take the PSU through the SCA pages, then read a card account’s transactions as a background refresh does, without PSU-IP-Address. The bank answers the first such read 429 ACCESS_EXCEEDED with Retry-After: ${ACCESS_RETRY_AFTER_SECONDS}, as if the app had spent today’s ${CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY} reads: your app reads that card account again only after ${ACCESS_RETRY_AFTER_SECONDS} seconds.`,
  answer(request, { memory }) {
    if (
      memory.refused === true ||
      request.method !== 'GET' ||
      request.path !== CARD_TRANSACTIONS ||
      request.headers['psu-ip-address'] !== undefined
    )
      return undefined;
    memory.refused = true;
    return {
      refuse: {
        code: 'ACCESS_EXCEEDED',
        text: `more than ${CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY} calls today without PSU-IP-Address for this account and consent (§8); send it again after Retry-After`,
      },
      headers: { 'retry-after': String(ACCESS_RETRY_AFTER_SECONDS) },
    };
  },
  missing({ observations, tally }) {
    const backoff = tally('TPP-ACCESS-EXCEEDED-BACKOFF');
    return firstMissing(
      [
        answered(observations, 'GET', CARD_TRANSACTIONS, 429).length === 0,
        'no card account’s transactions were read without PSU-IP-Address, so the bank answered no 429',
      ],
      [
        backoff.passes + backoff.failures === 0,
        'after the 429 the app did not read that card account again (read it once Retry-After has run out)',
      ],
    );
  },
};
