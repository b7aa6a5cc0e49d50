/**
 * The fixed test-data fill (§9.4 1.16.0, decisions.md POST /v1/sandbox/fixed-test-data): adds a
 * richer deterministic set next to the initial data, for paging and filtering tests: one private
 * customer with a current account holding hundreds of booked entries over a year plus pending
 * ones, a savings account, and a card account with a year of card transactions, many of them in
 * foreign currencies with currencyExchange, plus pending ones. A seeded generator makes the values;
 * dates count back from the bank date. Filling again replaces the earlier fill (idempotent).
 */
import type { Country } from '../../spec/countries.js';
import type { Currency } from '../../spec/currencies.js';
import {
  addDataSet,
  externalParty,
  seedIban,
  type AccountEntrySeed,
  type CardEntrySeed,
  type DataSet,
  type Party,
} from './data-set.js';
import type { DomainState } from './model.js';

export const FIXED_CUSTOMER_NUMBER = '30000001';
export const FIXED_ACCOUNT_ID = 'acc-30000001-brukskonto';
export const FIXED_SAVINGS_ACCOUNT_ID = 'acc-30000001-sparekonto';
export const FIXED_CARD_ACCOUNT_ID = 'card-30000001';
const SEED = 20_160_001; // 1.16.0, the release that introduced the fill

/** mulberry32: a small seeded generator, so the fill is the same on every machine. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EMPLOYER = externalParty('Testbedriften AS', '18134433228');
const LANDLORD = externalParty('Bergen Boligutleie AS', '18221567893');
const PAYEES: readonly [Party, string, string, number, number][] = [
  // party, remittance text, purpose code, smallest and largest amount (minor units)
  [externalParty('Norsk Kraft AS', '30001234567'), 'Strøm', 'ELEC', 40_000, 180_000],
  [externalParty('Hjemforsikring Norge AS', '60213456787'), 'Forsikring', 'INSU', 20_000, 90_000],
  [externalParty('Lerkebo Borettslag', '15942200118'), 'Felleskostnader', 'RENT', 50_000, 95_000],
  [externalParty('Rørgrossisten AS', '32015566778'), 'Faktura', 'GDSV', 10_000, 250_000],
  [externalParty('Solsikken Barnehage SA', '16002123456'), 'Barnehage', 'OTHR', 30_000, 130_000],
  [externalParty('Fiskehallen Bergen AS', '63450987656'), 'Mobiloverføring', 'OTHR', 5_000, 60_000],
];

const DOMESTIC: readonly [string, string, string][] = [
  ['Matkroken Majorstuen', 'Oslo', '5411'],
  ['Bakeriet på hjørnet', 'Bergen', '5462'],
  ['Bysykkel Oslo', 'Oslo', '4111'],
  ['Sportsbua Trondheim', 'Trondheim', '5941'],
  ['Helseapoteket Lerkebo', 'Trondheim', '5912'],
  ['Drivstoff Nord', 'Tromsø', '5541'],
];
const ABROAD: readonly [string, string, Country, Currency, string][] = [
  ['Café Södermalm', 'Stockholm', 'SE', 'SEK', '0.9870'],
  ['Librería del Sol', 'Madrid', 'ES', 'EUR', '11.6420'],
  ['Harbor Books', 'Boston', 'US', 'USD', '10.7850'],
  ['The Crown Inn', 'London', 'GB', 'GBP', '13.5910'],
  ['Smørrebrød Hjørnet', 'København', 'DK', 'DKK', '1.5610'],
];

/** Whole kroner (or units) between `min` and `max` minor units. */
function amountBetween(random: () => number, min: number, max: number): number {
  return Math.round((min + random() * (max - min)) / 100) * 100;
}

