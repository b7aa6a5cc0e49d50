/**
 * The sandbox's initial state (§1 "Sandbox behaviour"; POST /v1/sandbox/initialize restores it and
 * so removes everything created by hand): two private customers with two accounts and a card
 * account each, two corporate customers with two accounts each, corporate agreements whose
 * engagements make the private customers representatives, and a modest history of booked and
 * pending account transactions and booked card transactions. Fixed ids and amounts; transaction
 * dates count back from the bank date (so the history stays recent) and card expiry forward from
 * the bank year. docs/sandbox-data.md and the initialize route's description are generated from
 * this data (handlers/sandbox/data-description.ts), so they cannot drift.
 */
import type { Country } from '../../spec/countries.js';
import type { Currency } from '../../spec/currencies.js';
import type { CashAccountType, EngagementRole } from '../../spec/enums.js';
import {
  addDataSet,
  externalParty,
  seedIban,
  type AccountEntrySeed,
  type AccountSeed,
  type AgreementSeed,
  type CardAccountSeed,
  type CardEntrySeed,
  type CustomerSeed,
  type DataSet,
  type EngagementSeed,
  type Party,
} from './data-set.js';
import type { EntryStatus } from './ledger.js';
import { emptyDomainState, type DomainState } from './model.js';
import { productionHistory } from './production-data.js';
import type { BankMode } from '../../../shared/mode.js';

const customer = (
  customerNumber: string,
  type: 'PRIVATE' | 'CORPORATE',
  name: string,
  nationalIdentityNumber: string,
): CustomerSeed => ({ customerNumber, type, name, nationalIdentityNumber });

/** Identity numbers: Ola and the first corporation have birth numbers, the others D-numbers. */
export const INITIAL_CUSTOMERS: readonly CustomerSeed[] = [
  customer('10000001', 'PRIVATE', 'Ola Nordmann', '15038512363'),
  customer('10000002', 'PRIVATE', 'Kari Nordmann', '62079045611'),
  customer('20000001', 'CORPORATE', 'Nordlys Rørlegger AS', '01018034650'),
  customer('20000002', 'CORPORATE', 'Havbris Eksport AS', '43057523469'),
];

const account = (
  id: string,
  [customerNumber, accountName, bban]: [string, string, string],
  cashAccountType: CashAccountType,
  creditLine: number,
  openingBalance: number,
  currency: Currency = 'NOK',
): AccountSeed => ({
  id,
  customerNumber,
  accountName,
  bban,
  currency,
  product: accountName,
  cashAccountType,
  creditLine,
  openingBalance,
});

const OLA = 'acc-10000001-brukskonto';
const OLA_SAVINGS = 'acc-10000001-sparekonto';
const KARI = 'acc-10000002-brukskonto';
const KARI_BSU = 'acc-10000002-bsu';
const NORDLYS = 'acc-20000001-driftskonto';
const NORDLYS_TAX = 'acc-20000001-skattetrekk';
const HAVBRIS = 'acc-20000002-driftskonto';
const HAVBRIS_EUR = 'acc-20000002-valuta-eur';

/** NOK accounts plus one EUR account; credit lines on two current accounts. Minor units. */
export const INITIAL_ACCOUNTS: readonly AccountSeed[] = [
  account(OLA, ['10000001', 'Brukskonto', '97100512347'], 'CACC', 0, 1_845_000),
  account(OLA_SAVINGS, ['10000001', 'Høyrentekonto', '97100523454'], 'SVGS', 0, 14_200_000),
  account(KARI, ['10000002', 'Brukskonto', '97100712346'], 'CACC', 1_000_000, 312_000),
  account(KARI_BSU, ['10000002', 'BSU', '97100834565'], 'SVGS', 0, 11_750_000),
  account(NORDLYS, ['20000001', 'Driftskonto', '97101056787'], 'CACC', 50_000_000, 28_400_000),
  account(NORDLYS_TAX, ['20000001', 'Skattetrekkskonto', '97101167899'], 'TAXE', 0, 6_300_000),
  account(HAVBRIS, ['20000002', 'Driftskonto', '97101278909'], 'CACC', 20_000_000, 9_800_000),
  account(HAVBRIS_EUR, ['20000002', 'Valutakonto EUR', '97101389018'], 'CACC', 0, 3_215_000, 'EUR'),
];

/**
 * A payer and a payee of the initial data, in both modes: Ola Nordmann's and Kari Nordmann's
 * current accounts. The composer's payment templates use them, so a template sent as shipped pays
 * between two accounts the bank holds.
 */
export const EXAMPLE_PAYMENT_ACCOUNTS = {
  debtor: seedIban(INITIAL_ACCOUNTS.find((seed) => seed.id === OLA)!.bban),
  creditor: seedIban(INITIAL_ACCOUNTS.find((seed) => seed.id === KARI)!.bban),
} as const;

