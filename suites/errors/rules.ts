/** Error rules: §7 and decisions.md "Errors". Code lists come from main/core/spec (one source). */
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../../main/core/spec/errors.js';
import { TPP_MESSAGE_CATEGORIES } from '../../main/core/spec/enums.js';
import { rulesOf, type RuleEntry } from '../../main/core/runner/check-api/rule.js';

function codesWithStatus(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);
}

/** decisions.md "Errors": the Berlin Group status per code where §7.3 is silent, one rule per status. */
function statusRule(id: string, status: number): RuleEntry {
  const codes = codesWithStatus(status);
  return {
    id,
    section: 'decisions.md#Errors',
    statement: `${codes.join(', ')} ${codes.length === 1 ? 'is' : 'are'} answered with HTTP ${status}.`,
    testable: true,
  };
}

export const errorRules = rulesOf('errors', [
  {
    id: 'ERR-TPP-MESSAGES',
    section: '§7(1)',
    statement: `Error messages are delivered as TppMessage entries in tppMessages, with category ${TPP_MESSAGE_CATEGORIES.join(' or ')}.`,
    testable: true,
  },
  {
    id: 'ERR-TPP-MESSAGE-FIELDS',
    section: '§2.1',
    statement:
      'A TppMessage has category (R, ERROR or WARNING), code (R, one of the error codes of §7), path (O) and text (O).',
    testable: true,
  },
  {
    id: 'ERR-CODES-ALLOWED',
    section: '§7(2)',
    seeAlso: ['§3.2'],
    statement: `Allowed code values: ${ERROR_CODES.join(', ')}.`,
    testable: true,
  },
  {
    id: 'ERR-BODY-SHAPE',
    section: 'decisions.md#Errors',
    seeAlso: ['§7(1)'],
    statement:
      'Every error body is { "tppMessages": [ { "category", "code", "text" } ] } with a code from §7.2 only.',
    testable: true,
  },
  {
    id: 'ERR-TEXT-NAMES-CAUSE',
    section: 'decisions.md#Errors',
    statement:
      'An error text says exactly what was wrong (which header, which field, which limit).',
    testable: true,
  },
  {
    id: 'ERR-SANDBOX-SAME-BODY',
    section: 'decisions.md#Errors',
    seeAlso: ['§7(6)'],
    statement: 'Sandbox endpoints use the same error body.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'ERR-UTF-8-UNPROCESSABLE-400',
    section: '§7(3)',
    seeAlso: ['§1'],
    statement:
      'If a downstream system cannot process a character of the request (for example an emoji) and rejects it, the service answers 400 (Bad Request).',
    testable: true,
  },
  {
    id: 'ERR-SCA-FAILURE-REDIRECT',
    section: '§7(4)',
    seeAlso: ['§6.2'],
    statement:
      'Failure of SCA is reported through the redirect of §6.2, including the code PAYMENT_FAILED for payment failures.',
    testable: true,
    needs: ['psu-agent'],
  },
  statusRule('ERR-STATUS-400', 400),
  statusRule('ERR-STATUS-401', 401),
  statusRule('ERR-STATUS-403', 403),
  statusRule('ERR-STATUS-404', 404),
  statusRule('ERR-STATUS-409', 409),
  statusRule('ERR-STATUS-429', 429),
  {
    // No request provokes a SYSTEM_ERROR of a conformant bank, so no check can: the run judges
    // the mapping on whatever answer of it was 500 or SYSTEM_ERROR (answer-rules.ts), and a run
    // that got none has not judged it.
    ...statusRule('ERR-STATUS-500', 500),
    statement:
      'SYSTEM_ERROR is answered with HTTP 500 (503 with Retry-After when the bank cannot serve for now), and a 500 carries SYSTEM_ERROR in the §7 error body.',
  },
  {
    id: 'ERR-NO-500-FOR-BAD-INPUT',
    section: 'decisions.md#Errors',
    statement: 'SYSTEM_ERROR (500) is never the answer to bad input.',
    testable: true,
  },
]);
