/** The plans a bank can play (`workbench bank --plan NAME`, docs/tpp-plans.md). */
import type { Plan } from './model.js';
import { ACCESS_FREQUENCY } from './modules/access-frequency.js';
import { BAD_RESPONSE_SIGNATURE } from './modules/bad-response-signature.js';
import { CONSENT_REVOKED_AT_BANK } from './modules/consent-revoked-at-bank.js';
import { PAGING_NEXT_LINKS } from './modules/paging-next-links.js';
import { PSU_ID_FROM_REDIRECT } from './modules/psu-id-from-redirect.js';
import { SIGNED_FLOW } from './modules/signed-flow.js';
import { SYSTEM_ERROR_BACKOFF } from './modules/system-error-backoff.js';
import { X_REQUEST_ID_UNIQUE } from './modules/x-request-id-unique.js';

export const BASIC_PLAN: Plan = {
  name: 'basic',
  title: 'The basic TPP plan: a consent, its SCA and account reads, as every AIS client does them',
  modules: [
    SIGNED_FLOW,
    X_REQUEST_ID_UNIQUE,
    PAGING_NEXT_LINKS,
    PSU_ID_FROM_REDIRECT,
    CONSENT_REVOKED_AT_BANK,
  ],
};

/** Answers a client must survive, scripted by the bank: limits, outages, a bad signature. */
export const RESILIENCE_PLAN: Plan = {
  name: 'resilience',
  title: 'The resilience TPP plan: the bank refuses, fails and signs wrongly, and the app copes',
  modules: [ACCESS_FREQUENCY, SYSTEM_ERROR_BACKOFF, BAD_RESPONSE_SIGNATURE],
};

export const PLANS: readonly Plan[] = [BASIC_PLAN, RESILIENCE_PLAN];

export function planNamed(name: string): Plan | undefined {
  return PLANS.find((plan) => plan.name === name);
}