export const INITIAL_CARD_ACCOUNTS: readonly CardAccountSeed[] = [
  {
    resourceId: 'card-10000001',
    customerNumber: '10000001',
    maskedPan: '525412******3241',
    currency: 'NOK',
    creditLimit: 5_000_000,
    cardId: 'card-id-10000001-01',
    accountNumber: '97100612341',
    name: 'Mastercard Platinum',
    product: 'MASTERCARD',
    expiryMonth: '08',
  },
  {
    resourceId: 'card-10000002',
    customerNumber: '10000002',
    maskedPan: '492500******7391',
    currency: 'NOK',
    creditLimit: 2_500_000,
    cardId: 'card-id-10000002-01',
    accountNumber: '97100945677',
    name: 'Visa Classic',
    product: 'VISA',
    expiryMonth: '03',
  },
];

const engagement = (
  id: string,
  customerNumber: string,
  bban: string,
  roles: EngagementRole[],
  [registerLimit, approvalLimit]: [number, number] = [0, 0],
): EngagementSeed => ({ id, customer: customerNumber, bban, roles, registerLimit, approvalLimit });

/**
 * §2.6 corporate agreements: Ola represents Nordlys Rørlegger AS, Kari represents Havbris Eksport
 * AS. The engagements without REGISTER are never offered for consent (§4.3 rule 5).
 */
export const INITIAL_CORPORATE_AGREEMENTS: readonly AgreementSeed[] = [
  {
    id: 'agr-20000001',
    name: 'Nordlys Rørlegger AS',
    type: 'CORPORATE',
    owner: '20000001',
    engagements: [
      engagement(
        'eng-20000001-01',
        '10000001',
        '97101056787',
        ['REGISTER', 'VIEW', 'APPROVE'],
        [10_000_000, 5_000_000],
      ),
      engagement('eng-20000001-02', '10000001', '97101167899', ['REGISTER', 'VIEW']),
      engagement('eng-20000001-03', '10000002', '97101056787', ['VIEW']),
    ],
  },
  {
    id: 'agr-20000002',
    name: 'Havbris Eksport AS',
    type: 'CORPORATE',
    owner: '20000002',
    engagements: [
      engagement(
        'eng-20000002-01',
        '10000002',
        '97101278909',
        ['REGISTER', 'VIEW', 'SALARY'],
        [25_000_000, 25_000_000],
      ),
      engagement('eng-20000002-02', '10000002', '97101389018', ['REGISTER', 'VIEW']),
      engagement('eng-20000002-03', '10000001', '97101389018', ['VIEW', 'APPROVE'], [0, 1_000_000]),
    ],
  },
];

const PARTIES = {
  fjordtech: externalParty('Fjordtech Consulting AS', '15032712344'),
  boligutleie: externalParty('Bergen Boligutleie AS', '18221567893'),
  kraft: externalParty('Norsk Kraft AS', '30001234567'),
  forsikring: externalParty('Hjemforsikring Norge AS', '60213456787'),
  skatteetaten: externalParty('Skatteetaten', '12549876542'),
  byggOgBad: externalParty('Bygg og Bad Oslo AS', '28014561236'),
  solsikken: externalParty('Solsikken Barnehage SA', '16002123456'),
  lerkebo: externalParty('Lerkebo Borettslag', '15942200118'),
  rorgrossisten: externalParty('Rørgrossisten AS', '32015566778'),
  kystfisk: externalParty('Kystfisk Råvare AS', '42021231236'),
  fiskehallen: externalParty('Fiskehallen Bergen AS', '63450987656'),
  hamburg: { name: 'Hamburger Fischhandel GmbH', iban: 'DE89370400440532013000' },
  lyon: { name: 'Poissonnerie de Lyon SARL', iban: 'FR1420041010050500013M02606' },
} satisfies Record<string, Party>;

/** An account of this bank as a counterparty: its owner's name and IBAN. */
function own(id: string): Party {
  const seed = INITIAL_ACCOUNTS.find((candidate) => candidate.id === id)!;
  const owner = INITIAL_CUSTOMERS.find((c) => c.customerNumber === seed.customerNumber)!;
  return { name: owner.name, iban: seedIban(seed.bban) };
}

// ISO 20022 bank transaction codes (Domain-Family-SubFamily, 4 to 14 characters, §2.6).
const IN = 'PMNT-RCDT-DMCT';
const OUT = 'PMNT-ICDT-DMCT';
const AVTALEGIRO = 'PMNT-IDDT-PMDD';
const SEPA_IN = 'PMNT-RCDT-ESCT';
const SEPA_OUT = 'PMNT-ICDT-ESCT';

