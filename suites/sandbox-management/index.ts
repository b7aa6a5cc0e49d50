/**
 * Sandbox management (area `sandbox-management`): the area's catalogue rules and the checks that
 * judge them. The check files follow the bank's sandbox handlers (main/core/bank/handlers/sandbox/):
 * customers, initialisation, the fixed test data, paths, accounts and card accounts, their
 * transactions, agreements; plus amounts and the batch runs. The list below keeps the registry
 * order the checks have always had, which interleaves a few of those files.
 */
import type { Check } from '../../main/core/runner/check-api/index.js';
import { sandboxAccountTransactionChecks, bookedPaymentChecks } from './account-transactions.js';
import { accountChecks } from './accounts.js';
import { agreementChecks, engagementConsentChecks } from './agreements.js';
import { amountChecks, minorUnitChecks } from './amounts.js';
import { batchRunChecks } from './batch-runs.js';
import { cardAccountAgreementChecks, cardAccountChecks } from './card-accounts.js';
import { cardTransactionFieldChecks } from './card-transaction-fields.js';
import { cardTransactionListChecks } from './card-transactions.js';
import { customerChecks, customerReferenceChecks } from './customers.js';
import { fixedTestDataChecks } from './fixed-test-data.js';
import { initializeChecks } from './initialize.js';
import { sandboxPathChecks } from './paths.js';

export { sandboxManagementRules as rules } from './rules.js';

export const checks: readonly Check[] = [
  ...customerChecks,
  ...initializeChecks,
  ...fixedTestDataChecks,
  ...sandboxPathChecks,
  ...amountChecks,
  ...cardAccountChecks,
  ...cardTransactionFieldChecks,
  ...cardTransactionListChecks,
  ...cardAccountAgreementChecks,
  ...accountChecks,
  ...sandboxAccountTransactionChecks,
  ...agreementChecks,
  ...customerReferenceChecks,
  ...engagementConsentChecks,
  ...minorUnitChecks,
  ...bookedPaymentChecks,
  ...batchRunChecks,
];
