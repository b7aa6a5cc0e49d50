/**
 * The registry of checks the runner and `workbench rules` see, grouped by area, and the rule
 * catalogue (./catalogue.ts). Every check names the catalogue rules it covers, and has a fault
 * profile in the embedded bank that makes it FAIL (test/integration/suites proves both).
 */
import type { Check } from '../main/core/runner/check-api/index.js';
import * as accountTransactions from './account-transactions/index.js';
import * as baskets from './baskets/index.js';
import * as cardTransactions from './card-transactions/index.js';
import * as consent from './consent/index.js';
import * as corporate from './corporate/index.js';
import * as errors from './errors/index.js';
import * as fixes from './fixes/index.js';
import * as general from './general/index.js';
import * as headers from './headers/index.js';
import * as limits from './limits/index.js';
import * as payments from './payments/index.js';
import * as sandboxManagement from './sandbox-management/index.js';
import * as scaSessions from './sca-sessions/index.js';
import * as signing from './signing/index.js';

export * from './catalogue.js';

/** Every check, in the order runs schedule and reports list them (areas stay together). */
export const CHECKS: readonly Check[] = [
  ...signing.checks,
  ...headers.checks,
  ...errors.checks,
  ...sandboxManagement.checks,
  ...cardTransactions.checks,
  ...accountTransactions.checks,
  ...limits.checks,
  ...fixes.checks,
  ...scaSessions.checks,
  ...consent.checks,
  ...payments.checks,
  ...baskets.checks,
  ...corporate.checks,
  ...general.checks,
];