const entry = (
  accountId: string,
  daysAgo: number,
  amount: number,
  counterparty: Party,
  [text, bankTransactionCode, purposeCode]: [string, string, string],
  status: EntryStatus = 'booked',
): AccountEntrySeed => ({
  accountId,
  daysAgo,
  amount,
  counterparty,
  text,
  bankTransactionCode,
  purposeCode,
  status,
});

/** A transfer between two accounts of this bank: the debit and the matching credit. */
const internal = (from: string, to: string, daysAgo: number, amount: number, text: string) => [
  entry(from, daysAgo, -amount, own(to), [text, 'PMNT-ICDT-BOOK', 'CASH']),
  entry(to, daysAgo, amount, own(from), [text, 'PMNT-RCDT-BOOK', 'CASH']),
];

export const INITIAL_ACCOUNT_ENTRIES: readonly AccountEntrySeed[] = [
  entry(OLA, 40, 4_250_000, PARTIES.fjordtech, ['Lønn', IN, 'SALA']),
  entry(OLA, 39, -1_450_000, PARTIES.boligutleie, ['Husleie', OUT, 'RENT']),
  entry(OLA, 36, -89_900, PARTIES.kraft, ['Strøm, KID 2291004417', AVTALEGIRO, 'ELEC']),
  ...internal(OLA, OLA_SAVINGS, 33, 500_000, 'Sparing'),
  entry(OLA, 25, -64_500, PARTIES.forsikring, ['Innboforsikring', AVTALEGIRO, 'INSU']),
  ...internal(KARI, OLA, 18, 45_000, 'Middag på Bryggen'),
  entry(OLA, 10, 4_250_000, PARTIES.fjordtech, ['Lønn', IN, 'SALA']),
  entry(OLA, 9, -1_450_000, PARTIES.boligutleie, ['Husleie', OUT, 'RENT']),
  ...internal(OLA, OLA_SAVINGS, 6, 500_000, 'Sparing'),
  entry(OLA, 0, -129_000, PARTIES.solsikken, ['Barnehage, KID 0088172', OUT, 'OTHR'], 'pending'),
  entry(KARI, 38, 3_890_000, PARTIES.solsikken, ['Lønn', IN, 'SALA']),
  entry(KARI, 37, -820_000, PARTIES.lerkebo, ['Felleskostnader', AVTALEGIRO, 'RENT']),
  entry(KARI, 35, -120_000, PARTIES.kraft, ['Strøm, KID 2291005530', AVTALEGIRO, 'ELEC']),
  ...internal(KARI, KARI_BSU, 12, 250_000, 'BSU-sparing'),
  entry(KARI, 8, 3_890_000, PARTIES.solsikken, ['Lønn', IN, 'SALA']),
  entry(KARI, 7, -820_000, PARTIES.lerkebo, ['Felleskostnader', AVTALEGIRO, 'RENT']),
  entry(KARI, 0, -38_900, PARTIES.forsikring, ['Reiseforsikring', OUT, 'INSU'], 'pending'),
  entry(NORDLYS, 42, 8_750_000, PARTIES.byggOgBad, ['Faktura 10231', IN, 'GDSV']),
  entry(NORDLYS, 40, -2_312_500, PARTIES.rorgrossisten, ['Varekjøp, faktura 88812', OUT, 'SUPP']),
  ...internal(NORDLYS, NORDLYS_TAX, 30, 4_200_000, 'Skattetrekk'),
  entry(NORDLYS, 28, 5_625_000, PARTIES.byggOgBad, ['Faktura 10244', IN, 'GDSV']),
  entry(NORDLYS, 15, -3_450_000, PARTIES.skatteetaten, ['Merverdiavgift', OUT, 'TAXS']),
  entry(NORDLYS_TAX, 14, -9_100_000, PARTIES.skatteetaten, ['Forskuddstrekk', OUT, 'TAXS']),
  entry(NORDLYS, 5, 12_400_000, PARTIES.byggOgBad, ['Faktura 10257', IN, 'GDSV']),
  entry(
    NORDLYS,
    0,
    -1_875_000,
    PARTIES.rorgrossisten,
    ['Varekjøp, faktura 88990', OUT, 'SUPP'],
    'pending',
  ),
  entry(HAVBRIS, 44, -3_750_000, PARTIES.kystfisk, ['Råvarer, faktura 5521', OUT, 'SUPP']),
  entry(HAVBRIS, 20, -1_290_000, PARTIES.kraft, ['Strøm, fryselager', AVTALEGIRO, 'ELEC']),
  entry(HAVBRIS, 11, -2_050_000, PARTIES.skatteetaten, ['Merverdiavgift', OUT, 'TAXS']),
  entry(HAVBRIS, 3, 6_900_000, PARTIES.fiskehallen, ['Faktura 3302', IN, 'GDSV']),
  entry(HAVBRIS, 0, -410_000, PARTIES.kystfisk, ['Råvarer, faktura 5590', OUT, 'SUPP'], 'pending'),
  entry(HAVBRIS_EUR, 41, 1_845_000, PARTIES.hamburg, ['Invoice 2024-118', SEPA_IN, 'GDSV']),
  entry(HAVBRIS_EUR, 26, 960_000, PARTIES.lyon, ['Facture 771', SEPA_IN, 'GDSV']),
  entry(HAVBRIS_EUR, 13, -125_000, PARTIES.hamburg, ['Credit note 2024-118', SEPA_OUT, 'GDSV']),
  entry(HAVBRIS_EUR, 4, 2_210_000, PARTIES.hamburg, ['Invoice 2024-131', SEPA_IN, 'GDSV']),
];

