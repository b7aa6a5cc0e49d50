/** Valid sandbox request bodies to start from; each test breaks one field. */
import { TODAY } from './harness.js';

/** Free BBANs of the bank (mod-11 valid, not in the initial or fixed data) and their IBANs. */
export const FREE_ACCOUNTS = [
  { bban: '97102498767', iban: 'NO4997102498767' },
  { bban: '97101833333', iban: 'NO3997101833333' },
  { bban: '97101722221', iban: 'NO4797101722221' },
  { bban: '97101490126', iban: 'NO2497101490126' },
  { bban: '97101501233', iban: 'NO5997101501233' },
  { bban: '97109900013', iban: 'NO8497109900013' },
] as const;

/** An account outside the bank. */
export const OUTSIDE = { iban: 'NO9386011117947', bban: '86011117947' };

export const OLA = { customerNumber: '10000001', nin: '15038512363' };
export const KARI = { customerNumber: '10000002', nin: '62079045611' };
export const NORDLYS = { customerNumber: '20000001', agreementId: 'agr-20000001' };
export const HAVBRIS = { customerNumber: '20000002', agreementId: 'agr-20000002' };
export const OLA_ACCOUNT = {
  id: 'acc-10000001-brukskonto',
  iban: 'NO5297100512347',
  bban: '97100512347',
};
export const OLA_SAVINGS = {
  id: 'acc-10000001-sparekonto',
  iban: 'NO8797100523454',
  bban: '97100523454',
};
export const NORDLYS_ACCOUNT = {
  id: 'acc-20000001-driftskonto',
  iban: 'NO3797101056787',
  bban: '97101056787',
};
export const HAVBRIS_ACCOUNT = {
  id: 'acc-20000002-driftskonto',
  iban: 'NO5997101278909',
  bban: '97101278909',
};

export function accountBody(overrides: Record<string, unknown> = {}) {
  return {
    customerNumber: OLA.customerNumber,
    accountName: 'Feriekonto',
    bban: FREE_ACCOUNTS[0].bban,
    iban: FREE_ACCOUNTS[0].iban,
    currency: 'NOK',
    product: 'Sparekonto',
    cashAccountType: 'SVGS',
    creditLine: 0,
    balances: [
      { balanceAmount: { currency: 'NOK', amount: 100_000 }, balanceType: 'closingBooked' },
      { balanceAmount: { currency: 'NOK', amount: 90_000 }, balanceType: 'expected' },
    ],
    ...overrides,
  };
}

export function cardAccountBody(overrides: Record<string, unknown> = {}) {
  return {
    customerNumber: OLA.customerNumber,
    maskedPan: '525412******9911',
    currency: 'NOK',
    creditLimit: { currency: 'NOK', amount: 2_000_000 },
    balances: [{ balanceAmount: { currency: 'NOK', amount: 0 }, balanceType: 'closingBooked' }],
    cardId: 'card-id-test',
    cardIdVNo: '01',
    accountNumber: FREE_ACCOUNTS[1].bban,
    expiry: '2028-06',
    name: 'Mastercard Gold',
    product: 'MASTERCARD',
    status: 'enabled',
    ...overrides,
  };
}

export function cardTransactionItem(overrides: Record<string, unknown> = {}) {
  return {
    cardTransactionId: 'ct-test-1',
    terminalId: 'T0001',
    bookingDate: '2025-03-10',
    transactionDate: '2025-03-10',
    transactionAmount: { currency: 'NOK', amount: -12_900 },
    originalAmount: { currency: 'NOK', amount: -12_900 },
    merchantCategoryCode: '5411',
    cardAcceptorId: 'ACQ000000001',
    cardAcceptorAddress: { street: 'Storgata 1', city: 'Oslo', country: 'NO' },
    maskedPan: '525412******3241',
    transactionDetails: 'Purchase Matkroken, Oslo',
    invoiced: 'false',
    proprietaryBankTransactionCode: 'PURCHASE',
    ...overrides,
  };
}

/** A credit on Ola's current account from outside the bank. */
export function accountTransactionItem(overrides: Record<string, unknown> = {}) {
  return {
    amount: 50_000,
    currency: 'NOK',
    valueDate: TODAY,
    remittanceInformationUnstructured: 'Tilbakebetaling',
    creditorName: 'Ola Nordmann',
    creditorAccount: { iban: OLA_ACCOUNT.iban, bban: OLA_ACCOUNT.bban },
    debtorName: 'Utenfor Banken AS',
    debtorAccount: OUTSIDE,
    bankTransactionCode: 'PMNT-RCDT-DMCT',
    ultimateDebtor: 'Utenfor Banken AS',
    ultimateCreditor: 'Ola Nordmann',
    purposeCode: 'OTHR',
    bookingDate: TODAY,
    ...overrides,
  };
}
