/**
 * The registry of checks the runner and `workbench rules` see, grouped by area. Every check names
 * the catalogue rules (suites/rules) it covers, and has a fault profile in the embedded bank that
 * makes it FAIL (test/integration/suites proves both).
 */
import type { Check } from './check-api.js';
import { errorChecks } from './checks/errors.js';
import { headerChecks } from './checks/headers.js';
import { signingChecks } from './checks/signing.js';

export const CHECKS: readonly Check[] = [...signingChecks, ...headerChecks, ...errorChecks];