function accountEntries(random: () => number, savings: Party, current: Party): AccountEntrySeed[] {
  const entries: AccountEntrySeed[] = [];
  const add = (seed: Omit<AccountEntrySeed, 'bankTransactionCode'> & { code?: string }) => {
    const { code, ...rest } = seed;
    entries.push({ ...rest, bankTransactionCode: code ?? 'PMNT-ICDT-DMCT' });
  };
  for (let daysAgo = 364; daysAgo >= 1; daysAgo--) {
    if (daysAgo % 30 === 12) {
      add({
        accountId: FIXED_ACCOUNT_ID,
        daysAgo,
        amount: 3_650_000,
        counterparty: EMPLOYER,
        text: 'Lønn',
        purposeCode: 'SALA',
        code: 'PMNT-RCDT-DMCT',
      });
      add({
        accountId: FIXED_ACCOUNT_ID,
        daysAgo,
        amount: -1_200_000,
        counterparty: LANDLORD,
        text: 'Husleie',
        purposeCode: 'RENT',
      });
      add({
        accountId: FIXED_ACCOUNT_ID,
        daysAgo,
        amount: -300_000,
        counterparty: savings,
        text: 'Sparing',
        purposeCode: 'CASH',
        code: 'PMNT-ICDT-BOOK',
      });
      add({
        accountId: FIXED_SAVINGS_ACCOUNT_ID,
        daysAgo,
        amount: 300_000,
        counterparty: current,
        text: 'Sparing',
        purposeCode: 'CASH',
        code: 'PMNT-RCDT-BOOK',
      });
    }
    if (random() < 0.85) {
      const [party, text, purposeCode, min, max] = PAYEES[Math.floor(random() * PAYEES.length)]!;
      const amount = -amountBetween(random, min, max);
      add({ accountId: FIXED_ACCOUNT_ID, daysAgo, amount, counterparty: party, text, purposeCode });
    }
  }
  for (let n = 1; n <= 6; n++) {
    const [party, text, purposeCode, min, max] = PAYEES[n % PAYEES.length]!;
    const amount = -amountBetween(random, min, max);
    add({
      accountId: FIXED_ACCOUNT_ID,
      daysAgo: 0,
      amount,
      counterparty: party,
      text: `${text} (pending ${n})`,
      purposeCode,
      status: 'pending',
    });
  }
  return entries;
}

function cardEntries(random: () => number): CardEntrySeed[] {
  const entries: CardEntrySeed[] = [];
  for (let daysAgo = 364; daysAgo >= 1; daysAgo--) {
    if (random() >= 0.6) continue;
    if (random() < 0.3) {
      const [merchant, city, country, currency, exchangeRate] =
        ABROAD[Math.floor(random() * ABROAD.length)]!;
      const amount = -amountBetween(random, 1_000, 20_000);
      entries.push({
        accountId: FIXED_CARD_ACCOUNT_ID,
        daysAgo,
        merchant,
        city,
        country,
        merchantCategoryCode: '5812',
        foreign: { currency, amount, exchangeRate },
      });
    } else {
      const [merchant, city, merchantCategoryCode] =
        DOMESTIC[Math.floor(random() * DOMESTIC.length)]!;
      const amount = -amountBetween(random, 2_000, 150_000);
      entries.push({
        accountId: FIXED_CARD_ACCOUNT_ID,
        daysAgo,
        merchant,
        city,
        country: 'NO',
        merchantCategoryCode,
        amount,
        street: 'Storgata 1',
      });
    }
  }
  for (let n = 1; n <= 3; n++) {
    const [merchant, city, merchantCategoryCode] = DOMESTIC[n]!;
    entries.push({
      accountId: FIXED_CARD_ACCOUNT_ID,
      daysAgo: 0,
      merchant,
      city,
      country: 'NO',
      merchantCategoryCode,
      amount: -n * 10_000,
      status: 'pending',
    });
  }
  return entries;
}

