/**
 * §8 rows that no other section states. Field limits that §8 repeats from §2 live with their
 * resource (payments, card-transactions, sandbox-management), with §8 in `seeAlso`.
 */
import {
  CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY,
  CONSENT_MAX_AGE_WITHOUT_PSU_IP_ADDRESS_DAYS,
  DEFAULT_PAGE_SIZE,
  TPP_MESSAGE_TEXT_MAX,
} from '../../main/core/spec/limits.js';
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const limitRules = rulesOf('limits', [
  {
    id: 'LIMIT-NO-PSU-IP-4-PER-DAY',
    section: '§8',
    seeAlso: ['§4.2.3'],
    statement: `Card account transactions reads without the PSU-IP-Address header are limited to ${CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY} per day.`,
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'LIMIT-NO-PSU-IP-CONSENT-180D',
    section: '§8',
    seeAlso: ['§4.2.3'],
    statement: `For card account transactions reads without PSU-IP-Address, the PSU consent may be at most ${CONSENT_MAX_AGE_WITHOUT_PSU_IP_ADDRESS_DAYS} days old.`,
    testable: true,
    needs: ['psu-agent', 'clock-control'],
  },
  {
    id: 'LIMIT-PAGE-LINKS-CARRY-200',
    section: '§8',
    statement: `When no paging parameter is given, the next and previous links carry the page size ${DEFAULT_PAGE_SIZE} explicitly.`,
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'LIMIT-TPP-MESSAGE-TEXT-512',
    section: '§8',
    seeAlso: ['§2.1'],
    statement: `A tppMessages text has at most ${TPP_MESSAGE_TEXT_MAX} characters.`,
    testable: true,
  },
]);
