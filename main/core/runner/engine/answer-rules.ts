/**
 * The rules a bank's answer meets whatever was asked, judged on every answer a run gets (as the
 * bank's TPP report judges every request of the client). Each also has its own check; judging it
 * on every answer means a regression of that one check cannot hide a bank that breaks the rule.
 * A rule here judges only what the answer itself shows: nothing that depends on what the check
 * meant to provoke, so an answer to a deliberately wrong request is judged the same.
 */
import { DATE_TIME } from '../../spec/dates.js';
import { parseImfFixdate } from '../../spec/headers.js';
import type { EvidenceExchange } from '../../../shared/exchange.js';
import type { RuleId } from '../../../shared/rule-ids.js';
import type { ScaRedirect } from '../check-api/index.js';
import type { AnswerRule, ObservedRule } from './answer-rule.js';
import { ERROR_ANSWER_RULES } from './error-answer-rules.js';

export type { AnswerRule, ObservedRule } from './answer-rule.js';

/**
 * A string a reader takes for an ISO 8601 date-time (a date, `T`, a time): the §1 form is then
 * required. Dates (`YYYY-MM-DD`) and free text are not date-times and are left alone.
 */
const LOOKS_LIKE_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The first payload string that looks like a date-time but is not in the §1 form, with its path. */
function offFormDateTime(value: unknown, path: string): string | undefined {
  if (typeof value === 'string')
    return LOOKS_LIKE_DATE_TIME.test(value) && !DATE_TIME.test(value)
      ? `${path || 'the body'} ${JSON.stringify(value)}`
      : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = offFormDateTime(
      item,
      Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
    );
    if (found) return found;
  }
  return undefined;
}

export const ANSWER_RULES: readonly AnswerRule[] = [
  {
    ruleId: 'GEN-RESPONSE-DATE-HEADER-RFC-7231',
    title: 'the Date header of every answer is an RFC 7231 IMF-fixdate (§1)',
    judge(exchange) {
      // An answer without Date is not judged here: the rule is about the form of the header.
      const date = exchange.response?.headers['date'];
      return date === undefined || parseImfFixdate(date) !== undefined
        ? undefined
        : `Date ${JSON.stringify(date)} is not an IMF-fixdate such as 'Tue, 24 Nov 2026 18:25:09 GMT'`;
    },
  },
  {
    ruleId: 'GEN-PAYLOAD-DATE-TIME-FORM',
    title: 'every date-time in an answer is YYYY-MM-DDThh:mm:ss+00:00 (§1)',
    judge(exchange) {
      const found = offFormDateTime(exchange.response?.json, '');
      return found && `${found} is not YYYY-MM-DDThh:mm:ss+00:00`;
    },
  },
  {
    ruleId: 'SIGN-RESPONSE-SIGNATURE',
    title: 'every signed answer verifies and is signed by the bank (§5.2.7)',
    judge(exchange) {
      // Only a signature that does not verify, or one by a signer other than the pinned one: an
      // unsigned answer is allowed (the bank may sign) and an unpinned signer is a warning.
      const verdict = exchange.responseSignature;
      return verdict?.status === 'invalid'
        ? `the response signature is invalid: ${verdict.reason}`
        : undefined;
    },
  },
  ...ERROR_ANSWER_RULES,
];

/** The TPP-Session-ID a request was sent with (header names as the sender spelled them). */
function tppSessionIdOf(exchange: EvidenceExchange): string | undefined {
  const name = Object.keys(exchange.request.headers).find(
    (header) => header.toLowerCase() === 'tpp-session-id',
  );
  return name === undefined ? undefined : exchange.request.headers[name];
}

/**
 * The `_links.scaRedirect` an answer gives, as given and made absolute against the request's URL
 * (a check may open either), so the redirect after SCA can be traced to the request that started
 * it.
 */
export function scaRedirectHrefs(exchange: EvidenceExchange): string[] {
  const json = exchange.response?.json as { _links?: { scaRedirect?: { href?: unknown } } };
  const href = json?._links?.scaRedirect?.href;
  if (typeof href !== 'string') return [];
  try {
    return [href, new URL(href, exchange.request.url).toString()];
  } catch {
    return [href];
  }
}

/**
 * §6.1: the redirect after every successful SCA carries `tpp-session-id`, the TPP-Session-ID of
 * the request that started the SCA. Judged on every SCA a check completes through the PSU agent,
 * against the request whose answer gave the scaRedirect; one started without TPP-Session-ID
 * is not judged.
 */
export const REDIRECT_SESSION_RULE: ObservedRule & {
  judge(started: EvidenceExchange, redirect: ScaRedirect): string | undefined;
} = {
  ruleId: 'SCA-REDIRECT-TPP-SESSION-ID',
  title:
    'the redirect after every successful SCA carries the TPP-Session-ID that started it (§6.1)',
  judge(started: EvidenceExchange, redirect: ScaRedirect): string | undefined {
    const expected = tppSessionIdOf(started);
    if (redirect.outcome !== 'success' || expected === undefined) return undefined;
    const echoed = redirect.params['tpp-session-id'];
    return echoed === expected
      ? undefined
      : `the redirect after SCA ${redirect.url} carries tpp-session-id ${echoed === undefined ? '(missing)' : JSON.stringify(echoed)}, not the TPP-Session-ID ${JSON.stringify(expected)} that started it`;
  },
};

/**
 * The catalogue rules the run judges on every answer (or redirect) it gets: a testable rule here
 * is covered even without a check of its own (the coverage map and `workbench rules` say so).
 */
export const EVERY_ANSWER_RULE_IDS: readonly RuleId[] = [
  ...ANSWER_RULES.map((rule) => rule.ruleId),
  REDIRECT_SESSION_RULE.ruleId,
];
