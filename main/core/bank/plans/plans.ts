/** The plans a bank can play (`workbench bank --plan NAME`, docs/tpp-plans.md). */
import type { Plan } from './model.js';
import { ACCESS_FREQUENCY } from './modules/access-frequency.js';
import { APP_SITE_BINDINGS } from './modules/app-site-bindings.js';
import { BAD_RESPONSE_SIGNATURE } from './modules/bad-response-signature.js';
import { CONSENT_REVOKED_AT_BANK } from './modules/consent-revoked-at-bank.js';
import { CORPORATE_CONTEXT } from './modules/corporate-context.js';
import { PAGING_NEXT_LINKS } from './modules/paging-next-links.js';
import { PAYMENT_PERMISSION_REMOVED } from './modules/payment-permission-removed.js';
import { PAYMENT_STATUS_POLLING } from './modules/payment-status-polling.js';
import { PSU_ID_FROM_REDIRECT } from './modules/psu-id-from-redirect.js';
import { SCA_EXEMPTED_PAYMENT } from './modules/sca-exempted-payment.js';
import { SCA_LIFETIME } from './modules/sca-lifetime.js';
import { SCA_LINK_NOT_REPLAYED } from './modules/sca-link-not-replayed.js';
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

/** A corporate PSU's flow: the SCA in corporate context and the ids it gives (§1). */
export const CORPORATE_PLAN: Plan = {
  name: 'corporate',
  title: 'The corporate TPP plan: a consent whose SCA the PSU gives for a corporate agreement',
  modules: [CORPORATE_CONTEXT],
};

/** What a client does when the bank's SCA ends or is spent (§3.4, §5.3). */
export const SESSIONS_PLAN: Plan = {
  name: 'sessions',
  title: 'The sessions TPP plan: an SCA that runs out, and what the app does next',
  modules: [SCA_LIFETIME, SCA_LINK_NOT_REPLAYED],
};

/** A PIS client's flow: a payment, its SCA, and its status followed to the end (§3.2). */
export const PAYMENTS_PLAN: Plan = {
  name: 'payments',
  title: 'The payments TPP plan: a payment initiated, authorised and followed to its final status',
  modules: [PAYMENT_STATUS_POLLING, PAYMENT_PERMISSION_REMOVED, SCA_EXEMPTED_PAYMENT],
};

/** Answers a client must survive, scripted by the bank: limits, outages, a bad signature. */
export const RESILIENCE_PLAN: Plan = {
  name: 'resilience',
  title: 'The resilience TPP plan: the bank refuses, fails and signs wrongly, and the app copes',
  modules: [ACCESS_FREQUENCY, SYSTEM_ERROR_BACKOFF, BAD_RESPONSE_SIGNATURE],
};

/**
 * What a TPP with a mobile app publishes for app linking (§5.3(6)): a plan of its own, since a
 * TPP with no mobile app has nothing to publish and skips it.
 */
export const APP_LINKING_PLAN: Plan = {
  name: 'app-linking',
  title: 'The app-linking TPP plan: the bindings that let the bank’s app return to yours',
  modules: [APP_SITE_BINDINGS],
};

export const PLANS: readonly Plan[] = [
  BASIC_PLAN,
  CORPORATE_PLAN,
  SESSIONS_PLAN,
  PAYMENTS_PLAN,
  RESILIENCE_PLAN,
  APP_LINKING_PLAN,
];

export function planNamed(name: string): Plan | undefined {
  return PLANS.find((plan) => plan.name === name);
}
