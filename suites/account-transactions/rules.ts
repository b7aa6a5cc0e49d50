/** Accounts and account transactions of the production interface: decisions.md paths, §7.3, §8, §9. */
import { DEFAULT_PAGE_SIZE, PAGE_LIMIT_MIN } from '../../main/core/spec/limits.js';
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const accountTransactionRules = rulesOf('account-transactions', [
  {
    id: 'ACCOUNTS-LIST-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/accounts answers 200.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'ACCOUNT-READ-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/accounts/{account-id} answers 200.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'ACCOUNT-BALANCES-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/accounts/{account-id}/balances answers 200.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'ACCTX-LIST-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/accounts/{account-id}/transactions answers 200.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'ACCTX-DETAILS-200',
    section: 'decisions.md#Paths',
    seeAlso: ['§9(3)'],
    statement:
      'The transaction details endpoint GET /v1/accounts/{account-id}/transactions/{transactionId} answers 200.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'ACCTX-DETAILS-ITEMS-MOVED',
    section: '§9(3)',
    statement:
      'With the dedicated transaction details endpoint (default behaviour from 15-Aug-2024), some items move from the transaction list response to the details response.',
    testable: false,
    reason: 'Which items move is not shown, so there is nothing precise to assert.',
  },
  {
    id: 'ACCOUNTS-CLOSED-EMPTY-LIST',
    section: '§7(3)',
    statement:
      'An account list request where the consented accounts were closed in the backend answers an empty list, not 404.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
    note: 'No operation closes an account; the nearest setup is removing it from the sandbox (initialisation removes manually created accounts).',
  },
  {
    id: 'ACCTX-MISSING-BACKEND-DATA-NO-500',
    section: '§7(3)',
    statement:
      'A transaction read where backend data is missing does not answer 500 (a server error path was corrected).',
    testable: false,
    reason:
      'Missing backend data cannot be induced over the API or the sandbox operations, and the resulting status is not shown.',
  },
  {
    id: 'ACCTX-PENDING-NOT-FILTERED',
    section: '§8',
    statement:
      'Reading account transactions with bookingStatus both or pending always returns every pending transaction; dateFrom, dateTo and limit do not filter pending ones.',
    testable: true,
    needs: ['psu-agent'],
    note: 'A known issue the spec documents; the spec says sandbox reads are unaffected, so it shows on a production target only.',
  },
  {
    id: 'ACCTX-PENDING-SANDBOX-UNAFFECTED',
    section: '§8',
    statement:
      'Sandbox reads are unaffected by the pending-transactions issue: dateFrom, dateTo and limit filter pending transactions too.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
    note: "The workbench reads 'sandbox reads' as account transaction reads on a sandbox target, including the /v1/sandbox/ list operation.",
  },
  {
    id: 'ACCTX-STABLE-IDS',
    section: '§9(4)',
    statement: 'Booked transactions have stable transaction ids (release 1.18.0).',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'ACCTX-LIMIT-MIN-1',
    section: '§8',
    statement: `The limit query parameter of transaction lists is at least ${PAGE_LIMIT_MIN}.`,
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'ACCTX-DEFAULT-PAGE-200',
    section: '§8',
    seeAlso: ['§9(4)'],
    statement: `Transaction lists return up to ${DEFAULT_PAGE_SIZE} transactions when no paging parameter is given.`,
    testable: true,
    needs: ['psu-agent'],
  },
]);
