/**
 * §4.2.3: following the `next` and `previous` links is preferred over computing offsets. Setup
 * gives one account more than three pages at the default page size; a page after the first must
 * be read through a link the bank gave. The bank's links carry every query parameter of the list,
 * the `dateFrom` the bank filled in included, so an offset computed from the first request shows
 * on the second page; a client that computes and stops at a short page shows on the page after
 * the last (no link leads there).
 */
import { DEFAULT_PAGE_SIZE } from '../../../spec/limits.js';
import { bankDay } from '../../domain/ids.js';
import { postAccountTransaction } from '../../domain/ledger.js';
import type { DomainState } from '../../domain/model.js';
import type { PlanModule } from '../model.js';

/** Entries setup adds: three full pages at the default page size. */
export const SEEDED_ENTRIES = 3 * DEFAULT_PAGE_SIZE;
/** Dates of the entries go back this far, well inside the history read without SCA (§8). */
const SEEDED_DAYS = 60;
const PAGES_THROUGH_LINKS = 2;

/** The account whose list setup fills: Ola Nordmann's first, or any private customer's first. */
function pagedAccount(state: DomainState) {
  const customers = [
    ...state.customers.filter((customer) => customer.name === 'Ola Nordmann'),
    ...state.customers.filter((customer) => customer.type === 'PRIVATE'),
  ];
  for (const customer of customers) {
    const account = state.accounts.find(
      (candidate) =>
        candidate.customerNumber === customer.customerNumber && candidate.status === 'enabled',
    );
    if (account) return { account, customer };
  }
  throw new Error('the bank has no private customer with an enabled account to page through');
}

export const PAGING_NEXT_LINKS: PlanModule = {
  id: 'PAGING-NEXT-LINKS',
  title: 'Reads a long transaction list through the bank’s next links (§4.2.3)',
  section: '§4.2.3',
  rules: ['TPP-PAGING-NEXT-LINK'],
  instruction:
    'The account {iban} of {psu} now has more than three pages of transactions. In your app, with a consent for it, read the account’s transactions to the end, page by page, as your app does.',
  setup({ state, now }) {
    const { account, customer } = pagedAccount(state);
    const counterpart = state.accounts.find((candidate) => candidate.id !== account.id) ?? account;
    for (let entry = 0; entry < SEEDED_ENTRIES; entry++) {
      const day = bankDay(now, -(entry % SEEDED_DAYS));
      const incoming = entry % 2 === 0;
      const own = { iban: account.iban, bban: account.bban };
      const other = { iban: counterpart.iban, bban: counterpart.bban };
      postAccountTransaction(state, {
        accountId: account.id,
        amount: incoming ? 1000 : -1000,
        currency: account.currency,
        status: 'booked',
        bookingDate: day,
        valueDate: day,
        remittanceInformationUnstructured: `Paging test entry ${entry + 1}`,
        creditorName: incoming ? customer.name : 'Paging Counterparty',
        creditorAccount: incoming ? own : other,
        debtorName: incoming ? 'Paging Counterparty' : customer.name,
        debtorAccount: incoming ? other : own,
        bankTransactionCode: 'PMNT-RCDT-ESCT',
        ultimateDebtor: '',
        ultimateCreditor: '',
        purposeCode: '',
        origin: 'sandbox',
        createdAt: now.toISOString(),
      });
    }
    return { iban: account.iban, psu: customer.name, accountId: account.id };
  },
  missing({ tally }) {
    const followed = tally('TPP-PAGING-NEXT-LINK').passes;
    return followed >= PAGES_THROUGH_LINKS
      ? undefined
      : `the app read ${followed} page${followed === 1 ? '' : 's'} after the first through the bank’s links; the module needs a list read over at least ${PAGES_THROUGH_LINKS + 1} pages`;
  },
};
