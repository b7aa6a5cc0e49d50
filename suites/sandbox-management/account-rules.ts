/**
 * Sandbox management rules about accounts (§2.6, §4.3), account transactions, agreements and
 * engagements, and the PSU-ID the sandbox validates; the rest of the area is in rules.ts.
 */
import { CASH_ACCOUNT_TYPES, ENGAGEMENT_ROLES } from '../../main/core/spec/enums.js';
import {
  BANK_TRANSACTION_CODE_MAX,
  BANK_TRANSACTION_CODE_MIN,
} from '../../main/core/spec/limits.js';
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const sandboxAccountRules = rulesOf('sandbox-management', [
  {
    id: 'SANDBOX-ACCOUNT-CREATE',
    section: 'decisions.md#Paths',
    statement: 'Sandbox accounts are created with POST /v1/sandbox/accounts.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCOUNTS-LIST',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement: 'GET /v1/sandbox/accounts answers an array of account list items.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCOUNT-LIST-ITEM-FIELDS',
    section: '§2.6',
    statement:
      'A sandbox account list item has id, customerNumber, accountName, bban, iban, currency, product, cashAccountType, creditLine (int32), balances and _links (self, transactions).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CASH-ACCOUNT-TYPE-VALUES',
    section: '§2.6',
    statement: `cashAccountType is one of ${CASH_ACCOUNT_TYPES.join(', ')}.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-BBAN-MOD-11',
    section: 'decisions.md#Amounts and identities',
    statement: 'Norwegian BBANs are checked with mod-11.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-BALANCES-CHANGE',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'PUT /v1/sandbox/accounts/{mockAccountId}/balances takes an array of Balance (the balances to update) and succeeds.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-CREATE',
    section: 'decisions.md#Paths',
    statement:
      'Sandbox account transactions are created with POST /v1/sandbox/accounts/{mockAccountId}/transactions.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-LIST',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'GET /v1/sandbox/accounts/{mockAccountId}/transactions answers an array of account transactions, with optional fromDate, toDate, offset and limit.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-GET-ONE',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'GET /v1/sandbox/accounts/{mockAccountId}/transactions/{mockTransactionId} answers one account transaction.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-FIELDS',
    section: '§2.6',
    statement:
      'A sandbox account transaction has id, amount (int32), currency, valueDate, remittanceInformationUnstructured, creditorName, creditorAccount (iban, bban), debtorName, debtorAccount (iban, bban), bankTransactionCode, ultimateDebtor, ultimateCreditor, purposeCode, bookingDate and _links (self).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-BTC-4-14',
    section: '§2.6',
    seeAlso: ['§8'],
    statement: `bankTransactionCode has ${BANK_TRANSACTION_CODE_MIN} to ${BANK_TRANSACTION_CODE_MAX} characters, an ISO 20022 bank transaction code when supported by underlying services.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-LIST-ALL',
    section: '§4.3(1)',
    statement:
      'Listing account transactions returns all transactions of an account created with POST /v1/sandbox/accounts, including those created by POST /v1/sandbox/accounts/{mockAccountId}/transactions.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-INCLUDES-PAYMENTS',
    section: '§4.3(1)',
    statement:
      'Listing account transactions of a sandbox account includes the transactions created by payments made in the sandbox.',
    testable: true,
    needs: ['sandbox-api', 'psu-agent'],
  },
  {
    id: 'SANDBOX-ACCTX-OTHER-DEBTOR-ERROR',
    section: '§4.3(6)',
    statement:
      'Creating an account transaction with another account as the debtor returns an error.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-AGREEMENT-CREATE',
    section: 'decisions.md#Paths',
    seeAlso: ['§4.3(4)'],
    statement: 'Sandbox agreements are created with POST /v1/sandbox/agreements.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-AGREEMENT-GET',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'GET /v1/sandbox/agreements/{mockAgreementId} answers the agreement (private or corporate).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-AGREEMENT-FIELDS',
    section: '§2.6',
    statement:
      'A sandbox agreement has id (R), name (R), owner (O, the corporation customer for a corporate agreement), engagements (R) and _links (R).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ENGAGEMENT-FIELDS',
    section: '§2.6',
    statement:
      'An engagement has id, customer, account (bban, iban), roles, accessRights, paymentRights, transferRights, registerLimit and approvalLimit (all R) and name (O).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ENGAGEMENT-ROLES',
    section: '§2.6',
    statement: `Engagement roles are drawn from ${ENGAGEMENT_ROLES.join(', ')}.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ENGAGEMENT-CREATE-201',
    section: '§4.3',
    seeAlso: ['§2.6', 'decisions.md#Paths'],
    statement:
      'POST /v1/sandbox/agreements/{mockAgreementId}/engagements with customer, account (iban), roles, registerLimit and approvalLimit, all required, answers 201 with the same fields.',
    testable: true,
    needs: ['sandbox-api'],
    note: 'The spec lists five request fields and says the response has "the same four fields"; the workbench expects all five.',
  },
  {
    id: 'SANDBOX-ENGAGEMENT-REGISTER-AND-VIEW',
    section: '§4.3(5)',
    statement:
      'An engagement is available for granting consent in the sandbox only when its roles include both REGISTER and VIEW.',
    testable: true,
    needs: ['sandbox-api', 'psu-agent'],
  },
  {
    id: 'SANDBOX-VALIDATES-PSU-ID',
    section: '§4.3(7)',
    statement:
      'The sandbox validates the PSU-ID format and the customer type and returns a message when they are wrong.',
    testable: true,
    needs: ['sandbox-api'],
  },
]);
