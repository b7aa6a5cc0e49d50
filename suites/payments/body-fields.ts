/**
 * The §2.2 body of a payment initiation, field by field: each length and required field at its
 * limit and one past it, IBANs (§2.1 length, ISO 13616 mod 97), the creditor address, the
 * remittance information and the execution date. Each refusal must be 400 naming the field
 * (decisions.md "Errors").
 */
import {
  CREDITOR_NAME_MAX,
  END_TO_END_IDENTIFICATION_MAX,
  REMITTANCE_INFORMATION_UNSTRUCTURED_MAX,
  STREET_MAX,
} from '../../main/core/spec/limits.js';
import { defineCheck, type Check } from '../../main/core/runner/check-api/index.js';
import {
  EXTERNAL_IBAN,
  IBAN_33,
  createPayment,
  expectRefused,
  initiatePayment,
  sctBody,
  paymentParty,
} from '../kit/payments.js';
import { lengthCheck, requiredCheck, withField } from './field-checks.js';

export const paymentFieldChecks: Check[] = [
  lengthCheck(
    'PAY-E2EID-35-CHARACTERS',
    'PAY-E2EID-MAX-35',
    'endToEndIdentification',
    END_TO_END_IDENTIFICATION_MAX,
  ),
  requiredCheck('PAY-INSTRUCTED-AMOUNT-MISSING', 'PAY-INSTRUCTED-AMOUNT-REQUIRED', [
    'instructedAmount',
  ]),
  requiredCheck('PAY-CREDITOR-NAME-MISSING', 'PAY-CREDITOR-NAME-REQUIRED', ['creditorName']),
  lengthCheck(
    'PAY-CREDITOR-NAME-70-CHARACTERS',
    'PAY-CREDITOR-NAME-MAX-70',
    'creditorName',
    CREDITOR_NAME_MAX,
  ),
  requiredCheck('PAY-CREDITOR-ACCOUNT-MISSING', 'PAY-CREDITOR-ACCOUNT-REQUIRED', [
    'creditorAccount',
    'creditorAccount.iban',
    'creditorAccount.currency',
  ]),
  requiredCheck('PAY-DEBTOR-ACCOUNT-MISSING', 'PAY-DEBTOR-ACCOUNT-REQUIRED', [
    'debtorAccount',
    'debtorAccount.iban',
    'debtorAccount.currency',
  ]),
  defineCheck({
    id: 'PAY-IBAN-34-CHARACTERS',
    title:
      'An IBAN of the longest format (33) is accepted; 35 characters are refused naming the field',
    area: 'payments',
    rules: ['PAY-IBAN-MAX-34'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await createPayment(
        ctx,
        sctBody(party, { creditorAccount: { iban: IBAN_33, currency: 'NOK' } }),
      );
      const over = await initiatePayment(
        ctx,
        sctBody(party, { creditorAccount: { iban: `${IBAN_33}00`, currency: 'NOK' } }),
        { label: 'a creditor IBAN of 35 characters' },
      );
      expectRefused(ctx, over, 'creditorAccount.iban');
    },
  }),
  defineCheck({
    id: 'PAY-IBAN-MOD-97',
    title: 'An IBAN with wrong check digits is refused naming the field',
    area: 'payments',
    rules: ['PAY-IBAN-VALID'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await createPayment(
        ctx,
        sctBody(party, { creditorAccount: { iban: EXTERNAL_IBAN, currency: 'EUR' } }),
      );
      const wrong = EXTERNAL_IBAN.replace(/^DE89/, 'DE88');
      expectRefused(
        ctx,
        await initiatePayment(
          ctx,
          sctBody(party, { creditorAccount: { iban: wrong, currency: 'EUR' } }),
        ),
        'creditorAccount.iban',
      );
    },
  }),
  defineCheck({
    id: 'PAY-CREDITOR-ADDRESS-NEEDS-COUNTRY',
    title: 'creditorAddress needs a country from the §2.1 list',
    area: 'payments',
    rules: ['PAY-CREDITOR-ADDRESS-COUNTRY'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await createPayment(
        ctx,
        sctBody(party, { creditorAddress: { city: 'Oslo', country: 'NO' } }),
      );
      for (const [what, address] of [
        ['without country', { city: 'Oslo' }],
        ['with country XX', { city: 'Oslo', country: 'XX' }],
      ] as const)
        expectRefused(
          ctx,
          await initiatePayment(ctx, sctBody(party, { creditorAddress: address }), {
            label: `creditorAddress ${what}`,
          }),
          'creditorAddress.country',
        );
    },
  }),
  lengthCheck(
    'PAY-CREDITOR-STREET-70-CHARACTERS',
    'PAY-CREDITOR-STREET-MAX-70',
    'creditorAddress.street',
    STREET_MAX,
    (party) => sctBody(party, { creditorAddress: { country: 'NO' } }),
  ),
  defineCheck({
    id: 'PAY-REMITTANCE-1-TO-140',
    title:
      'remittanceInformationUnstructured: 1 and 140 characters accepted; empty and 141 refused',
    area: 'payments',
    rules: ['PAY-REMITTANCE-1-140'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      const field = 'remittanceInformationUnstructured';
      // These texts cannot be made unique, and an earlier run's payment with the same text is a
      // logical duplicate within 24 hours (§4.2.2): allowed here, the rule under test is the length.
      const duplicatesAllowed = { query: { allowLogicalDuplicate: true } };
      await createPayment(ctx, withField(sctBody(party), field, 'x'), {
        ...duplicatesAllowed,
        label: 'one character',
      });
      await createPayment(
        ctx,
        withField(sctBody(party), field, 'y'.repeat(REMITTANCE_INFORMATION_UNSTRUCTURED_MAX)),
        duplicatesAllowed,
      );
      for (const value of ['', 'z'.repeat(REMITTANCE_INFORMATION_UNSTRUCTURED_MAX + 1)])
        expectRefused(
          ctx,
          await initiatePayment(ctx, withField(sctBody(party), field, value), {
            label: `${value.length} characters`,
          }),
          field,
        );
    },
  }),
  defineCheck({
    id: 'PAY-EXECUTION-DATE-IS-ISO-DATE',
    title: 'requestedExecutionDate must be an ISO 8601 date',
    area: 'payments',
    rules: ['PAY-EXECUTION-DATE-ISO'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      await createPayment(ctx, sctBody(party, { requestedExecutionDate: '2099-12-31' }));
      for (const value of ['31.12.2099', '2099-13-01'])
        expectRefused(
          ctx,
          await initiatePayment(ctx, sctBody(party, { requestedExecutionDate: value }), {
            label: `date ${value}`,
          }),
          'requestedExecutionDate',
        );
    },
  }),
];
