/** Consent: the bank-offered consent model of §1, §5.3, and the consent paths of decisions.md. */
import { HISTORY_WITHOUT_SCA_DAYS, SCA_RENEWAL_PERIOD_DAYS } from '../../main/core/spec/limits.js';
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const consentRules = rulesOf('consent', [
  {
    id: 'CONSENT-GIVEN-DURING-SCA',
    section: '§1',
    seeAlso: ['§5.3(3)'],
    statement: 'The PSU gives consent during the SCA redirect or directly with the bank.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CONSENT-POST-BODY-IGNORED',
    section: '§1',
    statement: 'A POST to /v1/consents ignores its body.',
    testable: true,
  },
  {
    id: 'CONSENT-POST-SCA-REDIRECT-ONLY',
    section: '§1',
    statement: 'A POST to /v1/consents only returns an SCA redirect link.',
    testable: true,
  },
  {
    id: 'CONSENT-CREATE-201',
    section: 'decisions.md#Paths',
    statement:
      'POST /v1/consents answers 201 with consentId, consentStatus and _links.scaRedirect.',
    testable: true,
  },
  {
    id: 'CONSENT-READ-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/consents/{consentId} answers 200.',
    testable: true,
  },
  {
    id: 'CONSENT-STATUS-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/consents/{consentId}/status answers 200.',
    testable: true,
  },
  {
    id: 'CONSENT-DELETE-204',
    section: 'decisions.md#Paths',
    statement: 'DELETE /v1/consents/{consentId} answers 204.',
    testable: true,
  },
  {
    id: 'CONSENT-NO-ACCESS-BEFORE-GRANT',
    section: '§1',
    statement: 'Until consent is granted, the TPP has no access to account information.',
    testable: true,
  },
  {
    id: 'CONSENT-SCREEN-PRESELECTED',
    section: '§1',
    statement:
      "In the bank's consent screen the PSU sees a checkbox list of accounts; accounts already granted are pre-selected.",
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CONSENT-SCREEN-TICK-TO-GRANT',
    section: '§1',
    statement:
      'The PSU unticks accounts to revoke and ticks accounts to grant, then confirms and is redirected to the TPP.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CONSENT-REVOKED-WITH-BANK',
    section: '§1',
    statement:
      'The PSU may revoke consent at any time directly with the bank; the bank need not tell the TPP.',
    testable: false,
    reason:
      'Revocation directly with the bank happens outside the API, and the bank owes the TPP no notice of it; what the TPP owes after it is judged of the client (state client).',
  },
  {
    id: 'CONSENT-PAYMENT-PERMISSION-REMOVABLE',
    section: '§1',
    statement:
      'The bank may remove payment permission on an account even while the account remains visible in account information.',
    testable: false,
    reason:
      'A permission for the bank: both outcomes conform, so no check of a bank can fail on it. What it asks of the TPP (not to infer from AIS that an account can pay, and to take the refusal of a payment from it as final) is judged of the client (state client).',
  },
  {
    id: 'CONSENT-ONLY-CONSENTED-ACCOUNTS',
    section: '§5.3(3)',
    statement:
      'Consent is gathered during SCA; afterwards the TPP may only use the accounts consented to.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CONSENT-SCA-RENEWABLE-180D',
    section: '§5.3(7)',
    seeAlso: ['§8', '§9(4)'],
    statement: `The SCA remains renewable for up to ${SCA_RENEWAL_PERIOD_DAYS} days.`,
    testable: true,
    needs: ['psu-agent', 'clock-control'],
  },
  {
    id: 'CONSENT-HISTORY-90D-WITHOUT-SCA',
    section: '§5.3(7)',
    seeAlso: ['§8'],
    statement: `Transaction history can be fetched without SCA only for the first ${HISTORY_WITHOUT_SCA_DAYS} days.`,
    testable: true,
    needs: ['psu-agent', 'clock-control'],
  },
]);