const purchase = (
  accountId: string,
  daysAgo: number,
  amount: number,
  [merchant, city, country, merchantCategoryCode]: [string, string, Country, string],
): CardEntrySeed => ({ accountId, daysAgo, amount, merchant, city, country, merchantCategoryCode });

const abroad = (
  accountId: string,
  daysAgo: number,
  [currency, amount, exchangeRate]: [Currency, number, string],
  [merchant, city, country, merchantCategoryCode]: [string, string, Country, string],
): CardEntrySeed => ({
  accountId,
  daysAgo,
  foreign: { currency, amount, exchangeRate },
  merchant,
  city,
  country,
  merchantCategoryCode,
});

const OLA_CARD = 'card-10000001';
const KARI_CARD = 'card-10000002';

/** Purchases negative, refunds positive; foreign ones carry currencyExchange. */
export const INITIAL_CARD_ENTRIES: readonly CardEntrySeed[] = [
  purchase(OLA_CARD, 27, -68_450, ['Matkroken Majorstuen', 'Oslo', 'NO', '5411']),
  purchase(OLA_CARD, 22, -189_000, ['Hotell Bryggen', 'Bergen', 'NO', '7011']),
  abroad(OLA_CARD, 16, ['SEK', -42_500, '0.9870'], ['Café Södermalm', 'Stockholm', 'SE', '5812']),
  purchase(OLA_CARD, 9, -49_900, ['Bysykkel Oslo', 'Oslo', 'NO', '4111']),
  abroad(OLA_CARD, 3, ['EUR', -3_450, '11.6420'], ['Librería del Sol', 'Madrid', 'ES', '5942']),
  purchase(OLA_CARD, 2, -31_270, ['Matkroken Majorstuen', 'Oslo', 'NO', '5411']),
  purchase(KARI_CARD, 24, -24_900, ['Helseapoteket Lerkebo', 'Trondheim', 'NO', '5912']),
  purchase(KARI_CARD, 17, -129_900, ['Sportsbua Trondheim', 'Trondheim', 'NO', '5941']),
  abroad(KARI_CARD, 11, ['USD', -2_899, '10.7850'], ['Harbor Books', 'Boston', 'US', '5942']),
  purchase(KARI_CARD, 5, 129_900, ['Sportsbua Trondheim', 'Trondheim', 'NO', '5941']),
  purchase(KARI_CARD, 1, -54_320, ['Matkroken Lerkebo', 'Trondheim', 'NO', '5411']),
];

export const INITIAL_DATA: DataSet = {
  customers: INITIAL_CUSTOMERS,
  accounts: INITIAL_ACCOUNTS,
  cardAccounts: INITIAL_CARD_ACCOUNTS,
  corporateAgreements: INITIAL_CORPORATE_AGREEMENTS,
  accountEntries: INITIAL_ACCOUNT_ENTRIES,
  cardEntries: INITIAL_CARD_ENTRIES,
};

/**
 * The initial data plus the production-only history (production-data.ts): a production bank has
 * no /v1/sandbox to make the data its paging and pending rules need. Appended after the initial
 * data's own seeds, so every initial id stays the same in both modes; the new holdings join Ola's
 * private agreement.
 */
export function productionData(): DataSet {
  const extra = productionHistory();
  return {
    ...INITIAL_DATA,
    accounts: [...INITIAL_ACCOUNTS, ...extra.accounts],
    cardAccounts: [...INITIAL_CARD_ACCOUNTS, ...extra.cardAccounts],
    accountEntries: [...INITIAL_ACCOUNT_ENTRIES, ...extra.accountEntries],
    cardEntries: [...INITIAL_CARD_ENTRIES, ...extra.cardEntries],
  };
}

/**
 * The initial state at bank-clock time `now` (the same for the same bank date): the sandbox's
 * (§1 "Sandbox behaviour"), or in production mode that and the production-only history.
 */
export function buildInitialState(now: Date, mode: BankMode = 'sandbox'): DomainState {
  const state = emptyDomainState();
  addDataSet(state, mode === 'production' ? productionData() : INITIAL_DATA, 'initial', now);
  return state;
}
