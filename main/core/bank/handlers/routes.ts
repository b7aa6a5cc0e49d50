/**
 * The bank's endpoints. Adding one: a file in handlers/ exporting a RouteDefinition, plus one line
 * here. Stages, /openapi.json and the request log pick it up from this list.
 */
import { getAgreements } from './agreements.js';
import { ACCOUNT_ROUTES } from './ais/accounts.js';
import { getTransactionList } from './ais/account-transactions.js';
import { CARD_ACCOUNT_ROUTES } from './ais/card-accounts.js';
import { getTransactionDetails } from './ais/transaction-details.js';
import { AUTHORISATION_ROUTES } from './authorisations.js';
import { getCardAccountTransactions } from './card-account-transactions.js';
import { CONSENT_ROUTES } from './consents.js';
import { healthRoute } from './health.js';
import { openApiDocumentRoute } from './open-api-document.js';
import * as sandboxAccounts from './sandbox/accounts.js';
import * as sandboxAccountTransactions from './sandbox/account-transactions.js';
import * as sandboxAgreements from './sandbox/agreements.js';
import * as sandboxCardAccounts from './sandbox/card-accounts.js';
import * as sandboxCardTransactions from './sandbox/card-transactions.js';
import { listSandboxCustomers } from './sandbox/customers.js';
import { sandboxFixedTestData } from './sandbox/fixed-test-data.js';
import { sandboxInitialize } from './sandbox/initialize.js';
import { SCA_PAGE_ROUTES } from './sca/sca-pages.js';
import { getUser } from './user.js';
import { PAYMENT_ROUTES } from './payments/routes.js';
import { SIGNING_BASKET_ROUTES } from './baskets/routes.js';
import type { RouteDefinition } from '../context/request-context.js';

export const BANK_ROUTES: readonly RouteDefinition[] = [
  openApiDocumentRoute,
  sandboxInitialize,
  getCardAccountTransactions,
  // Account information (docs/ais.md)
  ...ACCOUNT_ROUTES,
  getTransactionList,
  getTransactionDetails,
  ...CARD_ACCOUNT_ROUTES,
  // SCA, consent, PSU identity (docs/sca.md)
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
  // Payments and signing baskets (docs/payments.md)
  ...PAYMENT_ROUTES,
  ...SIGNING_BASKET_ROUTES,
  // The workbench's own liveness answer, outside the PSD2 interface (docs/ci.md)
  healthRoute,
];
