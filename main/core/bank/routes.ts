/**
 * The bank's endpoints. Adding one: a file in handlers/ exporting a RouteDefinition, plus one line
 * here. Stages, /openapi.json and the request log pick it up from this list.
 */
import { getAgreements } from './handlers/agreements.js';
import { ACCOUNT_ROUTES } from './handlers/ais/accounts.js';
import { getTransactionList } from './handlers/ais/accountTransactions.js';
import { CARD_ACCOUNT_ROUTES } from './handlers/ais/cardAccounts.js';
import { getTransactionDetails } from './handlers/ais/transactionDetails.js';
import { AUTHORISATION_ROUTES } from './handlers/authorisations.js';
import { getCardAccountTransactions } from './handlers/cardAccountTransactions.js';
import { CONSENT_ROUTES } from './handlers/consents.js';
import { healthRoute } from './handlers/health.js';
import { openApiDocumentRoute } from './handlers/openApiDocument.js';
import * as sandboxAccounts from './handlers/sandbox/accounts.js';
import * as sandboxAccountTransactions from './handlers/sandbox/accountTransactions.js';
import * as sandboxAgreements from './handlers/sandbox/agreements.js';
import * as sandboxCardAccounts from './handlers/sandbox/cardAccounts.js';
import * as sandboxCardTransactions from './handlers/sandbox/cardTransactions.js';
import { listSandboxCustomers } from './handlers/sandbox/customers.js';
import { sandboxFixedTestData } from './handlers/sandbox/fixedTestData.js';
import { sandboxInitialize } from './handlers/sandbox/initialize.js';
import { SCA_PAGE_ROUTES } from './handlers/sca/scaPages.js';
import { getUser } from './handlers/user.js';
import { PAYMENT_ROUTES } from './handlers/payments/routes.js';
import { SIGNING_BASKET_ROUTES } from './handlers/baskets/routes.js';
import type { RouteDefinition } from './types.js';

export const BANK_ROUTES: readonly RouteDefinition[] = [
  openApiDocumentRoute,
  sandboxInitialize,
  getCardAccountTransactions,
  // Account information (issue "Embedded bank, part 3"; docs/ais.md)
  ...ACCOUNT_ROUTES,
  getTransactionList,
  getTransactionDetails,
  ...CARD_ACCOUNT_ROUTES,
  // SCA, consent, PSU identity (issue "SCA redirect flow"; docs/sca.md)
  ...CONSENT_ROUTES,
  ...AUTHORISATION_ROUTES,
  getUser,
  getAgreements,
  ...SCA_PAGE_ROUTES,
  sandboxFixedTestData,
  listSandboxCustomers,
  sandboxAccounts.createSandboxAccount,
  sandboxAccounts.listSandboxAccounts,
  sandboxAccounts.changeSandboxAccountBalances,
  sandboxAccountTransactions.createSandboxAccountTransactions,
  sandboxAccountTransactions.listSandboxAccountTransactions,
  sandboxAccountTransactions.getSandboxAccountTransaction,
  sandboxCardAccounts.createSandboxCardAccount,
  sandboxCardAccounts.getSandboxCardAccount,
  sandboxCardTransactions.createSandboxCardTransactions,
  sandboxCardTransactions.listSandboxCardTransactions,
  sandboxAgreements.createSandboxAgreement,
  sandboxAgreements.getSandboxAgreement,
  sandboxAgreements.createSandboxEngagement,
  // Payments and signing baskets (issue "Embedded bank, part 4"; docs/payments.md)
  ...PAYMENT_ROUTES,
  ...SIGNING_BASKET_ROUTES,
  // The workbench's own liveness answer, outside the PSD2 interface (docs/ci.md)
  healthRoute,
];
