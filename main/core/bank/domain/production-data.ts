/**
 * What a production-mode embedded bank holds besides the initial data: a production bank has no
 * /v1/sandbox to create data with, so the rules that need a long history or pending card
 * transactions to be seen are judged on data found through AIS (issue 28 item 6). The documented
 * PSU Ola Nordmann gets a bill account with more booked transactions than one default page holds
 * (§8: 200 per call without paging parameters) and a second card with as many card transactions
 * plus pending ones (§4.2.3, §8 "card account reads are unaffected" by the pending known issue).
 * Everything lies inside the default 90-day window (§5.3.7), so a read without dateFrom sees it.
 * Deterministic: the same amounts every time; dates count back from the bank date.
 * docs/sandbox-data.md ("Production data") is generated from this set.
 */
import type { AccountEntrySeed, AccountSeed, CardAccountSeed, CardEntrySeed } from './data-set.js';
import { externalParty } from './data-set.js';

export const PRODUCTION_BILL_ACCOUNT_ID = 'acc-10000001-regningskonto';
export const PRODUCTION_CARD_ACCOUNT_ID = 'card-10000001-02';
const OLA = '10000001';
/** Days back from the bank date the history spans (inside the default 90-day window). */
const HISTORY_DAYS = 85;

const ACCOUNTS: readonly AccountSeed[] = [
  {
    id: PRODUCTION_BILL_ACCOUNT_ID,
    customerNumber: OLA,
    accountName: 'Regningskonto',
    bban: '97100518108',
    currency: 'NOK',
    product: 'Regningskonto',
    cashAccountType: 'CACC',
    creditLine: 0,
    openingBalance: 5_000_000,
  },
];

const CARD_ACCOUNTS: readonly CardAccountSeed[] = [
  {
    resourceId: PRODUCTION_CARD_ACCOUNT_ID,
    customerNumber: OLA,
    maskedPan: '525412******5517',
    currency: 'NOK',
    creditLimit: 10_000_000,
    cardId: 'card-id-10000001-02',
    accountNumber: '97100619001',
    name: 'Mastercard Reise',
    product: 'MASTERCARD',
    expiryMonth: '05',
  },
];

const EMPLOYER = externalParty('Fjordtech Consulting AS', '15032712344');
const PAYEES = [
  [externalParty('Norsk Kraft AS', '30001234567'), 'Strøm', 'ELEC'],
  [externalParty('Hjemforsikring Norge AS', '60213456787'), 'Forsikring', 'INSU'],
  [externalParty('Solsikken Barnehage SA', '16002123456'), 'Barnehage', 'OTHR'],
] as const;
const MERCHANTS = [
  ['Matkroken Majorstuen', 'Oslo', '5411'],
  ['Bakeriet på hjørnet', 'Bergen', '5462'],
  ['Drivstoff Nord', 'Tromsø', '5541'],
] as const;

/** Each day a transfer in and two bills that spend it (the balance stays put), two pending. */
function accountEntries(): AccountEntrySeed[] {
  const entries: AccountEntrySeed[] = [];
  const bill = (daysAgo: number, n: number, amount: number, status?: 'pending') => {
    const [party, text, purposeCode] = PAYEES[n % PAYEES.length]!;
    entries.push({
      accountId: PRODUCTION_BILL_ACCOUNT_ID,
      daysAgo,
      amount,
      counterparty: party,
      text: `${text} ${daysAgo}-${n}`,
      bankTransactionCode: 'PMNT-ICDT-DMCT',
      purposeCode,
      ...(status ? { status } : {}),
    });
  };
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    const first = 10_000 + (daysAgo % 7) * 1_000;
    entries.push({
      accountId: PRODUCTION_BILL_ACCOUNT_ID,
      daysAgo,
      amount: first + 20_000,
      counterparty: EMPLOYER,
      text: `Overføring ${daysAgo}`,
      bankTransactionCode: 'PMNT-RCDT-DMCT',
      purposeCode: 'CASH',
    });
    bill(daysAgo, 1, -first);
    bill(daysAgo, 2, -20_000);
  }
  bill(0, 1, -15_000, 'pending');
  bill(0, 2, -25_000, 'pending');
  return entries;
}

/** Three purchases a day (a refund each week), three pending on the bank date. */
function cardEntries(): CardEntrySeed[] {
  const entries: CardEntrySeed[] = [];
  const purchase = (daysAgo: number, n: number, amount: number, status?: 'pending') => {
    const [merchant, city, merchantCategoryCode] = MERCHANTS[n % MERCHANTS.length]!;
    entries.push({
      accountId: PRODUCTION_CARD_ACCOUNT_ID,
      daysAgo,
      merchant,
      city,
      country: 'NO',
      merchantCategoryCode,
      amount,
      ...(status ? { status } : {}),
    });
  };
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--)
    for (let n = 0; n < 3; n++)
      purchase(daysAgo, n, daysAgo % 7 === 0 && n === 2 ? 5_000 : -(2_000 + n * 1_500));
  for (let n = 0; n < 3; n++) purchase(0, n, -(3_000 + n * 1_000), 'pending');
  return entries;
}

/** The production-only holdings and history (added after the initial data's own). */
export function productionHistory() {
  return {
    accounts: ACCOUNTS,
    cardAccounts: CARD_ACCOUNTS,
    accountEntries: accountEntries(),
    cardEntries: cardEntries(),
  };
}
