/**
 * The registry of checks the runner and `workbench rules` see, grouped by area. Every check names
 * the catalogue rules (suites/rules) it covers, and has a fault profile in the embedded bank that
 * makes it FAIL (test/integration/suites proves both).
 */
import type { Check } from '../main/core/runner/check-api/index.js';
import { accountTransactionChecks } from './checks/account-transactions.js';
import { basketChecks } from './checks/baskets.js';
import { cardTransactionChecks } from './checks/card-transactions.js';
import { consentChecks } from './checks/consent.js';
import { corporateChecks } from './checks/corporate.js';
import { errorChecks } from './checks/errors.js';
import { fixChecks } from './checks/fixes.js';
import { generalChecks } from './checks/general.js';
import { headerChecks } from './checks/headers.js';
import { paymentChecks } from './checks/payments.js';
import { paymentLifecycleChecks } from './checks/payments-lifecycle.js';
import { limitChecks } from './checks/limits.js';
import { sandboxManagementChecks } from './checks/sandbox-management.js';
import { scaSessionChecks } from './checks/sca-sessions.js';
import { signingChecks } from './checks/signing.js';

export const CHECKS: readonly Check[] = [
  ...signingChecks,
  ...headerChecks,
  ...errorChecks,
  ...sandboxManagementChecks,
  ...cardTransactionChecks,
  ...accountTransactionChecks,
  ...limitChecks,
  ...fixChecks,
  ...scaSessionChecks,
  ...consentChecks,
  ...paymentChecks,
  ...paymentLifecycleChecks,
  ...basketChecks,
  ...corporateChecks,
  ...generalChecks,
];