/** The fill as a data set (deterministic: the same seeds every time). */
export function fixedTestDataSet(): DataSet {
  const random = generator(SEED);
  const holder = 'Per Testesen';
  const current = { name: holder, iban: seedIban('97102165431') };
  const savings = { name: holder, iban: seedIban('97102387655') };
  return {
    customers: [
      {
        customerNumber: FIXED_CUSTOMER_NUMBER,
        type: 'PRIVATE',
        name: holder,
        nationalIdentityNumber: '24059222232',
      },
    ],
    accounts: [
      {
        id: FIXED_ACCOUNT_ID,
        customerNumber: FIXED_CUSTOMER_NUMBER,
        accountName: 'Brukskonto testdata',
        bban: '97102165431',
        currency: 'NOK',
        product: 'Brukskonto',
        cashAccountType: 'CACC',
        creditLine: 500_000,
        openingBalance: 2_500_000,
      },
      {
        id: FIXED_SAVINGS_ACCOUNT_ID,
        customerNumber: FIXED_CUSTOMER_NUMBER,
        accountName: 'Sparekonto testdata',
        bban: '97102387655',
        currency: 'NOK',
        product: 'Sparekonto',
        cashAccountType: 'SVGS',
        creditLine: 0,
        openingBalance: 10_000_000,
      },
    ],
    cardAccounts: [
      {
        resourceId: FIXED_CARD_ACCOUNT_ID,
        customerNumber: FIXED_CUSTOMER_NUMBER,
        maskedPan: '540012******8842',
        currency: 'NOK',
        creditLimit: 3_000_000,
        cardId: 'card-id-30000001-01',
        accountNumber: '97102276543',
        name: 'Mastercard testdata',
        product: 'MASTERCARD',
        expiryMonth: '11',
      },
    ],
    corporateAgreements: [],
    accountEntries: accountEntries(random, savings, current),
    cardEntries: cardEntries(random),
  };
}

/** Removes an earlier fill: its customer, holdings, their entries, agreements and engagements. */
export function removeFixedTestData(state: DomainState): void {
  const customers = new Set(
    state.customers.filter((c) => c.origin === 'fixed-test-data').map((c) => c.customerNumber),
  );
  const accounts = state.accounts.filter(
    (a) => a.origin === 'fixed-test-data' || customers.has(a.customerNumber),
  );
  const cards = state.cardAccounts.filter(
    (c) => c.origin === 'fixed-test-data' || customers.has(c.customerNumber),
  );
  const accountIds = new Set(accounts.map((a) => a.id));
  const cardIds = new Set(cards.map((c) => c.resourceId));
  const bbans = new Set([...accounts.map((a) => a.bban), ...cards.map((c) => c.accountNumber)]);
  state.customers = state.customers.filter((c) => !customers.has(c.customerNumber));
  state.accounts = state.accounts.filter((a) => !accountIds.has(a.id));
  state.cardAccounts = state.cardAccounts.filter((c) => !cardIds.has(c.resourceId));
  state.ledger.removeTransactionsOf([...accountIds], [...cardIds]);
  state.agreements = state.agreements
    .filter((a) => a.origin !== 'fixed-test-data' && !customers.has(a.owner))
    .map((a) => ({
      ...a,
      engagements: a.engagements.filter(
        (e) => !customers.has(e.customer) && !bbans.has(e.account.bban),
      ),
    }));
}

export interface FixedTestDataSummary {
  customers: string[];
  accounts: string[];
  cardAccounts: string[];
  accountTransactions: number;
  cardTransactions: number;
}

/** Adds (or replaces) the fill at bank-clock time `now`; returns what it added. */
export function addFixedTestData(state: DomainState, now: Date): FixedTestDataSummary {
  removeFixedTestData(state);
  const data = fixedTestDataSet();
  addDataSet(state, data, 'fixed-test-data', now);
  return {
    customers: data.customers.map((c) => c.customerNumber),
    accounts: data.accounts.map((a) => a.id),
    cardAccounts: data.cardAccounts.map((c) => c.resourceId),
    accountTransactions: data.accountEntries.length,
    cardTransactions: data.cardEntries.length,
  };
}
